/**
 * A visit placed on a Friday that already has routes joins one of them without re-planning the day
 * (docs/decisions/0041): moved there by the office, by the customer from their link, or booked and
 * paid for it. The routes' other stops keep their technicians and their order; a day in the past is
 * left alone; a visit that fits no shift stays "Not on any route" and the move still succeeds.
 * The route handlers are called directly: outside a request the fitting runs before they answer.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { findChangeCutoff } from '@/features/manage-booking/change-cutoff';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { fitLateVisits } from '@/features/routing/late-visits.service';
import { getDayRoutes, optimizeDay, type RouteData } from '@/features/routing/route.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster } from '../support/handlers';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Staff handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { PATCH: patchAppointment } = (await import('@/app/api/admin/appointments/[id]/route')) as unknown as { PATCH: Handler };
const { POST: customerMoveRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/move/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };

const post = jsonPoster(71);

/** Places around Hamilton, a few kilometres apart (the depot is 1 Hunter St E, 43.2557, -79.8690). */
const PLACES = [
  { latitude: 43.2609, longitude: -79.9192 }, { latitude: 43.2386, longitude: -79.888 }, { latitude: 43.23, longitude: -79.82 },
  { latitude: 43.218, longitude: -79.76 }, { latitude: 43.256, longitude: -79.8 }, { latitude: 43.268, longitude: -79.955 },
  { latitude: 43.223, longitude: -79.984 }, { latitude: 43.29, longitude: -79.88 }, { latitude: 43.205, longitude: -79.86 },
  { latitude: 43.245, longitude: -79.935 }, { latitude: 43.274, longitude: -79.83 }, { latitude: 43.196, longitude: -79.9 },
];
/** Within two kilometres of the depot. */
const NEAR_DEPOT = [
  { latitude: 43.2585, longitude: -79.875 }, { latitude: 43.252, longitude: -79.862 }, { latitude: 43.2605, longitude: -79.86 },
  { latitude: 43.25, longitude: -79.877 }, { latitude: 43.2545, longitude: -79.871 },
];

let customerId = 0;
let adminToken = '';
/** Bookable Fridays whose customer cut-off is still ahead, each taken by one test. */
let fridays: string[] = [];
let nextFriday = 0;
const takeFriday = () => fridays[nextFriday++]!;

async function addVisit(date: string, at: { latitude: number; longitude: number }, values: Partial<typeof appointments.$inferInsert> = {}) {
  const { bookingRef, ids } = await insertConfirmedVisits(customerId, date, [{ ...at, ...values }]);
  return { bookingRef, id: ids[0]! };
}

async function loadRoutes(date: string) {
  return (await getDb()).select().from(serviceRoutes).where(eq(serviceRoutes.date, date)).orderBy(asc(serviceRoutes.technicianId));
}

/** Each route's stops, by technician. */
const ordersOf = (routes: Awaited<ReturnType<typeof loadRoutes>>) => new Map(routes.map((r) => [r.technicianId, r.appointmentOrder]));

const officeMove = (id: number, date: string) => patchAppointment(new Request(`http://localhost/api/admin/appointments/${id}`, {
  method: 'PATCH',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ date }),
}), { params: Promise.resolve({ id: String(id) }) });

