import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { getDb } from '@/db/client';
import { staffUsers } from '@/db/schema/staff';
import { hashPassword } from '@/features/staff-auth/password';
import {
  ABSOLUTE_TIMEOUT_MS, DEVICE_TRUST_MS, IDLE_TIMEOUT_MS, isKnownDevice, resolveSession, signIn, signOut,
} from '@/features/staff-auth/session.service';
import { isAppError } from '@/lib/errors';
import { seedStaffAccount } from '@/server/bootstrap/seed';

const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };

function loginRequest(body: unknown, ip = '10.0.0.1', cookie?: string) {
  return new Request('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe('staff sign-in', () => {
  it('signs in with the right password and resolves the session from its token', async () => {
    await seedStaffAccount(await getDb(), 'dana', 'correct horse battery');
    const { token } = await signIn('dana', 'correct horse battery', { userAgent: 'vitest' });
    const session = await resolveSession(token);
    expect(session).toMatchObject({ username: 'dana', role: 'admin' });
    await signOut(token);
    expect(await resolveSession(token)).toBeNull();
  });

  it('refuses a wrong password and an unknown user with the same error', async () => {
    await seedStaffAccount(await getDb(), 'erin', 'a long enough password');
    for (const [user, pass] of [['erin', 'nope'], ['nobody', 'a long enough password']]) {
      const error = await signIn(user!, pass!, { userAgent: null }).catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe('unauthorized');
    }
  });

  it('ends a session after the idle timeout and after the absolute lifetime', async () => {
    await seedStaffAccount(await getDb(), 'finn', 'another good password');
    const start = new Date('2027-05-07T12:00:00Z');
    const idle = await signIn('finn', 'another good password', { userAgent: null, now: start });
    expect(await resolveSession(idle.token, new Date(start.getTime() + IDLE_TIMEOUT_MS - 60_000))).not.toBeNull();
    expect(await resolveSession(idle.token, new Date(start.getTime() + 2 * IDLE_TIMEOUT_MS))).toBeNull();

    const busy = await signIn('finn', 'another good password', { userAgent: null, now: start });
    // Active every hour: the idle timer never fires, the absolute one still does.
    for (let h = 1; h < 12; h++) expect(await resolveSession(busy.token, new Date(start.getTime() + h * 3_600_000))).not.toBeNull();
    expect(await resolveSession(busy.token, new Date(start.getTime() + ABSOLUTE_TIMEOUT_MS + 1000))).toBeNull();
  });

  it('sets an httpOnly SameSite=Lax cookie on login and clears it on logout', async () => {
    await seedStaffAccount(await getDb(), 'gale', 'yet another password');
    const res = await login(loginRequest({ username: 'gale', password: 'yet another password' }, '10.0.0.2'), ctx);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/staff_session=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    const token = /staff_session=([^;]+)/.exec(cookie)![1]!;
    expect(await resolveSession(token)).not.toBeNull();

    const out = await logout(new Request('http://localhost/api/auth/logout', { method: 'POST', headers: { cookie: `staff_session=${token}` } }), ctx);
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/staff_session=;/);
    expect(await resolveSession(token)).toBeNull();
  });

  it('answers 401 with the translated message, 400 for a blank form, and 429 after ten tries', async () => {
    const bad = await login(loginRequest({ username: 'gale', password: 'wrong' }, '10.0.0.3'), ctx);
    expect(bad.status).toBe(401);
    expect((await bad.json()).message).toBe('Invalid username or password.');

    const french = new Request('http://localhost/api/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: 'NEXT_LOCALE=fr', 'x-forwarded-for': '10.0.0.4' },
      body: JSON.stringify({ username: 'gale', password: 'wrong' }),
    });
    expect((await (await login(french, ctx)).json()).message).toBe('Nom d’utilisateur ou mot de passe invalide.');

    const blank = await login(loginRequest({ username: '', password: '' }, '10.0.0.5'), ctx);
    expect(blank.status).toBe(400);
    expect((await blank.json()).fields).toMatchObject({ username: 'Username is required', password: 'Password is required' });

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(loginRequest({ username: 'hal', password: 'x' }, '10.0.0.9'), ctx)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('counts only failed attempts against an address, so an office signing in all day is never locked out', async () => {
    await seedStaffAccount(await getDb(), 'ivy', 'the office password');
    for (let i = 0; i < 15; i++) {
      const res = await login(loginRequest({ username: 'ivy', password: 'the office password' }, '10.0.0.20'), ctx);
      expect(res.status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(loginRequest({ username: `guess${i}`, password: 'x' }, '10.0.0.20'), ctx)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
  it('matches a username in any case: one account, stored lower-case, and one budget of failed attempts', async () => {
    const db = await getDb();
    await seedStaffAccount(db, 'Jordan', 'jordan office password');
    await seedStaffAccount(db, 'JORDAN', 'a second account attempt');
    const rows = await db.select({ username: staffUsers.username }).from(staffUsers).where(sql`lower(${staffUsers.username}) = 'jordan'`);
    expect(rows).toEqual([{ username: 'jordan' }]);
    for (const [typed, ip] of [['jordan', '10.0.1.1'], ['Jordan', '10.0.1.2'], ['  JORDAN ', '10.0.1.3']] as const) {
      const res = await login(loginRequest({ username: typed, password: 'jordan office password' }, ip), ctx);
      expect(res.status, typed).toBe(200);
    }
    expect((await login(loginRequest({ username: 'JORDAN', password: 'a second account attempt' }, '10.0.1.4'), ctx)).status).toBe(401);

    // An account stored with capitals before names were normalised is found too.
    await db.insert(staffUsers).values({ username: 'Tech', passwordHash: await hashPassword('technician password 2'), displayName: 'Tech', role: 'technician' });
    const { token } = await signIn('tech', 'technician password 2', { userAgent: null });
    expect(await resolveSession(token)).toMatchObject({ username: 'Tech', role: 'technician' });

    // Changing the case never buys more guesses: every spelling spends the same per-username budget.
    const spellings = ['kim', 'Kim', 'KIM', 'kIm', 'KiM'];
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await login(loginRequest({ username: spellings[i % spellings.length], password: 'x' }, `10.0.2.${i + 1}`), ctx)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('keeps a browser the account signed in from out of a lockout that strangers caused', async () => {
    const db = await getDb();
    await seedStaffAccount(db, 'lena', 'lena office password');
    await seedStaffAccount(db, 'mona', 'mona office password');
    const signInAs = async (username: string, password: string, ip: string, device?: string) =>
      login(loginRequest({ username, password }, ip, device ? `staff_device=${device}` : undefined), ctx);
    const deviceOf = (res: Response) => {
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('staff_device=')) ?? '';
      expect(cookie).toMatch(/Path=\/api\/auth\/login/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Max-Age=31536000/);
      return /^staff_device=([\w-]{43});/.exec(cookie)![1]!;
    };

    // The office computer signs in as Lena once; Mona later signs in on it too, keeping its token.
    const office = deviceOf(await signInAs('lena', 'lena office password', '10.0.3.1'));
    expect(deviceOf(await signInAs('mona', 'mona office password', '10.0.3.1', office))).toBe(office);

    // Strangers from ten addresses spend Lena's budget of failed attempts.
    for (let i = 0; i < 10; i++) expect((await signInAs('lena', 'guess', `10.0.4.${i + 1}`)).status).toBe(401);
    // Without the office's token even the right password waits, from any address, as before.
    expect((await signInAs('lena', 'lena office password', '10.0.3.2')).status).toBe(429);
    expect((await signInAs('lena', 'lena office password', '10.0.3.2', 'x'.repeat(43))).status).toBe(429);
    // The office computer still signs her in, and Mona's token from it does not stand for Lena elsewhere.
    expect((await signInAs('lena', 'lena office password', '10.0.3.1', office)).status).toBe(200);
    const monaPhone = deviceOf(await signInAs('mona', 'mona office password', '10.0.3.3'));
    expect((await signInAs('lena', 'lena office password', '10.0.3.3', monaPhone)).status).toBe(429);

    // A known browser has a budget of its own: ten failures there, then it waits too.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signInAs('lena', 'typo', '10.0.3.1', office)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Mona's budget on the same computer is hers.
    expect((await signInAs('mona', 'mona office password', '10.0.3.1', office)).status).toBe(200);
  });

  it('forgets a browser a year after its last sign-in, and one of a deactivated account', async () => {
    const db = await getDb();
    await seedStaffAccount(db, 'noor', 'noor office password');
    const start = new Date('2027-05-07T12:00:00Z');
    const { deviceToken } = await signIn('noor', 'noor office password', { userAgent: null, now: start });
    expect(await isKnownDevice(deviceToken, 'NOOR', new Date(start.getTime() + DEVICE_TRUST_MS - 60_000))).toBe(true);
    expect(await isKnownDevice(deviceToken, 'noor', new Date(start.getTime() + DEVICE_TRUST_MS + 60_000))).toBe(false);
    expect(await isKnownDevice(deviceToken, 'someone-else', start)).toBe(false);
    await db.update(staffUsers).set({ isActive: false }).where(sql`${staffUsers.username} = 'noor'`);
    expect(await isKnownDevice(deviceToken, 'noor', start)).toBe(false);
  });
});
