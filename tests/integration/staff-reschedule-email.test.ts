/**
 * The customer's email when staff give a visit another Friday (PATCH /api/admin/appointments/{id}
 * `{ date }`): queued with the move, in the language the customer booked in, with the visits'
 * calendar events under the receipt's UIDs and a higher SEQUENCE. Refused moves and status
 * changes queue nothing.
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { formatLongDate } from '@/lib/format';
import { findPastFriday } from '../support/past-fridays';
import { insertCustomer } from '../support/records';
import { type Handler, jsonPoster } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';
import { calendarEvents, emailsTo } from '../support/outbox';

// Route handlers read the staff cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { PATCH: patchAppointment } = (await import('@/app/api/admin/appointments/[id]/route')) as unknown as { PATCH: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };

const post = jsonPoster(8);

/** Staff send the PATCH in their own language (the cookie); the customer's email ignores it. */
const patch = (id: number, body: unknown, staffLocale = 'en') => patchAppointment(new Request(`http://localhost/api/admin/appointments/${id}`, {
  method: 'PATCH',
  headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${staffLocale}` },
  body: JSON.stringify(body),
}), { params: Promise.resolve({ id: String(id) }) });

let customerId = 0;
/** Bookable Fridays with room for two stops, each handed to one test only. */
let fridays: string[] = [];
let nextFriday = 0;
const takeFriday = () => fridays[nextFriday++]!;

/** Books online and pays with the test card: the visits are confirmed and the receipt (with .ics) is queued. */
async function bookAndPay(booking: { email: string; locale: string; date: string; includeTargetedInsects?: boolean }) {
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Camille', lastName: 'Roy', email: booking.email, phone: '905-555-0101',
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: booking.date, status: 'pending-payment',
    locale: booking.locale, includeTargetedInsects: booking.includeTargetedInsects ?? false,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: '4242424242424242', expiry: '12/34', cvc: '123' });
  expect(paid.status).toBe(200);
  return { bookingRef, ids: visits.map((v) => v.id) };
}

/** Visits written straight to the table (the booking flows are not under test here). */
async function addVisits(date: string, status: string, options: { serviceTypes?: string[]; paid?: boolean; locale?: string; bookingRef?: string } = {}) {
  const db = await getDb();
  const bookingRef = options.bookingRef ?? `BK-${randomUUID().slice(0, 8).toUpperCase()}`;
  const rows = await db.insert(appointments)
    .values((options.serviceTypes ?? ['onetime']).map((serviceType, i) => ({
      customerId, bookingRef, serviceType, date, status, address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5',
      visitNumber: i + 1, locale: options.locale ?? 'en',
    })))
    .returning({ id: appointments.id });
  if (options.paid) {
    await db.insert(payments).values({
      customerId, bookingRef, provider: 'test', paymentIntentId: `pi_${randomUUID()}`, idempotencyKey: randomUUID(), amount: 12_430, status: 'succeeded',
    });
  }
  return { bookingRef, ids: rows.map((r) => r.id) };
}

async function countOutbox() {
  const [row] = await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
  return row!.n;
}

async function readDates(ids: number[]) {
  const rows = await (await getDb()).select({ id: appointments.id, date: appointments.date, status: appointments.status })
    .from(appointments).where(inArray(appointments.id, ids)).orderBy(appointments.id);
  return rows;
}

/** UID and SEQUENCE (0 when absent, as iCalendar reads it) of each attached event. */
beforeAll(async () => {
  const { adminToken } = await signInAdminAndTechnician();
  jar.token = adminToken;
  customerId = await insertCustomer({ email: 'olivia@example.com', firstName: 'Olivia' });
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(15);
});

describe('moving a visit emails the customer', () => {
  it('queues one email in the language the customer booked in, with the calendar events of the receipt updated', async () => {
    const from = takeFriday();
    const to = takeFriday();
    const email = 'camille@example.com';
    // A one-time treatment with targeted insects: two visits on one Friday, which move together.
    const booking = await bookAndPay({ email, locale: 'fr', date: from, includeTargetedInsects: true });
    expect(booking.ids).toHaveLength(2);
    const [receipt] = await emailsTo(email, 'receipt');
    const receiptEvents = calendarEvents(receipt!.attachments);
    expect(receiptEvents).toHaveLength(2);
    expect(await emailsTo(email, 'visit-moved')).toEqual([]);

    // Staff work in German; the customer booked in French.
    const res = await patch(booking.ids[0]!, { date: to }, 'de');
    expect(res.status).toBe(200);
    expect((await res.json()).movedIds).toEqual(booking.ids);

    const moved = await emailsTo(email, 'visit-moved');
    expect(moved).toHaveLength(1);
    const [mail] = moved;
    expect(mail).toMatchObject({ locale: 'fr', relatedType: 'appointment', relatedId: booking.ids[0], status: 'pending' });
    expect(mail!.subject).toBe(`Nouvelle date pour votre visite\u00a0: ${formatLongDate(to, 'fr')}`);
    expect(mail!.text).toContain(`Date précédente\u00a0: ${formatLongDate(from, 'fr')}`);
    expect(mail!.text).toContain(`Nouvelle date\u00a0: ${formatLongDate(to, 'fr')}`);
    expect(mail!.text).toContain('Prestation\u00a0: Traitement unique, Traitement des eaux stagnantes');
    expect(mail!.text).toContain('Adresse du service\u00a0: 12 King St W, Hamilton, L8P 1A1');
    expect(mail!.text).toContain(`Numéro de réservation\u00a0: ${booking.bookingRef}`);
    // Who sent it, with the mailing address the branch row holds.
    expect(mail!.text).toContain('Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1');
    expect(mail!.text).toContain('Appelez-nous au (905) 555-0134');
    expect(mail!.html).toContain('<html lang="fr">');

    // Same events as the receipt's (same UIDs), a later revision, on the new Friday.
    const events = calendarEvents(mail!.attachments);
    expect(events.map((e) => e.uid)).toEqual(receiptEvents.map((e) => e.uid));
    expect(events.map((e) => e.uid)).toEqual(booking.ids.map((id) => `${booking.bookingRef}-${id}@escarpmentmosquito.ca`));
    for (const [i, event] of events.entries()) expect(event.sequence).toBeGreaterThan(receiptEvents[i]!.sequence);
    expect(events.every((e) => e.start?.startsWith(to.replaceAll('-', '')))).toBe(true);

    // A second move sends a second email whose events are a later revision again.
    const later = takeFriday();
    await moveAppointment(booking.ids[1]!, later, { now: new Date(Date.now() + 5_000) });
    const [, second] = await emailsTo(email, 'visit-moved');
    expect(second!.text).toContain(`Date précédente\u00a0: ${formatLongDate(to, 'fr')}`);
    const again = calendarEvents(second!.attachments);
    expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    for (const [i, event] of again.entries()) expect(event.sequence).toBeGreaterThan(events[i]!.sequence);
  });

  it('tells a paid customer whose Friday was full the new date, in their language', async () => {
    const full = takeFriday();
    const to = takeFriday();
    const { bookingRef, ids } = await addVisits(full, 'expired', { paid: true, locale: 'de' });
    expect((await patch(ids[0]!, { date: to })).status).toBe(200);
    const [mail, ...more] = (await emailsTo('olivia@example.com', 'visit-moved')).filter((m) => m.relatedId === ids[0]);
    expect(more).toEqual([]);
    expect(mail!.locale).toBe('de');
    expect(mail!.subject).toBe(`Neuer Termin für Ihren Besuch: ${formatLongDate(to, 'de')}`);
    expect(mail!.text).toContain('Hallo Olivia,');
    expect(mail!.text).toContain(`Ursprünglich gewählter Termin: ${formatLongDate(full, 'de')}`);
    expect(mail!.text).toContain(`Neuer Termin: ${formatLongDate(to, 'de')}`);
    expect(mail!.text).toContain('Einsatzadresse: 71 Main St W, Hamilton, L8P 4Y5');
    expect(calendarEvents(mail!.attachments)).toMatchObject([{ uid: `${bookingRef}-${ids[0]}@escarpmentmosquito.ca`, sequence: expect.any(Number) }]);
    expect(calendarEvents(mail!.attachments)[0]!.sequence).toBeGreaterThan(0);
  });

  it('falls back to English for a visit stored without a known language, and names a plan\'s other visits as unchanged', async () => {
    const from = takeFriday();
    const to = takeFriday();
    const { bookingRef, ids } = await addVisits(from, 'confirmed', { serviceTypes: ['seasonal'], locale: 'pt' });
    // The plan's next visit, three Fridays after the new date (a plan's visits stay 14 days apart, 0035), stays where it is.
    takeFriday();
    takeFriday();
    await addVisits(takeFriday(), 'confirmed', { serviceTypes: ['seasonal'], locale: 'pt', bookingRef });
    expect((await patch(ids[0]!, { date: to }, 'fr')).status).toBe(200);
    const [mail] = (await emailsTo('olivia@example.com', 'visit-moved')).filter((m) => m.relatedId === ids[0]);
    expect(mail!.locale).toBe('en');
    expect(mail!.subject).toBe(`New date for your visit: ${formatLongDate(to, 'en')}`);
    expect(mail!.text).toContain(`Previous date: ${formatLongDate(from, 'en')}`);
    expect(mail!.text).toContain('The dates of your other visits have not changed.');
  });
});

describe('nothing is emailed when nothing moves', () => {
  it('queues nothing for a full Friday (409), a date that is not bookable (400), a visit staff cannot move or the Friday it is on; one email once it moves', async () => {
    const from = takeFriday();
    const full = takeFriday();
    await (await getDb()).insert(serviceDays).values({ branchId: 1, date: full, capacityOverride: 1 });
    await addVisits(full, 'confirmed');
    const { ids: [id] } = await addVisits(from, 'confirmed');
    const { ids: [unpaid] } = await addVisits(from, 'pending');
    const saturday = new Date(`${from}T12:00:00Z`);
    saturday.setUTCDate(saturday.getUTCDate() + 1);
    const before = await countOutbox();

    expect((await patch(id!, { date: full })).status).toBe(409);
    expect((await patch(id!, { date: saturday.toISOString().slice(0, 10) })).status).toBe(400);
    expect((await patch(id!, { date: '2027-02-30' })).status).toBe(400);
    expect((await patch(id!, { date: '2026-11-20' })).status).toBe(400);
    expect((await patch(unpaid!, { date: takeFriday() })).status).toBe(409);
    const same = await patch(id!, { date: from });
    expect(await same.json()).toMatchObject({ movedIds: [] });

    expect(await countOutbox()).toBe(before);
    expect(await readDates([id!, unpaid!])).toMatchObject([{ date: from, status: 'confirmed' }, { date: from, status: 'pending' }]);
    // The same visit moved for real: exactly one email.
    expect((await patch(id!, { date: takeFriday() })).status).toBe(200);
    expect(await countOutbox()).toBe(before + 1);
  });

  it('queues only the visit report when staff mark a visit completed, nothing when they take it back, and one email for a move', async () => {
    // Last Friday's visit: staff mark a visit completed from its day on (0057).
    const { ids: [id] } = await addVisits(findPastFriday(), 'confirmed');
    const before = await countOutbox();
    expect(await (await patch(id!, { status: 'completed' })).json()).toMatchObject({ status: 'completed' });
    // The customer's visit report (docs/decisions/0038), queued once.
    expect(await countOutbox()).toBe(before + 1);
    expect(await (await patch(id!, { status: 'confirmed' })).json()).toMatchObject({ status: 'confirmed' });
    expect(await countOutbox()).toBe(before + 1);
    // A move with `status: 'confirmed'` is a move, and is emailed once.
    expect((await patch(id!, { date: takeFriday(), status: 'confirmed' })).status).toBe(200);
    expect(await countOutbox()).toBe(before + 2);
  });

  it('moves nothing when the email cannot be queued: the move and its email commit together', async () => {
    const db = await getDb();
    const from = takeFriday();
    const to = takeFriday();
    const broken = await insertCustomer({ email: 'broken@example.com' });
    const bookingRef = `BK-${randomUUID().slice(0, 8).toUpperCase()}`;
    const [row] = await db.insert(appointments)
      .values({ customerId: broken, bookingRef, serviceType: 'onetime', date: from, status: 'confirmed', address: '1 Bay St N', city: 'Hamilton' })
      .returning({ id: appointments.id });
    const stopsBefore = await countActiveStops(db, 1, to, new Date());
    await db.execute(sql.raw(`create or replace function refuse_moved_email() returns trigger language plpgsql as $$
      begin if new.to_address = 'broken@example.com' then raise exception 'outbox unavailable'; end if; return new; end $$`));
    await db.execute(sql.raw('create trigger refuse_moved_email before insert on email_outbox for each row execute function refuse_moved_email()'));
    try {
      expect((await patch(row!.id, { date: to })).status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_moved_email on email_outbox'));
    }
    expect(await readDates([row!.id])).toMatchObject([{ date: from, status: 'confirmed' }]);
    expect(await countActiveStops(db, 1, to, new Date())).toBe(stopsBefore);
    expect(await emailsTo('broken@example.com', 'visit-moved')).toEqual([]);
  });
});
