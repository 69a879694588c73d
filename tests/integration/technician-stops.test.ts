import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { DEMO_TECHNICIAN, seedDemoCrew } from '@/features/routing/demo-crew.repository';
import { signIn } from '@/features/staff-auth/session.service';
import { getTranslator } from '@/i18n/messages';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { PATCH } = await import('@/app/api/routes/technician/stops/[id]/route');
const { GET: getTechnicianDay } = await import('@/app/api/routes/technician/route');

const FRIDAY = '2027-06-11';
const NEXT_FRIDAY = '2027-06-18';
// Friday 10:00 in Hamilton (UTC-4 in June): the sheet is used on the visit's day.
const ON_THE_DAY = new Date('2027-06-11T14:00:00Z');

let adminToken = '';
let crewToken = '';
let unlinkedToken = '';
let crewA = 0;
let crewB = 0;
let customerId = 0;
const t = getTranslator('en', 'routing');

async function bookVisit(date: string, status = 'confirmed'): Promise<number> {
  const [row] = await (await getDb()).insert(appointments).values({
    customerId, bookingRef: `BK-STP${Math.random().toString(36).slice(2, 8).toUpperCase()}`, serviceType: 'onetime', date, status,
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1',
  }).returning({ id: appointments.id });
  return row!.id;
}

async function planRoute(date: string, technicianId: number, appointmentOrder: number[]) {
  await (await getDb()).insert(serviceRoutes).values({ date, technicianId, technician: `Crew ${technicianId}`, status: 'planned', appointmentOrder });
}

async function markStop(token: string | undefined, id: number | string, status: string, headers: Record<string, string> = {}) {
  jar.token = token;
  const res = await PATCH(
    new Request(`http://localhost/api/routes/technician/stops/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ status }) }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return { status: res.status, body: (await res.json()) as { status?: string; message?: string } };
}

async function statusOf(id: number): Promise<string> {
  const [row] = await (await getDb()).select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return row!.status;
}

let ownStop = 0;
let otherCrewStop = 0;
let futureStop = 0;
let heldStop = 0;

beforeAll(async () => {
  // Only Date is faked: "today" in Hamilton is the visit's Friday, sessions are signed in at that time.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ON_THE_DAY);
  const db = await getDb();
  await seedDemoCrew(db);
  ({ adminToken, technicianToken: unlinkedToken } = await signInAdminAndTechnician());
  crewToken = (await signIn(DEMO_TECHNICIAN.username, DEMO_TECHNICIAN.password, { userAgent: null })).token;
  [crewA, crewB] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((row) => row.id) as [number, number];
  const [customer] = await db.insert(customers).values({ firstName: 'Olivia', lastName: 'Tremblay', email: 'olivia.tremblay@example.com', phone: '(905) 555-0177' }).returning({ id: customers.id });
  customerId = customer!.id;

  ownStop = await bookVisit(FRIDAY);
  heldStop = await bookVisit(FRIDAY, 'pending-payment');
  otherCrewStop = await bookVisit(FRIDAY);
  futureStop = await bookVisit(NEXT_FRIDAY);
  await planRoute(FRIDAY, crewA, [ownStop, heldStop]);
  await planRoute(FRIDAY, crewB, [otherCrewStop]);
  await planRoute(NEXT_FRIDAY, crewA, [futureStop]);
});

afterAll(() => {
  jar.token = undefined;
  vi.useRealTimers();
});

describe('PATCH /api/routes/technician/stops/{id}: a technician marks their stops done', () => {
  it('marks their own stop done on its day; the stop stays on the sheet as done; Undo opens it again', async () => {
    expect(await markStop(crewToken, ownStop, 'completed')).toEqual({ status: 200, body: { id: ownStop, status: 'completed' } });
    expect(await statusOf(ownStop)).toBe('completed');

    jar.token = crewToken;
    const res = await getTechnicianDay(new Request(`http://localhost/api/routes/technician?date=${FRIDAY}`), { params: Promise.resolve({}) });
    const sheet = (await res.json()) as { today: string; route: { appointments: { appointment: { id: number; status: string } }[] } };
    expect(sheet.today).toBe(FRIDAY);
    expect(sheet.route.appointments.map((s) => s.appointment)).toEqual([
      expect.objectContaining({ id: ownStop, status: 'completed' }),
      expect.objectContaining({ id: heldStop, status: 'pending-payment' }),
    ]);

    expect(await markStop(crewToken, ownStop, 'confirmed')).toEqual({ status: 200, body: { id: ownStop, status: 'confirmed' } });
    expect(await statusOf(ownStop)).toBe('confirmed');
  });

  it("refuses another crew's stop, in the caller's language, and changes nothing", async () => {
    const refused = await markStop(crewToken, otherCrewStop, 'completed');
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ message: t('stopNotOnYourRoute') }) });
    const inFrench = await markStop(crewToken, otherCrewStop, 'completed', { 'accept-language': 'fr' });
    expect(inFrench.body.message).toBe(getTranslator('fr', 'routing')('stopNotOnYourRoute'));
    // A visit that does not exist reads the same: a technician learns nothing about other visits.
    expect((await markStop(crewToken, 999_999, 'completed')).status).toBe(403);
    expect(await statusOf(otherCrewStop)).toBe('confirmed');
  });

  it("refuses next Friday's visit on their own route before its day", async () => {
    expect(await markStop(crewToken, futureStop, 'completed')).toEqual({ status: 409, body: expect.objectContaining({ message: t('stopNotDueYet') }) });
    expect(await statusOf(futureStop)).toBe('confirmed');
  });

  it('follows the dashboard on what may change: an unpaid hold on their route cannot be marked done', async () => {
    const refused = await markStop(crewToken, heldStop, 'completed');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'pending-payment', message: getTranslator('en', 'adminDashboard')('onlyConfirmedCanComplete') });
  });

  it('refuses a technician account linked to no crew, and a caller with no session', async () => {
    expect((await markStop(unlinkedToken, ownStop, 'completed')).status).toBe(403);
    expect((await markStop(undefined, ownStop, 'completed')).status).toBe(401);
    expect(await statusOf(ownStop)).toBe('confirmed');
  });

  it('refuses a status other than completed or confirmed', async () => {
    expect((await markStop(crewToken, ownStop, 'cancelled')).status).toBe(400);
    expect(await statusOf(ownStop)).toBe('confirmed');
  });

  it('lets an admin change any visit whose day has come, as on the dashboard, and no visit before its day (0057)', async () => {
    expect(await markStop(adminToken, otherCrewStop, 'completed')).toEqual({ status: 200, body: { id: otherCrewStop, status: 'completed' } });
    expect(await markStop(adminToken, otherCrewStop, 'confirmed')).toEqual({ status: 200, body: { id: otherCrewStop, status: 'confirmed' } });
    expect(await markStop(adminToken, futureStop, 'completed')).toEqual({ status: 409, body: expect.objectContaining({ message: t('stopNotDueYet'), status: 'confirmed' }) });
    expect(await statusOf(futureStop)).toBe('confirmed');
    expect((await markStop(adminToken, 999_999, 'completed')).status).toBe(404);
  });
});
