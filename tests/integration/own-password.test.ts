import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { staffUsers } from '@/db/schema/staff';
import { changeStaffAccount, OWN_PASSWORD_LIMIT } from '@/features/staff-accounts/staff-account.service';
import { hashPassword } from '@/features/staff-auth/password';
import { resolveSession, signIn } from '@/features/staff-auth/session.service';
import { getLogger } from '@/server/logger';
import type { Handler } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined, scoped: undefined as undefined | { getStore: () => string | undefined } }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => {
      const token = jar.scoped?.getStore() ?? jar.token;
      return token ? { name, value: token } : undefined;
    },
  }),
}));
const perCall = new AsyncLocalStorage<string | undefined>();
jar.scoped = perCall;

// One hook that runs right after the current password was checked: what an admin does in that moment.
const between = vi.hoisted(() => ({ hook: undefined as undefined | (() => Promise<void>) }));
vi.mock('@/features/staff-auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/features/staff-auth/password')>();
  return {
    ...real,
    verifyPassword: async (passwordHash: string, password: string) => {
      const ok = await real.verifyPassword(passwordHash, password);
      const hook = between.hook;
      between.hook = undefined;
      if (hook) await hook();
      return ok;
    },
  };
});

const { POST: changePassword } = (await import('@/app/api/account/password/route')) as unknown as { POST: Handler };

/** POST /api/account/password with `token` as the staff cookie (none: signed out). */
function post(token: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return perCall.run(token, () => changePassword(new Request('http://localhost/api/account/password', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }), { params: Promise.resolve({}) }));
}

let accountCount = 0;
/** A new active account of its own (each test its own, so the per-account limit never carries over). */
async function createAccount(role: 'admin' | 'technician', password: string): Promise<{ id: number; username: string }> {
  accountCount += 1;
  const username = `${role === 'admin' ? 'office' : 'crew'}-${accountCount}`;
  const db = await getDb();
  const [row] = await db.insert(staffUsers)
    .values({ username, passwordHash: await hashPassword(password), displayName: `Person ${accountCount}`, role })
    .returning({ id: staffUsers.id });
  return { id: row!.id, username };
}

const sessionOf = async (username: string, password: string) => (await signIn(username, password, { userAgent: null })).token;
const sessionWorks = async (token: string) => (await resolveSession(token)) !== null;
const storedHash = async (id: number) => {
  const [row] = await (await getDb()).select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, id));
  return row!.passwordHash;
};
/** Whether the login service accepts these credentials. */
const canSignIn = (username: string, password: string) => signIn(username, password, { userAgent: null }).then(() => true, () => false);

const OLD = 'handed over in person';
const NEW = 'my very own password';

let adminToken = '';
let technicianToken = '';

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

afterEach(() => {
  vi.restoreAllMocks();
  between.hook = undefined;
});

describe('POST /api/account/password: who may call it', () => {
  it('answers 401 without a session, with an expired one, and for a deactivated account; nothing changes', async () => {
    const { id, username } = await createAccount('technician', OLD);
    const before = await storedHash(id);
    expect((await post(undefined, { currentPassword: OLD, newPassword: NEW })).status).toBe(401);

    // Signed in 13 hours ago: past the 12-hour limit (0005).
    const expired = (await signIn(username, OLD, { userAgent: null, now: new Date(Date.now() - 13 * 60 * 60 * 1000) })).token;
    const late = await post(expired, { currentPassword: OLD, newPassword: NEW });
    expect(late.status).toBe(401);
    expect((await late.json()).message).toBe('Please sign in to continue.');

    const token = await sessionOf(username, OLD);
    await (await getDb()).update(staffUsers).set({ isActive: false }).where(eq(staffUsers.id, id));
    expect((await post(token, { currentPassword: OLD, newPassword: NEW })).status).toBe(401);
    expect(await storedHash(id)).toBe(before);
  });
});

describe('changing your own password', () => {
  it('lets a technician change theirs: the old password stops working, the new one signs in', async () => {
    const { id, username } = await createAccount('technician', OLD);
    const token = await sessionOf(username, OLD);
    const before = await storedHash(id);
    const res = await post(token, { currentPassword: OLD, newPassword: NEW });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/argon2|passwordHash|handed over|very own/);
    expect(JSON.parse(text)).toEqual({ ok: true, sessionsEnded: 0 });
    const after = await storedHash(id);
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await canSignIn(username, OLD)).toBe(false);
    expect(await canSignIn(username, NEW)).toBe(true);
  });

  it('ends the account\'s other sessions and keeps this one; other accounts stay signed in', async () => {
    const { username } = await createAccount('admin', OLD);
    const here = await sessionOf(username, OLD);
    const phone = await sessionOf(username, OLD);
    const laptop = await sessionOf(username, OLD);
    const res = await post(here, { currentPassword: OLD, newPassword: NEW });
    expect(await res.json()).toEqual({ ok: true, sessionsEnded: 2 });
    expect(await sessionWorks(here)).toBe(true);
    expect(await sessionWorks(phone)).toBe(false);
    expect(await sessionWorks(laptop)).toBe(false);
    expect(await sessionWorks(adminToken)).toBe(true);
    expect(await sessionWorks(technicianToken)).toBe(true);
  });

  it('logs the change without any password or hash', async () => {
    const { id, username } = await createAccount('technician', OLD);
    const info = vi.spyOn(getLogger(), 'info');
    expect((await post(await sessionOf(username, OLD), { currentPassword: OLD, newPassword: NEW })).status).toBe(200);
    const logged = info.mock.calls.filter((call) => call[1] === 'own password changed');
    expect(logged).toEqual([[{ account: id, sessionsEnded: 0 }, 'own password changed']]);
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/argon2|handed over|very own/);
  });

  it('refuses a new password that breaks the rules, next to the field, in the caller\'s language', async () => {
    const { id, username } = await createAccount('technician', OLD);
    const token = await sessionOf(username, OLD);
    const before = await storedHash(id);
    const same = await post(token, { currentPassword: OLD, newPassword: OLD });
    expect(same.status).toBe(400);
    expect((await same.json()).fields).toEqual({ newPassword: 'The new password must be different from your current one.' });
    const asUsername = await post(token, { currentPassword: OLD, newPassword: ` ${username.toUpperCase()}      ` });
    expect((await asUsername.json()).fields).toEqual({ newPassword: 'The password cannot be the username.' });
    const french = await post(token, { currentPassword: OLD, newPassword: 'court' }, { cookie: 'NEXT_LOCALE=fr' });
    expect((await french.json()).fields).toEqual({ newPassword: 'Le mot de passe doit compter au moins 12 caractères.' });
    expect(await storedHash(id)).toBe(before);
  });
});

