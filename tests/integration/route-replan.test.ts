/**
 * Re-planning a day that is under way (docs/decisions/0006, 2026-11-24 (b)): done stops stay where
 * they were, a day whose routes lost every visit can be cleared, and a stop's done mark is checked
 * and written in one transaction.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { selectDaySheetView } from '@/features/routing/components/day-sheet-view';
import { DEMO_TECHNICIAN } from '@/features/routing/demo-crew.repository';
import { getDayRoutes, getTechnicianDay, optimizeDay, type RouteData } from '@/features/routing/route.service';
import type { StopStatusChange } from '@/features/routing/route.schema';
import { changeStopStatusWithRecord } from '@/features/application-records/application-record.service';
import { buildGreatCircleMatrix } from '@/features/routing/travel/distance-matrix';
import { signIn } from '@/features/staff-auth/session.service';
import { getTranslator } from '@/i18n/messages';
import { pickDemoFriday, seedDemoSeason, seedStaffAccount } from '@/server/bootstrap/seed';

/** The day sheet's PATCH as a call (no product exists here, so no application record is asked for). */
const markStop = (staff: { role: 'admin' | 'technician'; technicianId: number | null }, id: number | null, change: StopStatusChange, now: Date) =>
  changeStopStatusWithRecord({ ...staff, staffUserId: 0 }, id, change, now);

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

// Lets a test act between the day sheet's route check and the status change (a re-plan meanwhile).
const hooks = vi.hoisted(() => ({ afterRouteCheck: null as null | (() => Promise<void>) }));
vi.mock('@/features/routing/route.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/features/routing/route.repository')>();
  return {
    ...actual,
    isOnTechnicianRoute: async (...args: Parameters<typeof actual.isOnTechnicianRoute>) => {
      const onRoute = await actual.isOnTechnicianRoute(...args);
      const hook = hooks.afterRouteCheck;
      hooks.afterRouteCheck = null;
      if (hook) await hook();
      return onRoute;
    },
  };
});

const { GET: getRoutes, DELETE: deleteRoutes } = await import('@/app/api/routes/route');
const { GET: getAppointmentCount } = await import('@/app/api/routes/appointments/route');
const { GET: getTechnicianSheet } = await import('@/app/api/routes/technician/route');
const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');

const SEEDED = new Date('2027-04-01T12:00:00Z');
// The demo Friday (30 visits, three crews), in Hamilton (UTC-4 in May).
const FRIDAY = pickDemoFriday(SEEDED);
const at = (clock: string) => new Date(`${FRIDAY}T${clock}:00-04:00`);
const THURSDAY_EVENING = new Date(new Date(`${FRIDAY}T18:00:00-04:00`).getTime() - 86_400_000);
// A Friday of no demo visit (the seasonal plans come back every 21 days), for the cleared day.
const EMPTIED_FRIDAY = '2027-06-11';
const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };

let adminToken = '';
let crewToken = '';
let crewA = 0;
let crewB = 0;
let crewC = 0;

async function loadRoutes(date = FRIDAY) {
  return (await getDb()).select().from(serviceRoutes).where(eq(serviceRoutes.date, date)).orderBy(asc(serviceRoutes.technicianId));
}

