import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { technicians } from '@/db/schema/branches';
import { staffSessions, staffUsers } from '@/db/schema/staff';
import { optimizeDay } from '@/features/routing/route.service';
import { insertSession } from '@/features/staff-auth/session.repository';
import { resolveSession } from '@/features/staff-auth/session.service';
import { pickDemoFriday, seedDemoSeason } from '@/server/bootstrap/seed';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
// `asUser` gives one call its own cookie, so two admins can act at the same moment.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined, scoped: undefined as undefined | { getStore: () => string | undefined } }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => {
      const token = jar.scoped?.getStore() ?? jar.token;
      return token ? { name, value: token } : undefined;
    },
  }),
}));
const perCall = new AsyncLocalStorage<string>();
jar.scoped = perCall;
const asUser = <T>(token: string, fn: () => Promise<T>) => perCall.run(token, fn);

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const listModule = await import('@/app/api/admin/staff-accounts/route');
const itemModule = await import('@/app/api/admin/staff-accounts/[id]/route');
const { GET: list, POST: create } = listModule as unknown as { GET: Handler; POST: Handler };
const { PATCH: change } = itemModule as unknown as { PATCH: Handler };
const { POST: login } = (await import('@/app/api/auth/login/route')) as unknown as { POST: Handler };
const { GET: technicianDay } = (await import('@/app/api/routes/technician/route')) as unknown as { GET: Handler };
const { GET: dayRoutes } = (await import('@/app/api/routes/route')) as unknown as { GET: Handler };

const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const send = (method: string, path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const getList = () => list(new Request('http://localhost/api/admin/staff-accounts'), ctx());
const post = (body: unknown) => create(send('POST', '/api/admin/staff-accounts', body), ctx());
const patch = (id: number | string, body: unknown) => change(send('PATCH', `/api/admin/staff-accounts/${id}`, body), ctx({ id: String(id) }));

let ipCounter = 0;
/** Signs in through the real login handler (each attempt from its own address); the session token, or null when refused. */
async function signInByForm(username: string, password: string): Promise<string | null> {
  ipCounter += 1;
  const res = await login(new Request('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` },
    body: JSON.stringify({ username, password }),
  }), ctx());
  if (res.status !== 200) {
    expect(res.status).toBe(401);
    return null;
  }
  return /staff_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

type Account = {
  id: number; username: string; displayName: string; role: 'admin' | 'technician';
  technician: { id: number; name: string; isActive: boolean } | null; isActive: boolean; lastLoginAt: string | null; isYou: boolean;
};
async function readList(): Promise<{ accounts: Account[]; technicians: { id: number; name: string; isActive: boolean }[] }> {
  const res = await getList();
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).not.toMatch(/argon2|passwordHash/);
  return JSON.parse(text);
}
const byUsername = async (username: string) => (await readList()).accounts.find((a) => a.username === username)!;

/** Whether a session token still opens the staff area (any role). */
const sessionWorks = async (token: string) => (await resolveSession(token)) !== null;

const NOW = new Date('2027-04-01T12:00:00Z');
const FRIDAY = pickDemoFriday(NOW);
const PASSWORD = 'a long enough password';

let adminToken = '';
let technicianToken = '';
let crewA = 0;
let crewB = 0;
let officeId = 0;

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  const db = await getDb();
  const crews = await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id));
  crewA = crews[0]!.id;
  crewB = crews[1]!.id;
  const [office] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'office'));
  officeId = office!.id;
});

describe('staff accounts API access', () => {
  it('answers 401 without a session and 403 to a technician, for every method; nothing is written', async () => {
    for (const [token, status] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await getList()).status).toBe(status);
      expect((await post({ displayName: 'Eve', username: 'eve', role: 'admin', password: PASSWORD })).status).toBe(status);
      expect((await patch(officeId, { isActive: false })).status).toBe(status);
    }
    const db = await getDb();
    const rows = await db.select({ username: staffUsers.username, role: staffUsers.role, isActive: staffUsers.isActive }).from(staffUsers).orderBy(asc(staffUsers.id));
    expect(rows).toEqual([{ username: 'office', role: 'admin', isActive: true }, { username: 'tech', role: 'technician', isActive: true }]);
  });

  it('never deletes: there is no DELETE handler', () => {
    expect('DELETE' in listModule).toBe(false);
    expect('DELETE' in itemModule).toBe(false);
  });

  it('lists the accounts to an admin, without password hashes, with the branch technicians', async () => {
    jar.token = adminToken;
    const body = await readList();
    expect(body.accounts.map((a) => ({ username: a.username, role: a.role, isActive: a.isActive, isYou: a.isYou }))).toEqual([
      { username: 'office', role: 'admin', isActive: true, isYou: true },
      { username: 'tech', role: 'technician', isActive: true, isYou: false },
    ]);
    expect(body.accounts[0]!.lastLoginAt).toEqual(expect.any(String));
    expect(body.technicians.map((t) => t.name)).toEqual(['Crew A', 'Crew B']);
  });
});

