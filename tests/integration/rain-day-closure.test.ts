/**
 * A rained-out Friday is closed to bookings when the office moves it (docs/decisions/0071): nothing
 * offers it (the public calendar, both move dialogs, re-treatments, the next rain day), a booking,
 * a move, a customer's move, a re-treatment or a rain day onto it is refused in the caller's
 * language, a booking that reaches the day's lock while it closes cannot slip in, no late visit
 * joins its routes, and reopening it (admins only) makes it bookable again.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { retreatmentRequests } from '@/db/schema/retreatments';
import { staffUsers } from '@/db/schema/staff';
import { findChangeCutoff } from '@/features/manage-booking/change-cutoff';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { fitLateVisits } from '@/features/routing/late-visits.service';
import { getDayRoutes, getTechnicianDay, optimizeDay } from '@/features/routing/route.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { formatLongDate } from '@/lib/format';
import type { Handler } from '../support/handlers';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the staff cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

/**
 * The rain day's closing, held open on request: the day's row stays locked (and on PGlite every
 * other statement waits) until the test lets it commit, so a booking can be started inside it.
 */
const hold = vi.hoisted(() => ({ next: null as null | { reached: () => void; release: Promise<void> } }));
vi.mock('@/features/scheduling/capacity.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/features/scheduling/capacity.repository')>();
  return {
    ...actual,
    closeServiceDay: async (...args: Parameters<typeof actual.closeServiceDay>) => {
      const result = await actual.closeServiceDay(...args);
      const held = hold.next;
      hold.next = null;
      if (held) {
        held.reached();
        await held.release;
      }
      return result;
    },
  };
});

