/**
 * Pesticide application records (docs/decisions/0042): the products admin, the technician's
 * licence, the record written with the day sheet's done mark, the office's edit and the export.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { applicationRecords } from '@/db/schema/applications';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { DEMO_TECHNICIAN, seedDemoCrew } from '@/features/routing/demo-crew.repository';
import { getDayRoutes } from '@/features/routing/route.service';
import { signIn } from '@/features/staff-auth/session.service';
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

const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');
const { GET: listProducts, POST: postProduct } = await import('@/app/api/admin/products/route');
const { PATCH: patchProduct, DELETE: deleteProduct } = await import('@/app/api/admin/products/[id]/route');
const { PATCH: patchTechnician } = await import('@/app/api/admin/technicians/[id]/route');
const { PUT: putVisitRecord } = await import('@/app/api/admin/appointments/[id]/visit-record/route');
const { GET: exportApplications } = await import('@/app/api/admin/exports/applications/route');

const FRIDAY = '2027-06-11';
const NEXT_FRIDAY = '2027-06-18';
// Friday 10:00 in Hamilton (UTC-4 in June): the day sheet is used on the visit's day.
const ON_THE_DAY = new Date('2027-06-11T14:00:00Z');

type Json = Record<string, unknown> & { message?: string; fields?: Record<string, string> };
let adminToken = '';
let technicianToken = '';
let crewAToken = '';
let crewA = 0;
let crewB = 0;

async function call(handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, token: string, method: string, url: string, body?: unknown, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  jar.token = token;
  const res = await handler(
    new Request(`http://localhost${url}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
    { params: Promise.resolve(params) },
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as Json };
}

const markStop = (token: string, id: number, body: unknown, headers: Record<string, string> = {}) =>
  call(patchStop as never, token, 'PATCH', `/api/routes/technician/stops/${id}`, body, { id: String(id) }, headers);
const addProduct = (body: unknown) => call(postProduct as never, adminToken, 'POST', '/api/admin/products', body);
const changeProduct = (id: number, body: unknown) => call(patchProduct as never, adminToken, 'PATCH', `/api/admin/products/${id}`, body, { id: String(id) });
const removeProduct = (id: number) => call(deleteProduct as never, adminToken, 'DELETE', `/api/admin/products/${id}`, undefined, { id: String(id) });
const editRecord = (id: number, body: unknown, token = adminToken) =>
  call(putVisitRecord as never, token, 'PUT', `/api/admin/appointments/${id}/visit-record`, body, { id: String(id) });
const download = (query: string, headers: Record<string, string> = {}) =>
  call(exportApplications as never, adminToken, 'GET', `/api/admin/exports/applications${query}`, undefined, {}, headers);

async function planRoute(technicianId: number, appointmentOrder: number[], date = FRIDAY) {
  const db = await getDb();
  await db.insert(serviceRoutes).values({ date, technicianId, technician: `Crew ${technicianId}`, status: 'planned', appointmentOrder });
  for (const id of appointmentOrder) await db.update(appointments).set({ technicianId }).where(eq(appointments.id, id));
}

async function statusOf(id: number) {
  const [row] = await (await getDb()).select({ status: appointments.status, visitNote: appointments.visitNote }).from(appointments).where(eq(appointments.id, id));
  return row!;
}

async function recordsOf(id: number) {
  return (await getDb()).select().from(applicationRecords).where(eq(applicationRecords.appointmentId, id)).orderBy(asc(applicationRecords.id));
}

/** A customer of their own with one booking's visits on `date`, on Crew A's route. */
async function bookStop(email: string, visits: Partial<typeof appointments.$inferInsert>[] = [{}], date = FRIDAY) {
  const customerId = await insertCustomer({ email, address: '9 Customer Rd', city: 'Dundas', postalCode: 'L9H 1A1' });
  const { ids } = await insertConfirmedVisits(customerId, date, visits);
  await planRoute(crewA, ids, date);
  return ids;
}

let barrier = 0;
let tick = 0;
let larvicide = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ON_THE_DAY);
  const db = await getDb();
  await seedDemoCrew(db);
  await signInAdminAndTechnician();
  [crewA, crewB] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((row) => row.id) as [number, number];
  await signInStaff();
});