describe('creating an account', () => {
  beforeAll(() => {
    jar.token = adminToken;
  });

  it('creates a technician login linked to a technician; it can sign in at once', async () => {
    const res = await post({ displayName: '  Dana   Reyes ', username: ' Dana.Reyes ', role: 'technician', technicianId: crewB, password: PASSWORD });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toMatch(/argon2|passwordHash|a long enough/);
    const body = JSON.parse(text) as { account: Account; kind: string };
    expect(body.kind).toBe('created');
    expect(body.account).toMatchObject({
      username: 'dana.reyes', displayName: 'Dana Reyes', role: 'technician', technician: { id: crewB, name: 'Crew B', isActive: true }, isActive: true, lastLoginAt: null, isYou: false,
    });
    const db = await getDb();
    const [stored] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.username, 'dana.reyes'));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const token = await signInByForm('DANA.REYES', PASSWORD);
    expect(token).not.toBeNull();
    expect(await resolveSession(token!)).toMatchObject({ username: 'dana.reyes', role: 'technician', technicianId: crewB });
    expect((await byUsername('dana.reyes')).lastLoginAt).toEqual(expect.any(String));
  });

  it('creates an admin login without a technician', async () => {
    const res = await post({ displayName: 'Sam Office', username: 'sam', role: 'admin', password: PASSWORD });
    expect(res.status).toBe(201);
    expect((await res.json()).account).toMatchObject({ username: 'sam', role: 'admin', technician: null });
  });

  it('creates an office login without a technician; it signs in as the office and cannot manage accounts (0082)', async () => {
    const res = await post({ displayName: 'Front Desk', username: 'front-desk', role: 'office', password: PASSWORD });
    expect(res.status).toBe(201);
    expect((await res.json()).account).toMatchObject({ username: 'front-desk', role: 'office', technician: null });
    expect((await post({ displayName: 'Desk Two', username: 'desk-two', role: 'office', technicianId: crewA, password: PASSWORD })).status).toBe(400);

    const token = (await signInByForm('front-desk', PASSWORD))!;
    expect(await resolveSession(token)).toMatchObject({ username: 'front-desk', role: 'office', technicianId: null });
    expect((await asUser(token, getList)).status).toBe(403);
    expect((await asUser(token, () => post({ displayName: 'Sneaky', username: 'sneaky', role: 'admin', password: PASSWORD }))).status).toBe(403);
    // The office plans the routes (the day's office work), which a technician cannot.
    expect((await asUser(token, () => dayRoutes(new Request(`http://localhost/api/routes?date=${FRIDAY}`), ctx()))).status).toBe(200);
  });

  it('refuses a username taken in any case, inactive accounts included', async () => {
    for (const username of ['dana.reyes', 'DANA.REYES', 'Office', ' TECH ']) {
      const res = await post({ displayName: 'Twin', username, role: 'admin', password: PASSWORD });
      expect(res.status, username).toBe(409);
      const body = await res.json();
      expect(body.message).toBe('Another account already has this username. Upper and lower case count as the same.');
      expect(body.fields).toEqual({ username: 'Another account already has this username. Upper and lower case count as the same.' });
    }
    // An account stored with capitals before names were normalised counts too.
    const db = await getDb();
    await db.insert(staffUsers).values({ username: 'Legacy.User', passwordHash: 'x', displayName: 'Legacy', role: 'admin', isActive: false });
    expect((await post({ displayName: 'Twin', username: 'legacy.user', role: 'admin', password: PASSWORD })).status).toBe(409);
  });

  it('applies the password rules and says which, in the caller\'s language', async () => {
    const short = await post({ displayName: 'Kim', username: 'kim', role: 'admin', password: 'too short' });
    expect(short.status).toBe(400);
    expect((await short.json()).fields).toEqual({ password: 'Please use at least 12 characters for the password.' });

    const same = await post({ displayName: 'Kim', username: 'kim.the.tech.lead', role: 'admin', password: 'KIM.THE.TECH.LEAD' });
    expect(same.status).toBe(400);
    expect((await same.json()).fields).toEqual({ password: 'The password cannot be the username.' });

    const french = await create(new Request('http://localhost/api/admin/staff-accounts', {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: 'NEXT_LOCALE=fr' },
      body: JSON.stringify({ displayName: 'Kim', username: 'kim', role: 'admin', password: 'court' }),
    }), ctx());
    expect((await french.json()).fields.password).toBe('Le mot de passe doit compter au moins 12 caractères.');
  });

  it('checks the username, the role and the technician link', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ username: 'kim lee' }, { username: 'Please use only letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit.' }],
      [{ username: 'k' }, { username: 'Please use at least 3 characters for the username.' }],
      [{ role: 'owner' }, { role: 'Please choose the access: administrator, office or technician.' }],
      [{ role: 'technician' }, { technicianId: 'Please choose the technician whose day sheet this account shows.' }],
      [{ role: 'admin', technicianId: crewA }, { technicianId: "Only a technician's account is linked to a technician." }],
      [{ role: 'technician', technicianId: 99999 }, { technicianId: 'This technician was not found.' }],
    ];
    for (const [values, fields] of cases) {
      const res = await post({ displayName: 'Kim', username: 'kim', role: 'admin', password: PASSWORD, ...values });
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect((await res.json()).fields, JSON.stringify(values)).toEqual(fields);
    }
    const db = await getDb();
    await db.update(technicians).set({ isActive: false }).where(eq(technicians.id, crewA));
    try {
      const res = await post({ displayName: 'Kim', username: 'kim', role: 'technician', technicianId: crewA, password: PASSWORD });
      expect((await res.json()).fields).toEqual({ technicianId: 'This technician is inactive. Reactivate them at Technicians first, or choose another one.' });
    } finally {
      await db.update(technicians).set({ isActive: true }).where(eq(technicians.id, crewA));
    }
    expect((await db.select().from(staffUsers).where(eq(staffUsers.username, 'kim'))).length).toBe(0);
  });
});

