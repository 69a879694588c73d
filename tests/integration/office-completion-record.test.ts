/**
 * The office's "Mark completed" on the dashboard (docs/decisions/0046): the same application
 * record and note as the day sheet's "Mark done" (0038, 0042), written with the status change in
 * one transaction through PATCH /api/admin/appointments/{id}, with the same refusals by field.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { applicationRecords, pesticideProducts } from '@/db/schema/applications';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { staffUsers } from '@/db/schema/staff';
import { getTranslator } from '@/i18n/messages';
import { emailsTo } from '../support/outbox';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

// Lets a test make the record's write fail after the status change, inside the same transaction.
const hooks = vi.hoisted(() => ({ failNextRecordWrite: false }));
vi.mock('@/features/application-records/application-record.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/features/application-records/application-record.repository')>();
  return {
    ...actual,
    replaceVisitApplications: async (...args: Parameters<typeof actual.replaceVisitApplications>) => {
      if (hooks.failNextRecordWrite) {
        hooks.failNextRecordWrite = false;
        throw new Error('disk full');
      }
      return actual.replaceVisitApplications(...args);
    },
  };
});

const { PATCH: patchAppointment } = await import('@/app/api/admin/appointments/[id]/route');
const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');

const FRIDAY = '2027-06-11';
// The Monday after, 9:30 in Hamilton: the technician phoned in, the office catches up.
const NOW = new Date('2027-06-14T13:30:00Z');

type Json = Record<string, unknown> & { message?: string; fields?: Record<string, string>; status?: string };
let adminToken = '';
let adminId = 0;
let crewA = 0;
let crewB = 0;
let barrier = 0;
let larvicide = 0;

async function call(handler: unknown, token: string, url: string, id: number, body: unknown, headers: Record<string, string> = {}) {
  jar.token = token;
  const res = await (handler as (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>)(
    new Request(`http://localhost${url}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return { status: res.status, body: (await res.json()) as Json };
}

/** The dashboard's PATCH, as the Appointments tab sends it. */
const markFromDashboard = (id: number, body: unknown, headers: Record<string, string> = {}) =>
  call(patchAppointment, adminToken, `/api/admin/appointments/${id}`, id, body, headers);
/** The day sheet's PATCH, for comparing refusals. */
const markOnDaySheet = (id: number, body: unknown, headers: Record<string, string> = {}) =>
  call(patchStop, adminToken, `/api/routes/technician/stops/${id}`, id, body, headers);

async function statusOf(id: number) {
  const [row] = await (await getDb()).select({ status: appointments.status, visitNote: appointments.visitNote }).from(appointments).where(eq(appointments.id, id));
  return row!;
}

async function recordsOf(id: number) {
  return (await getDb()).select().from(applicationRecords).where(eq(applicationRecords.appointmentId, id)).orderBy(asc(applicationRecords.id));
}

/** A customer of their own with one booking's visits on FRIDAY, on `crew`'s route (null: on no route). */
async function bookVisit(email: string, crew: number | null, visits: Partial<typeof appointments.$inferInsert>[] = [{}]) {
  const customerId = await insertCustomer({ email });
  const { ids } = await insertConfirmedVisits(customerId, FRIDAY, visits);
  if (crew !== null) {
    const db = await getDb();
    await db.insert(serviceRoutes).values({ date: FRIDAY, technicianId: crew, technician: `Crew ${crew}`, status: 'planned', appointmentOrder: ids });
    for (const id of ids) await db.update(appointments).set({ technicianId: crew }).where(eq(appointments.id, id));
  }
  return ids;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const db = await getDb();
  ({ adminToken } = await signInAdminAndTechnician());
  adminId = (await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'office')))[0]!.id;
  [crewA, crewB] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((row) => row.id) as [number, number];
  await db.update(technicians).set({ licenceNumber: 'E-10442' }).where(eq(technicians.id, crewA));
});

afterAll(() => {
  jar.token = undefined;
  vi.useRealTimers();
});

describe('before the branch has any product', () => {
  it('marks a treatment completed without a record, with the note to the customer the report carries', async () => {
    const email = 'office.no-products@example.com';
    const [visit] = await bookVisit(email, crewA);
    expect(await markFromDashboard(visit!, { status: 'completed', note: '  Tipped out the rain barrel  ' })).toMatchObject({ status: 200, body: { id: visit, status: 'completed' } });
    expect(await statusOf(visit!)).toEqual({ status: 'completed', visitNote: 'Tipped out the rain barrel' });
    expect(await recordsOf(visit!)).toEqual([]);
    const [report] = await emailsTo(email, 'visit-report');
    expect(report?.text).toContain('Tipped out the rain barrel');
  });
});