/** Signs the office, the technician account and Crew A in at the test's clock (a sign-in drops the sessions idle by then). */
async function signInStaff() {
  adminToken = (await signIn('office', 'office password 1', { userAgent: null })).token;
  technicianToken = (await signIn('tech', 'technician password', { userAgent: null })).token;
  crewAToken = (await signIn(DEMO_TECHNICIAN.username, DEMO_TECHNICIAN.password, { userAgent: null })).token;
}

afterAll(() => {
  jar.token = undefined;
  vi.useRealTimers();
});

describe('before the branch has any product', () => {
  it('marks a treatment done without a record, as before', async () => {
    const [stop] = await bookStop('no.products@example.com');
    expect(await markStop(crewAToken, stop!, { status: 'completed', applications: [] })).toMatchObject({ status: 200, body: { id: stop, status: 'completed' } });
    expect(await recordsOf(stop!)).toEqual([]);
  });
});

describe('the products admin (admins only)', () => {
  it('adds products, refuses a second of the same name, retires and offers again, lists them with their record counts', async () => {
    const created = await addProduct({ name: 'Demo Barrier Concentrate', pcpNumber: 'Reg. No. 99901', unit: 'ml-concentrate' });
    expect(created).toMatchObject({ status: 201, body: { kind: 'created', product: { name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate', isActive: true } } });
    barrier = (created.body.product as { id: number }).id;
    tick = ((await addProduct({ name: 'Demo Tick Perimeter Mix', pcpNumber: '99902', unit: 'l-mix' })).body.product as { id: number }).id;
    larvicide = ((await addProduct({ name: 'Demo Larvicide Granules', pcpNumber: '99903', unit: 'g' })).body.product as { id: number }).id;

    const taken = await addProduct({ name: 'demo barrier CONCENTRATE', pcpNumber: '99904', unit: 'g' });
    expect(taken).toMatchObject({ status: 409, body: { fields: { name: 'Another product already has this name.' } } });
    const invalid = await call(postProduct as never, adminToken, 'POST', '/api/admin/products', { name: 'X', pcpNumber: '12', unit: 'kg' }, {}, { 'accept-language': 'fr' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({
      pcpNumber: getTranslator('fr', 'applicationRecords')('products.pcpInvalid'),
      unit: getTranslator('fr', 'applicationRecords')('products.unitInvalid'),
    });

    expect((await changeProduct(tick, { isActive: false })).body).toMatchObject({ kind: 'retired', product: { isActive: false } });
    expect((await changeProduct(tick, { isActive: true })).body).toMatchObject({ kind: 'reactivated', product: { isActive: true } });
    expect((await call(listProducts as never, technicianToken, 'GET', '/api/admin/products')).status).toBe(403);
    const listed = await call(listProducts as never, adminToken, 'GET', '/api/admin/products');
    expect((listed.body.products as { name: string; recordCount: number }[]).map((p) => [p.name, p.recordCount])).toEqual([
      ['Demo Barrier Concentrate', 0], ['Demo Larvicide Granules', 0], ['Demo Tick Perimeter Mix', 0],
    ]);
  });

  it('deletes a product no record names; one that is recorded can only be retired', async () => {
    const typo = ((await addProduct({ name: 'Demo Typo', pcpNumber: '99999', unit: 'g' })).body.product as { id: number }).id;
    expect((await removeProduct(typo)).body).toMatchObject({ kind: 'deleted' });
    expect((await removeProduct(typo)).status).toBe(404);
  });
});

describe('the technician\'s licence number', () => {
  it('is set on the technicians screen and carried by each record from then on', async () => {
    const changed = await call(patchTechnician as never, adminToken, 'PATCH', `/api/admin/technicians/${crewA}`, { licenceNumber: ' e-10442 ' }, { id: String(crewA) });
    expect(changed).toMatchObject({ status: 200, body: { kind: 'updated', replanDates: [], technician: { licenceNumber: 'E-10442' } } });
    const refused = await call(patchTechnician as never, adminToken, 'PATCH', `/api/admin/technicians/${crewA}`, { licenceNumber: 'E#1' }, { id: String(crewA) });
    expect(refused.body.fields).toEqual({ licenceNumber: 'Use only letters, digits, spaces and hyphens.' });
  });
});

describe('"Mark done" with the application record', () => {
  it('stores the record with the done mark, in one transaction with the report: what, how much, when, where, who, under which licence', async () => {
    const email = 'record.done@example.com';
    // Booked without an address of its own: the record takes the customer's on file (findServiceAddress).
    const [stop] = await bookStop(email, [{ address: null, city: null, postalCode: null }]);
    const done = await markStop(crewAToken, stop!, {
      status: 'completed', note: 'Back hedge', applications: [{ productId: barrier, amount: '12,5' }, { productId: larvicide, amount: 40 }],
    });
    expect(done).toMatchObject({ status: 200, body: { id: stop, status: 'completed' } });
    const records = await recordsOf(stop!);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      productId: barrier, productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 1250, unit: 'ml-concentrate',
      appliedOn: FRIDAY, recordedAt: ON_THE_DAY, technicianId: crewA, technicianName: 'Crew A', licenceNumber: 'E-10442',
      address: '9 Customer Rd', city: 'Dundas', postalCode: 'L9H 1A1',
    });
    expect(records[1]).toMatchObject({ productId: larvicide, amountHundredths: 4000, unit: 'g' });
    expect(await emailsTo(email, 'visit-report')).toHaveLength(1);
  });

  it('names the products applied, their registration numbers and amounts in the customer\'s report, in their language, and on the done stop (0110)', async () => {
    const email = 'record.named@example.com';
    const [stop] = await bookStop(email, [{ locale: 'fr' }]);
    const done = await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: barrier, amount: '1,5' }, { productId: larvicide, amount: '40' }] });
    expect(done.status).toBe(200);
    const [report] = await emailsTo(email, 'visit-report');
    expect(report!.text).toContain('Produits appliqués\n- Demo Barrier Concentrate (n° d’homologation 99901)\u00a0: 1,5 mL de concentré\n- Demo Larvicide Granules (n° d’homologation 99903)\u00a0: 40 g');
    expect(report!.html).toContain('Demo Barrier Concentrate (n° d’homologation 99901)\u00a0: 1,5 mL de concentré');
    // Each test plans a route of its own: the day's routes are read, as the route manager does (the day sheet reads the same).
    const day = await getDayRoutes(FRIDAY, { now: ON_THE_DAY });
    expect(day.routes.flatMap((r) => r.appointments).find((s) => s.appointment.id === stop)!.applied).toEqual([
      { productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 150, unit: 'ml-concentrate' },
      { productName: 'Demo Larvicide Granules', pcpNumber: '99903', amountHundredths: 4000, unit: 'g' },
    ]);
  });

  it('refuses a treatment without its record while products exist: the stop stays open, no report (in the caller\'s language)', async () => {
    const email = 'record.missing@example.com';
    const [stop] = await bookStop(email);
    const refused = await markStop(crewAToken, stop!, { status: 'completed', note: 'Forgot' }, { 'accept-language': 'fr' });
    const fr = getTranslator('fr', 'applicationRecords');
    expect(refused).toMatchObject({ status: 400, body: { message: fr('recordRequired'), fields: { applications: fr('recordRequired') } } });
    expect(await statusOf(stop!)).toEqual({ status: 'confirmed', visitNote: null });
    expect(await emailsTo(email, 'visit-report')).toHaveLength(0);
  });

  it('refuses a retired or unknown product, a bad amount and a sixth line, naming the field', async () => {
    const [stop] = await bookStop('record.bad@example.com');
    await changeProduct(tick, { isActive: false });
    const retired = await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: barrier, amount: '1' }, { productId: tick, amount: '2' }] });
    expect(retired).toMatchObject({ status: 409, body: { fields: { 'applications.1.productId': 'This product is no longer offered. Choose another one.' } } });
    await changeProduct(tick, { isActive: true });
    const unknown = await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: 424242, amount: '1' }] });
    expect(unknown.body.fields).toEqual({ 'applications.0.productId': 'This product is no longer offered. Choose another one.' });
    const amount = await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: barrier, amount: '1.255' }] });
    expect(amount).toMatchObject({ status: 400, body: { fields: { 'applications.0.amount': 'Enter the amount with at most 2 decimals.' } } });
    const six = await markStop(crewAToken, stop!, { status: 'completed', applications: Array.from({ length: 6 }, (_, i) => ({ productId: i + 1, amount: '1' })) });
    expect(six.body.fields).toEqual({ applications: 'Record at most 5 products per visit.' });
    expect(await statusOf(stop!)).toMatchObject({ status: 'confirmed' });
    expect(await recordsOf(stop!)).toEqual([]);
  });

  it('writes nothing when the record cannot be stored: the status change and the report roll back with it', async () => {
    const email = 'record.rollback@example.com';
    const [stop] = await bookStop(email);
    hooks.failNextRecordWrite = true;
    const failed = await markStop(crewAToken, stop!, { status: 'completed', note: 'Lost', applications: [{ productId: barrier, amount: '3' }] });
    expect(failed.status).toBe(500);
    expect(await statusOf(stop!)).toEqual({ status: 'confirmed', visitNote: null });
    expect(await emailsTo(email, 'visit-report')).toHaveLength(0);
    // Sent again, it goes through once.
    expect((await markStop(crewAToken, stop!, { status: 'completed', note: 'Lost', applications: [{ productId: barrier, amount: '3' }] })).status).toBe(200);
    expect(await recordsOf(stop!)).toHaveLength(1);
  });

  it('asks nothing of a consultation, and refuses products on one', async () => {
    const [consult, other] = await bookStop('record.consult@example.com', [{ serviceType: 'consult' }, { serviceType: 'consult' }]);
    expect((await markStop(crewAToken, consult!, { status: 'completed' })).status).toBe(200);
    expect(await recordsOf(consult!)).toEqual([]);
    const refused = await markStop(crewAToken, other!, { status: 'completed', applications: [{ productId: barrier, amount: '1' }] });
    expect(refused).toMatchObject({ status: 400, body: { fields: { applications: 'A consultation applies no product: leave the products out.' } } });
  });

  it('keeps the record through an Undo and replaces it when the stop is marked done again', async () => {
    const [stop] = await bookStop('record.undo@example.com');
    expect((await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: barrier, amount: '10' }] })).status).toBe(200);
    expect((await markStop(crewAToken, stop!, { status: 'confirmed' })).status).toBe(200);
    expect((await recordsOf(stop!)).map((r) => [r.productId, r.amountHundredths])).toEqual([[barrier, 1000]]);
    // A second phone's done mark on a stop already done changes nothing.
    vi.setSystemTime(new Date(ON_THE_DAY.getTime() + 3_600_000));
    expect((await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: tick, amount: '4' }] })).status).toBe(200);
    expect((await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: larvicide, amount: '9' }] })).body).toEqual({ id: stop, status: 'completed' });
    const records = await recordsOf(stop!);
    expect(records.map((r) => [r.productId, r.amountHundredths, r.unit])).toEqual([[tick, 400, 'l-mix']]);
    expect(records[0]!.recordedAt).toEqual(new Date(ON_THE_DAY.getTime() + 3_600_000));
    vi.setSystemTime(ON_THE_DAY);
  });

  it('keeps a technician off another crew\'s stop: refused before anything is recorded', async () => {
    const customerId = await insertCustomer({ email: 'record.crew-b@example.com' });
    const { ids: [stop] } = await insertConfirmedVisits(customerId, FRIDAY);
    await planRoute(crewB, [stop!]);
    expect((await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: barrier, amount: '1' }] })).status).toBe(403);
    expect(await recordsOf(stop!)).toEqual([]);
  });

  it('records the visit\'s technician when the office marks the stop done on the day sheet', async () => {
    const [stop] = await bookStop('record.office@example.com');
    expect((await markStop(adminToken, stop!, { status: 'completed', applications: [{ productId: barrier, amount: '2' }] })).status).toBe(200);
    expect(await recordsOf(stop!)).toMatchObject([{ technicianId: crewA, licenceNumber: 'E-10442' }]);
  });
});

