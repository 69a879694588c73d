import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { type CalculatorCustomer, fillCalculatorCustomer } from './support/calculator';
import { createBooking, payWithCard } from './support/payment';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

type CalculatorOrder = CalculatorCustomer & { date?: string };

/** Opens the landing page's quote calculator, without the promo popup. */
async function openCalculator(context: BrowserContext, page: Page) {
  await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
  await page.goto('/#quote');
}

/** The calculator on screen, filled for one order once the server's Fridays are in. */
async function fillCalculator(page: Page, order: CalculatorOrder) {
  const calc = page.locator('#quote');
  await calc.getByLabel('First name').waitFor();
  await page.waitForFunction(() => {
    const select = document.querySelector('#quote select[name="date"]') as HTMLSelectElement | null;
    return !!select && !select.disabled && select.value !== '';
  });
  await fillCalculatorCustomer(page, order);
  if (order.date) await calc.getByLabel('Preferred service date').selectOption(order.date);
  return calc;
}

/** Chromium logs every 4xx fetch as a console error; the ones a test provokes on purpose are expected. */
const unexpected = (errors: string[], allowedStatus: number[] = []) =>
  errors.filter((e) => !allowedStatus.some((s) => e.includes(`status of ${s}`)));

describe('payments through the built-in test gateway', () => {
  it('pays a booking from /checkout with 4242 and shows the verified success page', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    expect(booking.totalCents).toBe(11187);
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    // The page's own heading is its h1, above the summary's h2, for those who move by headings.
    expect(await page.getByRole('heading', { level: 1, name: 'Checkout' }).isVisible()).toBe(true);
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
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const confirmation = new URL(page.url());

    await page.goto(`/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
    await page.getByRole('heading', { name: 'This booking is already paid' }).waitFor();
    expect(await page.getByText('there is nothing more to pay', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Payment Setup Error' }).count()).toBe(0);
    expect(await page.getByText('This booking has already been paid.').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View your payment confirmation' }).getAttribute('href')).toBe(confirmation.pathname + confirmation.search);
    expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');

    // Another browser (no memory of the payment) gets the same friendly state, with the way home.
    const other = await newPage();
    await other.page.goto(`/fr/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
    await other.page.getByRole('heading', { name: 'Cette réservation est déjà payée' }).waitFor();
    expect(await other.page.getByRole('link', { name: 'Voir la confirmation de paiement' }).count()).toBe(0);
    expect(await other.page.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/fr');
    expect(unexpected(errors, [409])).toEqual([]);
    expect(unexpected(other.errors, [409])).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('after a 3-D Secure payment: the receipt from the confirmation page, the bank step over on Back, the paid checkout linking to the receipt', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    await page.goto(`/checkout/${booking.appointmentId}?ref=${booking.bookingRef}`);
    await payWithCard(page, '4000 0025 0000 3155');
    await page.waitForURL(/\/test-gateway\/authenticate/);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/payment-confirmation\?payment_intent=/);
    await page.getByRole('heading', { name: 'Payment Confirmed' }).waitFor();
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent')!;
    expect(await page.getByRole('link', { name: 'View Order Details' }).getAttribute('href'))
      .toBe(`/payment-success?payment_intent=${paymentIntentId}&amount=111.87&type=onetime`);

    // Back to the bank's step: it is over, so it no longer asks to confirm the payment again.
    await page.goBack();
    await page.getByRole('heading', { name: 'This payment is already confirmed' }).waitFor();
    expect(await page.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'See your payment confirmation' }).getAttribute('href'))
      .toBe(`/payment-confirmation?payment_intent=${paymentIntentId}&redirect_status=succeeded`);

    // Back to the checkout: paid, with this payment's receipt.
    await page.goBack();
    await page.getByRole('heading', { name: 'This booking is already paid' }).waitFor();
    const receipt = page.getByRole('link', { name: 'View your payment confirmation' });
    const href = new URL((await receipt.getAttribute('href'))!, 'http://site');
    expect(href.pathname).toBe('/payment-success');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      payment_intent: paymentIntentId, amount: '111.87', type: 'onetime', appointment_id: String(booking.appointmentId),
    });
    await receipt.click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await page.getByText('$111.87 CAD paid').isVisible()).toBe(true);
    expect(unexpected(errors, [409])).toEqual([]);
    await context.close();
  });

  it('on /checkout-new, a refresh resumes the booking\'s payment and Back after paying shows it paid, never a second booking', async () => {
    // A name of its own (letters only), to find this customer's payments in the staff list.
    const name = `Jamie ${[...String(Date.now()).slice(-6)].map((d) => String.fromCharCode(97 + Number(d))).join('')}`;
    const { page, context, errors } = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': `10.80.${Math.floor(Math.random() * 200)}.7` } });
    const query = new URLSearchParams({
      service: 'onetime', size: '0.25', includeTick: 'false', includeStandingWater: 'false', address: '88 James St S', city: 'Hamilton', postalCode: 'L8P 4R5',
      name, email: `jamie.${Date.now().toString(36)}@example.com`, phone: '905-555-0177',
    });
    await page.goto(`/checkout-new?${query.toString()}`);
    await page.getByTestId('order-total').filter({ hasText: '$111.87' }).waitFor();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Pay $111.87' }).waitFor();

    // A refresh comes back to the same booking's payment step, not to the form.
    await page.reload();
    await page.getByRole('button', { name: 'Pay $111.87' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
    expect(await page.getByLabel('Full name').inputValue()).toBe(name);

    // The address now names the booking: copied into another browser, it opens that booking's checkout.
    const copied = new URL(page.url());
    expect(copied.searchParams.get('ref')).toMatch(/^BK-/);
    const fresh = await newPage();
    await fresh.page.goto(copied.pathname + copied.search);
    await fresh.page.waitForURL((url) => url.pathname === `/checkout/${copied.searchParams.get('appointmentId')}` && url.searchParams.get('ref') === copied.searchParams.get('ref'));
    await fresh.page.getByRole('button', { name: 'Pay $111.87' }).waitFor();
    expect(unexpected(fresh.errors)).toEqual([]);
    await fresh.context.close();

    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const receipt = new URL(page.url());

    // Back: the order is paid; there is no form to book and pay it again.
    await page.goBack();
    await page.getByRole('heading', { name: 'This booking is already paid' }).waitFor();
    expect(await page.getByRole('link', { name: 'View your payment confirmation' }).getAttribute('href')).toBe(receipt.pathname + receipt.search);
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);

    const login = await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'mosquito-demo' }, headers: { 'x-forwarded-for': '10.79.0.2' } });
    expect(login.status()).toBe(200);
    const rows = ((await (await context.request.get('/api/payments')).json()) as { customerName: string; amount: number; status: string }[]).filter((p) => p.customerName === name);
    expect(rows).toEqual([expect.objectContaining({ amount: 11187, status: 'succeeded' })]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('names the discount code the server applied on /checkout, in the reader\'s language, and ignores a code the browser claims', async () => {
    const { page, context, errors } = await newPage();
    const seasonal = await createBooking(context.request, { serviceType: 'seasonal', discountCode: 'midseason' });
    // Seasonal 0.25 acre: 365.00 − 79.00 = 286.00 + 37.18 HST = 323.18.
    expect(seasonal.totalCents).toBe(32318);
    await page.goto(`/checkout?appointmentId=${seasonal.appointmentId}&ref=${seasonal.bookingRef}`);
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    expect(await page.getByText('Discount (MIDSEASON)', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('order-discount').textContent()).toBe('\u2212$79.00');
    expect(await page.getByTestId('order-total').textContent()).toBe('$323.18');

    // The browser's stored data says MIDSEASON, but this booking has no code: no discount line, full price.
    const plain = await createBooking(context.request);
    await page.goto('/');
    await page.evaluate(([id, ref]) => sessionStorage.setItem('checkoutData', JSON.stringify({ appointmentId: id, bookingRef: ref, serviceType: 'onetime', propertySize: 0.25, discountCode: 'MIDSEASON' })), [plain.appointmentId, plain.bookingRef] as const);
    await page.goto('/checkout');
    await page.getByTestId('order-total').filter({ hasText: '$111.87' }).waitFor();
    expect(await page.getByText(/^Discount/).count()).toBe(0);

    for (const [path, label] of [['/es', 'Descuento (MIDSEASON)'], ['/fr', 'Rabais (MIDSEASON)'], ['/de', 'Rabatt (MIDSEASON)']] as const) {
      await page.goto(`${path}/checkout?appointmentId=${seasonal.appointmentId}&ref=${seasonal.bookingRef}`);
      await page.getByText(label, { exact: true }).waitFor();
    }
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the order summary in the reader\'s number format (/de, /fr)', async () => {
    const { page, context, errors } = await newPage({ locale: 'de-DE' });
    const booking = await createBooking(context.request);
    await page.goto(`/de/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
    await page.getByRole('heading', { name: 'Bestellübersicht' }).waitFor();
    expect(await page.getByText('0,25 Acres', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('0.25', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: '111,87 $ bezahlen' }).waitFor();
    await page.goto(`/fr/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
    await page.getByText('0,25 acre', { exact: true }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('pays from a checkout link copied out of the address bar in a fresh browser, and finds nothing from the id alone', async () => {
    const { page, context, errors } = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': `10.81.${Math.floor(Math.random() * 200)}.3` } });
    await openCalculator(context, page);
    const calc = await fillCalculator(page, {
      first: 'Morgan', last: 'Copy', email: `copied.${Date.now().toString(36)}@example.ca`, phone: '905-555-0145', address: '71 Main St W, Hamilton', postal: 'L8P 4Y5',
    });
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/checkout\?appointmentId=\d+&ref=BK-[A-Z2-9]+$/);
    await page.getByRole('button', { name: 'Pay $111.87' }).waitFor();
    const copied = new URL(page.url());

    // Another browser: no session storage, no cookies, only the address.
    const fresh = await newPage();
    await fresh.page.goto(copied.pathname + copied.search);
    await fresh.page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    expect(await fresh.page.getByTestId('order-total').textContent()).toBe('$111.87');
    await payWithCard(fresh.page, '4242 4242 4242 4242');
    await fresh.page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
    await fresh.page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const appointmentId = copied.searchParams.get('appointmentId');
    expect((await (await fresh.context.request.get(`/api/appointments/${appointmentId}`)).json()).status).toBe('confirmed');

    // The same address without the reference: a stranger walking ids finds no booking.
    const stranger = await newPage();
    await stranger.page.goto(`/checkout?appointmentId=${appointmentId}`);
    await stranger.page.getByRole('heading', { name: 'Payment Setup Error' }).waitFor();
    expect(await stranger.page.getByText('We could not find this booking. Please book again or contact us.').isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(fresh.errors)).toEqual([]);
    expect(unexpected(stranger.errors, [404])).toEqual([]);
    await Promise.all([fresh.context.close(), stranger.context.close(), context.close()]);
  });

  it('answers Buy Now for an order already paid with its confirmation, not a second booking; another Friday is a new order', async () => {
    const { page, context, errors } = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': `10.82.${Math.floor(Math.random() * 200)}.4` } });
    const email = `twice.${Date.now().toString(36)}@example.ca`;
    const order = { first: 'Riley', last: 'Twice', email, phone: '905-555-0146', address: '15 Locke St S, Hamilton', postal: 'L8P 4A9' };
    await openCalculator(context, page);
    let calc = await fillCalculator(page, order);
    const friday = await calc.getByLabel('Preferred service date').inputValue();
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/checkout\?appointmentId=\d+&ref=/);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const receipt = new URL(page.url());

    // Back, back to the calculator, the same order again.
    await page.goBack();
    await page.getByRole('heading', { name: 'This booking is already paid' }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    calc = await fillCalculator(page, { ...order, date: friday });
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    const notice = page.getByTestId('already-paid');
    await notice.getByText('Already booked and paid', { exact: true }).waitFor();
    expect(await notice.textContent()).toContain(`You have already booked and paid for One-Time Treatment on `);
    expect(await notice.textContent()).toContain(`Your confirmation was emailed to ${email}`);
    const confirmation = notice.getByRole('link', { name: 'View your payment confirmation' });
    expect(await confirmation.getAttribute('href')).toBe(receipt.pathname + receipt.search);
    expect(new URL(page.url()).pathname).toBe('/');

    // One booking and one payment for this customer on the server.
    const login = await context.request.post('/api/auth/login', { data: { username: 'admin', password: 'mosquito-demo' }, headers: { 'x-forwarded-for': '10.79.0.3' } });
    expect(login.status()).toBe(200);
    const mine = async () => ((await (await context.request.get('/api/appointments')).json()) as { customerEmail: string; bookingRef: string }[]).filter((a) => a.customerEmail === email);
    expect(await mine()).toHaveLength(1);

    // A genuinely new order (another Friday) still books and goes to its checkout.
    const other = await calc.getByLabel('Preferred service date').locator('option').evaluateAll((options, taken) =>
      options.map((o) => (o as HTMLOptionElement).value).find((v) => v && v !== taken), friday);
    await calc.getByLabel('Preferred service date').selectOption(other!);
    await notice.waitFor({ state: 'detached' });
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/checkout\?appointmentId=\d+&ref=/);
    expect(new Set((await mine()).map((a) => a.bookingRef)).size).toBe(2);

    await page.goto(receipt.pathname + receipt.search);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(unexpected(errors, [409])).toEqual([]);
    await context.close();
  });

  it('shows the decline for 4000…0002 and then accepts a good card', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    await page.goto(`/checkout/${booking.appointmentId}?ref=${booking.bookingRef}`);
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
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
    await payWithCard(page, '4000 0025 0000 3155');
    await page.waitForURL(/\/test-gateway\/authenticate/);
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(/\/payment-confirmation\?payment_intent=.*redirect_status=failed/);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/#contact');
    // The booking's checkout, with its reference, takes another card.
    const checkoutAgain = `/checkout/${booking.appointmentId}?ref=${booking.bookingRef}`;
    expect(await page.getByRole('link', { name: 'Try another card' }).getAttribute('href')).toBe(checkoutAgain);
    // Back to the bank's step: it is over, and it leads back to the checkout for another try.
    await page.goBack();
    await page.getByRole('heading', { name: 'This confirmation step has ended' }).waitFor();
    expect(await page.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Return to checkout' }).getAttribute('href')).toBe(checkoutAgain);

    await page.getByRole('link', { name: 'Return to checkout' }).click();
    await page.getByRole('button', { name: 'Pay $111.87' }).waitFor();
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
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
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
    const intent = await (await context.request.post('/api/create-payment-intent', { data: { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef } })).json();
    const confirmed = await context.request.post('/api/test-gateway/confirm', {
      data: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4000000000008773', expiry: '12/34', cvc: '123' },
    });
    expect(await confirmed.json()).toMatchObject({ status: 'processing' });

    // As Stripe returns a customer: with the payment's client secret, which leaves the address at once.
    await page.goto(`/payment-confirmation?payment_intent=${intent.paymentIntentId}&payment_intent_client_secret=${intent.clientSecret}&redirect_status=processing`);
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has('payment_intent_client_secret'));
    expect(new URL(page.url()).search).toBe(`?payment_intent=${intent.paymentIntentId}&redirect_status=processing`);
    expect(await page.getByRole('heading', { name: 'Payment Failed' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('There was an issue with your payment. Please contact customer support.').isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the processing state in the reader\'s language and confirms when it settles (/es, card 7775)', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    const intent = await (await context.request.post('/api/create-payment-intent', { data: { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef } })).json();
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
    const api = await context.request.post('/api/create-payment-intent', { data: { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef, confirmedAmount: 1 } });
    expect(api.status()).toBe(409);
    expect(await api.json()).toMatchObject({ code: 'price_changed', currentTotalCents: 11187 });

    await page.goto('/');
    await page.evaluate(([id, ref]) => sessionStorage.setItem('checkoutData', JSON.stringify({ appointmentId: id, bookingRef: ref, serviceType: 'onetime', propertySize: 0.25, totalPrice: 1 })), [booking.appointmentId, booking.bookingRef] as const);
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
    await page.getByRole('heading', { level: 1, name: 'Payment Setup Error' }).waitFor();
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
      address: '88 James St S', name: 'Casey Direct', email: `casey.${Date.now().toString(36)}@example.com`, price: '99',
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
    const intent = await (await context.request.post('/api/create-payment-intent', { data: { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef } })).json();
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
    // SPEC: a footer lists the test cards, once (the card form does not list them again).
    expect(await page.getByText('Test cards', { exact: true }).count()).toBe(1);
    expect(await page.getByText('4000 0000 0000 0002').count()).toBe(1);
    await page.locator('footer').getByText('Test cards', { exact: true }).waitFor();

    // Opening the page again takes the same unpaid test intent: no new "Awaiting payment" row per visit (0028).
    const openTestRows = async () => ((await (await context.request.get('/api/payments')).json()) as { customerEmail: string | null; amount: number; status: string }[])
      .filter((p) => p.customerEmail === 'payment-test@escarpmentmosquito.ca' && p.amount === 12900 && p.status === 'requires_payment_method').length;
    const openAfterFirstVisit = await openTestRows();
    expect(openAfterFirstVisit).toBeGreaterThan(0);
    for (let visit = 0; visit < 3; visit += 1) {
      await page.reload();
      await page.getByRole('button', { name: 'Pay $129.00' }).waitFor();
    }
    expect(await openTestRows()).toBe(openAfterFirstVisit);

    await page.getByRole('button', { name: /Seasonal Protection/ }).click();
    await page.getByText('Most Popular').waitFor();
    await page.getByRole('button', { name: 'Pay $395.00' }).waitFor();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByText('Payment of $395.00 completed successfully!').first().waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