describe('a wrong current password', () => {
  it('is refused with a translated 400 next to the field, and changes nothing', async () => {
    const { id, username } = await createAccount('technician', OLD);
    const token = await sessionOf(username, OLD);
    const before = await storedHash(id);
    const warn = vi.spyOn(getLogger(), 'warn');
    const res = await post(token, { currentPassword: 'a guess at it', newPassword: NEW });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation', fields: { currentPassword: 'That is not your current password.' } });
    const german = await post(token, { currentPassword: 'another guess', newPassword: NEW }, { cookie: 'NEXT_LOCALE=de' });
    expect((await german.json()).fields).toEqual({ currentPassword: 'Das ist nicht Ihr aktuelles Passwort.' });
    expect(warn.mock.calls.filter((call) => call[1] === 'own password change refused: wrong current password')).toHaveLength(2);
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/guess|very own/);
    expect(await storedHash(id)).toBe(before);
    expect(await sessionWorks(token)).toBe(true);
  });

  it(`is rate-limited per account after ${OWN_PASSWORD_LIMIT.points} tries, even when the next one is right`, async () => {
    const { id, username } = await createAccount('technician', OLD);
    const token = await sessionOf(username, OLD);
    // A second session of the same account shares the budget: a thief cannot sign in again for a fresh one.
    const other = await sessionOf(username, OLD);
    const before = await storedHash(id);
    for (let attempt = 1; attempt <= OWN_PASSWORD_LIMIT.points; attempt++) {
      const res = await post(attempt % 2 ? token : other, { currentPassword: `guess number ${attempt}`, newPassword: NEW });
      expect(res.status, `attempt ${attempt}`).toBe(400);
    }
    const limited = await post(token, { currentPassword: OLD, newPassword: NEW });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited', message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(await storedHash(id)).toBe(before);
    expect(await canSignIn(username, OLD)).toBe(true);

    // Another account's budget is its own.
    const { username: colleague } = await createAccount('technician', OLD);
    expect((await post(await sessionOf(colleague, OLD), { currentPassword: OLD, newPassword: NEW })).status).toBe(200);
  });

  it('a success clears the count of earlier mistakes', async () => {
    const { username } = await createAccount('admin', OLD);
    const token = await sessionOf(username, OLD);
    for (let attempt = 1; attempt < OWN_PASSWORD_LIMIT.points; attempt++) {
      expect((await post(token, { currentPassword: 'a typo', newPassword: NEW })).status).toBe(400);
    }
    expect((await post(token, { currentPassword: OLD, newPassword: NEW })).status).toBe(200);
    for (let attempt = 1; attempt < OWN_PASSWORD_LIMIT.points; attempt++) {
      expect((await post(token, { currentPassword: 'a typo', newPassword: OLD })).status).toBe(400);
    }
    expect((await post(token, { currentPassword: NEW, newPassword: OLD })).status).toBe(200);
  });
});

describe('an admin acting on the account at the same moment', () => {
  it('a reset by an admin between the check and the change wins: 401, and the admin\'s password stands', async () => {
    const { id, username } = await createAccount('technician', OLD);
    const token = await sessionOf(username, OLD);
    const [office] = await (await getDb()).select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'office'));
    const admin = { staffUserId: office!.id, sessionId: 'not this one' };
    between.hook = async () => {
      await changeStaffAccount(admin, id, { password: 'set by the office' });
    };
    expect((await post(token, { currentPassword: OLD, newPassword: NEW })).status).toBe(401);
    expect(await canSignIn(username, 'set by the office')).toBe(true);
    expect(await canSignIn(username, NEW)).toBe(false);
  });

  it('a deactivation between the check and the change wins: 401, nothing set', async () => {
    const { id, username } = await createAccount('technician', OLD);
    const token = await sessionOf(username, OLD);
    const before = await storedHash(id);
    between.hook = async () => {
      await (await getDb()).update(staffUsers).set({ isActive: false }).where(eq(staffUsers.id, id));
    };
    expect((await post(token, { currentPassword: OLD, newPassword: NEW })).status).toBe(401);
    expect(await storedHash(id)).toBe(before);
  });
});
