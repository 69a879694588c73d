import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsOffice } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

describe('the office records a cheque for an unpaid booking (0103)', () => {
  it('records it from the customer page for the amount due, and the Payments tab lists it as a cheque', async () => {
    const { page, context, errors } = await newPage();
    const stamp = Date.now().toString(36);
    const email = `ines.${stamp}@example.com`;
    const dates = (await (await page.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    const created = await page.request.post('/api/appointments', {
      headers: { 'x-forwarded-for': `10.103.${Math.floor(Math.random() * 200) + 1}.1` },
      data: {
        serviceType: 'onetime', propertySize: 0.25, firstName: 'Inès', lastName: `Cheque${stamp}`, email, phone: '905-555-0113',
        address: '30 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9', date: dates.dates[2], status: 'pending-payment',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { bookingRef, customerId } = (await created.json()) as { bookingRef: string; customerId: number };

    await signInAsOffice(page);
    await page.goto(`/customer-details?id=${customerId}`);
    await page.getByRole('heading', { level: 1, name: `Inès Cheque${stamp}` }).waitFor();
    await page.getByRole('button', { name: `Record a payment ${bookingRef}` }).click();
    const dialog = page.getByRole('dialog', { name: `Record a payment for booking ${bookingRef}` });
    await dialog.waitFor();
    // A quarter acre in Hamilton: $99.00 + $12.87 HST.
    await dialog.getByText('Amount due: $111.87, HST included. Only the full amount can be recorded.').waitFor();
    expect(await dialog.getByLabel('Payment method').inputValue()).toBe('cheque');
    expect(await findAxeViolations(page)).toEqual([]);

    // Part of the amount is refused, next to the field, and nothing is recorded.
    await dialog.getByLabel('Reference (optional)').fill('004512');
    await dialog.getByLabel('Amount received, in dollars').fill('100.00');
    await dialog.getByRole('button', { name: 'Record the payment' }).click();
    await dialog.getByText('This is not the amount due shown under the field. Only the full amount can be recorded.').waitFor();

    await dialog.getByLabel('Amount received, in dollars').fill('111.87');
    await dialog.getByRole('button', { name: 'Record the payment' }).dblclick();
    await toast(page, 'Payment recorded').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Paid: the visit is confirmed, the payment says how, and there is nothing left to record.
    const booking = page.getByRole('article', { name: `Booking ${bookingRef}` });
    await booking.getByTestId('visit-status').getByText('Confirmed').waitFor();
    await page.getByText('Paid by: Cheque · 004512').waitFor();
    expect(await page.getByRole('button', { name: `Record a payment ${bookingRef}` }).count()).toBe(0);

    // One receipt, saying it was paid by cheque.
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
    const receipts = outbox.emails.filter((m) => m.kind === 'receipt' && m.toAddress === email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Cheque (004512)');

    // The receipt's link: the customer's page promises the money back the way they paid, not to a card.
    const link = /https?:\/\/[^/\s]+(\/manage-booking\/[\w-]+)/.exec(receipts[0]!.text)?.[1];
    expect(link, receipts[0]!.text).toBeDefined();
    await page.goto(link!);
    await page.getByText(/we give you back everything you paid, the way you paid us/).waitFor();
    expect(await page.getByText(/card you paid with/).count()).toBe(0);

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Payments' }).click();
    const row = page.getByRole('tabpanel', { name: 'Payments' }).getByRole('row').filter({ hasText: `office_${bookingRef}` });
    await row.getByText('Cheque · 004512').waitFor();
    expect(await row.getByText(`Inès Cheque${stamp}`).isVisible()).toBe(true);
    expect(await row.getByText('$111.87').isVisible()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);

    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});
