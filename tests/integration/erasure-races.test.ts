/**
 * A customer's erasure (0049: the office's deletion request, the retention sweep) against new
 * business for the same customer, on a real database (docs/decisions/0055). The erasure holds the
 * customer's row `FOR UPDATE`; every writer that attaches to an existing customer locks the same
 * row first, and one that finds it erased treats the customer as not found.
 *
 * Interleavings are made without hooks in the code under test:
 * - a booking that read the customer before the erasure and writes after it: the booking waits on
 *   the geocoder (an online one, answered here by a stub that holds its answer) while the erasure
 *   runs and commits, as a slow geocoder makes it wait in production;
 * - an erasure holding the row while other work starts (`eraseWhile`): on PostgreSQL the erasure
 *   commits once that work is blocked on the row, so the work resumes behind it; PGlite runs one
 *   transaction at a time, so there the work runs after the erasure as a whole. The tests assert
 *   the outcome both engines must give.
 * - both started together (`Promise.all`): either may go first; the tests accept either order's
 *   outcome and nothing else.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DbExecutor, getDb, getDriverName } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { retreatmentRequests } from '@/db/schema/retreatments';
import { resetEnvCache } from '@/env';
import { lockCustomerForBusiness } from '@/features/booking/customer.repository';
import { ERASED_CUSTOMER_REFUND_REASON } from '@/features/cancellations/cancellation.service';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { replaceManageLink } from '@/features/manage-booking/manage-link.service';
import { previewSeasonOpener, queueSeasonOpener } from '@/features/marketing-email/season-opener.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { findErasureRefusals } from '@/features/privacy/erasure-rules';
import { eraseSubjectRows, lockCustomerForErasure, selectOpenBusiness } from '@/features/privacy/privacy.repository';
import { runRetentionSweep } from '@/features/privacy/retention.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster } from '../support/handlers';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { selectRows } from '../support/sql';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const personalData = (await import('@/app/api/admin/customers/[id]/personal-data/route')) as unknown as { DELETE: Handler };
const { PATCH: editCustomer } = (await import('@/app/api/admin/customers/[id]/route')) as unknown as { PATCH: Handler };
const { POST: createCustomer } = (await import('@/app/api/customers/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };
const { GET: paymentStatusRoute } = (await import('@/app/api/payment-status/[paymentIntentId]/route')) as unknown as { GET: Handler };
const { POST: retreatmentRoute } = (await import('@/app/api/manage-booking/[token]/retreatment/route')) as unknown as { POST: Handler };

const post = jsonPoster(55);
const GEOCODER_URL = 'http://geocoder.test/';

const eraseOnRequest = (id: number) => personalData.DELETE(
  new Request(`http://localhost/api/admin/customers/${id}/personal-data`, { method: 'DELETE' }),
  { params: Promise.resolve({ id: String(id) }) },
);

// ---------------------------------------------------------------------------------------------
// The online geocoder: a stub that answers "no match" (the booking falls back to the postal area's
// centre), and can hold one answer until the test lets it go.

type Hold = { reached: Promise<void>; release: () => void };
let armed: { arrive: () => void; wait: Promise<void> } | null = null;
const realFetch = globalThis.fetch;

/** The next geocoding request waits: `reached` once the booking is waiting on it, `release` to answer. */
function holdNextGeocoding(): Hold {
  let arrive = () => {};
  let release = () => {};
  const reached = new Promise<void>((resolve) => { arrive = resolve; });
  const wait = new Promise<void>((resolve) => { release = resolve; });
  armed = { arrive, wait };
  return { reached, release };
}

beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(GEOCODER_URL)) return realFetch(input, init);
    const hold = armed;
    armed = null;
    if (hold) {
      hold.arrive();
      await hold.wait;
    }
    return Response.json([]);
  });
  process.env.GEOCODER_URL = GEOCODER_URL;
  resetEnvCache();
});

afterAll(() => {
  vi.unstubAllGlobals();
  delete process.env.GEOCODER_URL;
  resetEnvCache();
});

// ---------------------------------------------------------------------------------------------

let fridays: string[] = [];
let nextFriday = 0;
const takeFriday = () => fridays[nextFriday++ % fridays.length]!;
let streets = 0;
/** A street nobody booked yet in this file: the geocoder's answers are cached per address. */
const newStreet = () => `${(streets += 1) + 10} Fresh Ave`;