describe('changing an account', () => {
  beforeAll(() => {
    jar.token = adminToken;
  });

  it('edits the name, role and technician; the change applies to the open session at its next request', async () => {
    await post({ displayName: 'Lee', username: 'lee', role: 'technician', technicianId: crewA, password: PASSWORD });
    const lee = await byUsername('lee');
    const leeToken = (await signInByForm('lee', PASSWORD))!;
    expect((await asUser(leeToken, getList)).status).toBe(403);

    const moved = await patch(lee.id, { displayName: 'Lee Chan', technicianId: crewB });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ kind: 'updated', sessionsEnded: 0, account: { displayName: 'Lee Chan', technician: { id: crewB, name: 'Crew B' } } });
    expect(await resolveSession(leeToken)).toMatchObject({ displayName: 'Lee Chan', technicianId: crewB });

    // Promoted: the link to a technician goes with the old role, and the same session now opens the office.
    const promoted = await patch(lee.id, { role: 'admin' });
    expect((await promoted.json()).account).toMatchObject({ role: 'admin', technician: null });
    expect((await asUser(leeToken, getList)).status).toBe(200);

    // Moved to the office: the office stays open to that session, the staff accounts close.
    expect((await (await patch(lee.id, { role: 'office' })).json()).account).toMatchObject({ role: 'office', technician: null });
    expect(await resolveSession(leeToken)).toMatchObject({ role: 'office' });
    expect((await asUser(leeToken, getList)).status).toBe(403);
    expect((await asUser(leeToken, () => dayRoutes(new Request(`http://localhost/api/routes?date=${FRIDAY}`), ctx()))).status).toBe(200);
    expect((await patch(lee.id, { role: 'admin' })).status).toBe(200);

    // Demoted again: the office closes for that session at once.
    expect((await patch(lee.id, { role: 'technician' })).status).toBe(400);
    expect((await patch(lee.id, { role: 'technician', technicianId: crewA })).status).toBe(200);
    expect((await asUser(leeToken, getList)).status).toBe(403);
  });

  it('answers 404 for an unknown account and 400 for an empty change', async () => {
    expect((await patch(99999, { isActive: false })).status).toBe(404);
    expect((await patch('abc', { isActive: false })).status).toBe(404);
    const empty = await patch(officeId, { username: 'renamed' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Please check the highlighted fields.');
  });

  it('deactivating signs the account out everywhere and keeps it from signing in; reactivating lets it back', async () => {
    await post({ displayName: 'Max', username: 'max', role: 'technician', technicianId: crewA, password: PASSWORD });
    const max = await byUsername('max');
    const phone = (await signInByForm('max', PASSWORD))!;
    const tablet = (await signInByForm('Max', PASSWORD))!;
    expect(await sessionWorks(phone)).toBe(true);

    const res = await patch(max.id, { isActive: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'deactivated', sessionsEnded: 2, account: { isActive: false } });
    const db = await getDb();
    expect(await db.select().from(staffSessions).where(eq(staffSessions.staffUserId, max.id))).toEqual([]);
    expect(await sessionWorks(phone)).toBe(false);
    expect((await asUser(tablet, () => technicianDay(new Request(`http://localhost/api/routes/technician?date=${FRIDAY}`), ctx()))).status).toBe(401);
    // The same answer as a wrong password: the form does not tell a guesser the account exists.
    expect(await signInByForm('max', PASSWORD)).toBeNull();

    const back = await patch(max.id, { isActive: true });
    expect(await back.json()).toMatchObject({ kind: 'reactivated', account: { isActive: true } });
    expect(await signInByForm('max', PASSWORD)).not.toBeNull();
  });

  it('a new password signs the account out everywhere; the old one stops working, the new one works', async () => {
    const max = await byUsername('max');
    const session = (await signInByForm('max', PASSWORD))!;
    const samePassword = await patch(max.id, { password: 'MAX' });
    expect(samePassword.status).toBe(400);
    const asUsername = await patch(max.id, { password: ' MAX ' + ' '.repeat(10) });
    expect((await asUsername.json()).fields).toEqual({ password: 'The password cannot be the username.' });
    expect(await sessionWorks(session)).toBe(true);

    const res = await patch(max.id, { password: 'a brand new password' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'passwordReset', account: { isActive: true } });
    expect(await sessionWorks(session)).toBe(false);
    expect(await signInByForm('max', PASSWORD)).toBeNull();
    expect(await signInByForm('max', 'a brand new password')).not.toBeNull();
  });

  it('a sign-in that checked the old password just before a reset gets no session', async () => {
    const max = await byUsername('max');
    const db = await getDb();
    const [before] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, max.id));
    expect((await patch(max.id, { password: 'yet another new password' })).status).toBe(200);
    const started = await db.transaction((tx) => insertSession(tx, {
      id: 'raced-session', staffUserId: max.id, createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000), userAgent: null,
    }, before!.passwordHash));
    expect(started).toBe(false);
    expect(await db.select().from(staffSessions).where(eq(staffSessions.id, 'raced-session'))).toEqual([]);
  });

  it('an admin setting their own password stays signed in here and is signed out everywhere else', async () => {
    const sam = await byUsername('sam');
    const here = (await signInByForm('sam', PASSWORD))!;
    const elsewhere = (await signInByForm('sam', PASSWORD))!;
    const res = await asUser(here, () => patch(sam.id, { password: 'sam has a new password' }));
    expect(await res.json()).toMatchObject({ kind: 'passwordReset', sessionsEnded: 1, account: { isYou: true } });
    expect(await sessionWorks(here)).toBe(true);
    expect(await sessionWorks(elsewhere)).toBe(false);
  });

  it('shows when the linked technician was deactivated at /technicians; the login keeps working', async () => {
    const db = await getDb();
    await db.update(technicians).set({ isActive: false }).where(eq(technicians.id, crewB));
    try {
      expect((await byUsername('dana.reyes')).technician).toEqual({ id: crewB, name: 'Crew B', isActive: false });
      // Keeping the link is fine (a name change, say); a new link must be to an active technician.
      const dana = await byUsername('dana.reyes');
      expect((await patch(dana.id, { displayName: 'Dana R.', technicianId: crewB })).status).toBe(200);
      expect(await signInByForm('dana.reyes', PASSWORD)).not.toBeNull();
      const lee = await byUsername('lee');
      expect((await (await patch(lee.id, { technicianId: crewB })).json()).fields).toEqual({
        technicianId: 'This technician is inactive. Reactivate them at Technicians first, or choose another one.',
      });
    } finally {
      await db.update(technicians).set({ isActive: true }).where(eq(technicians.id, crewB));
    }
  });
});

