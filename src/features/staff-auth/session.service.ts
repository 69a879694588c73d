import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors';
import { parseStaffRole, type StaffRole } from './capabilities';
import { verifyPassword } from './password';
import {
  deleteExpiredSessions, deleteSession, deleteStaleDevices, findActiveStaffByUsername, findSessionWithUser, hasKnownDevice,
  insertSession, rememberDevice, touchSession,
} from './session.repository';

export const SESSION_COOKIE = 'staff_session';
/**
 * A browser's device token (decision 0024): sent only to the login, kept a year after its last
 * sign-in. A browser known to an account signs in on its own budget of failed attempts.
 */
export const DEVICE_COOKIE = 'staff_device';
export const DEVICE_TRUST_MS = 365 * 24 * 60 * 60 * 1000;
const DEVICE_TOKEN = /^[\w-]{43}$/;
/** Signed out after 2 hours without a request, and 12 hours after sign-in whatever happens. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export type StaffSession = {
  sessionId: string;
  staffUserId: number;
  username: string;
  displayName: string;
  role: StaffRole;
  technicianId: number | null;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

// A fixed hash so an unknown username costs the same time as a wrong password.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$VoyZwbTEK96iBRrZoA/aNg$jKqOokN895Bz9czy2AXESIiorpgvskOyz+Y8zBLwcSk';

/** Whether this browser's device token has signed in as the account `username` names within the last year. */
export async function isKnownDevice(deviceToken: string | undefined, username: string, now = new Date()): Promise<boolean> {
  if (!deviceToken || !DEVICE_TOKEN.test(deviceToken)) return false;
  return hasKnownDevice(await getDb(), hashToken(deviceToken), username, new Date(now.getTime() - DEVICE_TRUST_MS));
}

/**
 * Checks the password and starts a session. The browser's device token (a new one when it has
 * none) is remembered for the account and returned, for the login to keep in its cookie.
 */
export async function signIn(username: string, password: string, meta: { userAgent: string | null; now?: Date; deviceToken?: string }) {
  const db = await getDb();
  const user = await findActiveStaffByUsername(db, username);
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  // A role the app does not know opens nothing, rather than passing for an admin.
  const role = user ? parseStaffRole(user.role) : null;
  if (!user || !ok || !role) throw new AppError('unauthorized', 'staffAuth.invalidCredentials');
  const now = meta.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  const deviceToken = meta.deviceToken && DEVICE_TOKEN.test(meta.deviceToken) ? meta.deviceToken : randomBytes(32).toString('base64url');
  await deleteExpiredSessions(db, now, new Date(now.getTime() - IDLE_TIMEOUT_MS));
  await deleteStaleDevices(db, new Date(now.getTime() - DEVICE_TRUST_MS));
  const session = { id: hashToken(token), staffUserId: user.id, createdAt: now, expiresAt, userAgent: meta.userAgent?.slice(0, 300) ?? null };
  // Refused when the password was reset or the account deactivated while the hash was being checked.
  const started = await db.transaction(async (tx) => {
    if (!(await insertSession(tx, session, user.passwordHash))) return false;
    await rememberDevice(tx, hashToken(deviceToken), user.id, now);
    return true;
  });
  if (!started) throw new AppError('unauthorized', 'staffAuth.invalidCredentials');
  return { token, expiresAt, displayName: user.displayName, role, deviceToken };
}

/** The session a cookie token stands for, or null when it is unknown, idle too long or expired. */
export async function resolveSession(token: string | undefined, now = new Date()): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const id = hashToken(token);
  const row = await findSessionWithUser(db, id);
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  const role = parseStaffRole(row.role);
  if (!row.isActive || !role || row.expiresAt <= now || idleFor > IDLE_TIMEOUT_MS) {
    await deleteSession(db, id);
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) await touchSession(db, id, now);
  return {
    sessionId: id,
    staffUserId: row.staffUserId,
    username: row.username,
    displayName: row.displayName,
    role,
    technicianId: row.technicianId,
  };
}

export async function signOut(token: string | undefined): Promise<void> {
  if (!token) return;
  await deleteSession(await getDb(), hashToken(token));
}
