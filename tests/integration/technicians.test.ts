import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { pesticideProducts } from '@/db/schema/applications';
import { technicians } from '@/db/schema/branches';
import { DEMO_LICENCES, seedDemoCrew } from '@/features/routing/demo-crew.repository';
import { loadLicenceCheck } from '@/features/technicians/technician.service';
import { getDayRoutes, optimizeDay } from '@/features/routing/route.service';
import { pickDemoFriday, seedDemoSeason } from '@/server/bootstrap/seed';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const listModule = await import('@/app/api/admin/technicians/route');
const itemModule = await import('@/app/api/admin/technicians/[id]/route');
const { GET: list, POST: create } = listModule as unknown as { GET: Handler; POST: Handler };
const { PATCH: change } = itemModule as unknown as { PATCH: Handler };

const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const getList = () => list(new Request('http://localhost/api/admin/technicians'), ctx());
const post = (body: unknown, headers?: Record<string, string>) => create(send('POST', '/api/admin/technicians', body, headers), ctx());
const patch = (id: number | string, body: unknown, headers?: Record<string, string>) =>
  change(send('PATCH', `/api/admin/technicians/${id}`, body, headers), ctx({ id: String(id) }));

type View = { id: number; name: string; color: string; shiftStart: string; shiftEnd: string; isActive: boolean; licenceNumber: string | null; upcomingRouteDates: string[] };
async function readList(): Promise<{ technicians: View[]; workingHours: { start: string; end: string; serviceMin: number }; productsActive: boolean }> {
  const res = await getList();
  expect(res.status).toBe(200);
  return res.json();
}
const listCrewsWithoutLicence = async () => (await loadLicenceCheck()).crews.filter((crew) => crew.problem === 'missing').map(({ id, name }) => ({ id, name }));
const byName = async (name: string) => (await readList()).technicians.find((t) => t.name === name)!;

const NOW = new Date('2027-04-01T12:00:00Z');
const FRIDAY = pickDemoFriday(NOW);
const crewD = { name: 'Crew D', color: '#7c3aed', shiftStart: '09:00', shiftEnd: '17:00' };

let adminToken = '';
let technicianToken = '';

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

describe('technicians API access', () => {
  it('answers 401 without a session and 403 to a technician, for every method; nothing is written', async () => {
    for (const [token, status] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await getList()).status).toBe(status);
      expect((await post(crewD)).status).toBe(status);
      expect((await patch(1, { isActive: false })).status).toBe(status);
    }
    const db = await getDb();
    const rows = await db.select({ name: technicians.name, isActive: technicians.isActive }).from(technicians).orderBy(asc(technicians.id));
    expect(rows).toEqual([{ name: 'Crew A', isActive: true }, { name: 'Crew B', isActive: true }]);
  });

  it('never deletes: there is no DELETE handler', () => {
    expect('DELETE' in listModule).toBe(false);
    expect('DELETE' in itemModule).toBe(false);
  });
});