describe('admins cannot lock the office out', () => {
  beforeAll(() => {
    jar.token = adminToken;
  });

  it('an admin cannot deactivate or demote themselves', async () => {
    const self = await patch(officeId, { isActive: false });
    expect(self.status).toBe(409);
    expect((await self.json()).message).toBe('You cannot deactivate your own account. Another administrator can.');
    const demote = await patch(officeId, { role: 'technician', technicianId: crewA });
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe('You cannot remove your own administrator access. Another administrator can.');
    // Their own name and password are theirs to change.
    expect((await patch(officeId, { displayName: 'Office Manager' })).status).toBe(200);
    expect(await byUsername('office')).toMatchObject({ displayName: 'Office Manager', role: 'admin', isActive: true });
  });

  it('two admins demoting each other at the same moment: one wins, the last admin stays', async () => {
    const db = await getDb();
    // Only two active admins: office and a new one.
    await db.update(staffUsers).set({ isActive: false }).where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true), eq(staffUsers.username, 'sam')));
    await db.update(staffUsers).set({ role: 'technician', technicianId: crewA }).where(eq(staffUsers.username, 'lee'));
    expect((await post({ displayName: 'Nia', username: 'nia', role: 'admin', password: PASSWORD })).status).toBe(201);
    const nia = await byUsername('nia');
    const niaToken = (await signInByForm('nia', PASSWORD))!;

    const [officeDemotesNia, niaDemotesOffice] = await Promise.all([
      asUser(adminToken, () => patch(nia.id, { role: 'technician', technicianId: crewA })),
      asUser(niaToken, () => patch(officeId, { role: 'technician', technicianId: crewB })),
    ]);
    const statuses = [officeDemotesNia.status, niaDemotesOffice.status].sort();
    expect(statuses[0]).toBe(200);
    // The loser was either already demoted when its request arrived (403) or reached the lock second (409).
    expect([403, 409]).toContain(statuses[1]);
    const loser = officeDemotesNia.status === 200 ? niaDemotesOffice : officeDemotesNia;
    if (loser.status === 409) expect((await loser.json()).message).toBe('This is the last active administrator. Make someone else an administrator first.');
    const admins = await db.select({ username: staffUsers.username }).from(staffUsers).where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)));
    expect(admins).toHaveLength(1);
  });

  it('leaves the office its one active admin, who cannot step down either', async () => {
    const db = await getDb();
    const [last] = await db.select({ id: staffUsers.id, username: staffUsers.username }).from(staffUsers).where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)));
    // Put the winner back where it started so the rest of the file has its admin: make office the only admin.
    if (last!.id !== officeId) {
      await db.update(staffUsers).set({ role: 'admin', technicianId: null }).where(eq(staffUsers.id, officeId));
      await db.update(staffUsers).set({ role: 'technician', technicianId: crewA }).where(eq(staffUsers.id, last!.id));
    }
    jar.token = adminToken;
    for (const body of [{ isActive: false }, { role: 'technician', technicianId: crewA }]) {
      const res = await patch(officeId, body);
      expect(res.status).toBe(409);
    }
    expect(await byUsername('office')).toMatchObject({ role: 'admin', isActive: true });
  });
});

