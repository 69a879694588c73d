import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors';
import { verifyPassword } from './password';
import {
  deleteExpiredSessions, deleteSession, findActiveStaffByUsername, findSessionWithUser, insertSession, touchSession,
} from './session.repository';

export const SESSION_COOKIE = 'staff_session';
/** Signed out after 2 hours without a request, and 12 hours after sign-in whatever happens. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export type StaffSession = {
  sessionId: string;
  staffUserId: number;
  username: string;
  displayName: string;
  role: 'admin' | 'technician';
  technicianId: number | null;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

// A fixed hash so an unknown username costs the same time as a wrong password.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$VoyZwbTEK96iBRrZoA/aNg$jKqOokN895Bz9czy2AXESIiorpgvskOyz+Y8zBLwcSk';

export async function signIn(username: string, password: string, meta: { userAgent: string | null; now?: Date }) {
  const db = await getDb();
  const user = await findActiveStaffByUsername(db, username);
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !ok) throw new AppError('unauthorized', 'staffAuth.invalidCredentials');
  const now = meta.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await deleteExpiredSessions(db, now, new Date(now.getTime() - IDLE_TIMEOUT_MS));
  const session = { id: hashToken(token), staffUserId: user.id, createdAt: now, expiresAt, userAgent: meta.userAgent?.slice(0, 300) ?? null };
  // Refused when the password was reset or the account deactivated while the hash was being checked.
  const started = await db.transaction((tx) => insertSession(tx, session, user.passwordHash));
  if (!started) throw new AppError('unauthorized', 'staffAuth.invalidCredentials');
  return { token, expiresAt, displayName: user.displayName };
}

/** The session a cookie token stands for, or null when it is unknown, idle too long or expired. */
export async function resolveSession(token: string | undefined, now = new Date()): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const id = hashToken(token);
  const row = await findSessionWithUser(db, id);
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (!row.isActive || row.expiresAt <= now || idleFor > IDLE_TIMEOUT_MS) {
    await deleteSession(db, id);
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) await touchSession(db, id, now);
  return {
    sessionId: id,
    staffUserId: row.staffUserId,
    username: row.username,
    displayName: row.displayName,
    role: row.role === 'technician' ? 'technician' : 'admin',
    technicianId: row.technicianId,
  };
}

export async function signOut(token: string | undefined): Promise<void> {
  if (!token) return;
  await deleteSession(await getDb(), hashToken(token));
}