describe('technicians API for an admin', () => {
  beforeAll(() => {
    jar.token = adminToken;
  });

  it('lists the seeded crews with their shifts and the Friday working hours', async () => {
    const body = await readList();
    expect(body.workingHours).toEqual({ start: '08:00', end: '18:00', serviceMin: 45 });
    expect(body.technicians.map((t) => ({ name: t.name, shiftStart: t.shiftStart, shiftEnd: t.shiftEnd, isActive: t.isActive }))).toEqual([
      { name: 'Crew A', shiftStart: '08:00', shiftEnd: '18:00', isActive: true },
      { name: 'Crew B', shiftStart: '08:00', shiftEnd: '18:00', isActive: true },
    ]);
  });

  it('refuses invalid input field by field, translated, and stores nothing', async () => {
    const bad = await post({ name: ' ', color: 'purple', shiftStart: '7am', shiftEnd: '06:00' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      name: 'Please enter a name.',
      color: 'Please choose a colour.',
      shiftStart: 'Please enter the time the shift starts.',
    });
    // The branch's Friday hours (08:00-18:00) are the service's check, with the same schema.
    const early = await post({ ...crewD, shiftStart: '07:00', shiftEnd: '12:00' }, { cookie: 'NEXT_LOCALE=fr' });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ code: 'validation', fields: { shiftStart: 'Le quart doit se situer dans les heures de travail du vendredi.' } });
    const backwards = await post({ ...crewD, shiftStart: '15:00', shiftEnd: '10:00' }, { 'accept-language': 'de' });
    expect((await backwards.json()).fields).toEqual({ shiftEnd: 'Die Schicht muss nach ihrem Beginn enden.' });
    const short = await post({ ...crewD, shiftStart: '17:30', shiftEnd: '18:00' }, { 'x-locale': 'es' });
    expect((await short.json()).fields).toEqual({ shiftEnd: 'El turno es demasiado corto para una sola visita.' });
    const pale = await post({ ...crewD, color: '#fef08a' });
    expect((await pale.json()).fields).toEqual({ color: 'Please choose a darker colour: the white stop numbers on it must stay readable.' });
    expect((await post('{not json')).status).toBe(400);
    expect((await readList()).technicians).toHaveLength(2);
  });

  it('adds a technician (201), tidying the name and colour', async () => {
    const res = await post({ ...crewD, name: '  Crew   D ', color: '#7C3AED' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ kind: 'created', replanDates: [], technician: { ...crewD, isActive: true, upcomingRouteDates: [] } });
    expect((await readList()).technicians.map((t) => t.name)).toEqual(['Crew A', 'Crew B', 'Crew D']);
  });

  it('keeps names unique per branch in any case, on create and on rename', async () => {
    const taken = await post({ ...crewD, name: 'crew a' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'conflict', message: 'Another technician already has this name.', fields: { name: 'Another technician already has this name.' } });
    const crewB = await byName('Crew B');
    expect((await patch(crewB.id, { name: 'CREW D' })).status).toBe(409);
    // A technician may change the case of their own name.
    const recased = await patch(crewB.id, { name: 'crew b' });
    expect(recased.status).toBe(200);
    expect((await recased.json()).technician.name).toBe('crew b');
    expect((await patch(crewB.id, { name: 'Crew B' })).status).toBe(200);
  });

  it('edits a technician; a new end is checked against the kept start', async () => {
    const d = await byName('Crew D');
    const res = await patch(d.id, { color: '#0f766e', shiftEnd: '16:30' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'updated', technician: { id: d.id, name: 'Crew D', color: '#0f766e', shiftStart: '09:00', shiftEnd: '16:30' } });
    const backwards = await patch(d.id, { shiftEnd: '08:30' });
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).fields).toEqual({ shiftEnd: 'The shift must end after it starts.' });
    expect((await patch(d.id, {})).status).toBe(400);
    expect((await patch(d.id, { isActive: 'no' })).status).toBe(400);
    expect((await patch(99999, { name: 'Nobody' })).status).toBe(404);
    expect((await patch('abc', { name: 'Nobody' })).status).toBe(404);
    expect(await byName('Crew D')).toMatchObject({ color: '#0f766e', shiftEnd: '16:30' });
  });

  it('deactivates and reactivates; inactive technicians stay listed, after the active ones', async () => {
    const a = await byName('Crew A');
    const off = await patch(a.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ kind: 'deactivated', replanDates: [], technician: { name: 'Crew A', isActive: false } });
    expect((await readList()).technicians.map((t) => `${t.name}:${t.isActive}`)).toEqual(['Crew B:true', 'Crew D:true', 'Crew A:false']);
    // Deactivating again changes nothing; an inactive technician can still be corrected.
    expect((await patch(a.id, { isActive: false })).status).toBe(200);
    const on = await patch(a.id, { isActive: true });
    expect(await on.json()).toMatchObject({ kind: 'reactivated', technician: { name: 'Crew A', isActive: true } });
    expect((await readList()).technicians.every((t) => t.isActive)).toBe(true);
  });
});