beforeAll(async () => {
  const { adminToken } = await signInAdminAndTechnician();
  jar.token = adminToken;
  fridays = await getAvailableDates({ now: new Date(), serviceType: 'onetime' });
});

/** A customer whose only booking is done (nothing open: an erasure request goes ahead), at `at`. */
async function customerWithPastVisit(person: { firstName: string; lastName: string; phone: string }, options: { at?: Date; date?: string; consent?: boolean } = {}) {
  const email = `${person.firstName.toLowerCase()}.${randomUUID().slice(0, 6)}@example.com`;
  const at = options.at ?? new Date();
  const id = await insertCustomer({
    ...person, email, address: '5 Old Rd', createdAt: at, updatedAt: at,
    ...(options.consent ? { marketingConsentAt: at, marketingConsentText: 'Yes, email me' } : {}),
  });
  const { ids } = await insertConfirmedVisits(id, options.date ?? '2026-06-05', [{ status: 'completed', completedAt: at, createdAt: at, updatedAt: at, address: '5 Old Rd' }]);
  return { id, email, ...person, visitId: ids[0]! };
}

async function customerRow(id: number) {
  const [row] = await (await getDb()).select().from(customers).where(eq(customers.id, id));
  return row!;
}
const visitsOf = async (customerId: number) => (await getDb()).select().from(appointments).where(eq(appointments.customerId, customerId)).orderBy(appointments.id);

/** The booking form's two steps (SPEC §4): the customer record by email, then the booking naming it. */
async function startFormBooking(person: { id?: number; email: string }, address: string, extra: Record<string, unknown> = {}) {
  const known = await post(createCustomer, '/api/customers', {
    firstName: 'Typed', lastName: 'Again', email: person.email, phone: '905-555-0000', address, city: 'Hamilton', zipCode: 'L8P 1A1', propertySize: 0.25,
  });
  expect(known.status, await known.clone().text()).toBe(201);
  const { id } = (await known.json()) as { id: number };
  if (person.id !== undefined) expect(id, 'the form found the existing customer').toBe(person.id);
  return post(createAppointment, '/api/appointments', {
    customerId: id, email: person.email, serviceType: 'onetime', propertySize: 0.25, date: takeFriday(), time: '09:00', status: 'pending',
    address, city: 'Hamilton', postalCode: 'L8P 1A1', marketingConsent: true, ...extra,
  });
}

/** A booking through SPEC's one-request API, with the contact details in it. */
function bookWithDetails(person: { firstName: string; lastName: string; email: string; phone: string }, address: string, status = 'pending') {
  return post(createAppointment, '/api/appointments', {
    ...person, serviceType: 'onetime', propertySize: 0.25, date: takeFriday(), status, address, city: 'Hamilton', postalCode: 'L8P 1A1',
  });
}

type Booked = { customerId: number; appointmentId: number; bookingRef: string };
async function booked(res: Response): Promise<Booked> {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Booked;
}

/**
 * The booking ended on a live record holding what the booking carried, and the erased record
 * (if `erasedId` was erased) got nothing from it.
 */
async function expectFreshCustomer(booking: Booked, erasedId: number, person: { firstName: string; lastName: string; email: string; phone: string }, address: string) {
  expect(booking.customerId).not.toBe(erasedId);
  expect(await customerRow(booking.customerId)).toMatchObject({
    firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone, address, erasedAt: null,
  });
  const [visit] = await (await getDb()).select().from(appointments).where(eq(appointments.id, booking.appointmentId));
  expect(visit).toMatchObject({ customerId: booking.customerId, address, phone: person.phone });
  expect((await visitsOf(erasedId)).map((v) => v.bookingRef)).not.toContain(booking.bookingRef);
  // The booking's email went to the person, about the visit the office sees under their name.
  const [received] = await (await getDb()).select().from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'booking-received'), eq(emailOutbox.relatedType, 'appointment'), eq(emailOutbox.relatedId, booking.appointmentId)));
  expect(received?.toAddress).toBe(person.email);
}

