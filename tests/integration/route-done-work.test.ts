/**
 * Done work is not work to plan (docs/decisions/0006, 2026-11-24 (c)): a visit marked done before
 * any route had it is shown as done on the route manager, never under "Not on any route", and a
 * day whose routes have only done stops left is not a day to re-plan on the technicians screen.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { countVisitsAwaitingRoute, selectDaySheetView } from '@/features/routing/components/day-sheet-view';
import { canOptimize, selectRouteManagerView } from '@/features/routing/components/route-manager-view';
import { type DayRoutes, getTechnicianDay, optimizeDay } from '@/features/routing/route.service';
import type { StopStatusChange } from '@/features/routing/route.schema';
import { changeStopStatusWithRecord } from '@/features/application-records/application-record.service';
import { signIn } from '@/features/staff-auth/session.service';
import { changeTechnician, createTechnician, listTechniciansForOffice } from '@/features/technicians/technician.service';
import { pickDemoFriday, seedDemoSeason, seedStaffAccount } from '@/server/bootstrap/seed';

/** The day sheet's PATCH as a call (no product exists here, so no application record is asked for). */
const markStop = (staff: { role: 'admin' | 'technician'; technicianId: number | null }, id: number | null, change: StopStatusChange, now: Date) =>
  changeStopStatusWithRecord({ ...staff, staffUserId: 0 }, id, change, now);

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: getRoutes } = await import('@/app/api/routes/route');
const { GET: getAppointmentCount } = await import('@/app/api/routes/appointments/route');

const SEEDED = new Date('2027-04-01T12:00:00Z');
// The demo Friday (30 visits, three crews), in Hamilton (UTC-4 in May).
const FRIDAY = pickDemoFriday(SEEDED);
const THURSDAY_EVENING = new Date(new Date(`${FRIDAY}T18:00:00-04:00`).getTime() - 86_400_000);
// Early on the Friday, before the crews set out: visits are marked done from their day on (0057).
const FRIDAY_MORNING = new Date(`${FRIDAY}T07:30:00-04:00`);
// Fridays without demo visits (the seasonal plans come back every 21 days).
const ALL_DONE_FRIDAY = '2027-05-21';
const NEXT_FRIDAY = '2027-05-14';
const AFTER_FRIDAY = '2027-06-04';
const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
const office = { role: 'admin' as const, technicianId: null };

let crewA = 0;
let crewB = 0;
let visitCount = 0;

/** A confirmed one-time visit on `date`, booked by the office (no hold), with coordinates. */
async function addVisit(date: string) {
  const db = await getDb();
  visitCount += 1;
  const [customer] = await db.insert(customers).values({
    firstName: 'Done', lastName: `Early${visitCount}`, email: `done.early${visitCount}@example.com`, phone: '(905) 555-0188',
  }).returning();
  const [visit] = await db.insert(appointments).values({
    customerId: customer!.id, bookingRef: `BK-DONE${String(visitCount).padStart(2, '0')}`, serviceType: 'onetime', date, status: 'confirmed',
    address: `${100 + visitCount} King St W`, city: 'Hamilton', postalCode: 'L8P 1A1', latitude: 43.2575 + visitCount / 500, longitude: -79.872,
  }).returning();
  return visit!.id;
}

async function readRoutes(date: string): Promise<DayRoutes & { count: number }> {
  const get = (path: string) => new Request(`http://localhost${path}`);
  const routes = await getRoutes(get(`/api/routes?date=${date}`), ctx);
  expect(routes.status).toBe(200);
  const { count } = await (await getAppointmentCount(get(`/api/routes/appointments?date=${date}`), ctx)).json();
  return { ...(await routes.json()), count };
}

async function loadRouteOrders(date: string) {
  const rows = await (await getDb()).select().from(serviceRoutes).where(eq(serviceRoutes.date, date)).orderBy(asc(serviceRoutes.technicianId));
  return rows;
}