describe('the next optimisation plans with the technicians as they are now', () => {
  const plannedBy = async () => {
    const day = await getDayRoutes(FRIDAY, { now: NOW });
    return new Set(day.routes.map((r) => r.technicianId));
  };

  beforeAll(async () => {
    jar.token = adminToken;
    // Thirty demo stops on the Friday (Crew C is not added: the branch already has three crews).
    await seedDemoSeason(await getDb(), NOW);
  });

  it('uses a new technician, leaves a deactivated one out, and takes them back when reactivated', async () => {
    const d = await byName('Crew D');
    const a = await byName('Crew A');
    await optimizeDay({ date: FRIDAY, now: NOW });
    // 30 stops of 45 minutes need every crew, the new one included.
    expect(await plannedBy()).toEqual(new Set([a.id, (await byName('Crew B')).id, d.id]));
    expect((await byName('Crew D')).upcomingRouteDates).toEqual([FRIDAY]);

    // Deactivating someone with a planned route is allowed; the answer names the day to optimise again.
    const off = await patch(d.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ kind: 'deactivated', replanDates: [FRIDAY] });
    // Until then the route stays on the plan, marked as belonging to an inactive technician.
    const stale = await getDayRoutes(FRIDAY, { now: NOW });
    expect(stale.routes.find((r) => r.technicianId === d.id)).toMatchObject({ technician: 'Crew D', technicianActive: false });
    expect(stale.routes.filter((r) => r.technicianId !== d.id).every((r) => r.technicianActive)).toBe(true);

    const without = await optimizeDay({ date: FRIDAY, now: NOW });
    expect(await plannedBy()).not.toContain(d.id);
    expect(without.unassigned.length).toBeGreaterThan(0);
    expect((await byName('Crew D')).upcomingRouteDates).toEqual([]);

    const on = await patch(d.id, { isActive: true, name: 'Crew Delta' });
    expect(await on.json()).toMatchObject({ kind: 'reactivated', replanDates: [FRIDAY], technician: { name: 'Crew Delta' } });
    const back = await optimizeDay({ date: FRIDAY, now: NOW });
    expect(back.unassigned).toEqual([]);
    expect(back.routes.find((r) => r.technicianId === d.id)).toMatchObject({ technician: 'Crew Delta', technicianActive: true });
  });

  it('plans with the edited shift, and a rename shows on the routes already planned', async () => {
    const d = await byName('Crew Delta');
    const res = await patch(d.id, { shiftStart: '10:00' });
    // A shift change of an active technician: the planned days should be optimised again.
    expect(await res.json()).toMatchObject({ kind: 'updated', replanDates: [FRIDAY] });
    const day = await optimizeDay({ date: FRIDAY, now: NOW });
    const route = day.routes.find((r) => r.technicianId === d.id)!;
    expect(route.appointments[0]!.eta! >= '10:00').toBe(true);

    expect(await (await patch(d.id, { name: 'Crew Dee' })).json()).toMatchObject({ kind: 'updated', replanDates: [] });
    const renamed = await getDayRoutes(FRIDAY, { now: NOW });
    expect(renamed.routes.find((r) => r.technicianId === d.id)?.technician).toBe('Crew Dee');
    const [row] = await (await getDb()).select({ name: technicians.name }).from(technicians).where(eq(technicians.id, d.id));
    expect(row!.name).toBe('Crew Dee');
  });
});

describe('licence numbers before the season (docs/decisions/0102)', () => {
  beforeAll(() => {
    jar.token = adminToken;
  });

  it('seeds made-up licence numbers for Crew A and Crew B on a demo install, none for Crew C, and keeps a number the office typed', async () => {
    const db = await getDb();
    // The demo season above seeded them (seedDemoSeason runs seedDemoCrew); a typed number survives a second run.
    expect((await byName('Crew A')).licenceNumber).toBe(DEMO_LICENCES['Crew A']);
    expect((await byName('Crew B')).licenceNumber).toBe(DEMO_LICENCES['Crew B']);
    await patch((await byName('Crew B')).id, { licenceNumber: 'E-55555' });
    await seedDemoCrew(db);
    expect((await byName('Crew B')).licenceNumber).toBe('E-55555');
    expect(DEMO_LICENCES['Crew C']).toBeUndefined();
    expect(Object.values(DEMO_LICENCES).every((number) => number.startsWith('DEMO-'))).toBe(true);
  });

  it('flags each active crew without a licence number while a product is active, and nobody once it is added or the crew is inactive', async () => {
    const db = await getDb();
    const dee = await byName('Crew Dee');
    expect(dee.licenceNumber).toBeNull();
    // No product yet: no record is kept, so nothing is missing.
    expect((await readList()).productsActive).toBe(false);
    expect(await listCrewsWithoutLicence()).toEqual([]);

    await db.insert(pesticideProducts).values({ branchId: 1, name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' });
    expect((await readList()).productsActive).toBe(true);
    expect(await listCrewsWithoutLicence()).toEqual([{ id: dee.id, name: 'Crew Dee' }]);

    expect((await patch(dee.id, { isActive: false })).status).toBe(200);
    expect(await listCrewsWithoutLicence()).toEqual([]);
    expect((await patch(dee.id, { isActive: true, licenceNumber: 'e-777' })).status).toBe(200);
    expect(await listCrewsWithoutLicence()).toEqual([]);
  });
});
