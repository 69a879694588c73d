import type { Locator, Page } from 'playwright-core';

/**
 * A toast as the visitor sees it. Radix also copies a new toast's text into an
 * off-screen live region for screen readers, so a page-wide getByText can match
 * it twice; the viewport holds only the toast itself.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-toast-viewport]').getByText(text, { exact: typeof text === 'string' }).first();
}
