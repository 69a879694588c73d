import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { bookAndPay } from './support/fridays';
import { signInAsAdmin } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

describe('staff cancel a paid booking from the customer details page', () => {
  it('shows the terms\' refund, cancels the visit and lists the refund with the payment', async () => {
    const { page, context, errors } = await newPage();
    const request = context.request;
    const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    // Paid with the test gateway's 4242 card, as the checkout page does.
    const booking = await bookAndPay(request, dates.at(-1)!, 'Quinn', { lastName: 'Refund' });

    await signInAsAdmin(page, `/customer-details?id=${booking.customerId}`);
    await page.getByRole('heading', { name: `Booking ${booking.bookingRef}` }).waitFor();
    await page.getByRole('button', { name: `Cancel booking ${booking.bookingRef}` }).click();

    const dialog = page.getByRole('dialog', { name: `Cancel booking ${booking.bookingRef}` });
    await dialog.getByText('Refund under the terms').waitFor();
    expect(await dialog.getByText('No visit has been carried out yet: the terms refund the full amount.').isVisible()).toBe(true);
    const refund = dialog.getByLabel('Refund to the card, in dollars');
    expect(await refund.inputValue()).toBe('111.87');

    // Out of bounds and no reason: translated messages, nothing sent.
    await refund.fill('200');
    await dialog.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    await dialog.getByText('The refund cannot be more than what the customer can still get back.').waitFor();
    await dialog.getByText('Give a short reason (at least 3 characters).').waitFor();

    await refund.fill('111.87');
    await dialog.getByLabel('Reason', { exact: true }).fill('Customer called: moving away');
    // The customer phoned: their email says so (0060); the office's note stays with the office.
    await dialog.getByLabel('Reason given to the customer').selectOption({ label: 'The customer asked us to cancel it' });
    await dialog.getByRole('button', { name: 'Cancel booking', exact: true }).click();

    await page.getByText('$111.87 refunded to the card.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Refund of $111.87').waitFor();
    // The payment says it was given back, as the Payments tab and the CSV do, and so does its refund.
    expect(await page.getByText('Refunded', { exact: true }).count()).toBe(2);
    expect(await page.getByText('Paid', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Cancel booking ${booking.bookingRef}` }).count()).toBe(0);
    expect(await page.getByText('Cancelled', { exact: true }).first().isVisible()).toBe(true);
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { kind: string; subject: string; text: string }[] };
    const mail = outbox.emails.find((m) => m.kind === 'booking-cancelled' && m.subject.includes(booking.bookingRef));
    expect(mail?.subject).toBe(`Your booking ${booking.bookingRef} is cancelled`);
    expect(mail?.text).toContain('As you asked, we have cancelled your booking. This visit will not take place:');
    expect(mail?.text).toContain('We are refunding $111.87 to the card you paid with.');
    expect(mail?.text).not.toContain('moving away');

    // The customer's success page, opened again, no longer says booked: it says cancelled and refunded.
    const customer = await newPage();
    await customer.page.goto(`/payment-success?payment_intent=${booking.paymentIntentId}`);
    await customer.page.getByRole('heading', { name: 'This booking has been cancelled' }).waitFor();
    await customer.page.getByText(/We are refunding \$111\.87 to the card you paid with/).waitFor();
    expect(await customer.page.getByRole('heading', { name: 'Payment Successful' }).count()).toBe(0);
    expect(customer.errors).toEqual([]);
    await customer.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('retries a refund the card issuer refused from the customer page: the press reaches the issuer again', async () => {
    const { page, context, errors } = await newPage();
    const { dates } = (await (await context.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    // Paid with the test gateway's card whose refunds the issuer refuses (4000 0000 0000 5126).
    const booking = await bookAndPay(context.request, dates.at(-1)!, 'Rhea', { lastName: 'Retry', card: '4000000000005126' });

    await signInAsAdmin(page, `/customer-details?id=${booking.customerId}`);
    const cancelled = await page.request.post(`/api/admin/bookings/${booking.bookingRef}/cancel`, { data: { reason: 'Customer called: moving away' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    expect(await cancelled.json()).toMatchObject({ refundStatus: 'failed' });
    await page.reload();
    await page.getByText('Card issuer’s answer: expired_or_canceled_card').waitFor();

    // The press is a second attempt, which the issuer refuses again: the toast gives its answer, not a refusal of the request.
    await page.getByRole('button', { name: /^Retry refund/ }).click();
    await toast(page, 'The refund failed again').waitFor();
    await toast(page, 'Card issuer’s answer: expired_or_canceled_card').waitFor();
    // The page read itself again and the button now names the second attempt: pressed again, it is a third.
    await page.locator('[data-toast-viewport]').getByRole('button').first().click();
    await toast(page, 'The refund failed again').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^Retry refund/ }).click();
    await toast(page, 'Card issuer’s answer: expired_or_canceled_card').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
