import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { payAndReachSuccess } from './support/payment';
import { signInAsAdmin } from './support/staff';

const { newPage, baseURL } = setupBrowser();

let counter = 0;
const nextEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++counter}@example.com`;

/** Chromium logs every 4xx fetch as a console error; the ones a test provokes on purpose are expected. */
const unexpected = (errors: string[], allowedStatus: number[] = []) =>
  errors.filter((e) => !allowedStatus.some((s) => e.includes(`status of ${s}`)));

/** Each journey that books from the browser gets its own client address, so the per-address booking limit never bites. */
let addressCounter = 0;
const ownAddress = () => ({ extraHTTPHeaders: { 'x-forwarded-for': `10.86.${++addressCounter}.${Math.floor(Math.random() * 200) + 1}` } });

const DAY_MS = 86_400_000;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / DAY_MS);

async function fillBookingForm(form: Locator, values: { email: string; postalCode?: string; date?: string }) {
  await form.getByLabel('First Name').fill('Morgan');
  await form.getByLabel('Last Name').fill('Reyes');
  // Exact: the promotional-email consent box's label starts with "Email me" (0043).
  await form.getByLabel('Email', { exact: true }).fill(values.email);
  await form.getByLabel('Phone').fill('905-555-0142');
  await form.getByLabel('Service Address').fill('88 James St S');
  await form.getByLabel('City').fill('Hamilton');
  await form.getByLabel('Postal Code').fill(values.postalCode ?? 'L8P 2Y3');
  // The date list loads from the server; wait until a Friday is offered.
  await form.locator('select[id$="-date"] option[value^="20"]').first().waitFor({ state: 'attached' });
  const picker = form.getByLabel('Preferred Date');
  if (values.date) await picker.selectOption(values.date);
  // SPEC: the first available Friday is preselected, and the picker shows it.
  for (let i = 0; i < 30 && !(await picker.inputValue()); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await picker.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
}

async function availableDates(request: APIRequestContext, serviceType = 'onetime'): Promise<string[]> {
  const res = await request.get(`/api/appointments/available-dates?serviceType=${serviceType}`);
  return ((await res.json()) as { dates: string[] }).dates;
}

/** A visitor who already dismissed the midseason popup this session (it is modal and would cover the form). */
async function newLandingPage(options: Parameters<typeof newPage>[0] = {}) {
  const visitor = await newPage(options);
  await visitor.context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
  return visitor;
}

async function readCheckoutData(page: Page) {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('checkoutData') ?? 'null') as Record<string, unknown> | null);
}

describe('booking section on the landing page', () => {
  it('is hidden until a plan is picked, books a seasonal plan, pays with 4242, and staff see its five visits 21 days apart', async () => {
    const { page, context, errors } = await newLandingPage(ownAddress());
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'Schedule Your Service' });
    expect(await heading.isVisible()).toBe(false);

    // A visitor picks a plan once the page is interactive; until hydration nobody listens yet.
    await page.waitForLoadState('networkidle');
    for (let attempt = 0; attempt < 20 && !(await heading.isVisible()); attempt++) {
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('planSelected', { detail: { serviceType: 'seasonal' } })));
      await page.waitForTimeout(250);
    }
    await heading.waitFor({ state: 'visible' });
    const form = page.getByRole('form', { name: 'Booking form' });
    expect(await form.getByLabel('Service', { exact: true }).inputValue()).toBe('seasonal');
    expect(await form.getByText('Includes 5 visits, 21 days apart, all on Fridays.').isVisible()).toBe(true);

    await fillBookingForm(form, { email: nextEmail('section') });
    const chosenDate = await form.getByLabel('Preferred Date').inputValue();
    expect(chosenDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const button = form.getByRole('button', { name: 'Book Now & Pay' });
    await button.click();
    await page.getByText('Appointment Scheduled Successfully!').first().waitFor();
    await page.waitForURL(/\/checkout\?appointmentId=\d+/);
    expect(unexpected(errors)).toEqual([]);

    const appointmentId = Number(new URL(page.url()).searchParams.get('appointmentId'));
    const stored = await readCheckoutData(page);
    expect(stored).toMatchObject({ appointmentId, serviceType: 'seasonal', freshCalculation: true, email: expect.stringContaining('section.') });
    const publicView = await (await context.request.get(`/api/appointments/${appointmentId}`)).json();
    expect(publicView).toEqual({ id: appointmentId, date: chosenDate, time: '09:00', serviceType: 'seasonal', status: 'pending' });

    // On through checkout to the verified success page.
    await payAndReachSuccess(page);

    // Staff see the plan's five visits, 21 days apart from the chosen Friday, all paid and confirmed.
    await signInAsAdmin(page);
    const list = await page.request.get('/api/appointments');
    expect(list.status()).toBe(200);
    const visits = ((await list.json()) as { bookingRef: string; visitNumber: number; date: string; status: string; serviceType: string }[])
      .filter((a) => a.bookingRef === stored!.bookingRef)
      .sort((a, b) => a.visitNumber - b.visitNumber);
    expect(visits.map((v) => v.visitNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(visits[0]!.date).toBe(chosenDate);
    expect(visits.slice(1).map((v, i) => daysBetween(visits[i]!.date, v.date))).toEqual([21, 21, 21, 21]);
    expect(visits.every((v) => v.status === 'confirmed' && v.serviceType === 'seasonal')).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('opens from #schedule and keeps what was typed when a Friday fills up meanwhile', async () => {
    const { page, context, errors } = await newLandingPage();
    await page.goto('/#schedule');
    const form = page.getByRole('form', { name: 'Booking form' });
    await form.waitFor({ state: 'visible' });
    const dates = await availableDates(context.request);
    const lastStopDate = dates.at(-2)!;
    const email = nextEmail('race');
    await fillBookingForm(form, { email, date: lastStopDate });

    // Meanwhile other customers take all 24 stops of that Friday (default branch capacity).
    for (let i = 0; i < 24; i++) {
      const res = await context.request.post('/api/appointments', {
        headers: { 'x-forwarded-for': `10.88.${i}.7` },
        data: { serviceType: 'onetime', propertySize: 0.25, firstName: 'Other', lastName: 'Customer', email: nextEmail('filler'), phone: '905-555-0111', address: '1 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: lastStopDate },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await form.getByRole('button', { name: 'Book Now & Pay' }).click();
    await page.getByText('That Friday is fully booked').first().waitFor();
    await form.getByText('This Friday is fully booked. Please pick another Friday.').waitFor();
    expect(page.url()).not.toContain('/checkout');
    // Nothing the customer typed is lost; the full Friday is no longer offered.
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await form.getByLabel('Service Address').inputValue()).toBe('88 James St S');
    expect(await form.locator(`option[value="${lastStopDate}"]`).count()).toBe(0);
    expect(unexpected(errors, [409])).toEqual([]);
    await context.close();
  });

  it('gives the last stop to exactly one of two visitors racing for it', async () => {
    const first = await newPage();
    const second = await newPage();
    const dates = await availableDates(first.context.request);
    const date = dates.at(-3)!;
    // Capacity − 1 stops taken through the API.
    for (let i = 0; i < 23; i++) {
      const res = await first.context.request.post('/api/appointments', {
        headers: { 'x-forwarded-for': `10.89.${i}.9` },
        data: { serviceType: 'onetime', propertySize: 0.25, firstName: 'Early', lastName: 'Bird', email: nextEmail('early'), phone: '905-555-0122', address: '2 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    for (const visitor of [first, second]) {
      await visitor.page.goto('/book');
      await fillBookingForm(visitor.page.getByRole('form', { name: 'Booking form' }), { email: nextEmail('racer'), date });
    }
    await first.page.getByRole('button', { name: 'Book Appointment' }).click();
    await first.page.waitForURL(/\/checkout\?appointmentId=\d+/);

    const loser = second.page.getByRole('form', { name: 'Booking form' });
    await loser.getByRole('button', { name: 'Book Appointment' }).click();
    await second.page.getByText('That Friday is fully booked').first().waitFor();
    expect(second.page.url()).toContain('/book');
    expect(await loser.getByLabel('First Name').inputValue()).toBe('Morgan');
    expect(unexpected(second.errors, [409])).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});

describe('/book', () => {
  it('checks the service area first and keeps the form when the postal code is not served', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/book');
    const form = page.getByRole('form', { name: 'Booking form' });
    await fillBookingForm(form, { email: nextEmail('away'), postalCode: 'M5V 2T6' });
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    // The code as Canada Post writes it, as the home page's check says it (0062).
    const message = "We're sorry, but we don't currently service the M5V 2T6 area. Please contact us for alternatives.";
    await form.getByText(message).waitFor();
    expect(await form.getByLabel('Postal Code').inputValue()).toBe('M5V 2T6');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('books a one-time treatment with the standing-water add-on visit and pays it through checkout', async () => {
    const { page, context, errors } = await newPage(ownAddress());
    await page.goto('/book');
    const form = page.getByRole('form', { name: 'Booking form' });
    await fillBookingForm(form, { email: nextEmail('book') });
    await form.getByLabel('Add Standing Water (Targeted Insect) Treatment').check();
    // The HST label shows the branch's rate (seeded 13%), not fixed text.
    await page.getByText('HST (13%)').first().waitFor();
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Appointment Booked!').first().waitFor();
    await page.waitForURL(/\/checkout\?appointmentId=\d+/);
    expect(unexpected(errors)).toEqual([]);
    const stored = await readCheckoutData(page);
    expect(stored).toMatchObject({ serviceType: 'onetime', includeTargetedInsects: true, freshCalculation: true });
    await payAndReachSuccess(page);
    const appointmentId = new URL(page.url()).searchParams.get('appointment_id') ?? String(stored!.appointmentId);
    expect((await (await context.request.get(`/api/appointments/${appointmentId}`)).json()).status).toBe('confirmed');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('caps each field at the server\'s limit, refuses a phone made of letters, and shows a server refusal under its field', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/book');
    const form = page.getByRole('form', { name: 'Booking form' });
    const limits = { 'First Name': '100', 'Last Name': '100', Email: '254', Phone: '30', 'Service Address': '300', City: '100', 'Postal Code': '10' };
    for (const [label, max] of Object.entries(limits)) expect(await form.getByLabel(label, { exact: true }).getAttribute('maxlength'), label).toBe(max);

    await fillBookingForm(form, { email: nextEmail('limits') });
    await form.getByLabel('Phone').fill('abcdefghijk');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await form.getByText('Please enter a North American phone number, for example 905-555-0134 (an extension like x123 is fine).').waitFor();
    expect(await form.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');

    // Whatever the browser let through, the server's 400 lands under the field it names.
    await form.getByLabel('Phone').fill('(905) 555-0142 ext. 12');
    // The booking carries the customer's details; its refusal is the only one there is (0079).
    await page.route('**/api/appointments', (route) => route.fulfill({
      status: 400, contentType: 'application/json',
      body: JSON.stringify({ code: 'validation', message: 'Please check the highlighted fields.', fields: { lastName: 'Please keep the last name to 100 characters or fewer.' } }),
    }));
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await form.getByText('Please keep the last name to 100 characters or fewer.').waitFor();
    expect(await form.getByLabel('Last Name').getAttribute('aria-invalid')).toBe('true');
    expect(unexpected(errors, [400])).toEqual([]);
    await context.close();
  });

  it('shows Missing Information when required fields are empty', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/book');
    const form = page.getByRole('form', { name: 'Booking form' });
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Missing Information').first().waitFor();
    expect(await form.getByText('First name is required').isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('/book-quote', () => {
  it('shows Invalid Quote Link for a bad token, and Get New Quote goes home', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/book-quote?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Invalid Quote Link' }).waitFor();
    await page.getByRole('button', { name: 'Get New Quote' }).click();
    await page.waitForURL(`${baseURL()}/`);
    expect(unexpected(errors, [404, 400])).toEqual([]);
    await context.close();
  });
});

describe('a quote email link', () => {
  it('opens the quote, books it on the first open Friday from /book-quote, and pays it through checkout', async () => {
    const email = nextEmail('quote-link');
    const staff = await newPage();
    const sent = await staff.page.request.post('/api/send-quote', {
      headers: { 'x-forwarded-for': '10.88.0.1' },
      data: {
        email, name: 'Quinn Avery', phone: '905-555-0190',
        quoteDetails: { serviceType: 'onetime', propertySize: 0.5, includeTick: false, includeTargetedInsects: false, address: '120 King St W, Hamilton, ON L8P 4V2', totalPrice: 0, lotSizeDisplay: 'Small' },
      },
    });
    expect(sent.status()).toBe(200);

    // The link exists only in the queued email, which staff can read.
    await signInAsAdmin(staff.page);
    const outbox = (await (await staff.page.request.get('/api/outbox')).json()) as { emails: { toAddress: string; text: string; html: string }[] };
    const mail = outbox.emails.find((m) => m.toAddress === email);
    const link = /\/book-quote\?token=[\w-]+/.exec(`${mail?.text ?? ''} ${mail?.html ?? ''}`)?.[0];
    expect(link).toBeDefined();
    await staff.context.close();

    const { page, context, errors } = await newPage(ownAddress());
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Complete Your Booking' }).waitFor();
    expect(await page.getByText('0.5 acres', { exact: true }).isVisible()).toBe(true);
    const [firstFriday] = await availableDates(page.request);
    await page.getByRole('button', { name: 'Book First Available Friday' }).click();
    await page.waitForURL(/\/checkout\?appointmentId=\d+/);
    const appointmentId = new URL(page.url()).searchParams.get('appointmentId');
    const appointment = (await (await page.request.get(`/api/appointments/${appointmentId}`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(appointment)).toContain(firstFriday);
    expect(await page.evaluate(() => sessionStorage.getItem('appointmentDate'))).toBe(firstFriday);
    await payAndReachSuccess(page);
    expect((await (await page.request.get(`/api/appointments/${appointmentId}`)).json()).status).toBe('confirmed');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('/request-service', () => {
  it('continues to /checkout-new with the values as query parameters and pays there', async () => {
    const { page, context, errors } = await newPage(ownAddress());
    await page.goto('/request-service');
    const form = page.getByRole('form', { name: 'Request Service' });
    await form.getByLabel('Full Name').fill('Sam Taylor');
    await form.getByLabel('Email').fill(nextEmail('request'));
    await form.getByLabel('Phone').fill('905-555-0177');
    await form.getByLabel('Service Address').fill('10 Wilson St E');
    await form.getByLabel('Postal Code').fill('L9G 2B4');
    await form.getByLabel('Service', { exact: true }).selectOption('seasonal');
    await form.getByRole('button', { name: 'Continue to Checkout' }).click();
    await page.waitForURL(/\/checkout-new\?/);
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(['service', 'size', 'name', 'postalCode'].map((k) => [k, query.get(k)]))).toEqual({ service: 'seasonal', size: '0.25', name: 'Sam Taylor', postalCode: 'L9G 2B4' });

    await page.getByTestId('order-total').waitFor();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payAndReachSuccess(page);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('/request-service, a property of more than 2 acres', () => {
  it('asks for a custom quote instead of charging the 2-acre price, and stays on the page (0079)', async () => {
    const { page, context, errors } = await newPage(ownAddress());
    const posted: string[] = [];
    let quoteBody: { notes?: unknown } | null = null;
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      posted.push(new URL(request.url()).pathname);
      if (new URL(request.url()).pathname === '/api/send-quote') quoteBody = request.postDataJSON() as { notes?: unknown };
    });
    await page.goto('/request-service');
    const form = page.getByRole('form', { name: 'Request Service' });
    await form.getByLabel('Full Name').fill('Robin Acreage');
    await form.getByLabel('Email').fill(nextEmail('acreage'));
    await form.getByLabel('Phone').fill('905-555-0166');
    await form.getByLabel('Service Address').fill('900 Old Ancaster Rd');
    await form.getByLabel('Postal Code').fill('L9G 3L1');
    await form.getByText(/Estimated price: \$/).waitFor();
    await form.getByLabel('Property Size').selectOption({ label: 'More than 2 acres (custom quote)' });
    await form.getByText('We price properties over 2 acres ourselves: send your request and we will contact you with a personalized quote. Nothing is charged now.').waitFor();
    expect(await form.getByText(/Estimated price/).count()).toBe(0);
    // What the customer writes goes with the request (0084).
    await form.getByLabel('Special Requests (optional)').fill('Please call before coming: the gate is locked.');
    await form.getByRole('button', { name: 'Request a Custom Quote' }).click();
    await page.getByText('Request Sent').first().waitFor();
    expect(quoteBody).toMatchObject({ notes: 'Please call before coming: the gate is locked.' });
    expect(page.url()).toContain('/request-service');
    expect(posted.filter((p) => p.startsWith('/api/') && p !== '/api/booking-analytics')).toEqual(['/api/send-quote']);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('/request-service and /checkout-new limits', () => {
  it('refuse a phone made of letters on both pages, with the same message', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/request-service');
    const form = page.getByRole('form', { name: 'Request Service' });
    expect(await form.getByLabel('Full Name').getAttribute('maxlength')).toBe('100');
    expect(await form.getByLabel('Special Requests (optional)').getAttribute('maxlength')).toBe('1000');
    await form.getByLabel('Full Name').fill('Sam Taylor');
    await form.getByLabel('Email').fill(nextEmail('letters'));
    await form.getByLabel('Phone').fill('abcdefghijk');
    await form.getByLabel('Service Address').fill('10 Wilson St E');
    await form.getByLabel('Postal Code').fill('L9G 2B4');
    await form.getByRole('button', { name: 'Continue to Checkout' }).click();
    const message = 'Please enter a North American phone number, for example 905-555-0134 (an extension like x123 is fine).';
    await form.getByText(message).waitFor();
    expect(page.url()).toContain('/request-service');

    // A link that carries a bad phone straight to /checkout-new is stopped there too.
    const query = new URLSearchParams({ service: 'onetime', size: '0.25', address: '10 Wilson St E', name: 'Sam Taylor', email: nextEmail('letters-cn'), phone: 'abcdefghijk', city: 'Ancaster', postalCode: 'L9G 2B4' });
    await page.goto(`/checkout-new?${query.toString()}`);
    expect(await page.getByLabel('Full name').getAttribute('maxlength')).toBe('100');
    await page.getByTestId('order-total').waitFor();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText(message).waitFor();
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('a quote email\'s Buy now link', () => {
  it('goes from the email link through direct-buy mode to /checkout-new with the saved quote, and charges exactly the quoted total', async () => {
    const email = nextEmail('buy-now');
    const staff = await newPage();
    const sent = await staff.page.request.post('/api/send-quote', {
      headers: { 'x-forwarded-for': '10.88.0.2' },
      data: {
        email, name: 'Bailey Quote', phone: '905-555-0191',
        quoteDetails: {
          serviceType: 'seasonal', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, extras: ['breeding-site-inspection'], discountCode: 'MIDSEASON',
          address: '12 King St W, Hamilton', city: 'Hamilton', postalCode: 'L8P 1A1', totalPrice: 0, lotSizeDisplay: 'Small',
        },
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await signInAsAdmin(staff.page);
    const outbox = (await (await staff.page.request.get('/api/outbox')).json()) as { emails: { toAddress: string; text: string }[] };
    const link = /\/\?directBuy=true&\S+/.exec(outbox.emails.find((m) => m.toAddress === email)?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await staff.context.close();

    const { page, context, errors } = await newPage(ownAddress());
    const token = new URL(link!, 'http://localhost').searchParams.get('quoteToken');
    const quote = (await (await page.request.get(`/api/quotes/by-token/${token}`)).json()) as { totalCents: number };
    const quoted = `$${(quote.totalCents / 100).toFixed(2)}`;
    await page.goto(link!);
    // SPEC's direct-buy mode: the 'Direct Purchase' toast, then /checkout-new with the same values.
    await page.getByText('Direct Purchase', { exact: true }).waitFor();
    await page.waitForURL(/\/checkout-new\?.*quoteToken=/);
    await page.getByTestId('order-total').filter({ hasText: quoted }).waitFor();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: `Pay ${quoted}` }).waitFor();
    await payAndReachSuccess(page);
    expect(await page.getByText(`${quoted} CAD paid`).isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