let customerCalls = 0;
const customerMove = (token: string, visitId: number, date: string) => {
  customerCalls += 1;
  return customerMoveRoute(new Request(`http://localhost/api/manage-booking/${token}/visits/${visitId}/move`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.72.0.${customerCalls}` },
    body: JSON.stringify({ date }),
  }), { params: Promise.resolve({ token, visitId: String(visitId) }) });
};

/**
 * Every route of the day holds together after the fitting: positions 1..n on the route and on the
 * visits, each stop timed after the one before, totals equal to the legs, within the shift.
 */
async function expectConsistentRoutes(date: string) {
  const rows = await loadRoutes(date);
  const visits = new Map((await (await getDb()).select().from(appointments).where(eq(appointments.date, date))).map((v) => [v.id, v]));
  const crew = new Map((await (await getDb()).select().from(technicians)).map((t) => [t.id, t]));
  for (const row of rows) {
    const data = row.routeData as RouteData;
    expect(data.stops.map((s) => s.appointmentId)).toEqual(row.appointmentOrder);
    expect(data.stops.map((s) => s.position)).toEqual(row.appointmentOrder.map((_, i) => i + 1));
    let time = data.departDepotMin;
    for (const stop of data.stops) {
      expect(stop.arrivalMin).toBeGreaterThanOrEqual(time - 1e-6);
      expect(stop.departureMin - stop.startMin).toBeCloseTo(45, 6);
      time = stop.departureMin;
      expect(visits.get(stop.appointmentId)).toMatchObject({ technicianId: row.technicianId, routePosition: stop.position, estimatedArrivalTime: stop.eta });
    }
    expect(data.returnDepotMin).toBeCloseTo(time + data.returnLeg.durationMin, 6);
    expect(data.returnDepotMin).toBeLessThanOrEqual(crew.get(row.technicianId!)!.shiftEndMin + 1e-6);
    const legs = data.stops.reduce((sum, s) => sum + s.legDistanceM, 0) + data.returnLeg.distanceM;
    expect(Math.abs(row.totalDistance! - legs)).toBeLessThanOrEqual(1);
    expect(row.totalDuration).toBe(Math.round(data.returnDepotMin - data.departDepotMin));
  }
}

/** The routes' stops without `added` are exactly the stops planned before, in the same order. */
function expectOrderKept(before: Map<number | null, number[]>, after: Map<number | null, number[]>, added: number[]) {
  expect([...after.keys()]).toEqual([...before.keys()]);
  for (const [technicianId, order] of after) expect(order.filter((id) => !added.includes(id))).toEqual(before.get(technicianId));
}

beforeAll(async () => {
  ({ adminToken } = await signInAdminAndTechnician());
  jar.token = adminToken;
  customerId = await insertCustomer({ email: 'late.visits@example.com' });
  const now = new Date();
  fridays = (await getAvailableDates({ now, stopsNeeded: 2 })).filter((d) => findChangeCutoff(d, 'America/Toronto').getTime() > now.getTime());
  expect(fridays.length).toBeGreaterThan(12);
});

afterAll(() => {
  jar.token = undefined;
});

describe('a visit placed on a Friday that has routes', () => {
  it('joins a route when the office moves it there; every planned stop keeps its technician and order', async () => {
    const friday = takeFriday();
    for (const place of PLACES.slice(0, 6)) await addVisit(friday, place);
    await optimizeDay({ date: friday });
    const before = ordersOf(await loadRoutes(friday));
    expect([...before.values()].flat()).toHaveLength(6);

    const { id } = await addVisit(takeFriday(), PLACES[6]!);
    const res = await officeMove(id, friday);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ date: friday, movedIds: [id] });

    const day = await getDayRoutes(friday);
    expect(day.unassigned).toEqual([]);
    const stop = day.routes.flatMap((r) => r.appointments).find((s) => s.appointment.id === id);
    expect(stop).toMatchObject({ addedAfterPlanning: true, eta: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(day.routes.flatMap((r) => r.appointments).filter((s) => s.addedAfterPlanning).map((s) => s.appointment.id)).toEqual([id]);
    expectOrderKept(before, ordersOf(await loadRoutes(friday)), [id]);
    await expectConsistentRoutes(friday);
  });

  it("joins a route when the customer moves their own visit there from the booking's link", async () => {
    const friday = takeFriday();
    for (const place of PLACES.slice(0, 8)) await addVisit(friday, place);
    await optimizeDay({ date: friday });
    const before = ordersOf(await loadRoutes(friday));

    const { bookingRef, id } = await addVisit(takeFriday(), PLACES[9]!);
    const res = await customerMove(createManageToken({ bookingRef, generation: 0 }), id, friday);
    expect(res.status, await res.clone().text()).toBe(200);

    const routes = await loadRoutes(friday);
    const route = routes.find((r) => r.appointmentOrder.includes(id));
    expect(route).toBeDefined();
    // The technician sees it on their own day sheet, timed and numbered.
    const visit = (await (await getDb()).select().from(appointments).where(eq(appointments.id, id)))[0]!;
    expect(visit).toMatchObject({ date: friday, technicianId: route!.technicianId, routePosition: route!.appointmentOrder.indexOf(id) + 1 });
    expect(visit.estimatedArrivalTime).toMatch(/^\d\d:\d\d$/);
    expectOrderKept(before, ordersOf(routes), [id]);
    await expectConsistentRoutes(friday);
    expect((await getDayRoutes(friday)).unassigned).toEqual([]);
  });

  it('joins a route when it is booked and paid for that Friday (located from its postal code)', async () => {
    const friday = takeFriday();
    for (const place of PLACES.slice(0, 5)) await addVisit(friday, place);
    await optimizeDay({ date: friday });
    const before = ordersOf(await loadRoutes(friday));

    const created = await post(createAppointment, '/api/appointments', {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Imani', lastName: 'Okafor', email: 'imani.late@example.com', phone: '905-555-0177',
      address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: friday, status: 'pending-payment', locale: 'en',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { appointmentId, bookingRef } = (await created.json()) as { appointmentId: number; bookingRef: string };
    const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
    const paid = await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
    expect(paid.status, await paid.clone().text()).toBe(200);

    const routes = await loadRoutes(friday);
    expect(routes.some((r) => r.appointmentOrder.includes(appointmentId))).toBe(true);
    expectOrderKept(before, ordersOf(routes), [appointmentId]);
    await expectConsistentRoutes(friday);
  });

  it('loses neither of two moves onto the same Friday at once', async () => {
    const friday = takeFriday();
    for (const place of PLACES.slice(0, 6)) await addVisit(friday, place);
    await optimizeDay({ date: friday });
    const before = ordersOf(await loadRoutes(friday));
    const first = await addVisit(takeFriday(), PLACES[7]!);
    const second = await addVisit(takeFriday(), PLACES[8]!);

    const answers = await Promise.all([officeMove(first.id, friday), officeMove(second.id, friday)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);

    const routes = await loadRoutes(friday);
    const routed = routes.flatMap((r) => r.appointmentOrder);
    expect(routed).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(new Set(routed).size).toBe(routed.length);
    expectOrderKept(before, ordersOf(routes), [first.id, second.id]);
    await expectConsistentRoutes(friday);
  });

  it('stays "Not on any route" when no shift has room, and the move itself still succeeds', async () => {
    const friday = takeFriday();
    const db = await getDb();
    // Two-hour shifts: two stops near the depot each (8:00 to about 9:40), never a third.
    await db.update(technicians).set({ shiftEndMin: 600 });
    try {
      for (const place of NEAR_DEPOT.slice(0, 4)) await addVisit(friday, place);
      await optimizeDay({ date: friday });
      const before = await loadRoutes(friday);
      expect(before.map((r) => r.appointmentOrder.length)).toEqual([2, 2]);

      const { id } = await addVisit(takeFriday(), NEAR_DEPOT[4]!);
      const res = await officeMove(id, friday);
      expect(res.status).toBe(200);
      expect((await db.select({ date: appointments.date }).from(appointments).where(eq(appointments.id, id)))[0]!.date).toBe(friday);

      expect((await getDayRoutes(friday)).unassigned.map((u) => u.appointment.id)).toEqual([id]);
      const after = await loadRoutes(friday);
      expect(after.map((r) => [r.appointmentOrder, r.routeData, r.totalDistance, r.totalDuration, r.updatedAt])).toEqual(
        before.map((r) => [r.appointmentOrder, r.routeData, r.totalDistance, r.totalDuration, r.updatedAt]),
      );
      expect(await fitLateVisits(friday)).toMatchObject({ outcome: 'fitted', added: [], unassigned: [id] });
    } finally {
      await db.update(technicians).set({ shiftEndMin: 1080 });
    }
  });
});

describe('a day already over', () => {
  it('is left as it was: its late visit stays off the routes', async () => {
    // A Friday before today (2026-11-24 or later): planned the day before, a visit added to it afterwards.
    const past = '2026-10-30';
    const planningDay = new Date('2026-10-29T16:00:00Z');
    for (const place of PLACES.slice(0, 4)) await addVisit(past, place);
    await optimizeDay({ date: past, now: planningDay });
    const before = await loadRoutes(past);
    const { id } = await addVisit(past, PLACES[5]!);

    expect(await fitLateVisits(past)).toEqual({ date: past, outcome: 'pastDay', added: [], unassigned: [] });
    expect(await loadRoutes(past)).toEqual(before);
    expect((await (await getDb()).select().from(appointments).where(eq(appointments.id, id)))[0]).toMatchObject({ technicianId: null, routePosition: null });

    // The same day while it was still to come would have taken it (before 8:00 that morning).
    const thatMorning = new Date('2026-10-30T11:00:00Z');
    expect(await fitLateVisits(past, { now: thatMorning })).toMatchObject({ outcome: 'fitted', added: [expect.objectContaining({ appointmentId: id })], unassigned: [] });
  });

  it('on the day itself, goes only where the technician has not driven yet', async () => {
    const friday = '2026-11-06';
    for (const place of PLACES.slice(0, 6)) await addVisit(friday, place);
    await optimizeDay({ date: friday, now: new Date('2026-11-05T16:00:00Z') });
    const { id } = await addVisit(friday, PLACES[6]!);
    // 11:30 in Hamilton (UTC-5 in November).
    const late = new Date('2026-11-06T16:30:00Z');
    const before = await loadRoutes(friday);
    const fit = await fitLateVisits(friday, { now: late });
    const after = await loadRoutes(friday);
    for (const route of after) {
      const kept = before.find((r) => r.id === route.id)!;
      const data = route.routeData as RouteData;
      const index = route.appointmentOrder.indexOf(id);
      if (index < 0) {
        expect(route).toEqual(kept);
        continue;
      }
      // Every stop the technician set off for before 11:30 is where and when it was.
      const started = (kept.routeData as RouteData).stops.filter((s) => s.arrivalMin - s.legDurationMin <= 690);
      expect(data.stops.slice(0, started.length)).toEqual(started);
      expect(index).toBeGreaterThanOrEqual(started.length);
      expect(data.stops[index]!.arrivalMin).toBeGreaterThan(690);
    }
    expect(fit.added.map((a) => a.appointmentId).concat(fit.unassigned)).toEqual([id]);
  });
});

describe('a full day', () => {
  it('takes one more visit in a few milliseconds of solving: 24 visits, three technicians', async () => {
    const db = await getDb();
    const [crewC] = await db.insert(technicians).values({ branchId: 1, name: 'Crew Late C', color: '#16a34a' }).returning({ id: technicians.id });
    try {
      const friday = takeFriday();
      // The branch takes 24 stops a Friday; this one was given room for a few more.
      await db.insert(serviceDays).values({ branchId: 1, date: friday, capacityOverride: 30 });
      const spread = (i: number) => ({ latitude: 43.19 + ((i * 37) % 100) / 1000, longitude: -79.99 + ((i * 53) % 230) / 1000 });
      for (let i = 0; i < 24; i++) await addVisit(friday, spread(i));
      await optimizeDay({ date: friday });
      const before = ordersOf(await loadRoutes(friday));
      expect([...before.values()].flat()).toHaveLength(24);

      const moved = await addVisit(takeFriday(), spread(24));
      let started = performance.now();
      expect((await officeMove(moved.id, friday)).status).toBe(200);
      const moveMs = performance.now() - started;

      const direct = await addVisit(friday, spread(25));
      started = performance.now();
      const fit = await fitLateVisits(friday);
      const fitMs = performance.now() - started;
      const nothing = performance.now();
      expect(await fitLateVisits(friday)).toMatchObject({ outcome: 'nothingToFit' });
      const noopMs = performance.now() - nothing;

      expect(fit.added.map((a) => a.appointmentId)).toEqual([direct.id]);
      expectOrderKept(before, ordersOf(await loadRoutes(friday)), [moved.id, direct.id]);
      await expectConsistentRoutes(friday);
      console.info(`late visits, 24-visit day, 3 technicians: office move with fitting ${moveMs.toFixed(1)} ms; fitLateVisits ${fitMs.toFixed(1)} ms; nothing to fit ${noopMs.toFixed(1)} ms`);
    } finally {
      await db.update(technicians).set({ isActive: false }).where(eq(technicians.id, crewC!.id));
    }
  });
});
