import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { signIn } from '@/features/staff-auth/session.service';
import { seedStaffAccount } from '@/server/bootstrap/seed';
import { DEMO_TECHNICIAN, seedDemoCrew } from '@/features/routing/demo-crew.repository';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: getTechnicianDay } = await import('@/app/api/routes/technician/route');

const FRIDAY = '2027-06-11';
const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let adminToken = '';
let technicianToken = '';
let crewA = 0;
let crewB = 0;
let customerId = 0;

type Sheet = { route: { technicianId: number; appointments: { appointment: { id: number } }[] } | null; plan: { bookedVisits: number; routedVisits: number } };

async function readSheet(token: string, technicianId?: number): Promise<Sheet> {
  jar.token = token;
  const query = technicianId === undefined ? '' : `&technicianId=${technicianId}`;
  const res = await getTechnicianDay(new Request(`http://localhost/api/routes/technician?date=${FRIDAY}${query}`), ctx);
  expect(res.status).toBe(200);
  return (await res.json()) as Sheet;
}

async function bookVisit(status = 'confirmed'): Promise<number> {
  const db = await getDb();
  const [row] = await db.insert(appointments).values({
    customerId, bookingRef: `BK-DAY${Math.random().toString(36).slice(2, 8).toUpperCase()}`, serviceType: 'onetime', date: FRIDAY, status,
    address: '60 Main St', city: 'Dundas', postalCode: 'L9H 2P8',
  }).returning({ id: appointments.id });
  return row!.id;
}

beforeAll(async () => {
  const db = await getDb();
  await seedDemoCrew(db);
  await seedStaffAccount(db, 'day-admin', 'a long day-sheet password');
  adminToken = (await signIn('day-admin', 'a long day-sheet password', { userAgent: null })).token;
  technicianToken = (await signIn(DEMO_TECHNICIAN.username, DEMO_TECHNICIAN.password, { userAgent: null })).token;
  [crewA, crewB] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((t) => t.id) as [number, number];
  const [customer] = await db.insert(customers).values({ firstName: 'Dana', lastName: 'Dayoff', email: 'dana.dayoff@example.com', phone: '(905) 555-0161' }).returning({ id: customers.id });
  customerId = customer!.id;
});

describe('GET /api/routes/technician: the day around a sheet without stops', () => {
  it('a free Friday: no route, nothing booked', async () => {
    expect(await readSheet(technicianToken)).toMatchObject({ route: null, plan: { bookedVisits: 0, routedVisits: 0 } });
  });

  it('a booked Friday the office has not planned: no route, the booked visits counted (cancelled ones not)', async () => {
    await bookVisit();
    await bookVisit();
    await bookVisit('pending');
    await bookVisit('cancelled');
    expect(await readSheet(technicianToken)).toMatchObject({ route: null, plan: { bookedVisits: 3, routedVisits: 0 } });
  });

  it('a planned Friday whose visits all went to another crew: the technician has no route, the day counts as planned', async () => {
    const db = await getDb();
    const booked = await db.select({ id: appointments.id, status: appointments.status }).from(appointments).where(eq(appointments.date, FRIDAY)).orderBy(asc(appointments.id));
    const routed = booked.filter((a) => a.status !== 'cancelled').map((a) => a.id);
    await db.insert(serviceRoutes).values({ date: FRIDAY, technicianId: crewB, technician: 'Crew B', status: 'planned', appointmentOrder: routed });

    expect(await readSheet(technicianToken)).toMatchObject({ route: null, plan: { bookedVisits: 3, routedVisits: 3 } });
    // The office choosing Crew B sees their stops and the same counts.
    const crewBSheet = await readSheet(adminToken, crewB);
    expect(crewBSheet.route?.technicianId).toBe(crewB);
    expect(crewBSheet.route?.appointments.map((s) => s.appointment.id)).toEqual(routed);
    expect(crewBSheet.plan).toEqual({ bookedVisits: 3, routedVisits: 3 });
    expect((await readSheet(adminToken, crewA)).route).toBeNull();
  });

  it('counts a visit booked after planning as booked but not routed, and a cancelled stop as neither', async () => {
    await bookVisit();
    expect((await readSheet(technicianToken)).plan).toEqual({ bookedVisits: 4, routedVisits: 3 });
    const db = await getDb();
    const [route] = await db.select({ order: serviceRoutes.appointmentOrder }).from(serviceRoutes).where(eq(serviceRoutes.date, FRIDAY));
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, route!.order[0]!));
    expect((await readSheet(technicianToken)).plan).toEqual({ bookedVisits: 3, routedVisits: 2 });
  });

  it('still refuses a technician another crew\'s day', async () => {
    jar.token = technicianToken;
    const res = await getTechnicianDay(new Request(`http://localhost/api/routes/technician?date=${FRIDAY}&technicianId=${crewB}`), ctx);
    expect(res.status).toBe(403);
    jar.token = undefined;
  });
});

describe('GET /api/routes/technician: what was sold with each stop (0062)', () => {
  it('carries the add-ons, the extras and the visit number the sheet names them by', async () => {
    const db = await getDb();
    const date = '2027-06-18';
    const sold = { customerId, bookingRef: 'BK-DAYSOLD1', date, status: 'confirmed', address: '60 Main St', city: 'Dundas', postalCode: 'L9H 2P8', includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier'] };
    const rows = await db.insert(appointments).values([
      { ...sold, serviceType: 'onetime', visitNumber: 1 },
      { ...sold, serviceType: 'standingwater', visitNumber: 2 },
    ]).returning({ id: appointments.id });
    await db.insert(serviceRoutes).values({ date, technicianId: crewA, technician: 'Crew A', status: 'planned', appointmentOrder: rows.map((r) => r.id) });

    jar.token = technicianToken;
    const res = await getTechnicianDay(new Request(`http://localhost/api/routes/technician?date=${date}`), ctx);
    const sheet = (await res.json()) as { route: { appointments: { appointment: Record<string, unknown> }[] } };
    expect(sheet.route.appointments.map((s) => s.appointment)).toEqual([
      expect.objectContaining({ serviceType: 'onetime', visitNumber: 1, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier'] }),
      expect.objectContaining({ serviceType: 'standingwater', visitNumber: 2, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier'] }),
    ]);
    jar.token = undefined;
  });
});

describe('GET /api/routes/technician: the language of each stop\'s visit report (0108)', () => {
  it('carries the booking\'s language, which "Mark done" names when the sheet is in another', async () => {
    const db = await getDb();
    const date = '2027-06-25';
    const rows = await db.insert(appointments).values([
      { customerId, bookingRef: 'BK-DAYLANG1', date, status: 'confirmed', serviceType: 'onetime', address: '60 Main St', city: 'Dundas', postalCode: 'L9H 2P8', locale: 'en' },
      { customerId, bookingRef: 'BK-DAYLANG2', date, status: 'confirmed', serviceType: 'onetime', address: '61 Main St', city: 'Dundas', postalCode: 'L9H 2P8', locale: 'es' },
    ]).returning({ id: appointments.id });
    await db.insert(serviceRoutes).values({ date, technicianId: crewA, technician: 'Crew A', status: 'planned', appointmentOrder: rows.map((r) => r.id) });

    jar.token = technicianToken;
    const res = await getTechnicianDay(new Request(`http://localhost/api/routes/technician?date=${date}`), ctx);
    const sheet = (await res.json()) as { route: { appointments: { appointment: Record<string, unknown> }[] } };
    expect(sheet.route.appointments.map((s) => s.appointment.locale)).toEqual(['en', 'es']);
    jar.token = undefined;
  });
});
