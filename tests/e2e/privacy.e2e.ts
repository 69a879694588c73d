import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { bookAndPay } from './support/fridays';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('a customer\'s access and deletion requests on the staff customer page (0049)', () => {
  it('downloads the customer\'s data, refuses deletion while a visit is booked, then deletes on a phone', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 780 } });
    const request = context.request;
    const stamp = Date.now().toString(36);
    const email = `quinn.privacy.${stamp}@example.com`;
    const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    const booking = await bookAndPay(request, dates.at(-1)!, 'Quinn', { lastName: `Privacy${stamp}`, email });

    await signInAsAdmin(page, `/customer-details?id=${booking.customerId}`);
    const name = `Quinn Privacy${stamp}`;
    await page.getByRole('heading', { name }).waitFor();
    const section = page.getByRole('region', { name: 'Personal information' });
    const remove = section.getByRole('button', { name: 'Delete this customer\'s personal data' });
    // A visit still booked: the button is off and says why.
    await section.getByText(/still has visits booked that are neither done nor cancelled/).waitFor();
    expect(await remove.isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);

    // The access request's file: their record, their booking and payment.
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download this customer\'s data' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^customer-${booking.customerId}-personal-data-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { customer: { email: string }; visits: { bookingRef: string }[]; payments: { amountCents: number }[] };
    expect(file.customer.email).toBe(email);
    expect(file.visits.map((v) => v.bookingRef)).toEqual([booking.bookingRef]);
    expect(file.payments.map((p) => p.amountCents)).toEqual([11187]);

    // The office cancels the booking with the terms' refund; nothing is open any more.
    const cancelled = await page.request.post(`/api/admin/bookings/${booking.bookingRef}/cancel`, { data: { refundCents: 11187, reason: 'Customer asked us to delete their data' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name }).waitFor();
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: `Delete the personal data of ${name}?` });
    await dialog.waitFor();
    for (const line of [
      'Their name, email, phone and address, on the customer record and on their visit, with the notes on those visits',
      'Kept for the Canada Revenue Agency (six years)',
      '1 payment received ($111.87): amounts, dates, booking references and statuses. Receipts can still be printed, without a name.',
      '1 refund ($111.87), with their dates and reasons',
    ]) expect(await dialog.getByText(line, { exact: true }).isVisible(), line).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete personal data' }).click();

    await page.getByText('Personal data deleted.', { exact: true }).waitFor();
    await page.getByRole('heading', { name: `Customer #${booking.customerId}` }).waitFor();
    await section.getByText(/^Personal data deleted on .+, at the customer's request\.$/).waitFor();
    expect(await remove.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit contact details' }).count()).toBe(0);
    expect(await page.getByText(email).count()).toBe(0);
    // The booking's figures stay on the page for the accountant.
    expect(await page.getByText('Refund of $111.87').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
