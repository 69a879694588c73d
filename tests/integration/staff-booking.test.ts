import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { expireUnpaidHolds } from '@/features/booking/booking.service';
import { loadCustomerBookings } from '@/features/cancellations/cancellation.service';
import { priceBooking } from '@/features/pricing/pricing.service';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates } from '@/features/scheduling/available-dates';
import { buildPricingAddress } from '@/features/service-area/pricing-address';
import { whileOutboxHeld } from '../support/outbox-hold';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician, signInOffice } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'staff_session' && jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const { POST: postBooking } = (await import('@/app/api/admin/customers/[id]/bookings/route')) as unknown as { POST: Handler };
const { POST: postResend } = (await import('@/app/api/admin/bookings/[bookingRef]/payment-link/route')) as unknown as { POST: Handler };

const call = (handler: Handler, url: string, params: Record<string, string>, body?: unknown, locale = 'en') => handler(
  new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  }),
  { params: Promise.resolve(params) },
);
const book = (customerId: number, body: unknown, locale = 'en') => call(postBooking, `/api/admin/customers/${customerId}/bookings`, { id: String(customerId) }, body, locale);
/** "Resend the payment link", naming the payment-link emails the screen showed (0097). */
const resend = (bookingRef: string, sent: unknown = 1, locale = 'en') => call(postResend, `/api/admin/bookings/${bookingRef}/payment-link`, { bookingRef }, sent === undefined ? undefined : { sent }, locale);
const { POST: postPublicBooking } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
let visitors = 0;
/** The public booking form for `email` (unpaid), from an address of its own so the per-IP limit stays out of the way. */
const bookAsVisitor = (email: string, date: string) => postPublicBooking(new Request('http://localhost/api/appointments', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.97.0.${(visitors += 1)}` },
  body: JSON.stringify({
    serviceType: 'onetime', propertySize: 0.5, firstName: 'Nadia', lastName: 'Haddad', email, phone: '905-555-0197',
    address: '45 Wilson St W', city: 'Ancaster', postalCode: 'L9G 1N1', date, status: 'pending-payment',
  }),
}), { params: Promise.resolve({}) });

const visitsFor = (type: string) => (type === 'seasonal' ? 5 : type === 'tick-seasonal' ? 3 : 1);
/** A bookable Friday far enough out that the day-before cut-off is later than a day from now. */
const friday = (serviceType = 'onetime', index = 3) =>
  findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType, visitsFor })[index]!;

const order = (date: string, overrides: Record<string, unknown> = {}) => ({
  serviceType: 'onetime', propertySize: 0.5, includeTick: true, includeTargetedInsects: false, extras: [], date,
  address: '45 Wilson St W', city: 'Ancaster', postalCode: 'L9G 1N1', notes: 'Gate code 1234', ...overrides,
});
const newCustomer = (values: Record<string, unknown> = {}) => insertCustomer({ email: `phone.${randomUUID()}@example.com`, ...values });
const bookingRows = async (bookingRef: string) => (await getDb()).select().from(appointments).where(eq(appointments.bookingRef, bookingRef));
const mailsFor = async (appointmentId: number) => (await getDb()).select().from(emailOutbox)
  .where(and(eq(emailOutbox.kind, 'booking-received'), eq(emailOutbox.relatedId, appointmentId)));

let adminToken = '';
let technicianToken = '';
let officeToken = '';
beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  officeToken = await signInOffice('frontdesk');
});

describe('POST /api/admin/customers/[id]/bookings (the office books for a customer on the phone)', () => {
  it('books unpaid at the engine\'s price, holds the Friday for a day, and emails the payment link in the customer\'s language', async () => {
    const customerId = await newCustomer({ locale: 'fr' });
    jar.token = officeToken;
    const date = friday('seasonal');
    const before = Date.now();
    const res = await book(customerId, order(date, { serviceType: 'seasonal', extras: ['natural-barrier'] }));
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json() as { bookingRef: string; appointmentId: number; totalCents: number; subtotalCents: number; taxCents: number; holdExpiresAt: string; emailLocale: string };

    // The same engine the checkout charges, to the cent, HST included.
    const { result } = await priceBooking(
      { serviceType: 'seasonal', propertySize: 0.5, includeTick: true, includeTargetedInsects: false, extras: ['natural-barrier'], address: buildPricingAddress('45 Wilson St W', 'Ancaster') },
      { now: new Date() },
    );
    expect({ subtotalCents: created.subtotalCents, taxCents: created.taxCents, totalCents: created.totalCents })
      .toEqual({ subtotalCents: result.subtotalCents, taxCents: result.taxCents, totalCents: result.totalCents });
    expect(created.totalCents).toBeGreaterThan(0);

    // A day to pay (the Friday is weeks away), not the public half hour.
    const hold = new Date(created.holdExpiresAt).getTime();
    expect(hold).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(hold).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const rows = await bookingRows(created.bookingRef);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row).toMatchObject({ customerId, status: 'pending', address: '45 Wilson St W', city: 'Ancaster', postalCode: 'L9G 1N1', notes: 'Gate code 1234', locale: 'fr', totalCents: result.totalCents });
      expect(row.holdExpiresAt!.getTime()).toBe(hold);
    }

    const [mail, ...more] = await mailsFor(created.appointmentId);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ locale: 'fr' });
    expect(mail!.subject).toContain('Nous avons reçu votre réservation');
    expect(mail!.text).toContain(`/fr/checkout/${created.appointmentId}?ref=${created.bookingRef}`);
    expect(mail!.text).toContain('Nous vous gardons vos vendredis jusqu’au');
    expect(mail!.text).not.toContain('minutes');

    // The customer page says until when the link holds the Fridays.
    const { bookings } = await loadCustomerBookings(customerId);
    expect(bookings.map((b) => [b.bookingRef, b.heldUntil?.getTime()])).toEqual([[created.bookingRef, hold]]);
  });

  it('writes the email in the language the office picks instead', async () => {
    const customerId = await newCustomer({ locale: 'en' });
    jar.token = adminToken;
    const res = await book(customerId, order(friday(), { locale: 'es' }));
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json() as { appointmentId: number; bookingRef: string };
    const [mail] = await mailsFor(created.appointmentId);
    expect(mail).toMatchObject({ locale: 'es' });
    expect(mail!.text).toContain(`/es/checkout/${created.appointmentId}?ref=${created.bookingRef}`);
    expect(mail!.text).toContain('Le guardamos su viernes hasta el');
  });

  it('refuses a total the engine does not give (409 with the real one) and books nothing', async () => {
    const customerId = await newCustomer();
    jar.token = officeToken;
    const res = await book(customerId, order(friday(), { confirmedTotalCents: 1 }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'price_changed' });
    const [n] = await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(appointments).where(eq(appointments.customerId, customerId));
    expect(n!.n).toBe(0);
  });

  it('respects the Friday\'s capacity, and once the hold runs out the expiry job gives the stop back', async () => {
    const db = await getDb();
    const date = friday('onetime', 5);
    await db.insert(serviceDays).values({ branchId: 1, date, capacityOverride: 1 })
      .onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: 1 } });
    jar.token = officeToken;
    const first = await book(await newCustomer(), order(date));
    expect(first.status, await first.clone().text()).toBe(201);
    const held = await first.json() as { bookingRef: string; holdExpiresAt: string };

    const second = await book(await newCustomer(), order(date));
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'day_full' });

    // Nothing is released before the hold ends; just after it, the spot is free again.
    const [heldRow] = await bookingRows(held.bookingRef);
    expect(await expireUnpaidHolds(new Date(new Date(held.holdExpiresAt).getTime() - 1000))).not.toContain(heldRow!.id);
    expect(await expireUnpaidHolds(new Date(new Date(held.holdExpiresAt).getTime() + 1))).toContain(heldRow!.id);
    expect((await bookingRows(held.bookingRef))[0]!.status).toBe('expired');
    const third = await book(await newCustomer(), order(date));
    expect(third.status, await third.clone().text()).toBe(201);
  });

  it('is refused outside the service area with the public booking\'s message', async () => {
    jar.token = officeToken;
    const res = await book(await newCustomer(), order(friday(), { postalCode: 'M5V 2T6', city: 'Toronto' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation', fields: { postalCode: expect.any(String) } });
  });

  it('is the office\'s: a technician gets a translated 403, nobody signed in a 401, and nothing is booked', async () => {
    const customerId = await newCustomer();
    jar.token = technicianToken;
    const res = await book(customerId, order(friday()), 'fr');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('Vous n’avez pas accès à cette ressource.');
    jar.token = undefined;
    expect((await book(customerId, order(friday()))).status).toBe(401);
    const [n] = await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(appointments).where(eq(appointments.customerId, customerId));
    expect(n!.n).toBe(0);
  });

  it('answers an unknown customer with 404', async () => {
    jar.token = officeToken;
    expect((await book(99_999_999, order(friday()))).status).toBe(404);
  });
});

describe('POST /api/admin/bookings/[bookingRef]/payment-link (resend)', () => {
  it('emails the link again while the booking holds its Friday, and refuses once the hold ran out', async () => {
    const customerId = await newCustomer({ locale: 'de' });
    jar.token = officeToken;
    const created = await (await book(customerId, order(friday()))).json() as { bookingRef: string; appointmentId: number; holdExpiresAt: string };

    const res = await resend(created.bookingRef);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ heldUntil: created.holdExpiresAt, locale: 'de', sent: 2 });
    const mails = await mailsFor(created.appointmentId);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ locale: 'de', toAddress: mails[0]!.toAddress, subject: mails[0]!.subject, text: mails[0]!.text });

    jar.token = technicianToken;
    expect((await resend(created.bookingRef)).status).toBe(403);

    jar.token = officeToken;
    await expireUnpaidHolds(new Date(new Date(created.holdExpiresAt).getTime() + 1));
    const late = await resend(created.bookingRef, 2);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ reason: 'hold_ended', message: 'This booking’s hold has ended and its Friday was released. Make a new booking for the customer.' });
    expect((await loadCustomerBookings(customerId)).bookings[0]!.heldUntil).toBeNull();
    expect(await mailsFor(created.appointmentId)).toHaveLength(2);
  });
});

describe('one press of "Resend the payment link" sends one email (0097)', () => {
  it('a double click, whether both clicks arrive together or the second after the first ran, sends one email; a press after the screen reloaded sends again', async () => {
    const customerId = await newCustomer();
    jar.token = officeToken;
    const created = await (await book(customerId, order(friday('onetime', 6)))).json() as { bookingRef: string; appointmentId: number };
    // The screen shows the booking-received email as the one link sent so far.
    expect((await loadCustomerBookings(customerId)).bookings[0]).toMatchObject({ bookingRef: created.bookingRef, linksSent: 1 });

    // Both clicks at once, each naming the one email the screen showed: one goes, the other is told.
    const together = await whileOutboxHeld(() => Promise.all([resend(created.bookingRef, 1), resend(created.bookingRef, 1)]));
    expect(together.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = await together.find((r) => r.status === 409)!.json();
    expect(refused).toMatchObject({ reason: 'sent_meanwhile', sent: 2, message: 'The payment link has just been sent again, from this screen or another: the customer will get it. This click sent nothing more.' });
    expect(await mailsFor(created.appointmentId)).toHaveLength(2);

    // The second click after the first has run (a slow double click, a second screen not reloaded): refused, in the clerk's language.
    const late = await resend(created.bookingRef, 1, 'fr');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ reason: 'sent_meanwhile', message: 'Le lien de paiement vient d’être renvoyé, depuis cet écran ou un autre\u00a0: le client le recevra. Ce clic n’a rien envoyé de plus.' });
    expect(await mailsFor(created.appointmentId)).toHaveLength(2);

    // Reloaded, the screen shows two, and a deliberate press sends a third.
    expect((await loadCustomerBookings(customerId)).bookings[0]!.linksSent).toBe(2);
    const again = await resend(created.bookingRef, 2);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await again.json()).toMatchObject({ sent: 3 });
    expect(await mailsFor(created.appointmentId)).toHaveLength(3);
  });

  it('refuses a press that does not say what the screen showed (400), and sends nothing', async () => {
    const customerId = await newCustomer();
    jar.token = officeToken;
    const created = await (await book(customerId, order(friday('onetime', 7)))).json() as { bookingRef: string; appointmentId: number };
    const withoutBody = await call(postResend, `/api/admin/bookings/${created.bookingRef}/payment-link`, { bookingRef: created.bookingRef });
    expect(withoutBody.status).toBe(400);
    for (const sent of [null, 'one', -1, 1.5]) {
      const res = await resend(created.bookingRef, sent);
      expect(res.status, String(sent)).toBe(400);
    }
    expect(await mailsFor(created.appointmentId)).toHaveLength(1);
  });
});

describe('the public limit of 5 bookings per email an hour (0097)', () => {
  it('is the visitors\': the office\'s bookings for a customer neither spend it nor are refused by it', async () => {
    const email = `limit.${randomUUID()}@example.com`;
    const customerId = await newCustomer({ email });
    // Fridays no other test here books.
    const dates = findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType: 'onetime', visitsFor }).slice(8);
    expect(dates.length).toBeGreaterThanOrEqual(13);
    jar.token = officeToken;

    // Six bookings from the office in the hour: more than a visitor may make.
    for (const date of dates.slice(0, 6)) {
      const res = await book(customerId, order(date));
      expect(res.status, `${date}: ${await res.clone().text()}`).toBe(201);
    }

    // The customer's own five still go, and the sixth is refused: the limit holds for visitors.
    jar.token = undefined;
    for (const date of dates.slice(6, 11)) {
      const res = await bookAsVisitor(email, date);
      expect(res.status, `${date}: ${await res.clone().text()}`).toBe(201);
    }
    expect((await bookAsVisitor(email, dates[11]!)).status).toBe(429);

    // With the visitor's budget spent, the office still books for them.
    jar.token = officeToken;
    const res = await book(customerId, order(dates[12]!));
    expect(res.status, await res.clone().text()).toBe(201);
  });
});
