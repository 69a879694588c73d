import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { bookAndPay, findSharedFriday } from './support/fridays';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

type OutboxEmail = { kind: string; subject: string; text: string };

/** The receipt emails about a booking, newest first, read from the outbox as staff. */
async function receiptEmails(staff: Page, bookingRef: string): Promise<OutboxEmail[]> {
  const outbox = (await (await staff.request.get('/api/outbox')).json()) as { emails: OutboxEmail[] };
  return outbox.emails.filter((m) => m.kind === 'receipt' && m.subject.includes(bookingRef));
}

describe('receipts a Canadian customer can file (docs/decisions/0040)', () => {
  it('the customer opens the receipt from their booking\'s page and prints it; the office opens it and sends it again', async () => {
    const { page, context, errors } = await newPage();
    const booking = await bookAndPay(context.request, await findSharedFriday(context.request), 'Receiptina');

    const staff = await newPage();
    await signInAsAdmin(staff.page);
    const [email] = await receiptEmails(staff.page, booking.bookingRef);
    expect(email?.text).toContain('GST/HST registration number: 123456789 RT0001');
    const receiptPath = /https?:\/\/[^/\s]+(\/manage-booking\/[\w-]+\/receipt\/(\d+))/.exec(email?.text ?? '');
    expect(receiptPath, email?.text).not.toBeNull();
    const [, path, paymentId] = receiptPath!;
    const number = `${booking.bookingRef}-${paymentId}`;

    // From the booking's own page, the way a customer gets there.
    await page.goto(path!.replace(/\/receipt\/\d+$/, ''));
    await page.getByRole('link', { name: `Receipt ${number}` }).click();
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('heading', { level: 1, name: 'Payment receipt' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    const receipt = page.getByRole('article', { name: 'Payment receipt' });
    await receipt.getByText(number, { exact: true }).first().waitFor();
    await receipt.getByText('123456789 RT0001', { exact: true }).waitFor();
    await receipt.getByText('Escarpment Mosquito & Tick Inc.', { exact: true }).waitFor();
    // The line as charged (0060), then the totals it adds up to.
    for (const [label, amount] of [['One-time treatment', '$99.00'], ['Subtotal', '$99.00'], ['HST (13%)', '$12.87'], ['Total paid', '$111.87']] as const) {
      const row = receipt.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
      expect(await row.locator('dd').textContent()).toBe(amount);
    }
    await receipt.getByText('Card ending in 4242', { exact: true }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // A phone 320 px wide: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await findAxeViolations(page)).toEqual([]);

    // Print: the button opens the browser's dialog; the printout is the receipt, without the site's header, footer or buttons.
    await page.evaluate(() => { window.print = () => { document.body.dataset.printed = 'yes'; }; });
    await page.getByRole('button', { name: 'Print this receipt' }).click();
    expect(await page.evaluate(() => document.body.dataset.printed)).toBe('yes');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print this receipt' }).isVisible()).toBe(false);
    expect(await receipt.getByText('123456789 RT0001', { exact: true }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Another payment's id under this booking's link: not found.
    expect((await context.request.get(path!.replace(/\/\d+$/, '/999999'))).status()).toBe(404);

    // The office: the Payments tab's row has the receipt and sends it again.
    await staff.page.getByRole('tab', { name: 'Payments' }).click();
    const who = 'Receiptina Rainday, $111.87';
    const view = staff.page.getByRole('link', { name: `Receipt: ${who}` });
    expect(await view.getAttribute('href')).toBe(`/admin/receipts/${paymentId}`);
    await staff.page.getByRole('button', { name: `Resend receipt: ${who}` }).click();
    await staff.page.getByText('Receipt queued', { exact: true }).first().waitFor();
    await staff.page.getByText(`A copy of receipt ${number} will be emailed to`).first().waitFor();
    expect(await findAxeViolations(staff.page)).toEqual([]);
    const emails = await receiptEmails(staff.page, booking.bookingRef);
    expect(emails.map((m) => m.subject)).toEqual([`Your receipt ${number}`, email!.subject]);

    await staff.page.goto(`/admin/receipts/${paymentId}`);
    await staff.page.getByRole('heading', { level: 1, name: 'Payment receipt' }).waitFor();
    await staff.page.getByText('123456789 RT0001', { exact: true }).waitFor();
    expect(await findAxeViolations(staff.page)).toEqual([]);

    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    await context.close();
  });
});
