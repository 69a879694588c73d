/**
 * The tenth walkthrough (docs/decisions/0108): the office clerk's morning at 1280 px with the
 * keyboard only. A message filed with "Mark as read" or "Archive" and the Friday planned with
 * "Optimize Route" keep focus where the clerk was, and a caller's number read with its country
 * code finds them.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { bookAndPay, findUnplannedFriday } from './support/fridays';
import { signInAsOffice } from './support/staff';

const { newPage } = setupBrowser();

/** The focused element's accessible name and the text of its table row (or section). */
const readFocus = (page: Page) => page.evaluate(() => {
  const active = document.activeElement;
  return {
    onBody: active === null || active === document.body,
    label: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
    row: active?.closest('tr, li, section')?.textContent ?? '',
  };
});

describe('the office clerk at the keyboard', () => {
  it('keeps focus in the message\'s row after "Mark as read" and "Archive"', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    const tag = randomUUID().slice(0, 8);
    const sent = await context.request.post('/api/messages', {
      data: { name: 'Nadia Keyboard', email: `nadia.${tag}@example.com`, subject: 'Gate code', message: `Our gate code changed to ${tag}, please note it for the next visit.` },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    await signInAsOffice(page);
    await page.goto('/admin?tab=messages');
    const row = page.getByRole('row').filter({ hasText: tag });
    await row.getByRole('button', { name: 'Mark as read: Nadia Keyboard' }).focus();
    await page.keyboard.press('Enter');
    await row.getByText('Read', { exact: true }).waitFor();
    await expect.poll(async () => (await readFocus(page)).onBody).toBe(false);
    expect((await readFocus(page)).row).toContain(tag);

    await row.getByRole('button', { name: 'Archive: Nadia Keyboard' }).focus();
    await page.keyboard.press('Enter');
    await row.getByText('Archived', { exact: true }).waitFor();
    await expect.poll(async () => (await readFocus(page)).onBody).toBe(false);
    expect((await readFocus(page)).row).toContain(tag);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps focus on "Optimize Route" once the Friday is planned', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsOffice(page);
    const date = await findUnplannedFriday(context.request);
    await bookAndPay(context.request, date, 'Otto', { lastName: 'Keyboard' });

    await page.goto(`/routes?date=${date}`);
    const optimize = page.getByRole('button', { name: 'Optimize Route' });
    await page.getByText('No route optimized for this date yet').waitFor();
    await optimize.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Route Details/ }).first().waitFor();
    await expect.poll(async () => (await readFocus(page)).label).toBe('Optimize Route');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a caller by the number they read out with the country code', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsOffice(page);
    // A demo customer's number, as the caller reads it: with the country code, and without.
    const find = async (q: string) => ((await (await context.request.get(`/api/admin/customers?q=${encodeURIComponent(q)}`)).json()) as { customers: { id: number; firstName: string; lastName: string }[] }).customers;
    const plain = await find('905 555 0111');
    expect(plain.length).toBeGreaterThan(0);
    expect((await find('+1 905 555 0111')).map((c) => c.id)).toEqual(plain.map((c) => c.id));

    await page.goto('/admin?tab=customers');
    await page.getByLabel('Search customers').fill('1-905-555-0111');
    // Earlier journeys add more customers with this demo number (and the same name): find this one by its page.
    const link = page.getByRole('tabpanel').getByRole('link', { name: `${plain[0]!.firstName} ${plain[0]!.lastName}` });
    await link.and(page.locator(`[href="/customer-details?id=${plain[0]!.id}"]`)).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
