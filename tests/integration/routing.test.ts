import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { DEMO_ADDRESSES } from '@/db/seed-data/demo-addresses';
import { findOrCreateCustomer } from '@/features/booking/booking.service';
import { DEMO_TECHNICIAN } from '@/features/routing/demo-crew.repository';
import { formatClockTime } from '@/features/routing/build-problem';
import { getDayRoutes, optimizeDay, type RouteData } from '@/features/routing/route.service';
import { buildGreatCircleMatrix } from '@/features/routing/travel/distance-matrix';
import { signIn } from '@/features/staff-auth/session.service';
import { pickDemoFriday, seedDemoSeason, seedStaffAccount } from '@/server/bootstrap/seed';

// Route handlers read the session cookie through next/headers; outside Next there is no request
// scope, so the test supplies the cookie jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: getRoutes } = await import('@/app/api/routes/route');
const { GET: getAppointments } = await import('@/app/api/routes/appointments/route');
const { POST: postOptimize } = await import('@/app/api/routes/optimize/route');
const { GET: getTechnicianRoute } = await import('@/app/api/routes/technician/route');

const NOW = new Date('2027-04-01T12:00:00Z');
const FRIDAY = pickDemoFriday(NOW);
const DEPOT = { latitude: 43.2557, longitude: -79.869 };
const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };

async function loadSavedRoutes() {
  const db = await getDb();
  return db.select().from(serviceRoutes).where(eq(serviceRoutes.date, FRIDAY));
}

async function loadDayAppointments() {
  const db = await getDb();
  return db.select().from(appointments).where(eq(appointments.date, FRIDAY));
}

beforeAll(async () => {
  await seedDemoSeason(await getDb(), NOW);
});