const { GET: previewRoute, POST: rainRoute } = (await import('@/app/api/admin/rain-day/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: reopenRoute } = (await import('@/app/api/admin/rain-day/reopen/route')) as unknown as { POST: Handler };
const { GET: availableRoute } = (await import('@/app/api/appointments/available-dates/route')) as unknown as { GET: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { PATCH: patchAppointment } = (await import('@/app/api/admin/appointments/[id]/route')) as unknown as { PATCH: Handler };
const { GET: officeDatesRoute } = (await import('@/app/api/admin/appointments/[id]/dates/route')) as unknown as { GET: Handler };
const { GET: customerDatesRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/dates/route')) as unknown as { GET: Handler };
const { POST: customerMoveRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/move/route')) as unknown as { POST: Handler };
const { GET: retreatmentDatesRoute } = (await import('@/app/api/retreatments/[id]/dates/route')) as unknown as { GET: Handler };
const { POST: scheduleRoute } = (await import('@/app/api/retreatments/[id]/schedule/route')) as unknown as { POST: Handler };
const { GET: routesRoute } = (await import('@/app/api/routes/route')) as unknown as { GET: Handler };

let sent = 0;
/** A request to a handler in `locale`, each from its own client address (the public limits are per address). */
function call(handler: Handler, path: string, init: { method?: string; body?: unknown; locale?: string; params?: Record<string, string> } = {}) {
  sent += 1;
  return handler(new Request(`http://localhost${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-forwarded-for': `10.91.${Math.floor(sent / 200)}.${sent % 200}`,
      'accept-language': init.locale ?? 'en',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  }), { params: Promise.resolve(init.params ?? {}) });
}

const rainDay = (date: string, to: string, locale = 'en') => call(rainRoute, '/api/admin/rain-day', { body: { date, to }, locale });
const reopen = (date: string, locale = 'en') => call(reopenRoute, '/api/admin/rain-day/reopen', { body: { date }, locale });
const offered = async (query = '') => ((await (await call(availableRoute, `/api/appointments/available-dates${query}`)).json()) as { dates: string[] }).dates;
const book = (date: string, locale = 'en') => call(createAppointment, '/api/appointments', {
  locale,
  body: {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Rosa', lastName: 'Lluvia', email: `closed-${randomUUID().slice(0, 8)}@example.com`,
    phone: '905-555-0101', address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date, status: 'pending-payment', locale,
  },
});
const officeMove = (id: number, date: string, locale = 'en') => call(patchAppointment, `/api/admin/appointments/${id}`, { method: 'PATCH', body: { date }, locale, params: { id: String(id) } });
const officeDates = async (id: number) => ((await (await call(officeDatesRoute, `/api/admin/appointments/${id}/dates`, { params: { id: String(id) } })).json()) as { dates: string[] }).dates;

let adminToken = '';
let technicianToken = '';
let customerId = 0;
/** Bookable Fridays whose customer cut-off is still ahead, each taken by one use. */
let fridays: string[] = [];
let nextFriday = 0;
const takeFriday = () => fridays[nextFriday++]!;

/** A paid visit confirmed on `date` (the booking flow is not the subject here). */
async function confirmedVisit(date: string) {
  const { bookingRef, ids } = await insertConfirmedVisits(customerId, date);
  return { bookingRef, id: ids[0]!, token: createManageToken({ bookingRef, generation: 0 }) };
}

async function readDay(date: string) {
  const [row] = await (await getDb()).select().from(serviceDays).where(and(eq(serviceDays.branchId, 1), eq(serviceDays.date, date)));
  return row;
}

const stopsOn = async (date: string) => countActiveStops(await getDb(), 1, date, new Date());

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  customerId = await insertCustomer({ email: 'closed.friday@example.com' });
  const now = new Date();
  fridays = (await getAvailableDates({ now, stopsNeeded: 2 })).filter((d) => findChangeCutoff(d, 'America/Toronto').getTime() > now.getTime());
  expect(fridays.length).toBeGreaterThan(14);
});

describe('a rained-out Friday, once the office moves it', () => {
  it('is closed with why, when, by whom and where its visits went, and no list offers it any more', async () => {
    jar.token = adminToken;
    const date = takeFriday();
    const to = takeFriday();
    const elsewhere = await confirmedVisit(takeFriday());
    await confirmedVisit(date);
    expect(await offered()).toContain(date);
    expect(await officeDates(elsewhere.id)).toContain(date);

    const before = Date.now();
    const moved = await rainDay(date, to);
    expect(moved.status, await moved.clone().text()).toBe(200);

    const [office] = await (await getDb()).select({ id: staffUsers.id, name: staffUsers.displayName }).from(staffUsers).where(eq(staffUsers.username, 'office'));
    const row = await readDay(date);
    expect(row).toMatchObject({ isClosed: true, closedReason: 'rain', closedById: office!.id, movedTo: [to] });
    expect(row!.closedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The public calendar, for a single visit and for a plan.
    expect(await offered()).not.toContain(date);
    expect(await offered('?serviceType=onetime&includeTargetedInsects=true')).not.toContain(date);
    // The office's move dialog and the customer's own.
    expect(await officeDates(elsewhere.id)).not.toContain(date);
    const customerDates = await call(customerDatesRoute, `/api/manage-booking/${elsewhere.token}/visits/${elsewhere.id}/dates`, { params: { token: elsewhere.token, visitId: String(elsewhere.id) } });
    expect(customerDates.status).toBe(200);
    expect(((await customerDates.json()) as { dates: string[] }).dates).not.toContain(date);
    // The next rain day's targets.
    const next = takeFriday();
    await confirmedVisit(next);
    const preview = await call(previewRoute, `/api/admin/rain-day?date=${next}`);
    expect(((await preview.json()) as { targets: string[] }).targets).not.toContain(date);

    // The route manager and the day sheet are told.
    const routes = (await (await call(routesRoute, `/api/routes?date=${date}`)).json()) as { closure: unknown };
    expect(routes.closure).toEqual({ reason: 'rain', closedAt: row!.closedAt!.toISOString(), closedBy: office!.name, movedTo: [to] });
    expect((await getTechnicianDay(1, date)).closure).toMatchObject({ reason: 'rain', movedTo: [to] });
    expect((await getDayRoutes(to)).closure).toBeNull();
  });

  it('refuses a booking, the office\'s move, the customer\'s move, a re-treatment and a rain day onto it, each in the caller\'s language', async () => {
    jar.token = adminToken;
    const date = takeFriday();
    const to = takeFriday();
    await confirmedVisit(date);
    expect((await rainDay(date, to)).status).toBe(200);

    const booked = await book(date, 'fr');
    expect(booked.status).toBe(409);
    // With the next open Friday since 0072.
    const next = (await getAvailableDates({ now: new Date(), serviceType: 'onetime' })).find((d) => d > date)!;
    expect(await booked.json()).toMatchObject({ code: 'day_full', nextDate: next, message: `Désolé, ce vendredi est fermé aux réservations. Le prochain vendredi libre est le ${formatLongDate(next, 'fr')}.` });

    const visit = await confirmedVisit(takeFriday());
    const moved = await officeMove(visit.id, date, 'de');
    expect(moved.status).toBe(409);
    expect(await moved.json()).toMatchObject({ message: 'Dieser Freitag ist für Buchungen gesperrt. Wählen Sie einen anderen Freitag oder geben Sie ihn zuerst im Routenplaner wieder frei.', reason: 'closed' });

    const own = await call(customerMoveRoute, `/api/manage-booking/${visit.token}/visits/${visit.id}/move`, { body: { date }, locale: 'es', params: { token: visit.token, visitId: String(visit.id) } });
    expect(own.status).toBe(409);
    expect((await own.json()).message).toBe('Ese viernes ya no está disponible. Elija otro viernes.');

    // A free re-treatment asked for after a visit that was done.
    const done = await insertConfirmedVisits(customerId, fridays[0]!, [{ status: 'completed', completedAt: new Date() }]);
    const [request] = await (await getDb()).insert(retreatmentRequests).values({ branchId: 1, bookingRef: done.bookingRef, customerId, reason: 'pests-back' }).returning({ id: retreatmentRequests.id });
    const params = { id: String(request!.id) };
    expect(((await (await call(retreatmentDatesRoute, `/api/retreatments/${request!.id}/dates`, { params })).json()) as { dates: string[] }).dates).not.toContain(date);
    const retreatment = await call(scheduleRoute, `/api/retreatments/${request!.id}/schedule`, { body: { date }, params });
    expect(retreatment.status).toBe(409);
    expect((await retreatment.json()).message).toBe('That Friday is closed to bookings. Please choose another one, or reopen it on the route manager first.');

    const another = takeFriday();
    await confirmedVisit(another);
    const rainOnto = await rainDay(another, date);
    expect(rainOnto.status).toBe(409);
    expect((await rainOnto.json()).fields).toEqual({ to: 'That Friday is closed to bookings. Reopen it first, or pick another Friday.' });

    // Nothing landed on it.
    expect(await stopsOn(date)).toBe(0);
  });

  it('keeps who closed it and when through a second rain day over it, and adds the Friday the rest went to', async () => {
    jar.token = adminToken;
    const date = takeFriday();
    const [to, later] = [takeFriday(), takeFriday()];
    await confirmedVisit(date);
    expect((await rainDay(date, to)).status).toBe(200);
    const first = await readDay(date);
    // An unpaid hold on the day when it rained, paid afterwards: confirmed on the closed Friday.
    await confirmedVisit(date);
    expect((await rainDay(date, later, 'en')).status).toBe(200);
    expect(await readDay(date)).toMatchObject({ isClosed: true, closedAt: first!.closedAt, closedById: first!.closedById, movedTo: [to, later] });
  });
});

describe('a booking racing the rain day for the Friday it closes', () => {
  it('cannot slip in: started while the day\'s lock is held by the closing, it is refused, in German, and writes nothing', async () => {
    jar.token = adminToken;
    const date = takeFriday();
    const to = takeFriday();
    await confirmedVisit(date);
    let reached!: () => void;
    let release!: () => void;
    const closing = new Promise<void>((resolve) => { reached = resolve; });
    hold.next = { reached, release: new Promise<void>((resolve) => { release = resolve; }) };

    const moving = rainDay(date, to);
    // (A rain day that never closes the day answers without stopping here: the booking then goes through.)
    await Promise.race([closing, moving]);
    // The day is closed but not committed: the booking read the day as open if it read it at all.
    const booking = book(date, 'de');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [moved, booked] = await Promise.all([moving, booking]);
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(booked.status).toBe(409);
    const next = (await getAvailableDates({ now: new Date(), serviceType: 'onetime' })).find((d) => d > date)!;
    expect((await booked.json()).message).toBe(`Dieser Freitag ist leider für Buchungen geschlossen. Der nächste freie Freitag ist der ${formatLongDate(next, 'de')}.`);
    expect(await stopsOn(date)).toBe(0);
    const written = await (await getDb()).select({ id: appointments.id }).from(appointments).where(and(eq(appointments.date, date), eq(appointments.status, 'pending-payment')));
    expect(written).toEqual([]);
  });
});

describe('reopening a Friday closed for rain', () => {
  it('is for admins, makes the day offered and bookable again, and refuses a day that is open or past', async () => {
    const date = takeFriday();
    const to = takeFriday();
    jar.token = adminToken;
    await confirmedVisit(date);
    expect((await rainDay(date, to)).status).toBe(200);

    jar.token = undefined;
    expect((await reopen(date)).status).toBe(401);
    jar.token = technicianToken;
    expect((await reopen(date)).status).toBe(403);
    expect((await readDay(date))!.isClosed).toBe(true);

    jar.token = adminToken;
    const reopened = await reopen(date);
    expect(reopened.status, await reopened.clone().text()).toBe(200);
    expect(await reopened.json()).toEqual({ date, closure: null });
    expect(await readDay(date)).toMatchObject({ isClosed: false, closedReason: null, closedAt: null, closedById: null, movedTo: [] });
    expect(await offered()).toContain(date);
    expect((await getDayRoutes(date)).closure).toBeNull();

    // Bookable again, and a visit can be moved back onto it.
    expect((await book(date)).status).toBe(201);
    const visit = await confirmedVisit(takeFriday());
    expect((await officeMove(visit.id, date)).status).toBe(200);

    const again = await reopen(date, 'fr');
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('Ce vendredi n’est pas fermé\u00a0: il est déjà ouvert aux réservations.');
    const past = await reopen('2020-06-05');
    expect(past.status).toBe(400);
    expect((await past.json()).fields).toEqual({ date: 'This Friday has already passed, so there is nothing to reopen.' });
  });
});

describe('late visits on a closed Friday', () => {
  it('join none of its routes: a hold paid after the rain day waits for the office, not on a crew\'s sheet', async () => {
    const date = takeFriday();
    const places = [
      { latitude: 43.2609, longitude: -79.9192 }, { latitude: 43.2386, longitude: -79.888 }, { latitude: 43.23, longitude: -79.82 },
    ];
    for (const place of places.slice(0, 2)) await insertConfirmedVisits(customerId, date, [place]);
    await optimizeDay({ date });
    const { ids: [late] } = await insertConfirmedVisits(customerId, date, [places[2]!]);
    await (await getDb()).insert(serviceDays).values({ branchId: 1, date, isClosed: true, closedReason: 'rain' })
      .onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { isClosed: true, closedReason: 'rain' } });

    const fit = await fitLateVisits(date);
    expect(fit).toMatchObject({ outcome: 'closed', added: [] });
    expect((await getDayRoutes(date)).unassigned.map((v) => v.appointment.id)).toEqual([late]);
  });
});
