/**
 * Licence expiry and the owner's licence check before the season (docs/decisions/0107): the expiry
 * date edited with the number on /technicians, the dashboard's data (crews with a missing, expired
 * or season-short licence in Hamilton's calendar, this season's records without a licence number),
 * the office's "Edit record" that completes such a record, and the technician's own day sheet notice.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { applicationRecords, pesticideProducts } from '@/db/schema/applications';
import { technicians } from '@/db/schema/branches';
import { findOwnLicenceNotice, loadLicenceCheck } from '@/features/technicians/technician.service';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const { GET: list, POST: create } = (await import('@/app/api/admin/technicians/route')) as unknown as { GET: Handler; POST: Handler };
const { PATCH: change } = (await import('@/app/api/admin/technicians/[id]/route')) as unknown as { PATCH: Handler };
const { PUT: putVisitRecord } = (await import('@/app/api/admin/appointments/[id]/visit-record/route')) as unknown as { PUT: Handler };

const send = (method: string, path: string, body: unknown, params: Record<string, string> = {}, headers: Record<string, string> = {}) => ({
  req: new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  ctx: { params: Promise.resolve(params) },
});
async function patch(id: number, body: unknown, headers: Record<string, string> = {}) {
  const { req, ctx } = send('PATCH', `/api/admin/technicians/${id}`, body, { id: String(id) }, headers);
  const res = await change(req, ctx);
  return { status: res.status, body: await res.json() };
}
async function editRecord(id: number, body: unknown) {
  const { req, ctx } = send('PUT', `/api/admin/appointments/${id}/visit-record`, body, { id: String(id) });
  const res = await putVisitRecord(req, ctx);
  return { status: res.status, body: await res.json() };
}
type Listed = { technicians: { id: number; name: string; licenceNumber: string | null; licenceExpiresOn: string | null }[]; licenceClock: { today: string; seasonEnd: string } };
async function readList(): Promise<Listed> {
  const res = await list(new Request('http://localhost/api/admin/technicians'), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return res.json();
}

// Thursday, Nov 26, 2026: 04:30 UTC is still 11:30 PM on Wednesday the 25th in Hamilton (EST, UTC-5).
const LATE_ON_THE_25TH = new Date('2026-11-26T04:30:00Z');
const EARLY_ON_THE_26TH = new Date('2026-11-26T05:30:00Z');

let crewA = 0;
let crewB = 0;
let product = 0;

beforeAll(async () => {
  const { adminToken } = await signInAdminAndTechnician();
  jar.token = adminToken;
  const db = await getDb();
  [crewA, crewB] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((row) => row.id) as [number, number];
  [{ id: product }] = await db.insert(pesticideProducts)
    .values({ branchId: 1, name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' })
    .returning({ id: pesticideProducts.id }) as [{ id: number }];
});

describe('the licence expiry date on /technicians', () => {
  it('is saved with the number, listed, and cleared with the date or with the number', async () => {
    const saved = await patch(crewA, { licenceNumber: 'e-10442', licenceExpiresOn: '2026-11-25' });
    expect(saved).toMatchObject({ status: 200, body: { technician: { licenceNumber: 'E-10442', licenceExpiresOn: '2026-11-25' } } });
    expect((await readList()).technicians.find((tech) => tech.id === crewA)).toMatchObject({ licenceExpiresOn: '2026-11-25' });

    // A renewal: a later date alone keeps the number.
    expect((await patch(crewA, { licenceExpiresOn: '2028-03-31' })).body.technician).toMatchObject({ licenceNumber: 'E-10442', licenceExpiresOn: '2028-03-31' });
    expect((await patch(crewA, { licenceExpiresOn: '' })).body.technician).toMatchObject({ licenceNumber: 'E-10442', licenceExpiresOn: null });
    // The number removed takes its date with it.
    await patch(crewA, { licenceExpiresOn: '2028-03-31' });
    expect((await patch(crewA, { licenceNumber: '' })).body.technician).toMatchObject({ licenceNumber: null, licenceExpiresOn: null });

    const { req, ctx } = send('POST', '/api/admin/technicians', {
      name: 'Crew E', color: '#7c3aed', shiftStart: '09:00', shiftEnd: '17:00', licenceNumber: 'E-5', licenceExpiresOn: '2027-12-31',
    });
    const created = await create(req, ctx);
    expect(created.status).toBe(201);
    expect((await created.json()).technician).toMatchObject({ name: 'Crew E', licenceExpiresOn: '2027-12-31' });
    expect((await patch((await readList()).technicians.find((tech) => tech.name === 'Crew E')!.id, { isActive: false })).status).toBe(200);
  });

  it('refuses a date that is not one, and a date without a number, by the field, in the caller\'s language', async () => {
    expect(await patch(crewB, { licenceNumber: 'E-2', licenceExpiresOn: '2027-02-30' })).toMatchObject({
      status: 400, body: { fields: { licenceExpiresOn: 'Enter the expiry date printed on the licence.' } },
    });
    expect(await patch(crewB, { licenceNumber: 'E-2', licenceExpiresOn: '20270-01-01' }, { cookie: 'NEXT_LOCALE=fr' })).toMatchObject({
      status: 400, body: { fields: { licenceExpiresOn: 'Saisissez la date d’expiration indiquée sur le permis.' } },
    });
    expect(await patch(crewB, { licenceExpiresOn: '2027-06-30' })).toMatchObject({
      status: 400, body: { fields: { licenceExpiresOn: 'Enter the licence number this expiry date belongs to, or clear the date.' } },
    });
    const [row] = await (await getDb()).select({ number: technicians.licenceNumber, expires: technicians.licenceExpiresOn }).from(technicians).where(eq(technicians.id, crewB));
    expect(row).toEqual({ number: null, expires: null });
  });
});

describe('the dashboard\'s licence check, in Hamilton\'s calendar', () => {
  it('flags a licence from the day after its expiry date, one that ends before next season does, and a missing number', async () => {
    await patch(crewA, { licenceNumber: 'E-10442', licenceExpiresOn: '2026-11-25' });
    const late = await loadLicenceCheck({ now: LATE_ON_THE_25TH });
    expect(late.clock).toEqual({ today: '2026-11-25', seasonEnd: '2027-10-31' });
    // Still valid on its last day, but not for next season.
    expect(late.crews).toEqual([
      { id: crewA, name: 'Crew A', problem: 'expiresInSeason', licenceExpiresOn: '2026-11-25' },
      { id: crewB, name: 'Crew B', problem: 'missing', licenceExpiresOn: null },
    ]);
    const early = await loadLicenceCheck({ now: EARLY_ON_THE_26TH });
    expect(early.crews.map(({ name, problem }) => [name, problem])).toEqual([['Crew A', 'expired'], ['Crew B', 'missing']]);

    // A licence lasting through next season's last day is in order; an inactive crew (Crew E) is never named.
    await patch(crewA, { licenceExpiresOn: '2027-10-31' });
    expect((await loadLicenceCheck({ now: EARLY_ON_THE_26TH })).crews.map(({ name }) => name)).toEqual(['Crew B']);
    await patch(crewA, { licenceExpiresOn: '2027-10-30' });
    expect((await loadLicenceCheck({ now: EARLY_ON_THE_26TH })).crews.map(({ name, problem }) => [name, problem])).toEqual([['Crew A', 'expiresInSeason'], ['Crew B', 'missing']]);
  });

  it('counts this season\'s done visits whose records name no licence, once each, and not last season\'s, a licensed one or an undone one', async () => {
    const db = await getDb();
    const customerId = await insertCustomer({ email: 'licence.records@example.com', firstName: 'Amira', lastName: 'Haddad' });
    const visit = async (date: string, status: string, licenceNumber: string | null, lines = 1) => {
      const { ids: [id] } = await insertConfirmedVisits(customerId, date, [{ status, technicianId: crewB }]);
      await db.insert(applicationRecords).values(Array.from({ length: lines }, (_, i) => ({
        branchId: 1, appointmentId: id!, productId: product, productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 100 + i,
        unit: 'ml-concentrate' as const, appliedOn: date, recordedAt: new Date(`${date}T16:00:00Z`), technicianId: crewB, technicianName: 'Crew B', licenceNumber,
      })));
      return id!;
    };
    const august = await visit('2026-08-14', 'completed', null, 2);
    const july = await visit('2026-07-10', 'completed', null);
    await visit('2026-07-17', 'completed', 'E-99');
    await visit('2025-09-12', 'completed', null);
    await visit('2026-09-04', 'confirmed', null);

    const check = await loadLicenceCheck({ now: EARLY_ON_THE_26TH });
    expect(check.records).toEqual({
      season: 2026,
      visits: [
        { appointmentId: july, customerId, customerName: 'Amira Haddad', appliedOn: '2026-07-10' },
        { appointmentId: august, customerId, customerName: 'Amira Haddad', appliedOn: '2026-08-14' },
      ],
    });
    // Next April the 2026 season is still the one an inspection asks about; from May 1 in Hamilton, 2027's.
    expect((await loadLicenceCheck({ now: new Date('2027-05-01T03:30:00Z') })).records.visits).toHaveLength(2);
    expect((await loadLicenceCheck({ now: new Date('2027-05-01T04:30:00Z') })).records).toEqual({ season: 2027, visits: [] });

    // The owner adds Crew B's number; the office's "Edit record" naming Crew B completes the July record (0102).
    await patch(crewB, { licenceNumber: 'E-20202' });
    const edited = await editRecord(july, { note: '', technicianId: crewB, applications: [{ productId: product, amount: '1' }] });
    expect(edited).toMatchObject({ status: 200, body: { technician: { id: crewB, licenceNumber: 'E-20202' } } });
    expect((await loadLicenceCheck({ now: EARLY_ON_THE_26TH })).records.visits.map((v) => v.appointmentId)).toEqual([august]);
  });
});

describe('the technician\'s own day sheet notice', () => {
  it('says a missing number or an expired licence, and nothing for a licence valid today or while no product is active', async () => {
    await patch(crewA, { licenceNumber: 'E-10442', licenceExpiresOn: '2026-11-25' });
    expect(await findOwnLicenceNotice(crewA, { now: LATE_ON_THE_25TH })).toBeNull();
    expect(await findOwnLicenceNotice(crewA, { now: EARLY_ON_THE_26TH })).toEqual({ problem: 'expired', expiresOn: '2026-11-25' });
    await patch(crewB, { licenceNumber: '' });
    expect(await findOwnLicenceNotice(crewB, { now: EARLY_ON_THE_26TH })).toEqual({ problem: 'missing', expiresOn: null });

    await (await getDb()).update(pesticideProducts).set({ isActive: false });
    expect(await findOwnLicenceNotice(crewA, { now: EARLY_ON_THE_26TH })).toBeNull();
    expect((await loadLicenceCheck({ now: EARLY_ON_THE_26TH })).crews).toEqual([]);
  });
});