describe('a crew without a licence number on file (docs/decisions/0102)', () => {
  it('still marks a treatment done: the record names the crew with no licence, and the office\'s edit takes the number once it is on file', async () => {
    await call(patchTechnician as never, adminToken, 'PATCH', `/api/admin/technicians/${crewB}`, { licenceNumber: '' }, { id: String(crewB) });
    const customerId = await insertCustomer({ email: 'record.no-licence@example.com' });
    const { ids: [stop] } = await insertConfirmedVisits(customerId, FRIDAY);
    await planRoute(crewB, [stop!]);
    // The day's work goes on: the office marks Crew B's stop done, and the record says no licence.
    expect(await markStop(adminToken, stop!, { status: 'completed', applications: [{ productId: barrier, amount: '3' }] })).toMatchObject({ status: 200, body: { status: 'completed' } });
    expect(await recordsOf(stop!)).toMatchObject([{ technicianId: crewB, technicianName: 'Crew B', licenceNumber: null }]);

    // The owner adds the number; the office's edit of that record, naming the same crew, fills it in.
    await call(patchTechnician as never, adminToken, 'PATCH', `/api/admin/technicians/${crewB}`, { licenceNumber: 'E-40404' }, { id: String(crewB) });
    const edited = await editRecord(stop!, { note: '', technicianId: crewB, applications: [{ productId: barrier, amount: '3' }] });
    expect(edited.body).toMatchObject({ technician: { id: crewB, licenceNumber: 'E-40404' } });
    expect(await recordsOf(stop!)).toMatchObject([{ technicianId: crewB, licenceNumber: 'E-40404' }]);
  });
});

