import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { payWithCard } from './support/payment';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

let counter = 0;
/** Each booking comes from its own address and email so the booking rate limits do not interfere. */
async function createBooking(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const ip = `10.77.${counter}.${Math.floor(Math.random() * 200) + 1}`;
  const datesRes = await request.get('/api/appointments/available-dates?serviceType=onetime');
  const { dates } = (await datesRes.json()) as { dates: string[] };
  const res = await request.post('/api/appointments', {
    headers: { 'x-forwarded-for': ip },
    data: {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Robin', lastName: 'Payer',
      email: `robin.${Date.now()}.${counter}@example.com`, phone: '905-555-0199',
      address: '45 Main St E', city: 'Hamilton', postalCode: 'L8N 1E9', date: dates[counter % 3], status: 'pending-payment',
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { appointmentId: number; customerId: number; bookingRef: string; totalCents: number };
}


/** Chromium logs every 4xx fetch as a console error; the ones a test provokes on purpose are expected. */
const unexpected = (errors: string[], allowedStatus: number[] = []) =>
  errors.filter((e) => !allowedStatus.some((s) => e.includes(`status of ${s}`)));

describe('payments through the built-in test gateway', () => {
  it('pays a booking from /checkout with 4242 and shows the verified success page', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    expect(booking.totalCents).toBe(11187);
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}`);
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    expect(await page.getByText('0.25 acres').isVisible()).toBe(true);
    expect(await page.getByTestId('order-total').textContent()).toBe('$111.87');
    expect(await page.getByText('HST (13%)').isVisible()).toBe(true);
    expect(await page.getByText('Test mode: no real card is charged').isVisible()).toBe(true);

    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await page.getByText('$111.87 CAD paid').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: "What's Next" }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'View in Admin Dashboard' }).count()).toBe(0);

    await page.getByRole('button', { name: 'View Order Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thank You for Your Order!' });
    await dialog.waitFor();
    expect(await dialog.getByText('One-Time Treatment').isVisible()).toBe(true);
    expect(await dialog.getByText('Paid', { exact: true }).isVisible()).toBe(true);

    // The booking is now confirmed on the server (public fields only).
    const appt = await context.request.get(`/api/appointments/${booking.appointmentId}`);
    expect((await appt.json()).status).toBe('confirmed');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('going back to the checkout of a paid booking says it is paid and links to its confirmation', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}`);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const confirmation = new URL(page.url());

    await page.goto(`/checkout?appointmentId=${booking.appointmentId}`);
    await page.getByRole('heading', { name: 'This booking is already paid' }).waitFor();
    expect(await page.getByText('there is nothing more to pay', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Payment Setup Error' }).count()).toBe(0);
    expect(await page.getByText('This booking has already been paid.').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View your payment confirmation' }).getAttribute('href')).toBe(confirmation.pathname + confirmation.search);
    expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');

    // Another browser (no memory of the payment) gets the same friendly state, with the way home.
    const other = await newPage();
    await other.page.goto(`/fr/checkout?appointmentId=${booking.appointmentId}`);
    await other.page.getByRole('heading', { name: 'Cette réservation est déjà payée' }).waitFor();
    expect(await other.page.getByRole('link', { name: 'Voir la confirmation de paiement' }).count()).toBe(0);
    expect(await other.page.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/fr');
    expect(unexpected(errors, [409])).toEqual([]);
    expect(unexpected(other.errors, [409])).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('shows the order summary in the reader\'s number format (/de, /fr)', async () => {
    const { page, context, errors } = await newPage({ locale: 'de-DE' });
    const booking = await createBooking(context.request);
    await page.goto(`/de/checkout?appointmentId=${booking.appointmentId}`);
    await page.getByRole('heading', { name: 'Bestellübersicht' }).waitFor();
    expect(await page.getByText('0,25 Acres', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('0.25', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: '111,87 $ bezahlen' }).waitFor();
    await page.goto(`/fr/checkout?appointmentId=${booking.appointmentId}`);
    await page.getByText('0,25 acre', { exact: true }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the decline for 4000…0002 and then accepts a good card', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    await page.goto(`/checkout/${booking.appointmentId}`);
    await payWithCard(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toContain('/checkout/');

    await payWithCard(page, '4242424242424242');
    await page.waitForURL(/\/payment-success/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(unexpected(errors, [402])).toEqual([]);
    await context.close();
  });

  it('takes the 3155 card through authentication and /payment-confirmation', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}`);
    await payWithCard(page, '4000 0025 0000 3155');
    await page.waitForURL(/\/test-gateway\/authenticate/);
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(/\/payment-confirmation\?payment_intent=.*redirect_status=failed/);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/#contact');

    await page.goto(`/checkout?appointmentId=${booking.appointmentId}`);
    await payWithCard(page, '4000 0025 0000 3155');
    await page.waitForURL(/\/test-gateway\/authenticate/);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/payment-confirmation\?payment_intent=.*redirect_status=succeeded/);
    await page.getByRole('heading', { name: 'Payment Confirmed' }).waitFor();
    expect(await page.getByText('Amount paid: $111.87').isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows a payment the bank is still processing as processing, then as paid once the server knows (card 7775)', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}`);
    await page.getByText('4000 0000 0000 7775').waitFor();
    await payWithCard(page, '4000 0000 0000 7775');
    await page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    expect(await page.getByText('Your bank is still confirming this payment.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Payment Failed' }).count()).toBe(0);
    expect((await (await context.request.get(`/api/appointments/${booking.appointmentId}`)).json()).status).toBe('pending-payment');

    // The page asks again by itself and moves on when the payment settles (about 5 s in the test gateway).
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('$111.87 CAD paid').isVisible()).toBe(true);
    expect((await (await context.request.get(`/api/appointments/${booking.appointmentId}`)).json()).status).toBe('confirmed');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('never calls a processing payment failed on /payment-confirmation; a decline after processing shows failed (card 8773)', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    const intent = await (await context.request.post('/api/create-payment-intent', { data: { appointmentId: booking.appointmentId } })).json();
    const confirmed = await context.request.post('/api/test-gateway/confirm', {
      data: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4000000000008773', expiry: '12/34', cvc: '123' },
    });
    expect(await confirmed.json()).toMatchObject({ status: 'processing' });

    await page.goto(`/payment-confirmation?payment_intent=${intent.paymentIntentId}&redirect_status=processing`);
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Payment Failed' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('There was an issue with your payment. Please contact customer support.').isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the processing state in the reader\'s language and confirms when it settles (/es, card 7775)', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    const intent = await (await context.request.post('/api/create-payment-intent', { data: { appointmentId: booking.appointmentId } })).json();
    await context.request.post('/api/test-gateway/confirm', {
      data: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4000000000007775', expiry: '12/34', cvc: '123' },
    });
    await page.goto(`/es/payment-confirmation?payment_intent=${intent.paymentIntentId}&redirect_status=processing`);
    await page.getByRole('heading', { name: 'Pago en proceso' }).waitFor();
    expect(await page.getByText('Su banco todavía está confirmando este pago.').isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Pago confirmado' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/111,87/).isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('never trusts redirect_status alone', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/payment-confirmation?payment_intent=pi_test_doesnotexist123&redirect_status=succeeded');
    // The server answers 404 for an unknown intent: that is an answer, so no "Payment Confirmed", not even a tentative one.
    await page.getByText('No payment information was found. Please contact customer support.').waitFor();
    expect(await page.getByRole('heading', { name: 'Payment Confirmed' }).count()).toBe(0);
    expect(await page.getByText('Your payment appears to have gone through').count()).toBe(0);
    await page.goto('/payment-success?payment_intent=pi_test_doesnotexist123&amount=1');
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    expect(unexpected(errors, [404])).toEqual([]);
    await context.close();
  });

  it('rejects a tampered amount and asks the customer to confirm the real price', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    const api = await context.request.post('/api/create-payment-intent', { data: { appointmentId: booking.appointmentId, confirmedAmount: 1 } });
    expect(api.status()).toBe(409);
    expect(await api.json()).toMatchObject({ code: 'price_changed', currentTotalCents: 11187 });

    await page.goto('/');
    await page.evaluate((id) => sessionStorage.setItem('checkoutData', JSON.stringify({ appointmentId: id, serviceType: 'onetime', propertySize: 0.25, totalPrice: 1 })), booking.appointmentId);
    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'The price has changed' }).waitFor();
    expect(await page.getByText('New total: $111.87').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Continue with the new price' }).click();
    await page.getByRole('button', { name: 'Pay $111.87' }).waitFor();
    expect(unexpected(errors, [409])).toEqual([]);
    await context.close();
  });

  it('shows the setup error for a checkout without service details', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Payment Setup Error' }).waitFor();
    expect(await page.getByText('Missing service details').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('explains a discounted subtotal on /checkout-new with a Discount (code) line', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/');
    await page.evaluate(() => sessionStorage.setItem('checkoutData', JSON.stringify({
      serviceType: 'seasonal', propertySize: 0.25, includeTick: false, includeStandingWater: false, address: '88 James St S', discountCode: 'MIDSEASON',
    })));
    await page.goto('/checkout-new');
    // Seasonal 0.25 acre: 365.00 − 79.00 = 286.00 + 37.18 HST = 323.18.
    await page.getByTestId('order-total').filter({ hasText: '$323.18' }).waitFor();
    expect(await page.getByText('Discount (MIDSEASON)').isVisible()).toBe(true);
    expect(await page.getByTestId('order-discount').textContent()).toBe('\u2212$79.00');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('buys directly on /checkout-new from an email link and pays', async () => {
    const { page, context, errors } = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': `10.78.${Math.floor(Math.random() * 200)}.9` } });
    const query = new URLSearchParams({
      service: 'onetime', size: '0.25', includeTick: 'false', includeStandingWater: 'false',
      address: '88 James St S', name: 'Casey Direct', email: `casey.${Date.now()}@example.com`, price: '99',
    });
    await page.goto(`/checkout-new?${query.toString()}`);
    expect(await page.getByLabel('Service address').inputValue()).toBe('88 James St S');
    expect(await page.getByLabel('Service address').getAttribute('readonly')).not.toBeNull();
    await page.getByTestId('order-total').filter({ hasText: '$111.87' }).waitFor();
    expect(await page.getByText('HST (13%)').isVisible()).toBe(true);
    expect(await page.getByText(/Call us at \(905\) 555-0134/).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Please fill in all required fields.').first().waitFor();
    await page.getByLabel('Phone').fill('905-555-0177');
    await page.getByLabel('City').fill('Hamilton');
    await page.getByLabel('Postal code').fill('L8P 4R5');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await page.getByText('$111.87 CAD paid').isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('sends a bad quote link on /checkout-new back to the calculator', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/checkout-new');
    await page.getByText('No quote details found. Please return to the quote calculator.').waitFor();
    expect(await page.getByRole('link', { name: 'Return to Quote Calculator' }).getAttribute('href')).toBe('/#quote');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the admin link only to staff with admin=true, and lists payments for staff only', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    const intent = await (await context.request.post('/api/create-payment-intent', { data: { appointmentId: booking.appointmentId } })).json();
    const paid = await context.request.post('/api/test-gateway/confirm', {
      data: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status()).toBe(200);
    expect((await context.request.get('/api/payments')).status()).toBe(401);

    await page.goto(`/payment-success?payment_intent=${intent.paymentIntentId}&admin=true`);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await page.getByRole('link', { name: 'View in Admin Dashboard' }).count()).toBe(0);

    const login = await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'mosquito-demo' }, headers: { 'x-forwarded-for': '10.79.0.1' } });
    expect(login.status()).toBe(200);
    await page.goto(`/payment-success?payment_intent=${intent.paymentIntentId}&admin=true`);
    await page.getByRole('link', { name: 'View in Admin Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'View in Admin Dashboard' }).getAttribute('href')).toBe('/admin');

    const list = await context.request.get('/api/payments');
    expect(list.status()).toBe(200);
    const row = ((await list.json()) as { paymentIntentId: string; customerName: string; amount: number; status: string }[])
      .find((p) => p.paymentIntentId === intent.paymentIntentId);
    expect(row).toMatchObject({ customerName: 'Robin Payer', amount: 11187, status: 'succeeded' });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('runs the payment test page in test-gateway mode, for staff only (DECISIONS §5)', async () => {
    const { page, context, errors } = await newPage();
    // A visitor without a staff session is sent to the login form, even with the test gateway.
    await page.goto('/stripe-test');
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/stripe-test');
    await page.getByLabel('Username').waitFor();
    await signInAsAdmin(page, '/stripe-test');
    await page.getByRole('heading', { name: 'Payment Test' }).waitFor();
    await page.getByRole('button', { name: 'Pay $129.00' }).waitFor();
    await page.getByRole('button', { name: /Seasonal Protection/ }).click();
    await page.getByText('Most Popular').waitFor();
    await page.getByRole('button', { name: 'Pay $395.00' }).waitFor();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByText('Payment of $395.00 completed successfully!').first().waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