describe('with products: "Mark completed" records what was applied, as "Mark done" does', () => {
  beforeAll(async () => {
    const rows = await (await getDb()).insert(pesticideProducts).values([
      { branchId: 1, name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' },
      { branchId: 1, name: 'Demo Larvicide Granules', pcpNumber: '99903', unit: 'g' },
    ]).returning({ id: pesticideProducts.id });
    [barrier, larvicide] = rows.map((row) => row.id) as [number, number];
  });

  it('stores the record with the status change: the route\'s technician and licence, the visit\'s Friday, the time of the mark, the office as recorder; the report follows', async () => {
    const email = 'office.record@example.com';
    const [visit] = await bookVisit(email, crewA);
    const done = await markFromDashboard(visit!, {
      status: 'completed', note: 'Crew A phoned in: back hedge', applications: [{ productId: barrier, amount: '12,5' }, { productId: larvicide, amount: 40 }],
    });
    expect(done).toMatchObject({ status: 200, body: { id: visit, status: 'completed' } });
    const records = await recordsOf(visit!);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      productId: barrier, productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 1250, unit: 'ml-concentrate',
      appliedOn: FRIDAY, recordedAt: NOW, technicianId: crewA, technicianName: 'Crew A', licenceNumber: 'E-10442',
      address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', recordedById: adminId,
    });
    expect(records[1]).toMatchObject({ productId: larvicide, amountHundredths: 4000, unit: 'g', technicianId: crewA });
    expect(await statusOf(visit!)).toEqual({ status: 'completed', visitNote: 'Crew A phoned in: back hedge' });
    const reports = await emailsTo(email, 'visit-report');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.text).toContain('Crew A phoned in: back hedge');
  });

  it('refuses a treatment without its record, by field and in the office\'s language: the visit stays open, no report', async () => {
    const email = 'office.missing@example.com';
    const [visit] = await bookVisit(email, crewA);
    const fr = getTranslator('fr', 'applicationRecords');
    for (const body of [{ status: 'completed' }, { status: 'completed', note: 'Oublié', applications: [] }]) {
      const refused = await markFromDashboard(visit!, body, { 'accept-language': 'fr' });
      expect(refused).toMatchObject({ status: 400, body: { message: fr('recordRequired'), fields: { applications: fr('recordRequired') } } });
    }
    expect(await statusOf(visit!)).toEqual({ status: 'confirmed', visitNote: null });
    expect(await recordsOf(visit!)).toEqual([]);
    expect(await emailsTo(email, 'visit-report')).toHaveLength(0);
  });

  it('answers each bad mark with the day sheet\'s own status and field messages, and changes nothing', async () => {
    const [visit] = await bookVisit('office.same-errors@example.com', crewA);
    const [consult] = await bookVisit('office.same-errors-consult@example.com', crewA, [{ serviceType: 'consult' }]);
    await (await getDb()).insert(pesticideProducts).values({ branchId: 1, name: 'Demo Retired Mix', pcpNumber: '99909', unit: 'l-mix', isActive: false });
    const [retired] = await (await getDb()).select({ id: pesticideProducts.id }).from(pesticideProducts).where(eq(pesticideProducts.name, 'Demo Retired Mix'));
    const bad: [number, unknown][] = [
      [visit!, { status: 'completed', applications: [{ productId: barrier, amount: '1.255' }] }],
      [visit!, { status: 'completed', applications: [{ productId: barrier, amount: '' }, { productId: barrier, amount: '2' }] }],
      [visit!, { status: 'completed', applications: [{ productId: retired!.id, amount: '2' }] }],
      [visit!, { status: 'completed', applications: Array.from({ length: 6 }, (_, i) => ({ productId: i + 1, amount: '1' })) }],
      [visit!, { status: 'completed', note: 'x'.repeat(501), applications: [{ productId: barrier, amount: '1' }] }],
      [consult!, { status: 'completed', applications: [{ productId: barrier, amount: '1' }] }],
    ];
    for (const [id, body] of bad) {
      for (const locale of ['en', 'de']) {
        const office = await markFromDashboard(id, body, { 'accept-language': locale });
        const daySheet = await markOnDaySheet(id, body, { 'accept-language': locale });
        expect(office.status).toBeGreaterThanOrEqual(400);
        expect({ status: office.status, fields: office.body.fields }).toEqual({ status: daySheet.status, fields: daySheet.body.fields });
      }
    }
    expect((await markFromDashboard(visit!, bad[4]![1])).body.fields).toEqual({ note: 'Keep the note to 500 characters or fewer.' });
    expect(await statusOf(visit!)).toEqual({ status: 'confirmed', visitNote: null });
    expect(await statusOf(consult!)).toEqual({ status: 'confirmed', visitNote: null });
    expect(await recordsOf(visit!)).toEqual([]);
  });

  it('marks a consultation completed with its note alone, no record', async () => {
    const [consult] = await bookVisit('office.consult@example.com', null, [{ serviceType: 'consult' }]);
    expect(await markFromDashboard(consult!, { status: 'completed', note: 'Quote for a misting system' })).toMatchObject({ status: 200, body: { status: 'completed' } });
    expect(await statusOf(consult!)).toEqual({ status: 'completed', visitNote: 'Quote for a misting system' });
    expect(await recordsOf(consult!)).toEqual([]);
  });

  it('names the technician the office chooses for a visit on no route, and refuses a record that names nobody', async () => {
    const [visit] = await bookVisit('office.no-route@example.com', null);
    const mark = { status: 'completed', applications: [{ productId: barrier, amount: '3' }] };
    expect(await markFromDashboard(visit!, mark)).toMatchObject({ status: 409, body: { fields: { technicianId: 'Choose the technician who applied the products.' } } });
    expect(await markFromDashboard(visit!, { ...mark, technicianId: 424242 })).toMatchObject({ status: 404, body: { fields: { technicianId: 'This technician was not found.' } } });
    expect(await markFromDashboard(visit!, { ...mark, technicianId: 'crew b' })).toMatchObject({ status: 400, body: { fields: { technicianId: 'This technician was not found.' } } });
    expect(await statusOf(visit!)).toMatchObject({ status: 'confirmed' });
    expect((await markFromDashboard(visit!, { ...mark, technicianId: crewB })).status).toBe(200);
    expect(await recordsOf(visit!)).toMatchObject([{ technicianId: crewB, technicianName: 'Crew B', licenceNumber: null, amountHundredths: 300 }]);
  });

  it('keeps the route\'s technician on the record whoever the office names', async () => {
    const [visit] = await bookVisit('office.route-wins@example.com', crewA);
    expect((await markFromDashboard(visit!, { status: 'completed', technicianId: crewB, applications: [{ productId: barrier, amount: '3' }] })).status).toBe(200);
    expect(await recordsOf(visit!)).toMatchObject([{ technicianId: crewA }]);
  });

  it('writes nothing when the record cannot be stored: the status change and the report roll back with it', async () => {
    const email = 'office.rollback@example.com';
    const [visit] = await bookVisit(email, crewA);
    hooks.failNextRecordWrite = true;
    const failed = await markFromDashboard(visit!, { status: 'completed', note: 'Lost', applications: [{ productId: barrier, amount: '3' }] });
    expect(failed.status).toBe(500);
    expect(await statusOf(visit!)).toEqual({ status: 'confirmed', visitNote: null });
    expect(await emailsTo(email, 'visit-report')).toHaveLength(0);
  });

  it('"Undo" changes at once and keeps the record; marked completed again, the record is replaced and no second report goes', async () => {
    const email = 'office.undo@example.com';
    const [visit] = await bookVisit(email, crewA);
    expect((await markFromDashboard(visit!, { status: 'completed', note: 'First', applications: [{ productId: barrier, amount: '10' }] })).status).toBe(200);
    expect(await markFromDashboard(visit!, { status: 'confirmed' })).toMatchObject({ status: 200, body: { id: visit, status: 'confirmed' } });
    expect(await statusOf(visit!)).toEqual({ status: 'confirmed', visitNote: 'First' });
    expect((await recordsOf(visit!)).map((r) => [r.productId, r.amountHundredths])).toEqual([[barrier, 1000]]);
    expect((await markFromDashboard(visit!, { status: 'completed', applications: [{ productId: larvicide, amount: '9' }] })).status).toBe(200);
    expect((await recordsOf(visit!)).map((r) => [r.productId, r.amountHundredths])).toEqual([[larvicide, 900]]);
    // No note sent: the stored one stays, as an Undo keeps it.
    expect(await statusOf(visit!)).toEqual({ status: 'completed', visitNote: 'First' });
    expect(await emailsTo(email, 'visit-report')).toHaveLength(1);
    // A second mark on a visit already done changes nothing.
    expect(await markFromDashboard(visit!, { status: 'completed', applications: [{ productId: barrier, amount: '1' }] })).toMatchObject({ status: 200, body: { status: 'completed' } });
    expect((await recordsOf(visit!)).map((r) => r.productId)).toEqual([larvicide]);
  });
});