describe('the office edits a done visit\'s note and record', () => {
  it('rewrites both, keeps the licence on the record, remembers who and when, and does not send the report again', async () => {
    const email = 'record.edit@example.com';
    const [stop] = await bookStop(email);
    expect((await markStop(crewAToken, stop!, { status: 'completed', note: 'Front', applications: [{ productId: barrier, amount: '10' }] })).status).toBe(200);
    // The licence is renewed after the visit: the record keeps the one it was made under.
    await call(patchTechnician as never, adminToken, 'PATCH', `/api/admin/technicians/${crewA}`, { licenceNumber: 'E-20000' }, { id: String(crewA) });
    // The product the record names is retired: it stays choosable for this record.
    await changeProduct(barrier, { isActive: false });

    const edited = await editRecord(stop!, { note: '  Front and side yard  ', technicianId: crewA, applications: [{ productId: barrier, amount: '12' }, { productId: larvicide, amount: '5' }] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      appointmentId: stop, note: 'Front and side yard', reportSent: true, editedBy: 'Administrator',
      lines: [{ productId: barrier, amountHundredths: 1200 }, { productId: larvicide, amountHundredths: 500 }],
      technician: { id: crewA, name: 'Crew A', licenceNumber: 'E-10442' },
    });
    expect(edited.body.editedAt).toBe(ON_THE_DAY.toISOString());
    expect(await statusOf(stop!)).toEqual({ status: 'completed', visitNote: 'Front and side yard' });
    expect((await recordsOf(stop!)).map((r) => [r.productId, r.licenceNumber, r.address])).toEqual([[barrier, 'E-10442', '71 Main St W'], [larvicide, 'E-10442', '71 Main St W']]);
    expect(await emailsTo(email, 'visit-report')).toHaveLength(1);

    // Another technician named: their licence now.
    await call(patchTechnician as never, adminToken, 'PATCH', `/api/admin/technicians/${crewB}`, { licenceNumber: 'E-30303' }, { id: String(crewB) });
    const other = await editRecord(stop!, { note: '', technicianId: crewB, applications: [{ productId: larvicide, amount: '5' }] });
    expect(other.body).toMatchObject({ note: null, technician: { id: crewB, licenceNumber: 'E-30303' }, lines: [{ productId: larvicide }] });
    await changeProduct(barrier, { isActive: true });
  });

  it('holds the edit to the done mark\'s rules: a record for a treatment, a technician, products on offer', async () => {
    const [stop] = await bookStop('record.edit-rules@example.com');
    expect((await markStop(crewAToken, stop!, { status: 'completed', applications: [{ productId: barrier, amount: '1' }] })).status).toBe(200);
    expect((await editRecord(stop!, { note: '', technicianId: crewA, applications: [] })).body.fields).toEqual({ applications: getTranslator('en', 'applicationRecords')('recordRequired') });
    expect((await editRecord(stop!, { note: '', technicianId: null, applications: [{ productId: barrier, amount: '1' }] })).body.fields).toEqual({ technicianId: 'Choose the technician who applied the products.' });
    await changeProduct(tick, { isActive: false });
    expect((await editRecord(stop!, { note: '', technicianId: crewA, applications: [{ productId: tick, amount: '1' }] })).body.fields).toEqual({ 'applications.0.productId': 'This product is no longer offered. Choose another one.' });
    await changeProduct(tick, { isActive: true });
    // Only a done visit has a record to edit; technicians have no access.
    const [open] = await bookStop('record.edit-open@example.com');
    expect(await editRecord(open!, { note: 'x', technicianId: null, applications: [] })).toMatchObject({ status: 409, body: { status: 'confirmed' } });
    expect((await editRecord(stop!, { note: 'x', technicianId: null, applications: [] }, crewAToken)).status).toBe(403);
    expect((await recordsOf(stop!)).map((r) => r.amountHundredths)).toEqual([100]);
  });

  it('edits a consultation\'s note alone', async () => {
    const [consult] = await bookStop('record.edit-consult@example.com', [{ serviceType: 'consult' }]);
    expect((await markStop(crewAToken, consult!, { status: 'completed' })).status).toBe(200);
    expect((await editRecord(consult!, { note: 'Quote for a misting system', technicianId: null, applications: [] })).body).toMatchObject({ note: 'Quote for a misting system', lines: [] });
  });

  it('a product named by a record can no longer be deleted', async () => {
    const refused = await removeProduct(barrier);
    expect(refused).toMatchObject({ status: 409, body: { message: 'Demo Barrier Concentrate is named in application records and cannot be deleted. Retire it instead.' } });
  });
});