async function loadVisits(ids: number[]) {
  const rows = await (await getDb()).select().from(appointments).where(inArray(appointments.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

async function setActive(technicianId: number, isActive: boolean) {
  await (await getDb()).update(technicians).set({ isActive }).where(eq(technicians.id, technicianId));
}

const asTechnician = (technicianId: number) => ({ role: 'technician' as const, technicianId });

/** Moves the clock and signs the office and Crew A in again (sessions lapse after two idle hours). */
async function setClock(now: Date) {
  vi.setSystemTime(now);
  adminToken = (await signIn('replanner', 'a long replan password', { userAgent: null })).token;
  crewToken = (await signIn(DEMO_TECHNICIAN.username, DEMO_TECHNICIAN.password, { userAgent: null })).token;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const db = await getDb();
  await seedDemoSeason(db, SEEDED);
  await seedStaffAccount(db, 'replanner', 'a long replan password');
  await setClock(THURSDAY_EVENING);
  [crewA, crewB, crewC] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((row) => row.id) as [number, number, number];
});

afterAll(() => {
  jar.token = undefined;
  vi.useRealTimers();
});

describe('re-optimising a day under way keeps what happened', () => {
  it('keeps done stops first on their route, in the order done, with their times; plans the rest from the last done stop, from now', async () => {
    const db = await getDb();
    // The office planned the day on Thursday evening: all three crews have routes.
    const planned = await optimizeDay({ date: FRIDAY, now: THURSDAY_EVENING });
    const routeOf = (technicianId: number) => planned.routes.find((r) => r.technicianId === technicianId)!;
    const [a1, a2] = routeOf(crewA).appointmentOrder as [number, number];
    const [b1] = routeOf(crewB).appointmentOrder as [number];
    const before = await loadVisits([a1, a2, b1]);

    // Friday morning: Crew A does its second stop first, then its first; Crew B does one stop.
    await markStop(asTechnician(crewB), b1, { status: 'completed' }, at('09:30'));
    await markStop(asTechnician(crewA), a2, { status: 'completed' }, at('09:40'));
    await markStop(asTechnician(crewA), a1, { status: 'completed' }, at('10:25'));
    // Then Crew B goes home sick, and a visit is added to the day.
    await setActive(crewB, false);
    const [customer] = await db.insert(customers).values({ firstName: 'Noon', lastName: 'Caller', email: 'noon.caller@example.com', phone: '(905) 555-0166' }).returning();
    const [added] = await db.insert(appointments).values({
      customerId: customer!.id, bookingRef: 'BK-NOON01', serviceType: 'onetime', date: FRIDAY, status: 'confirmed',
      address: '1280 Main St W', city: 'Hamilton', postalCode: 'L8S 4L8', latitude: 43.2609, longitude: -79.9192,
    }).returning();

    // The office re-optimises at noon.
    const day = await optimizeDay({ date: FRIDAY, now: at('12:00') });
    const saved = await loadRoutes();
    const savedOf = (technicianId: number) => saved.find((r) => r.technicianId === technicianId)!;

    // Crew A: its done stops first, in the order done, with their positions and times kept.
    expect(savedOf(crewA).appointmentOrder.slice(0, 2)).toEqual([a2, a1]);
    const after = await loadVisits([a1, a2, b1]);
    expect([after.get(a2), after.get(a1)].map((v) => [v!.status, v!.technicianId, v!.routePosition, v!.estimatedArrivalTime])).toEqual([
      ['completed', crewA, 1, before.get(a2)!.estimatedArrivalTime],
      ['completed', crewA, 2, before.get(a1)!.estimatedArrivalTime],
    ]);
    // The rest of Crew A's tour leaves from its last done stop at noon, not from the depot at 8:00.
    const dataA = savedOf(crewA).routeData as RouteData;
    const [lastDone, next] = [dataA.stops[1]!, dataA.stops[2]!];
    const leg = buildGreatCircleMatrix([lastDone, next]);
    expect(next.legDistanceM).toBeCloseTo(leg.distanceM[0]![1]!, 6);
    expect(next.arrivalMin).toBeCloseTo(12 * 60 + leg.durationMin[0]![1]!, 6);
    expect(dataA.departDepotMin).toBe(480);

    // Crew B is no longer active but keeps the stop it did, and nothing else.
    expect(savedOf(crewB).appointmentOrder).toEqual([b1]);
    expect(after.get(b1)).toMatchObject({ status: 'completed', technicianId: crewB, routePosition: 1, estimatedArrivalTime: before.get(b1)!.estimatedArrivalTime });
    expect(saved.map((r) => r.technicianId).sort()).toEqual([crewA, crewB, crewC].sort());

    // Every other visit is planned once from noon on, or reported as not fitting what is left of the day.
    const ids = saved.flatMap((r) => r.appointmentOrder);
    expect(new Set(ids).size).toBe(ids.length);
    const done = new Set([a1, a2, b1]);
    const open = saved.flatMap((r) => (r.routeData as RouteData).stops).filter((s) => !done.has(s.appointmentId));
    expect(open.every((s) => s.arrivalMin >= 12 * 60 && s.eta >= '12:00')).toBe(true);
    const unassigned = day.unassigned.map((u) => u.appointment.id);
    expect([...ids, ...unassigned].sort((x, y) => x - y)).toEqual((await db.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.date, FRIDAY), inArray(appointments.status, ['confirmed', 'completed'])))).map((r) => r.id).sort((x, y) => x - y));
    expect(unassigned.filter((id) => done.has(id))).toEqual([]);
    expect([...ids, ...unassigned]).toContain(added!.id);

    // The route manager and the day sheet show the same: done marks first, the inactive crew's
    // route is not flagged for re-planning (it holds only done stops).
    const manager = await getDayRoutes(FRIDAY, { now: at('12:00') });
    const managerA = manager.routes.find((r) => r.technicianId === crewA)!;
    expect(managerA.appointments.slice(0, 2).map((s) => [s.position, s.appointment.id, s.appointment.status])).toEqual([[1, a2, 'completed'], [2, a1, 'completed']]);
    expect(manager.routes.find((r) => r.technicianId === crewB)).toMatchObject({ technicianActive: false, appointments: [expect.objectContaining({ position: 1 })] });
    const sheet = await getTechnicianDay(crewA, FRIDAY, { now: at('12:00') });
    expect(sheet.route!.appointments.map((s) => s.appointment.id)).toEqual(savedOf(crewA).appointmentOrder);
    expect(sheet.route!.appointments.slice(0, 2).map((s) => s.eta)).toEqual([before.get(a2)!.estimatedArrivalTime, before.get(a1)!.estimatedArrivalTime]);
    // Its directions cover what is left to drive, from the last stop done (a1), not the depot.
    const lastDoneVisit = sheet.route!.appointments[1]!.appointment;
    const firstLink = new URL(sheet.route!.mapsLinks[0]!);
    expect(firstLink.searchParams.get('origin')).toBe(`${lastDoneVisit.latitude!.toFixed(6)},${lastDoneVisit.longitude!.toFixed(6)}`);
    expect(sheet.route!.mapsLinks.join(' ')).not.toContain(`${before.get(a2)!.latitude!.toFixed(6)},`);

    // Re-optimising again changes nothing about the done stops.
    await optimizeDay({ date: FRIDAY, now: at('12:05') });
    const again = await loadRoutes();
    expect(again.find((r) => r.technicianId === crewA)!.appointmentOrder.slice(0, 2)).toEqual([a2, a1]);
    expect(again.find((r) => r.technicianId === crewB)!.appointmentOrder).toEqual([b1]);
    await setActive(crewB, true);
  });

  it('on a day other than today, starts the rest of a tour after its done stops, not at the shift start', async () => {
    // Crew C marked its first stop done on the Friday (never before its day, 0057); the office re-plans
    // the day on the Saturday, when it is no longer today.
    const current = (await loadRoutes()).find((r) => r.technicianId === crewC)!;
    const first = current.appointmentOrder[0]!;
    await markStop(asTechnician(crewC), first, { status: 'completed' }, at('09:30'));
    const eta = (await loadVisits([first])).get(first)!.estimatedArrivalTime!;
    await optimizeDay({ date: FRIDAY, now: new Date(at('10:00').getTime() + 86_400_000) });
    const data = (await loadRoutes()).find((r) => r.technicianId === crewC)!.routeData as RouteData;
    expect(data.stops[0]).toMatchObject({ appointmentId: first, eta, position: 1 });
    const [hours, minutes] = eta.split(':').map(Number) as [number, number];
    const next = data.stops[1]!;
    expect(next.arrivalMin).toBeCloseTo(hours * 60 + minutes + 45 + next.legDurationMin, 6);
  });
});

