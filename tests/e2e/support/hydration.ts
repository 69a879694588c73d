import type { Locator } from 'playwright-core';

/**
 * Clicks a Next.js `<Link>` once React has attached its handlers to it. A click that lands while the
 * page is still hydrating can be dropped by the App Router (no navigation at all, seen once in CI on
 * the German footer), so tests that click a link straight after `goto` wait for React first.
 */
export async function clickHydratedLink(link: Locator): Promise<void> {
  await link.evaluate((el) => new Promise<void>((resolve) => {
    const attached = () => Object.keys(el).some((key) => key.startsWith('__reactProps$'));
    const poll = () => (attached() ? resolve() : requestAnimationFrame(poll));
    poll();
  }));
  await link.click();
}
