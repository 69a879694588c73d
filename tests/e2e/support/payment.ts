import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Fills the built-in test gateway's card form (Stripe test-mode numbers) and presses Pay. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/**
 * Pays the checkout on screen with 4242 and waits for /payment-success to show the server-verified
 * success. Returns the payment intent id from the success page's URL.
 */
export async function payAndReachSuccess(page: Page): Promise<string> {
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
  await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
  return new URL(page.url()).searchParams.get('payment_intent')!;
}

let counter = 0;
/**
 * A one-time booking awaiting payment, made through the API. Each comes from its own address and
 * email so the booking rate limits do not interfere.
 */
export async function createBooking(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const ip = `10.77.${counter}.${Math.floor(Math.random() * 200) + 1}`;
  const datesRes = await request.get('/api/appointments/available-dates?serviceType=onetime');
  const { dates } = (await datesRes.json()) as { dates: string[] };
  const res = await request.post('/api/appointments', {
    headers: { 'x-forwarded-for': ip },
    data: {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Robin', lastName: 'Payer',
      email: `robin.${Date.now().toString(36)}.${counter}@example.com`, phone: '905-555-0199',
      address: '45 Main St E', city: 'Hamilton', postalCode: 'L8N 1E9', date: dates[counter % 3], status: 'pending-payment',
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { appointmentId: number; customerId: number; bookingRef: string; totalCents: number };
}

/** Pays a booking made through the API with the test gateway's 4242 card, as the checkout does, from `ip`; answers the payment's intent. */
export async function payByApi(request: APIRequestContext, booking: { appointmentId: number; bookingRef: string }, ip: string): Promise<{ paymentIntentId: string; clientSecret: string }> {
  const headers = { 'x-forwarded-for': ip };
  const intent = (await (await request.post('/api/create-payment-intent', { headers, data: { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef } })).json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await request.post('/api/test-gateway/confirm', { headers, data: { ...intent, number: '4242424242424242', expiry: '12/34', cvc: '123' } });
  expect(paid.status(), await paid.text()).toBe(200);
  return intent;
}
