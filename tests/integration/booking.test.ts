import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { GET as getAppointment } from '@/app/api/appointments/[id]/route';
import { GET as listAppointments, POST as postAppointment } from '@/app/api/appointments/route';
import { POST as postAnalytics } from '@/app/api/booking-analytics/route';
import { POST as createIntent } from '@/app/api/create-payment-intent/route';
import { POST as confirmCard } from '@/app/api/test-gateway/confirm/route';
import { GET as getCustomerByEmail } from '@/app/api/customers/email/[email]/route';
import { GET as listCustomers, POST as postCustomer } from '@/app/api/customers/route';
import { getDb } from '@/db/client';
import { bookingAnalytics } from '@/db/schema/analytics';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { expireUnpaidHolds } from '@/features/booking/booking.service';
import { signIn } from '@/features/staff-auth/session.service';
import { seedStaffAccount } from '@/server/bootstrap/seed';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates } from '@/features/scheduling/available-dates';

// Route handlers read the staff cookie through next/headers; outside Next the test supplies the jar.
const cookieJar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'staff_session' && cookieJar.token ? { name, value: cookieJar.token } : undefined) }),
}));

const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let ipCounter = 0;
let emailCounter = 0;

/** Each call gets its own client address unless told otherwise, so the per-IP limit only bites where a test wants it. */
function request(url: string, body?: unknown, headers: Record<string, string> = {}) {
  ipCounter += 1;
  return new Request(`http://localhost${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function uniqueEmail() {
  emailCounter += 1;
  return `customer${emailCounter}@example.com`;
}

const visitsFor = (type: string) => (type === 'seasonal' ? 5 : type === 'tick-seasonal' ? 3 : 1);
function bookableDates(serviceType: string): string[] {
  return findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType, visitsFor });
}

function booking(overrides: Record<string, unknown> = {}) {
  return {
    serviceType: 'onetime',
    propertySize: 0.25,
    firstName: 'Avery',
    lastName: 'Stone',
    email: uniqueEmail(),
    phone: '905-555-0100',
    address: '12 King St W',
    city: 'Hamilton',
    postalCode: 'L8P 4R5',
    date: bookableDates('onetime')[2],
    ...overrides,
  };
}

async function countRows() {
  const db = await getDb();
  const [a] = await db.select({ n: sql<number>`count(*)::int` }).from(appointments);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
  const [e] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
  return { appointments: a!.n, customers: c!.n, emails: e!.n };
}

describe('POST /api/appointments', () => {
  it('books a one-time treatment at the engine price, holds it, and queues the email in the customer language', async () => {
    const body = booking({ locale: 'fr' });
    const res = await postAppointment(request('/api/appointments', body), ctx);
    expect(res.status).toBe(201);
    const created = await res.json();
    // DECISIONS §1 worked example: one-time 0.25 acre, Hamilton: 99.00 + 12.87 HST.
    expect(created).toMatchObject({ subtotalCents: 9900, taxCents: 1287, totalCents: 11187, totalPrice: 99 });
    expect(created.appointmentId).toBe(created.id);
    expect(created.appointments).toEqual([{ id: created.id, customerId: created.customerId, date: body.date, serviceType: 'onetime' }]);
    // SPEC §7's fields, and the reference every checkout needs besides the id (docs/decisions/0025).
    expect(created.customerId).toEqual(expect.any(Number));
    expect(created.bookingRef).toMatch(/^BK-[A-Z2-9]{8}$/);
    expect(new Date(created.holdExpiresAt).getTime() - Date.now()).toBeGreaterThan(25 * 60_000);

    const db = await getDb();
    const [row] = await db.select().from(appointments).where(eq(appointments.id, created.id));
    expect(row).toMatchObject({ status: 'pending', time: '09:00', postalCode: 'L8P 4R5', totalCents: 11187, planId: 1, bookingRef: created.bookingRef });
    expect(row!.latitude).toEqual(expect.any(Number));
    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'booking-received'), eq(emailOutbox.relatedId, created.id)));
    expect(mail).toMatchObject({ toAddress: body.email, locale: 'fr' });
    expect(mail!.subject).toContain('Nous avons reçu votre réservation');
    // A plan name is not a noun phrase to slot into a sentence; French labels take a no-break space before the colon.
    expect(mail!.text).toContain('Merci de votre réservation\u00a0: Traitement unique.');
    expect(mail!.text).toContain(`Numéro de réservation\u00a0: ${created.bookingRef}`);
    expect(mail!.text).toContain('Total (TVH incluse)\u00a0: 111,87');
    expect(mail!.text).toContain('Des questions\u00a0? Appelez-nous');
    // The HTML part sets its facts as label and value cells.
    expect(mail!.html).toMatch(new RegExp(`Numéro de réservation\u00a0:</td><td[^>]*>${created.bookingRef}<`));
  });

  it('writes the German booking email as a German sentence', async () => {
    const res = await postAppointment(request('/api/appointments', booking({ locale: 'de', serviceType: 'seasonal', date: bookableDates('seasonal')[0] })), ctx);
    expect(res.status).toBe(201);
    const created = await res.json();
    const db = await getDb();
    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'booking-received'), eq(emailOutbox.relatedId, created.id)));
    expect(mail!.text).toContain('vielen Dank für Ihre Buchung: Saisonaler Mückenschutz.');
    expect(mail!.text).toContain(`Buchungsnummer: ${created.bookingRef}`);
  });

  it('creates five Friday visits 21 days apart for the seasonal plan, and three for tick-seasonal', async () => {
    for (const [serviceType, visits] of [['seasonal', 5], ['tick-seasonal', 3], ['tick', 3]] as const) {
      const start = bookableDates(serviceType === 'tick' ? 'tick-seasonal' : serviceType)[0]!;
      const res = await postAppointment(request('/api/appointments', booking({ serviceType, date: start })), ctx);
      expect(res.status).toBe(201);
      const created = await res.json();
      expect(created.appointments).toHaveLength(visits);
      const dates: string[] = created.appointments.map((a: { date: string }) => a.date);
      expect(dates[0]).toBe(start);
      for (const [i, d] of dates.entries()) {
        expect(new Date(`${d}T12:00:00Z`).getUTCDay()).toBe(5);
        if (i > 0) expect((Date.parse(d) - Date.parse(dates[i - 1]!)) / 86_400_000).toBe(21);
      }
      const canonical = serviceType === 'seasonal' ? 'seasonal' : 'tick-seasonal';
      expect(created.appointments.every((a: { serviceType: string }) => a.serviceType === canonical)).toBe(true);
    }
  });

  it('adds a standing-water visit on the same Friday for a one-time booking with that add-on, priced once', async () => {
    const res = await postAppointment(request('/api/appointments', booking({ includeTargetedInsects: true })), ctx);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.appointments.map((a: { serviceType: string }) => a.serviceType)).toEqual(['onetime', 'standingwater']);
    expect(created.appointments[1].date).toBe(created.appointments[0].date);
    // 99 + (79 + 20 surcharge) = 198 before tax, charged once for the booking.
    expect(created.subtotalCents).toBe(19800);
  });

  it('accepts SPEC variants: the booking form (customerId, zipCode, specialInstructions) and checkout-new (pending-payment)', async () => {
    const email = uniqueEmail();
    const customer = await (await postCustomer(request('/api/customers', { firstName: 'Robin', lastName: 'Lee', email, phone: '9055550101', address: '5 Main St E', city: 'Hamilton', zipCode: 'L8N 1E8' }), ctx)).json();
    const res = await postAppointment(request('/api/appointments', {
      customerId: customer.id, email, serviceType: 'onetime', date: bookableDates('onetime')[1], time: '9:00 AM', status: 'pending-payment', propertySize: '0.5', specialInstructions: 'Gate code 1234',
    }), ctx);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.customerId).toBe(customer.id);
    const [row] = await (await getDb()).select().from(appointments).where(eq(appointments.id, created.id));
    expect(row).toMatchObject({ status: 'pending-payment', time: '09:00', notes: 'Gate code 1234', address: '5 Main St E', postalCode: 'L8N 1E8' });
  });

  it('books against a customer id only with that customer\'s email; contact details resolve by email, never by the id', async () => {
    const victimEmail = uniqueEmail();
    const victim = await (await postCustomer(request('/api/customers', { firstName: 'Vic', lastName: 'Tim', email: victimEmail, phone: '9055550199', address: '1 Bay St N', city: 'Hamilton', zipCode: 'L8R 2P1' }), ctx)).json();
    const before = await countRows();
    const date = bookableDates('onetime')[3];
    for (const body of [
      { customerId: victim.id, serviceType: 'onetime', date, address: '9 Elsewhere Rd', postalCode: 'L8P 4R5' },
      { customerId: victim.id, email: uniqueEmail(), serviceType: 'onetime', date, address: '9 Elsewhere Rd', postalCode: 'L8P 4R5' },
      { customerId: 999_999, email: victimEmail, serviceType: 'onetime', date },
    ]) {
      const res = await postAppointment(request('/api/appointments', body), ctx);
      expect(res.status).toBe(400);
      expect((await res.json()).fields.customerId).toBe('We could not find your customer record. Please enter your details again.');
    }
    expect(await countRows()).toEqual(before);

    // With full contact details the id is ignored: the booking belongs to the email's customer.
    const attackerEmail = uniqueEmail();
    const res = await postAppointment(request('/api/appointments', booking({ customerId: victim.id, email: attackerEmail, date })), ctx);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.customerId).not.toBe(victim.id);
    const mails = await (await getDb()).select({ to: emailOutbox.toAddress }).from(emailOutbox).where(eq(emailOutbox.relatedId, created.id));
    expect(mails.map((m) => m.to)).toEqual([attackerEmail]);
  });

  it('takes no Friday stop for a free consultation request, so requests cannot fill the season', async () => {
    const db = await getDb();
    const date = bookableDates('onetime')[4]!;
    await db.insert(serviceDays).values({ branchId: 1, date, capacityOverride: 1 }).onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: 1 } });
    for (let i = 0; i < 3; i++) {
      const res = await postAppointment(request('/api/appointments', booking({ serviceType: 'consult', date })), ctx);
      expect(res.status).toBe(201);
      expect((await res.json()).holdExpiresAt).toBeNull();
    }
    // The paid service still gets the day's only stop, and then the day is full for paid work.
    expect((await postAppointment(request('/api/appointments', booking({ date })), ctx)).status).toBe(201);
    expect((await postAppointment(request('/api/appointments', booking({ date })), ctx)).status).toBe(409);
    // A consultation staff have confirmed is real work on that Friday and counts like any visit.
    const [consult] = await db.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.date, date), eq(appointments.serviceType, 'consult'))).limit(1);
    await db.update(appointments).set({ status: 'confirmed' }).where(eq(appointments.id, consult!.id));
    const { countActiveStops } = await import('@/features/scheduling/capacity.repository');
    expect(await countActiveStops(db, 1, date, new Date())).toBe(2);
  });

  it('keeps a booking whose quote id names no saved quote, without the dangling link', async () => {
    const res = await postAppointment(request('/api/appointments', booking({ quoteId: 987654 })), ctx);
    expect(res.status).toBe(201);
    const created = await res.json();
    const db = await getDb();
    const [row] = await db.select({ quoteId: appointments.quoteId }).from(appointments).where(eq(appointments.id, created.id));
    expect(row).toEqual({ quoteId: null });
  });

  it('refuses a tampered price with 409 and the current price, writing nothing', async () => {
    const before = await countRows();
    const res = await postAppointment(request('/api/appointments', booking({ confirmedTotalCents: 100 })), ctx);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'price_changed', currentTotalCents: 11187, currentPrice: 111.87 });
    // SPEC's confirmedQuoteTotal (dollars, after tax) is checked the same way; the right one passes.
    expect((await postAppointment(request('/api/appointments', booking({ confirmedQuoteTotal: 99 })), ctx)).status).toBe(409);
    expect(await countRows()).toEqual(before);
    expect((await postAppointment(request('/api/appointments', booking({ confirmedQuoteTotal: 111.87 })), ctx)).status).toBe(201);
  });

  it('answers 409 day_full for a full Friday, with nothing half-written, and lets exactly one of two racers win the last stop', async () => {
    const db = await getDb();
    const date = bookableDates('onetime')[5]!;
    await db.insert(serviceDays).values({ branchId: 1, date, capacityOverride: 1 }).onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: 1 } });

    const results = await Promise.all([1, 2].map(() => postAppointment(request('/api/appointments', booking({ date })), ctx)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = await results.find((r) => r.status === 409)!.json();
    expect(lost).toMatchObject({ code: 'day_full', fullDates: [date] });

    const before = await countRows();
    const email = uniqueEmail();
    const res = await postAppointment(request('/api/appointments', booking({ date, email })), ctx);
    expect(res.status).toBe(409);
    expect(await countRows()).toEqual(before);
    expect(await db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
  });

  it('answers 400 with translated field messages for a non-Friday, an unserved postal code and missing contact details', async () => {
    const friday = bookableDates('onetime')[0]!;
    const thursday = new Date(Date.parse(`${friday}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const notFriday = await postAppointment(request('/api/appointments', booking({ date: thursday })), ctx);
    expect(notFriday.status).toBe(400);
    expect((await notFriday.json()).fields.date).toBe('We service on Fridays only. Please pick a Friday.');

    const away = await postAppointment(request('/api/appointments', booking({ postalCode: 'M5V 2T6' })), ctx);
    expect(away.status).toBe(400);
    expect((await away.json()).message).toBe("We're sorry, but we don't currently service the M5V 2T6 area. Please contact us for alternatives.");

    const blank = await postAppointment(request('/api/appointments', { serviceType: 'onetime', date: friday }), ctx);
    expect(blank.status).toBe(400);
  });

  it('rate-limits booking creation per address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A malformed body still spends the budget: the limit is checked first.
      statuses.push((await postAppointment(request('/api/appointments', { serviceType: 'onetime' }, headers), ctx)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('rate-limits bookings per email', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await postAppointment(request('/api/appointments', booking({ email, date: bookableDates('onetime')[6 + i] })), ctx)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('retries and double clicks', () => {
  async function rowsOf(bookingRef: string) {
    return (await getDb()).select({ id: appointments.id }).from(appointments).where(eq(appointments.bookingRef, bookingRef));
  }
  async function bookingMails(appointmentIds: number[]) {
    const db = await getDb();
    const mails = await db.select({ relatedId: emailOutbox.relatedId }).from(emailOutbox).where(eq(emailOutbox.kind, 'booking-received'));
    return mails.filter((m) => m.relatedId !== null && appointmentIds.includes(m.relatedId));
  }

  it('answers a repeated identical request with the booking it already made: one hold, one email', async () => {
    const body = booking({ serviceType: 'seasonal', date: bookableDates('seasonal').at(-2), includeTick: true });
    const first = await postAppointment(request('/api/appointments', body), ctx);
    expect(first.status).toBe(201);
    const created = await first.json();
    const before = await countRows();

    const again = await postAppointment(request('/api/appointments', body), ctx);
    expect(again.status).toBe(200);
    const replayed = await again.json();
    expect(replayed).toEqual(created);
    expect(await countRows()).toEqual(before);
    expect(await rowsOf(created.bookingRef)).toHaveLength(5);
    expect(await bookingMails(created.appointments.map((a: { id: number }) => a.id))).toHaveLength(1);
  });

  it('books a double click (two identical requests at once) exactly once', async () => {
    const body = booking({ date: bookableDates('onetime')[7], includeTargetedInsects: true });
    const results = await Promise.all([1, 2].map(() => postAppointment(request('/api/appointments', body), ctx)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(results.map((r) => r.json()));
    expect(a.bookingRef).toBe(b.bookingRef);
    expect(await rowsOf(a.bookingRef)).toHaveLength(2);
    const db = await getDb();
    const mine = await db.select({ id: appointments.id }).from(appointments).innerJoin(customers, eq(customers.id, appointments.customerId)).where(eq(customers.email, body.email));
    expect(mine).toHaveLength(2);
  });

  it('replays the booking form flow (customer id + email) too, but books anew when something differs or the hold is gone', async () => {
    const email = uniqueEmail();
    const customer = await (await postCustomer(request('/api/customers', { firstName: 'Dana', lastName: 'Reed', email, phone: '9055550123', address: '7 Bay St S', city: 'Hamilton', zipCode: 'L8P 3H6' }), ctx)).json();
    const date = bookableDates('onetime')[8];
    const form = { customerId: customer.id, email, serviceType: 'onetime', date, time: '09:00', status: 'pending', propertySize: '0.5', address: '7 Bay St S', city: 'Hamilton', postalCode: 'L8P 3H6', notes: 'Online booking' };
    const first = await (await postAppointment(request('/api/appointments', form), ctx)).json();
    const again = await postAppointment(request('/api/appointments', form), ctx);
    expect(again.status).toBe(200);
    expect((await again.json()).bookingRef).toBe(first.bookingRef);

    // Other options are another booking.
    const withTick = await postAppointment(request('/api/appointments', { ...form, includeTick: true }), ctx);
    expect(withTick.status).toBe(201);
    expect((await withTick.json()).bookingRef).not.toBe(first.bookingRef);

    // Once the first hold has lapsed, the same request is a new booking (the old one holds nothing).
    await (await getDb()).update(appointments).set({ status: 'expired' }).where(eq(appointments.bookingRef, first.bookingRef));
    const later = await postAppointment(request('/api/appointments', form), ctx);
    expect(later.status).toBe(201);
    expect((await later.json()).bookingRef).not.toBe(first.bookingRef);
  });

  it('does not count a replay against the 5-per-hour email limit, and answers one that arrives when the budget is spent', async () => {
    const email = uniqueEmail();
    const dates = bookableDates('onetime');
    const order = booking({ email, date: dates[9] });
    const first = await postAppointment(request('/api/appointments', order), ctx);
    expect(first.status).toBe(201);
    const { bookingRef } = await first.json();
    // Five retries of the same order (each from its own address): every one gets the booking it made.
    for (let i = 0; i < 5; i++) expect((await postAppointment(request('/api/appointments', order), ctx)).status).toBe(200);

    // The replays spent nothing: four more orders still fit in the budget of five.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postAppointment(request('/api/appointments', booking({ email, date: dates[10 + i] })), ctx)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);

    // Budget spent: the held booking is still answered when asked again, and a new order is still refused.
    const late = await postAppointment(request('/api/appointments', order), ctx);
    expect(late.status).toBe(200);
    expect((await late.json()).bookingRef).toBe(bookingRef);
    expect((await postAppointment(request('/api/appointments', booking({ email, date: dates[15] })), ctx)).status).toBe(429);
    const db = await getDb();
    const mine = await db.select({ id: appointments.id }).from(appointments).innerJoin(customers, eq(customers.id, appointments.customerId)).where(eq(customers.email, email));
    expect(mine).toHaveLength(5);
  });
});

describe('an order already booked and paid (docs/decisions/0025)', () => {
  /** Pays a booking as the checkout does: its intent (by id and reference), then the test gateway's 4242 card. */
  async function pay(created: { appointmentId: number; bookingRef: string }) {
    const intent = await (await createIntent(request('/api/create-payment-intent', { appointmentId: created.appointmentId, bookingRef: created.bookingRef }), ctx)).json();
    const paid = await confirmCard(request('/api/test-gateway/confirm', { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242424242424242', expiry: '12/34', cvc: '123' }), ctx);
    expect(paid.status, await paid.clone().text()).toBe(200);
  }

  it('tells the customer it is paid instead of booking and charging it again, however the request arrives', async () => {
    const dates = bookableDates('onetime');
    const email = uniqueEmail();
    const order = booking({ email, date: dates[11], address: '40 Locke St S', postalCode: 'L8P 4A9' });
    const first = await (await postAppointment(request('/api/appointments', order), ctx)).json();
    await pay(first);
    const before = await countRows();

    // Back to the calculator and Buy Now again; the same with other options, or the address typed otherwise.
    for (const again of [order, { ...order, includeTick: true, propertySize: 0.5 }, { ...order, address: ' 40  LOCKE st s ', email: email.toUpperCase() }]) {
      const res = await postAppointment(request('/api/appointments', again), ctx);
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(body).toMatchObject({ code: 'conflict', reason: 'already_paid', appointmentId: first.appointmentId });
      expect(body.message).toMatch(/^You have already booked and paid for One-Time Treatment on Friday, /);
      expect(body.message).toContain(`. Your confirmation was emailed to ${email}, so there is nothing more to pay. To change this booking, please call us at `);
      // Nothing of the paid booking's secrets: no reference, no payment.
      expect(JSON.stringify(body)).not.toContain(first.bookingRef);
    }
    // The booking form's way (customer id + email) is refused the same way, in the caller's language.
    const customerId = first.customerId;
    const form = { customerId, email, serviceType: 'onetime', date: dates[11], time: '09:00', status: 'pending', propertySize: '0.25', address: '40 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9' };
    const french = await postAppointment(request('/api/appointments', form, { 'x-locale': 'fr' }), ctx);
    expect(french.status).toBe(409);
    expect((await french.json()).message).toMatch(/^Vous avez déjà réservé et payé «\u00a0Traitement unique\u00a0» pour le vendredi /);
    expect(await countRows()).toEqual(before);

    // Genuinely new orders still book: another Friday, another property, another plan.
    for (const other of [{ ...order, date: dates[12] }, { ...order, address: '42 Locke St S' }, { ...order, serviceType: 'seasonal', date: dates[11] }]) {
      const res = await postAppointment(request('/api/appointments', other), ctx);
      expect(res.status, await res.clone().text()).toBe(201);
    }
  });

  it('names a plan by its first Friday, and lets a cancelled booking be booked again', async () => {
    const seasonal = bookableDates('seasonal');
    const order = booking({ serviceType: 'seasonal', date: seasonal.at(-3), address: '9 Hess St N', postalCode: 'L8R 2S5' });
    const first = await (await postAppointment(request('/api/appointments', order), ctx)).json();
    await pay(first);
    const refused = await postAppointment(request('/api/appointments', order), ctx);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/^You have already booked and paid for Seasonal Mosquito Protection, starting Friday, /);

    // Staff cancelled it (and refunded): the same order is a new booking again.
    await (await getDb()).update(appointments).set({ status: 'cancelled' }).where(eq(appointments.bookingRef, first.bookingRef));
    const again = await postAppointment(request('/api/appointments', order), ctx);
    expect(again.status, await again.clone().text()).toBe(201);
  });

  it('still answers an unpaid held order with its booking (a double click), not as paid', async () => {
    const order = booking({ date: bookableDates('onetime')[13] });
    const first = await (await postAppointment(request('/api/appointments', order), ctx)).json();
    const again = await postAppointment(request('/api/appointments', order), ctx);
    expect(again.status).toBe(200);
    expect((await again.json()).bookingRef).toBe(first.bookingRef);
  });
});

describe('holds', () => {
  it('expires unpaid holds and frees their stop', async () => {
    const db = await getDb();
    const date = bookableDates('onetime').at(-1)!;
    await db.insert(serviceDays).values({ branchId: 1, date, capacityOverride: 1 }).onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: 1 } });
    const firstRes = await postAppointment(request('/api/appointments', booking({ date })), ctx);
    const first = await firstRes.json();
    expect(firstRes.status, JSON.stringify(first)).toBe(201);
    expect((await postAppointment(request('/api/appointments', booking({ date })), ctx)).status).toBe(409);

    // Not yet: the hold still runs.
    expect(await expireUnpaidHolds(new Date())).not.toContain(first.id);
    const expired = await expireUnpaidHolds(new Date(Date.now() + 31 * 60_000));
    expect(expired).toContain(first.id);
    const [row] = await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, first.id));
    expect(row!.status).toBe('expired');

    // A confirmed booking never expires (its hold no longer matters).
    await db.update(appointments).set({ status: 'confirmed' }).where(eq(appointments.id, first.id));
    expect(await expireUnpaidHolds(new Date(Date.now() + 60 * 60_000))).not.toContain(first.id);
    await db.update(appointments).set({ status: 'expired' }).where(eq(appointments.id, first.id));
    // The freed stop can be booked again now that the hold is gone.
    expect((await postAppointment(request('/api/appointments', booking({ date })), ctx)).status).toBe(201);
  });
});

describe('customers', () => {
  it('returns the existing id for a known email and never overwrites it; a booking keeps its own address on the appointment', async () => {
    const email = uniqueEmail();
    const first = await postCustomer(request('/api/customers', { firstName: 'Jamie', lastName: 'Fox', email, phone: '9055550111', address: '1 First Ave', city: 'Hamilton', postalCode: 'L8P 4R5' }), ctx);
    expect(first.status).toBe(201);
    const { id } = await first.json();
    const again = await (await postCustomer(request('/api/customers', { firstName: 'Mallory', lastName: 'Evil', email: email.toUpperCase(), phone: '905-555-0666', address: '66 Other Rd' }), ctx)).json();
    expect(again).toEqual({ id });

    const res = await postAppointment(request('/api/appointments', booking({ email, firstName: 'Mallory', address: '99 New St', postalCode: 'L9G 3K9', city: 'Ancaster' })), ctx);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.customerId).toBe(id);
    const db = await getDb();
    const [customer] = await db.select().from(customers).where(eq(customers.id, id));
    expect(customer).toMatchObject({ firstName: 'Jamie', address: '1 First Ave', phone: '9055550111' });
    const [appt] = await db.select().from(appointments).where(eq(appointments.id, created.id));
    expect(appt).toMatchObject({ address: '99 New St', city: 'Ancaster', postalCode: 'L9G 3K9' });
  });
});

describe('public and staff reads', () => {
  it('GET /api/appointments/{id} exposes only id, date, time, serviceType and status', async () => {
    const created = await (await postAppointment(request('/api/appointments', booking()), ctx)).json();
    const res = await getAppointment(request(`/api/appointments/${created.id}`), { params: Promise.resolve({ id: String(created.id) }) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['date', 'id', 'serviceType', 'status', 'time']);
    expect(body).toMatchObject({ id: created.id, status: 'pending', serviceType: 'onetime' });
    expect((await getAppointment(request('/api/appointments/999999'), { params: Promise.resolve({ id: '999999' }) })).status).toBe(404);
    expect((await getAppointment(request('/api/appointments/abc'), { params: Promise.resolve({ id: 'abc' }) })).status).toBe(404);
  });

  it('answers 401 on every staff list without a session', async () => {
    expect((await listCustomers(request('/api/customers'), ctx)).status).toBe(401);
    expect((await listAppointments(request('/api/appointments'), ctx)).status).toBe(401);
    const byEmail = await getCustomerByEmail(request('/api/customers/email/a%40b.c'), { params: Promise.resolve({ email: 'a%40b.c' }) });
    expect(byEmail.status).toBe(401);
  });

  it('gives a signed-in staff member the lists with customer names, and the customer by email', async () => {
    await seedStaffAccount(await getDb(), 'booking-staff', 'a staff password here');
    const { token } = await signIn('booking-staff', 'a staff password here', { userAgent: null });
    cookieJar.token = token;
    try {
      const email = uniqueEmail();
      const created = await (await postAppointment(request('/api/appointments', booking({ email, firstName: 'Quinn', lastName: 'Hart' })), ctx)).json();
      const list = await (await listAppointments(request('/api/appointments'), ctx)).json();
      expect(list.find((a: { id: number }) => a.id === created.id)).toMatchObject({ customerName: 'Quinn Hart', status: 'pending' });
      const people = await (await listCustomers(request('/api/customers'), ctx)).json();
      expect(people.some((c: { email: string }) => c.email === email)).toBe(true);
      const encoded = encodeURIComponent(email);
      const one = await getCustomerByEmail(request(`/api/customers/email/${encoded}`), { params: Promise.resolve({ email: encoded }) });
      expect(await one.json()).toMatchObject({ id: created.customerId, firstName: 'Quinn' });
    } finally {
      cookieJar.token = undefined;
    }
  });
});

describe('POST /api/booking-analytics', () => {
  it('stores the SPEC funnel record and quietly drops a malformed one', async () => {
    const record = {
      timestamp: new Date().toISOString(), planType: 'seasonal', planId: 2, propertySize: 0.5,
      location: { city: 'Hamilton', postalCode: 'L8P 4R5' }, sessionId: 'session-abc', pageSource: '/',
      customerInfo: { email: 'x@example.com', name: 'X Y' }, conversionStage: 'booking_initiated',
    };
    const ok = await postAnalytics(request('/api/booking-analytics', record), ctx);
    expect(ok.status).toBe(201);
    const db = await getDb();
    const rows = await db.select().from(bookingAnalytics).where(eq(bookingAnalytics.sessionId, 'session-abc'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planType: 'seasonal', planId: 2, conversionStage: 'booking_initiated', location: { city: 'Hamilton', postalCode: 'L8P 4R5' } });

    const bad = await postAnalytics(request('/api/booking-analytics', { planType: 'x' }), ctx);
    expect(bad.status).toBe(202);
    expect(await db.select().from(bookingAnalytics)).toHaveLength(1);
  });
});