beforeAll(async () => {
  const db = await getDb();
  await seedDemoSeason(db, SEEDED);
  await seedStaffAccount(db, 'donework', 'a long done-work password');
  jar.token = (await signIn('donework', 'a long done-work password', { userAgent: null })).token;
  [crewA, crewB] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((row) => row.id) as [number, number];
});

describe('a visit marked done before any route had it', () => {
  it('is shown as done without a route on a planned day: not under "Not on any route", not waiting for a route, never planned', async () => {
    await optimizeDay({ date: FRIDAY, now: THURSDAY_EVENING });
    // After the plan, one visit is booked and done by the office at once on the Friday morning (say,
    // a neighbour served on the spot), and another is booked and still to do.
    const doneEarly = await addVisit(FRIDAY);
    await markStop(office, doneEarly, { status: 'completed' }, FRIDAY_MORNING);
    const stillOpen = await addVisit(FRIDAY);

    const day = await readRoutes(FRIDAY);
    expect(day.unassigned.map((u) => u.appointment.id)).toEqual([stillOpen]);
    expect(day.doneWithoutRoute.map((u) => [u.appointment.id, u.appointment.status])).toEqual([[doneEarly, 'completed']]);
    expect(selectRouteManagerView(day.count, day)).toBe('routes');

    // A technician's sheet counts one visit waiting for a route, not two.
    const sheet = await getTechnicianDay(crewA, FRIDAY, { now: FRIDAY_MORNING });
    expect(countVisitsAwaitingRoute(sheet.plan)).toBe(1);

    // Optimising again plans the open visit and leaves the done one off every route, still shown as done.
    const replanned = await optimizeDay({ date: FRIDAY, now: FRIDAY_MORNING });
    const routed = replanned.routes.flatMap((r) => r.appointmentOrder);
    expect(routed).toContain(stillOpen);
    expect(routed).not.toContain(doneEarly);
    expect(replanned.unassigned).toEqual([]);
    expect(replanned.doneWithoutRoute.map((u) => u.appointment.id)).toEqual([doneEarly]);
    expect(countVisitsAwaitingRoute((await getTechnicianDay(crewA, FRIDAY, { now: FRIDAY_MORNING })).plan)).toBe(0);
  });

  it('on a date whose every visit is done that way, leaves nothing to plan: no "not optimized yet", Optimize Route off', async () => {
    const done = await addVisit(ALL_DONE_FRIDAY);
    const onTheDay = new Date(`${ALL_DONE_FRIDAY}T09:00:00-04:00`);
    await markStop(office, done, { status: 'completed' }, onTheDay);
    const day = await readRoutes(ALL_DONE_FRIDAY);
    expect(day).toMatchObject({ count: 1, routes: [], unassigned: [] });
    expect(day.doneWithoutRoute.map((u) => u.appointment.id)).toEqual([done]);
    const view = selectRouteManagerView(day.count, day);
    expect(view).toBe('allDone');
    expect(canOptimize(view)).toBe(false);
    // The day sheet does not call it "booked but not planned".
    const sheet = await getTechnicianDay(crewA, ALL_DONE_FRIDAY, { now: onTheDay });
    expect(selectDaySheetView({ technicianId: crewA, hasDate: true, route: sheet.route, plan: sheet.plan })).toBe('noStops');
  });
});