describe('the export of application records', () => {
  it('lists the products applied at visits done in the range (the visits\' Fridays, both ends), with translated headers', async () => {
    const customerId = await insertCustomer({ email: 'record.export@example.com' });
    const { ids: [later] } = await insertConfirmedVisits(customerId, NEXT_FRIDAY, [{ address: '=1+2 Main St', city: 'Grimsby', postalCode: 'L3M 1A1' }]);
    await planRoute(crewA, [later!], NEXT_FRIDAY);
    // The office marks it done on its day (nobody may before it, 0057), signed in then.
    vi.setSystemTime(new Date(ON_THE_DAY.getTime() + 7 * 86_400_000));
    try {
      await signInStaff();
      expect((await markStop(adminToken, later!, { status: 'completed', applications: [{ productId: tick, amount: '7.5' }] })).status).toBe(200);
    } finally {
      vi.setSystemTime(ON_THE_DAY);
      await signInStaff();
    }
    // A stop done and then taken back: its record waits for the next done mark, out of the file.
    const [undone] = await bookStop('record.export-undone@example.com');
    await markStop(crewAToken, undone!, { status: 'completed', applications: [{ productId: barrier, amount: '99' }] });
    await markStop(crewAToken, undone!, { status: 'confirmed' });

    const both = await download(`?from=${FRIDAY}&to=${NEXT_FRIDAY}`);
    expect(both.status).toBe(200);
    expect(both.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(both.headers.get('content-disposition')).toBe(`attachment; filename="application-records-${FRIDAY}-to-${NEXT_FRIDAY}.csv"`);
    const rows = both.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('Date applied,Address,Product,PCP registration number,Amount,Unit,Technician,Licence number');
    expect(rows.at(-1)).toBe(`${NEXT_FRIDAY},"'=1+2 Main St, Grimsby, L3M 1A1",Demo Tick Perimeter Mix,99902,7.50,L of mix,Crew A,E-20000`);
    expect(rows.filter((r) => r.startsWith(FRIDAY)).length).toBeGreaterThan(3);
    expect(rows.some((r) => r.includes(',99.00,'))).toBe(false);
    expect(rows).toContain(`${FRIDAY},"9 Customer Rd, Dundas, L9H 1A1",Demo Barrier Concentrate,99901,12.50,mL of concentrate,Crew A,E-10442`);

    const firstOnly = (await download(`?from=${FRIDAY}&to=${FRIDAY}`)).text;
    expect(firstOnly).not.toContain(NEXT_FRIDAY);
    const secondOnly = (await download(`?from=${NEXT_FRIDAY}&to=2027-06-30`)).text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(secondOnly).toHaveLength(2);

    const fr = await download(`?from=${NEXT_FRIDAY}&to=${NEXT_FRIDAY}`, { 'accept-language': 'fr' });
    expect(fr.text).toContain('Date d’application,Adresse,Produit');
    expect(fr.text).toContain(',7.50,L de bouillie,');
  });

  it('refuses a bad range with the payments export\'s messages, and technicians', async () => {
    expect(await download(`?from=${NEXT_FRIDAY}&to=${FRIDAY}`)).toMatchObject({ status: 400, body: { field: 'to' } });
    expect((await download('?from=2027-02-30&to=2027-03-01')).body.field).toBe('from');
    jar.token = technicianToken;
    const res = await exportApplications(new Request(`http://localhost/api/admin/exports/applications?from=${FRIDAY}&to=${FRIDAY}`), { params: Promise.resolve({}) } as never);
    expect(res.status).toBe(403);
  });
});