describe('PATCH /api/routes/technician/stops/{id}: checked and changed in one transaction', () => {
  it('does not let a re-plan between the route check and the change hand the technician a stop that is no longer theirs', async () => {
    await setClock(at('13:00'));
    await optimizeDay({ date: FRIDAY, now: at('13:00') });
    const routeA = (await loadRoutes()).find((r) => r.technicianId === crewA)!;
    const onRouteA = await loadVisits(routeA.appointmentOrder);
    const target = routeA.appointmentOrder.find((id) => onRouteA.get(id)!.status === 'confirmed')!;

    // Right after the check found the stop on Crew A's route, the office takes Crew A off and re-plans.
    let replan: Promise<unknown> = Promise.resolve();
    hooks.afterRouteCheck = async () => {
      replan = (async () => {
        await setActive(crewA, false);
        return optimizeDay({ date: FRIDAY, now: at('13:00') });
      })().catch((error: unknown) => error);
      // Give the re-plan every chance to finish first (it cannot while the stop's row is held).
      await Promise.race([replan, new Promise((resolve) => setTimeout(resolve, 2000))]);
    };
    jar.token = crewToken;
    const res = await patchStop(
      new Request(`http://localhost/api/routes/technician/stops/${target}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'completed' }) }),
      { params: Promise.resolve({ id: String(target) }) },
    );
    await replan;
    expect(hooks.afterRouteCheck).toBeNull();

    // The change was made while the stop was Crew A's, and the re-plan after it kept the done stop
    // on Crew A's route. Never: marked done by Crew A while on someone else's route.
    expect(res.status).toBe(200);
    expect((await loadVisits([target])).get(target)!.status).toBe('completed');
    const holder = (await loadRoutes()).find((r) => r.appointmentOrder.includes(target));
    expect(holder?.technicianId).toBe(crewA);
    await setActive(crewA, true);
  }, 30_000);
});

describe('a planned day whose visits all left: "Clear routes"', () => {
  const get = (path: string) => new Request(`http://localhost${path}`);
  const clear = (date: string, headers: Record<string, string> = {}) => deleteRoutes(new Request(`http://localhost/api/routes?date=${date}`, { method: 'DELETE', headers }), ctx);

  it('shows the empty routes beside no appointments until the office clears them; the day sheet says nothing is booked', async () => {
    await setClock(THURSDAY_EVENING);
    const db = await getDb();
    const [customer] = await db.insert(customers).values({ firstName: 'Rain', lastName: 'Check', email: 'rain.check@example.com', phone: '(905) 555-0144' }).returning();
    const visits = await db.insert(appointments).values([0, 1, 2].map((i) => ({
      customerId: customer!.id, bookingRef: `BK-EMPTY${i}`, serviceType: 'onetime', date: EMPTIED_FRIDAY, status: 'confirmed',
      address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', latitude: 43.2553 + i / 100, longitude: -79.8711,
    }))).returning();
    await optimizeDay({ date: EMPTIED_FRIDAY, now: THURSDAY_EVENING });
    expect((await loadRoutes(EMPTIED_FRIDAY)).length).toBeGreaterThan(0);

    jar.token = adminToken;
    // While a route still has a visit, the routes are not cleared: the day is re-planned instead.
    const refused = await clear(EMPTIED_FRIDAY, { 'accept-language': 'fr' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(getTranslator('fr', 'routing')('routesStillHaveVisits'));
    expect((await loadRoutes(EMPTIED_FRIDAY)).length).toBeGreaterThan(0);

    // Two visits are cancelled and one moves to another Friday.
    await db.update(appointments).set({ status: 'cancelled' }).where(inArray(appointments.id, [visits[0]!.id, visits[1]!.id]));
    // (as a move does, the visit leaves its old day's plan behind)
    await db.update(appointments).set({ date: '2027-06-25', technicianId: null, routePosition: null, estimatedArrivalTime: null }).where(eq(appointments.id, visits[2]!.id));
    expect((await (await getAppointmentCount(get(`/api/routes/appointments?date=${EMPTIED_FRIDAY}`), ctx)).json()).count).toBe(0);
    const stale = await (await getRoutes(get(`/api/routes?date=${EMPTIED_FRIDAY}`), ctx)).json();
    expect(stale.routes.length).toBeGreaterThan(0);
    expect(stale.routes.every((r: { appointments: unknown[] }) => r.appointments.length === 0)).toBe(true);

    // A technician's sheet says nothing is booked rather than showing the empty route.
    const holder = stale.routes[0].technicianId as number;
    const before = await (await getTechnicianSheet(get(`/api/routes/technician?date=${EMPTIED_FRIDAY}&technicianId=${holder}`), ctx)).json();
    expect(selectDaySheetView({ technicianId: holder, hasDate: true, route: before.route, plan: before.plan })).toBe('noStops');

    // Only the office clears routes.
    jar.token = crewToken;
    expect((await clear(EMPTIED_FRIDAY)).status).toBe(403);
    jar.token = undefined;
    expect((await clear(EMPTIED_FRIDAY)).status).toBe(401);

    jar.token = adminToken;
    const cleared = await clear(EMPTIED_FRIDAY);
    expect(cleared.status).toBe(200);
    expect((await cleared.json()).routes).toEqual([]);
    expect(await loadRoutes(EMPTIED_FRIDAY)).toEqual([]);
    const after = await (await getTechnicianSheet(get(`/api/routes/technician?date=${EMPTIED_FRIDAY}&technicianId=${holder}`), ctx)).json();
    expect(after).toMatchObject({ route: null, plan: { bookedVisits: 0, routedVisits: 0 } });
    expect(selectDaySheetView({ technicianId: holder, hasDate: true, route: after.route, plan: after.plan })).toBe('noStops');
    // The visits that left no longer carry the old plan.
    const rows = await loadVisits(visits.map((v) => v.id));
    expect([...rows.values()].map((v) => [v.technicianId, v.routePosition, v.estimatedArrivalTime])).toEqual([[null, null, null], [null, null, null], [null, null, null]]);
    // Clearing an already clear day is harmless.
    expect((await clear(EMPTIED_FRIDAY)).status).toBe(200);
  });
});