describe('the technicians screen lists only days with stops still to do', () => {
  it('leaves out a day whose route has only done stops left, and keeps one with stops to do (today by the Toronto clock)', async () => {
    // The Friday's plan as it stands; Crew A finishes every stop of its route by the evening.
    const routes = await loadRouteOrders(FRIDAY);
    const routeA = routes.find((r) => r.technicianId === crewA)!;
    expect(routes.find((r) => r.technicianId === crewB)!.appointmentOrder.length).toBeGreaterThan(0);
    const evening = new Date(`${FRIDAY}T17:30:00-04:00`);
    for (const id of routeA.appointmentOrder) await markStop({ role: 'technician', technicianId: crewA }, id, { status: 'completed' }, evening);

    // 21:30 in Hamilton is 01:30 on Saturday in UTC: the Friday is still today for the branch.
    const late = new Date(`${FRIDAY}T21:30:00-04:00`);
    expect(late.toISOString().slice(0, 10)).not.toBe(FRIDAY);
    const listed = async (now: Date) => new Map((await listTechniciansForOffice({ now })).technicians.map((t) => [t.id, t.upcomingRouteDates]));
    const tonight = await listed(late);
    expect(tonight.get(crewA)).not.toContain(FRIDAY);
    expect(tonight.get(crewB)).toContain(FRIDAY);

    // Deactivating Crew A asks for no re-plan: nothing is left to drive on its route.
    const off = await changeTechnician(crewA, { isActive: false }, { now: late });
    expect(off).toMatchObject({ kind: 'deactivated', replanDates: [] });
    // Crew B still has stops to do that day: deactivating it names the day, and so does reactivating Crew A.
    expect((await changeTechnician(crewB, { isActive: false }, { now: late })).replanDates).toEqual([FRIDAY]);
    expect((await changeTechnician(crewB, { isActive: true }, { now: late })).replanDates).toContain(FRIDAY);
    expect((await changeTechnician(crewA, { isActive: true }, { now: late })).replanDates).toContain(FRIDAY);

    // The next morning the Friday is past and no longer listed for anybody.
    const saturday = await listed(new Date(new Date(`${FRIDAY}T09:00:00-04:00`).getTime() + 86_400_000));
    expect([...saturday.values()].flat()).not.toContain(FRIDAY);
  });

  it('leaves out a day whose planned stops were all marked done early on the day, until a visit to do is added', async () => {
    const late = new Date(`${FRIDAY}T21:30:00-04:00`);
    const first = await addVisit(NEXT_FRIDAY);
    const second = await addVisit(NEXT_FRIDAY);
    await optimizeDay({ date: NEXT_FRIDAY, now: late });
    const holders = (await loadRouteOrders(NEXT_FRIDAY)).filter((r) => r.appointmentOrder.length > 0).map((r) => r.technicianId!);
    expect(holders.length).toBeGreaterThan(0);
    expect((await createTechnician({ name: 'Crew E', color: '#0f766e', shiftStart: '08:00', shiftEnd: '18:00' }, { now: late })).replanDates).toContain(NEXT_FRIDAY);
    // A later Friday with a stop still to do, planned too.
    await addVisit(AFTER_FRIDAY);
    await optimizeDay({ date: AFTER_FRIDAY, now: late });

    // Both visits are done by 7:30 on their Friday (never before their day, 0057): the crew served them
    // first thing and the office marks them.
    const morning = new Date(`${NEXT_FRIDAY}T07:30:00-04:00`);
    for (const id of [first, second]) await markStop(office, id, { status: 'completed' }, morning);
    const overview = await listTechniciansForOffice({ now: morning });
    for (const holder of holders) expect(overview.technicians.find((t) => t.id === holder)!.upcomingRouteDates).not.toContain(NEXT_FRIDAY);
    const crewE = overview.technicians.find((t) => t.name === 'Crew E')!;
    const shift = await changeTechnician(crewE.id, { shiftEnd: '17:00' }, { now: morning });
    expect(shift.replanDates).not.toContain(NEXT_FRIDAY);
    expect(shift.replanDates).toContain(AFTER_FRIDAY);

    // A visit to do booked on that day after the plan: a longer or new shift may take it, so the day is listed again.
    await addVisit(NEXT_FRIDAY);
    expect((await changeTechnician(crewE.id, { shiftEnd: '18:00' }, { now: morning })).replanDates).toContain(NEXT_FRIDAY);
  });
});