async function expectErased(id: number) {
  expect(await customerRow(id)).toMatchObject({ firstName: `#${id}`, email: `erased-${id}@erased.invalid`, phone: '', address: null, marketingConsentAt: null });
}

/** Whether another session is waiting for a lock this transaction holds (PostgreSQL only). */
async function isBlockingOthers(tx: DbExecutor): Promise<boolean> {
  const rows = await selectRows<{ blocking: boolean }>(sql`select exists (select 1 from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))) as blocking`, tx);
  return rows[0]?.blocking === true;
}

/**
 * Runs `hold` in a transaction with `start`ed work under way: on PostgreSQL the transaction commits
 * once that work waits for one of its locks (at most 5 s); PGlite queues the work behind the
 * whole transaction, so there it simply commits. Returns the work's promise.
 */
async function whileHolding<T>(hold: (tx: DbExecutor) => Promise<void>, after: (tx: DbExecutor) => Promise<void>, start: () => Promise<T>): Promise<Promise<T>> {
  const db = await getDb();
  const pglite = (await getDriverName()) === 'pglite';
  let work: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await hold(tx);
    work = start();
    work.catch(() => {});
    for (let i = 0; !pglite && i < 250 && !(await isBlockingOthers(tx)); i += 1) await new Promise((r) => setTimeout(r, 20));
    await after(tx);
  });
  return work!;
}

/** A deletion request's steps (`eraseCustomerData`), in a transaction that holds the customer's row while `start`ed work is under way. */
function eraseWhile<T>(customerId: number, start: () => Promise<T>): Promise<Promise<T>> {
  let email = '';
  return whileHolding(
    async (tx) => {
      const locked = await lockCustomerForErasure(tx, customerId);
      expect(locked?.erasedAt).toBeNull();
      email = locked!.email.toLowerCase();
    },
    async (tx) => {
      expect(findErasureRefusals(await selectOpenBusiness(tx, customerId))).toEqual([]);
      await eraseSubjectRows(tx, { ids: [customerId], emails: [email] }, { at: new Date(), byId: null, reason: 'request' });
    },
    start,
  );
}