describe('optimizeDay on the seeded demo Friday', () => {
  it('visits every stop exactly once, numbered 1..n per technician, within the shifts', async () => {
    expect(FRIDAY).toBe('2027-05-07');
    const day = await optimizeDay({ date: FRIDAY, now: NOW, timeBudgetMs: 300 });
    const crews = await (await getDb()).select().from(technicians);
    expect(crews).toHaveLength(3);

    const visited = day.routes.flatMap((r) => r.appointments.map((s) => s.appointment.id));
    expect(visited).toHaveLength(DEMO_ADDRESSES.length);
    expect(new Set(visited).size).toBe(DEMO_ADDRESSES.length);
    expect(day.unassigned).toEqual([]);
    expect(new Set(day.routes.map((r) => r.technicianId)).size).toBe(day.routes.length);

    for (const route of day.routes) {
      expect(route.appointments.map((s) => s.position)).toEqual(route.appointments.map((_, i) => i + 1));
      expect(route.status).toBe('planned');
      expect(route.startingPoint).toBe('1 Hunter St E, Hamilton, ON');
      expect(route.appointmentOrder).toEqual(route.appointments.map((s) => s.appointment.id));
      // 30 stops, one link per leg of at most 9 waypoints.
      expect(route.mapsLinks).toHaveLength(Math.ceil((route.appointments.length + 1) / 10));
    }
  });

  it('gives ETAs that increase and match the travel matrix plus 45 minutes per stop', async () => {
    const saved = await loadSavedRoutes();
    expect(saved.length).toBeGreaterThanOrEqual(3);
    const returned = new Map((await getDayRoutes(FRIDAY, { now: NOW })).routes.map((r) => [r.id, r.backAtDepot]));
    for (const row of saved) {
      const data = row.routeData as RouteData;
      let clock = data.departDepotMin;
      let previous = DEPOT;
      let distance = 0;
      expect(clock).toBeGreaterThanOrEqual(480);
      for (const stop of data.stops) {
        const here = { latitude: stop.latitude, longitude: stop.longitude };
        const leg = buildGreatCircleMatrix([previous, here]);
        expect(stop.legDurationMin).toBeCloseTo(leg.durationMin[0]![1]!, 6);
        expect(stop.arrivalMin).toBeCloseTo(clock + leg.durationMin[0]![1]!, 6);
        expect(stop.departureMin).toBeCloseTo(stop.startMin + 45, 6);
        distance += stop.legDistanceM;
        clock = stop.departureMin;
        previous = here;
      }
      const back = buildGreatCircleMatrix([previous, DEPOT]);
      expect(data.returnDepotMin).toBeCloseTo(clock + back.durationMin[0]![1]!, 6);
      expect(data.returnDepotMin).toBeLessThanOrEqual(1080);
      expect(row.totalDistance).toBe(Math.round(distance + back.distanceM[0]![1]!));
      expect(row.totalDuration).toBe(Math.round(data.returnDepotMin - 480));
      // The route manager shows when each crew is back, the day length the plan balances (0111).
      expect(returned.get(row.id)).toBe(formatClockTime(data.returnDepotMin));
      const etas = data.stops.map((s) => s.eta);
      expect([...etas].sort()).toEqual(etas);
    }
  });

  it('writes technician, position and ETA onto the appointments', async () => {
    const saved = await loadSavedRoutes();
    const byId = new Map((await loadDayAppointments()).map((a) => [a.id, a]));
    for (const row of saved) {
      (row.routeData as RouteData).stops.forEach((stop, i) => {
        const appointment = byId.get(stop.appointmentId)!;
        expect(appointment.technicianId).toBe(row.technicianId);
        expect(appointment.routePosition).toBe(i + 1);
        expect(appointment.estimatedArrivalTime).toBe(stop.eta);
        expect(row.appointmentOrder[i]).toBe(stop.appointmentId);
      });
    }
  });

  it('re-optimising a changed day replaces its routes: a cancellation drops out, a new booking is geocoded and planned', async () => {
    const db = await getDb();
    const before = await loadSavedRoutes();
    const [cancelled] = await db.select().from(appointments).where(eq(appointments.date, FRIDAY)).limit(1);
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, cancelled!.id));

    const [customer] = await db.insert(customers).values({ firstName: 'Late', lastName: 'Booker', email: 'late.booker@example.com', phone: '(905) 555-0199' }).returning();
    const [added] = await db.insert(appointments).values({
      customerId: customer!.id, bookingRef: 'late-1', serviceType: 'onetime', date: FRIDAY, status: 'pending-payment',
      holdExpiresAt: new Date(NOW.getTime() + 30 * 60_000), address: '60 Main St', city: 'Dundas', postalCode: 'L9H 2P8',
    }).returning();
    // An expired hold no longer takes a stop and must not be routed.
    const [expired] = await db.insert(appointments).values({
      customerId: customer!.id, bookingRef: 'late-2', serviceType: 'onetime', date: FRIDAY, status: 'pending',
      holdExpiresAt: new Date(NOW.getTime() - 60_000), address: '1 King St', city: 'Hamilton', postalCode: 'L8P 1A1',
    }).returning();

    // Before re-optimising, the new booking shows as not on any route.
    const stale = await getDayRoutes(FRIDAY, { now: NOW });
    expect(stale.unassigned.map((u) => u.appointment.id)).toEqual([added!.id]);
    expect(stale.routes.flatMap((r) => r.appointments.map((s) => s.appointment.id))).not.toContain(cancelled!.id);

    const day = await optimizeDay({ date: FRIDAY, now: NOW, timeBudgetMs: 300 });
    const after = await loadSavedRoutes();
    expect(after.map((r) => r.id).filter((id) => before.some((b) => b.id === id))).toEqual([]);
    expect(after).toHaveLength(day.routes.length);
    const visited = day.routes.flatMap((r) => r.appointments.map((s) => s.appointment.id));
    expect(visited).toHaveLength(DEMO_ADDRESSES.length);
    expect(visited).toContain(added!.id);
    expect(visited).not.toContain(cancelled!.id);
    expect(visited).not.toContain(expired!.id);

    const rows = new Map((await loadDayAppointments()).map((a) => [a.id, a]));
    expect(rows.get(cancelled!.id)).toMatchObject({ routePosition: null, technicianId: null, estimatedArrivalTime: null });
    // Geocoded offline at the L9H centroid, and saved.
    expect(rows.get(added!.id)).toMatchObject({ latitude: 43.266, longitude: -79.955 });
    expect(rows.get(added!.id)!.routePosition).toBeGreaterThan(0);
    // Its hold lies in 2027, so by the real clock the API tests below use it would still count.
    await db.delete(appointments).where(eq(appointments.id, expired!.id));
  });

  it('leaves no duplicate plan when two optimisations of the day run at once', async () => {
    await Promise.all([optimizeDay({ date: FRIDAY, now: NOW, timeBudgetMs: 100 }), optimizeDay({ date: FRIDAY, now: NOW, timeBudgetMs: 100 })]);
    const saved = await loadSavedRoutes();
    const ids = saved.flatMap((r) => r.appointmentOrder);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(DEMO_ADDRESSES.length);
  });

  it('keeps routes of other statuses when it re-plans', async () => {
    const db = await getDb();
    const [done] = await db.insert(serviceRoutes).values({ date: FRIDAY, status: 'done', technician: 'Archive' }).returning();
    await optimizeDay({ date: FRIDAY, now: NOW, timeBudgetMs: 100 });
    const [still] = await db.select().from(serviceRoutes).where(and(eq(serviceRoutes.id, done!.id), eq(serviceRoutes.status, 'done')));
    expect(still).toBeDefined();
    await db.delete(serviceRoutes).where(eq(serviceRoutes.id, done!.id));
  });

  it('leaves the stops and technician of a started route alone when it re-plans the rest', async () => {
    const db = await getDb();
    const [started] = await db.select().from(serviceRoutes).where(and(eq(serviceRoutes.date, FRIDAY), eq(serviceRoutes.status, 'planned'))).orderBy(serviceRoutes.technicianId).limit(1);
    await db.update(serviceRoutes).set({ status: 'in-progress' }).where(eq(serviceRoutes.id, started!.id));
    const keptIds = started!.appointmentOrder;
    expect(keptIds.length).toBeGreaterThan(0);
    const keptBefore = (await loadDayAppointments()).filter((a) => keptIds.includes(a.id));

    const day = await optimizeDay({ date: FRIDAY, now: NOW });
    const saved = await loadSavedRoutes();
    const planned = saved.filter((r) => r.status === 'planned');
    expect(saved.find((r) => r.id === started!.id)).toMatchObject({ status: 'in-progress', appointmentOrder: keptIds });
    // No stop is on two routes, and the crew already out gets no second route.
    const ids = saved.flatMap((r) => r.appointmentOrder);
    expect(new Set(ids).size).toBe(ids.length);
    expect(planned.flatMap((r) => r.appointmentOrder).filter((id) => keptIds.includes(id))).toEqual([]);
    expect(planned.map((r) => r.technicianId)).not.toContain(started!.technicianId);
    // The started route's stops keep their technician, position and ETA.
    const keptAfter = (await loadDayAppointments()).filter((a) => keptIds.includes(a.id));
    const plan = (a: (typeof keptAfter)[number]) => ({ id: a.id, technicianId: a.technicianId, routePosition: a.routePosition, estimatedArrivalTime: a.estimatedArrivalTime });
    expect(keptAfter.map(plan)).toEqual(keptBefore.map(plan));
    expect(keptAfter.every((a) => a.technicianId === started!.technicianId && a.routePosition !== null)).toBe(true);
    expect(day.unassigned.map((u) => u.appointment.id).filter((id) => keptIds.includes(id))).toEqual([]);

    // Back to a fully planned day for the tests below.
    await db.delete(serviceRoutes).where(eq(serviceRoutes.id, started!.id));
    await optimizeDay({ date: FRIDAY, now: NOW });
  });

  it('gives the same routes every time an unchanged day is optimised', async () => {
    const plan = (day: Awaited<ReturnType<typeof optimizeDay>>) => day.routes.map((r) => ({ technicianId: r.technicianId, order: r.appointmentOrder }));
    const first = plan(await optimizeDay({ date: FRIDAY, now: NOW }));
    expect(plan(await optimizeDay({ date: FRIDAY, now: NOW }))).toEqual(first);
    expect(plan(await optimizeDay({ date: FRIDAY, now: NOW }))).toEqual(first);
  });
});