describe('a new technician login on the day sheet', () => {
  it('signs in and sees only its own technician\'s stops', async () => {
    const db = await getDb();
    await seedDemoSeason(db, NOW);
    await optimizeDay({ date: FRIDAY, now: NOW, timeBudgetMs: 200 });
    jar.token = adminToken;
    const created = await post({ displayName: 'Ola', username: 'ola', role: 'technician', technicianId: crewB, password: PASSWORD });
    expect(created.status).toBe(201);
    const token = (await signInByForm('ola', PASSWORD))!;

    const own = await asUser(token, () => technicianDay(new Request(`http://localhost/api/routes/technician?date=${FRIDAY}`), ctx()));
    expect(own.status).toBe(200);
    const body = await own.json();
    expect(body.route.technicianId).toBe(crewB);
    expect(body.route.appointments.length).toBeGreaterThan(0);
    for (const stop of body.route.appointments) expect(stop.appointment.technicianId).toBe(crewB);

    const other = await asUser(token, () => technicianDay(new Request(`http://localhost/api/routes/technician?date=${FRIDAY}&technicianId=${crewA}`), ctx()));
    expect(other.status).toBe(403);
    expect((await asUser(token, () => dayRoutes(new Request(`http://localhost/api/routes?date=${FRIDAY}`), ctx()))).status).toBe(403);
    expect((await asUser(token, getList)).status).toBe(403);
  });
});