describe('a booking and the office\'s deletion request', () => {
  it('a booking that read the customer before the erasure committed is written to a new record with the booking\'s details (the booking form\'s two steps)', async () => {
    const ruth = await customerWithPastVisit({ firstName: 'Ruth', lastName: 'Race', phone: '905-555-0177' });
    const address = newStreet();
    const hold = holdNextGeocoding();
    const booking = startFormBooking(ruth, address);
    await hold.reached; // the booking has her record in hand and waits on the geocoder

    const erasure = await eraseOnRequest(ruth.id);
    expect(erasure.status, await erasure.clone().text()).toBe(200);
    hold.release();

    const made = await booked(await booking);
    await expectFreshCustomer(made, ruth.id, ruth, address);
    // Her consent to promotional email, ticked in this booking, is on the new record, not on the erased one.
    expect((await customerRow(made.customerId)).marketingConsentAt).not.toBeNull();
    await expectErased(ruth.id);
    expect((await visitsOf(ruth.id)).map((v) => v.id)).toEqual([ruth.visitId]);
  });

  it('an erasure holding the customer\'s row when a booking starts: the booking waits and lands on a new record (either engine)', async () => {
    const sam = await customerWithPastVisit({ firstName: 'Sam', lastName: 'Sameday', phone: '905-555-0199' });
    const address = newStreet();
    const booking = await eraseWhile(sam.id, () => bookWithDetails(sam, address));
    await expectFreshCustomer(await booked(await booking), sam.id, sam, address);
    await expectErased(sam.id);
  });

  it('a booking committed first makes the erasure refuse: a visit is booked', async () => {
    const tess = await customerWithPastVisit({ firstName: 'Tess', lastName: 'First', phone: '905-555-0123' });
    const made = await booked(await bookWithDetails(tess, newStreet()));
    expect(made.customerId).toBe(tess.id);
    const before = await customerRow(tess.id);
    const res = await eraseOnRequest(tess.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/still has visits booked/);
    expect(await customerRow(tess.id)).toEqual(before);
  });

  it('started together, either the booking goes first and the erasure is refused, or the erasure goes first and the booking gets a new record', async () => {
    const uma = await customerWithPastVisit({ firstName: 'Uma', lastName: 'Together', phone: '905-555-0145' });
    const address = newStreet();
    const [erasure, booking] = await Promise.all([eraseOnRequest(uma.id), bookWithDetails(uma, address)]);
    const made = await booked(booking);
    if (erasure.status === 200) {
      await expectFreshCustomer(made, uma.id, uma, address);
      await expectErased(uma.id);
    } else {
      expect(erasure.status).toBe(409);
      expect(made.customerId).toBe(uma.id);
      expect(await customerRow(uma.id)).toMatchObject({ firstName: 'Uma', erasedAt: null });
      expect((await visitsOf(uma.id)).find((v) => v.id === made.appointmentId)).toMatchObject({ address });
    }
  });

  it('never finds an erased customer by the placeholder address, and refuses that address for a booking', async () => {
    const vic = await customerWithPastVisit({ firstName: 'Vic', lastName: 'Placeholder', phone: '905-555-0188' });
    expect((await eraseOnRequest(vic.id)).status).toBe(200);
    const placeholder = `erased-${vic.id}@erased.invalid`;
    const asCustomer = await post(createCustomer, '/api/customers', { firstName: 'Vic', lastName: 'Placeholder', email: placeholder, phone: '905-555-0188' });
    expect(asCustomer.status).toBe(400);
    const res = await bookWithDetails({ ...vic, email: placeholder }, newStreet());
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ email: 'Invalid email address' });
    expect((await visitsOf(vic.id)).map((v) => v.id)).toEqual([vic.visitId]);
  });

  it('the office\'s edit of contact details opened before the erasure is refused after it', async () => {
    const wes = await customerWithPastVisit({ firstName: 'Wes', lastName: 'Editor', phone: '905-555-0166' });
    expect((await eraseOnRequest(wes.id)).status).toBe(200);
    const res = await editCustomer(new Request(`http://localhost/api/admin/customers/${wes.id}`, {
      method: 'PATCH', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Wes', lastName: 'Editor', email: wes.email, phone: '905-555-0166', address: '5 Old Rd', city: 'Hamilton', postalCode: 'L8P 4Y5' }),
    }), { params: Promise.resolve({ id: String(wes.id) }) });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/already been deleted/);
    await expectErased(wes.id);
  });
});

describe('a booking and the retention sweep', () => {
  // Last business in 2018: due for anonymisation since 1 January 2025.
  const LONG_AGO = new Date('2018-05-20T16:00:00Z');

  it('a booking that read the customer before the sweep anonymised them is written to a new record with the booking\'s details', async () => {
    const xena = await customerWithPastVisit({ firstName: 'Xena', lastName: 'Returning', phone: '905-555-0131' }, { at: LONG_AGO, date: '2018-06-01' });
    const address = newStreet();
    const hold = holdNextGeocoding();
    const booking = startFormBooking(xena, address);
    await hold.reached;

    const report = await runRetentionSweep(new Date());
    expect(report.customers).toBeGreaterThanOrEqual(1);
    await expectErased(xena.id);
    hold.release();

    await expectFreshCustomer(await booked(await booking), xena.id, xena, address);
    await expectErased(xena.id);
  });

  it('a writer holding the customer\'s row when the sweep comes: the sweep waits, asks again and keeps the customer (either engine)', async () => {
    const yan = await customerWithPastVisit({ firstName: 'Yan', lastName: 'Holding', phone: '905-555-0132' }, { at: LONG_AGO, date: '2018-06-01' });
    // What a booking writes under the row's lock, committed while the sweep waits for it.
    const sweep = await whileHolding(
      async (tx) => { expect(await lockCustomerForBusiness(tx, yan.id, 'no key update')).toBe(true); },
      async (tx) => {
        await tx.insert(appointments).values({
          customerId: yan.id, bookingRef: `BK-${randomUUID().slice(0, 8).toUpperCase()}`, serviceType: 'onetime', date: takeFriday(), status: 'pending',
          address: '5 Old Rd', city: 'Hamilton', postalCode: 'L8P 4Y5', locale: 'en',
        });
      },
      () => runRetentionSweep(new Date()),
    );
    await sweep;
    expect(await customerRow(yan.id)).toMatchObject({ firstName: 'Yan', erasedAt: null });
    expect((await visitsOf(yan.id)).map((v) => v.address)).toEqual(['5 Old Rd', '5 Old Rd']);
  });

  it('started together, either the booking goes first and the customer is kept, or the sweep goes first and the booking gets a new record', async () => {
    const zoe = await customerWithPastVisit({ firstName: 'Zoe', lastName: 'Together', phone: '905-555-0133' }, { at: LONG_AGO, date: '2018-06-01' });
    const address = newStreet();
    const [, booking] = await Promise.all([runRetentionSweep(new Date()), bookWithDetails(zoe, address)]);
    const made = await booked(booking);
    if ((await customerRow(zoe.id)).erasedAt) {
      await expectFreshCustomer(made, zoe.id, zoe, address);
    } else {
      expect(made.customerId).toBe(zoe.id);
      expect((await visitsOf(zoe.id)).find((v) => v.id === made.appointmentId)).toMatchObject({ address });
    }
  });
});