describe('customer coordinates', () => {
  it('geocodes a customer created through POST /api/customers (offline: the FSA centroid)', async () => {
    const { id } = await findOrCreateCustomer(
      { firstName: 'Geo', lastName: 'Coded', email: 'geo.coded@example.com', phone: '(905) 555-0142', address: '60 Main St', city: 'Dundas', postalCode: 'l9h2p8', propertySize: null },
      { locale: 'en' },
    );
    const [row] = await (await getDb()).select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ postalCode: 'L9H 2P8', latitude: 43.266, longitude: -79.955 });
  });
});

describe('route APIs', () => {
  const get = (path: string) => new Request(`http://localhost${path}`);
  const post = (path: string, body: unknown) => new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answer 401 without a staff session', async () => {
    jar.token = undefined;
    expect((await getRoutes(get(`/api/routes?date=${FRIDAY}`), ctx)).status).toBe(401);
    expect((await getAppointments(get(`/api/routes/appointments?date=${FRIDAY}`), ctx)).status).toBe(401);
    expect((await postOptimize(post('/api/routes/optimize', { date: FRIDAY }), ctx)).status).toBe(401);
    expect((await getTechnicianRoute(get(`/api/routes/technician?date=${FRIDAY}`), ctx)).status).toBe(401);
  });

  it('serve an admin the routes with appointment and customer per stop, the count, and a new plan', async () => {
    await seedStaffAccount(await getDb(), 'route-admin', 'a long route password');
    jar.token = (await signIn('route-admin', 'a long route password', { userAgent: null })).token;

    const count = await (await getAppointments(get(`/api/routes/appointments?date=${FRIDAY}`), ctx)).json();
    expect(count.count).toBe(DEMO_ADDRESSES.length);

    const res = await getRoutes(get(`/api/routes?date=${FRIDAY}`), ctx);
    expect(res.status).toBe(200);
    const body = await res.json();
    const stop = body.routes[0].appointments[0];
    expect(stop.position).toBe(1);
    expect(stop.appointment).toMatchObject({ id: expect.any(Number), address: expect.any(String), serviceType: expect.any(String) });
    expect(stop.customer).toMatchObject({ firstName: expect.any(String), lastName: expect.any(String), phone: expect.any(String) });
    expect(body.routes[0]).toMatchObject({ status: 'planned', totalDistance: expect.any(Number), totalDuration: expect.any(Number) });

    expect((await getRoutes(get('/api/routes?date=May-7'), ctx)).status).toBe(400);
    const notFriday = await postOptimize(post('/api/routes/optimize', { date: '2027-05-06' }), ctx);
    expect(notFriday.status).toBe(400);
    expect((await notFriday.json()).message).toBe('Routes are planned for Fridays only.');

    const optimized = await postOptimize(post('/api/routes/optimize', { date: FRIDAY }), ctx);
    expect(optimized.status).toBe(200);
    expect((await optimized.json()).routes.length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('show a technician only their own stops', async () => {
    jar.token = (await signIn(DEMO_TECHNICIAN.username, DEMO_TECHNICIAN.password, { userAgent: null })).token;
    const db = await getDb();
    const [crewA] = await db.select().from(technicians).orderBy(technicians.id).limit(1);
    const res = await getTechnicianRoute(get(`/api/routes/technician?date=${FRIDAY}`), ctx);
    expect(res.status).toBe(200);
    const body = await res.json();
    // Thirty stops need all three crews, so Crew A has a route.
    expect(body.route.technicianId).toBe(crewA!.id);
    expect(body.route.appointments.length).toBeGreaterThan(0);
    for (const stop of body.route.appointments) expect(stop.appointment.technicianId).toBe(crewA!.id);
    expect((await getTechnicianRoute(get(`/api/routes/technician?date=${FRIDAY}&technicianId=${crewA!.id + 1}`), ctx)).status).toBe(403);
    // The whole day (every crew's stops and customers) is for admins.
    expect((await getRoutes(get(`/api/routes?date=${FRIDAY}`), ctx)).status).toBe(403);
    expect((await getAppointments(get(`/api/routes/appointments?date=${FRIDAY}`), ctx)).status).toBe(403);
    expect((await postOptimize(post('/api/routes/optimize', { date: FRIDAY }), ctx)).status).toBe(403);
    jar.token = undefined;
  });
});