describe('other writers that attach to an existing customer', () => {
  /** A booking held unpaid with its checkout's intent made, then left until its hold lapsed. */
  async function lapsedBookingWithIntent(person: { firstName: string; lastName: string; email: string; phone: string }) {
    const made = await booked(await bookWithDetails(person, newStreet(), 'pending-payment'));
    const res = await post(createIntent, '/api/create-payment-intent', { appointmentId: made.appointmentId, bookingRef: made.bookingRef });
    expect(res.status, await res.clone().text()).toBe(200);
    const intent = (await res.json()) as { paymentIntentId: string; clientSecret: string; amount: number };
    await (await getDb()).update(appointments).set({ status: 'expired', holdExpiresAt: new Date(Date.now() - 60_000) }).where(eq(appointments.bookingRef, made.bookingRef));
    return { ...made, ...intent };
  }
  const statusesOf = async (bookingRef: string) => [...new Set((await (await getDb()).select({ status: appointments.status }).from(appointments).where(eq(appointments.bookingRef, bookingRef))).map((r) => r.status))];

  it('the checkout of an erased customer\'s lapsed booking is refused: the hold is not taken again and nothing is charged', async () => {
    const ada = { firstName: 'Ada', lastName: 'Checkout', email: `ada.${randomUUID().slice(0, 6)}@example.com`, phone: '905-555-0171' };
    const booking = await lapsedBookingWithIntent(ada);
    expect((await eraseOnRequest(booking.customerId)).status).toBe(200);
    const res = await post(createIntent, '/api/create-payment-intent', { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/could not find this booking/);
    expect(await statusesOf(booking.bookingRef)).toEqual(['expired']);
    expect((await (await getDb()).select().from(payments).where(eq(payments.bookingRef, booking.bookingRef))).length).toBe(1);
  });

  it('a checkout opened before the erasure and paid after it is refunded in full, not confirmed; the office is told, the placeholder address is not', async () => {
    const ben = { firstName: 'Ben', lastName: 'Paidlate', email: `ben.${randomUUID().slice(0, 6)}@example.com`, phone: '905-555-0172' };
    const booking = await lapsedBookingWithIntent(ben);
    expect((await eraseOnRequest(booking.customerId)).status).toBe(200);

    const paid = await post(confirmCard, '/api/test-gateway/confirm', { paymentIntentId: booking.paymentIntentId, clientSecret: booking.clientSecret, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
    expect(paid.status, await paid.clone().text()).toBe(200);

    const db = await getDb();
    const [payment] = await db.select().from(payments).where(eq(payments.paymentIntentId, booking.paymentIntentId));
    expect(payment).toMatchObject({ status: 'succeeded', customerId: booking.customerId });
    expect(await statusesOf(booking.bookingRef)).toEqual(['expired']);
    const refundRows = await db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refundRows).toEqual([expect.objectContaining({ amountCents: payment!.amount, reason: ERASED_CUSTOMER_REFUND_REASON })]);
    const notices = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'staff-notification'), eq(emailOutbox.relatedType, 'payment'), eq(emailOutbox.relatedId, payment!.id)));
    expect(notices.map((n) => n.subject)).toEqual([`Booking ${booking.bookingRef} was paid after the customer's personal data was deleted: full refund sent`]);
    expect(await db.select({ id: emailOutbox.id }).from(emailOutbox).where(like(emailOutbox.toAddress, '%@erased.invalid'))).toEqual([]);
    // The payment page does not say "booked", nor "cancelled": the booking could not be kept and the payment is refunded in full (0056).
    const statusIn = async (locale: string) => (await paymentStatusRoute(new Request(`http://localhost/api/payment-status/${booking.paymentIntentId}`, {
      headers: { 'accept-language': locale },
    }), { params: Promise.resolve({ paymentIntentId: booking.paymentIntentId }) })).json();
    expect(await statusIn('en')).toMatchObject({
      success: false, bookingCancelled: true, bookingEnd: 'not-kept', refundedCents: payment!.amount,
      message: 'We were unable to keep your booking, so it will not go ahead. We are refunding your payment in full ($111.87) to the card you paid with; it will reach your account within 10 business days.',
    });
    expect(((await statusIn('de')) as { message: string }).message).toBe(
      'Wir konnten Ihre Buchung leider nicht aufrechterhalten, daher findet sie nicht statt. Wir erstatten Ihre Zahlung in voller Höhe (111,87\u00a0$) auf die Karte, mit der Sie bezahlt haben; der Betrag wird Ihrem Konto innerhalb von 10 Werktagen gutgeschrieben.',
    );
  });

  it('a re-treatment request from the booking\'s link after the erasure is refused and writes nothing', async () => {
    const cleo = { firstName: 'Cleo', lastName: 'Retreat', email: `cleo.${randomUUID().slice(0, 6)}@example.com`, phone: '905-555-0173' };
    const made = await booked(await bookWithDetails(cleo, newStreet(), 'pending-payment'));
    const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId: made.appointmentId, bookingRef: made.bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
    expect((await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' })).status).toBe(200);
    await (await getDb()).update(appointments).set({ status: 'completed', completedAt: new Date() }).where(eq(appointments.bookingRef, made.bookingRef));
    expect((await eraseOnRequest(made.customerId)).status).toBe(200);

    const token = createManageToken({ bookingRef: made.bookingRef, generation: 0 });
    const ask = () => retreatmentRoute(new Request(`http://localhost/api/manage-booking/${token}/retreatment`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.55.250.1' },
      body: JSON.stringify({ reason: 'pests-back', note: 'They are back.' }),
    }), { params: Promise.resolve({ token }) });
    const res = await ask();
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/does not open a booking/);
    expect(await (await getDb()).select().from(retreatmentRequests).where(eq(retreatmentRequests.bookingRef, made.bookingRef))).toEqual([]);
  });

  it('the season opener queued while an erasure holds the row sends the erased customer nothing (either engine)', async () => {
    const dora = await customerWithPastVisit({ firstName: 'Dora', lastName: 'Opener', phone: '905-555-0174' }, { consent: true, date: '2025-06-06' });
    const now = new Date();
    const { year } = await previewSeasonOpener(now);
    const opener = await eraseWhile(dora.id, () => queueSeasonOpener({ now, year, by: 'test' }));
    await opener;
    const db = await getDb();
    const openers = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'season-opener'), inArray(emailOutbox.relatedId, [dora.id])));
    expect(openers).toEqual([]);
    expect(await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, dora.email))).toEqual([]);
    await expectErased(dora.id);
  });

  it('the office replacing a booking\'s link while an erasure holds the row is refused and emails the old address nothing (either engine)', async () => {
    const eli = await customerWithPastVisit({ firstName: 'Eli', lastName: 'Relink', phone: '905-555-0175' });
    const db = await getDb();
    const [visit] = await db.select({ bookingRef: appointments.bookingRef }).from(appointments).where(eq(appointments.id, eli.visitId));
    // The erasure commits first; the replacement then finds the customer erased.
    await expect(eraseWhile(eli.id, () => replaceManageLink(visit!.bookingRef!, { staffUserId: 1, username: 'admin' }))).rejects.toMatchObject({ code: 'conflict' });
    expect(await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, eli.email))).toEqual([]);
    expect(await db.select({ generation: appointments.manageLinkGeneration }).from(appointments).where(eq(appointments.id, eli.visitId))).toEqual([{ generation: 0 }]);
    await expectErased(eli.id);
  });
});
