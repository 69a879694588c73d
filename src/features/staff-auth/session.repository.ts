import 'server-only';
import { and, asc, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { staffDevices, staffSessions, staffUsers } from '@/db/schema/staff';
import { normaliseUsername } from './username';

/** An account whose username is `key` (a `normaliseUsername` form), stored that way or, from before, with capitals. */
const namesAccount = (key: string) => or(eq(staffUsers.username, key), eq(sql`lower(${staffUsers.username})`, key));

/**
 * The active account a typed username names, whatever its case. New accounts are stored in
 * `normaliseUsername`'s form (matched exactly); an older one stored with capitals is found by
 * `lower()`. Should two older accounts differ only by case, the one typed exactly wins, then the oldest.
 */
export async function findActiveStaffByUsername(db: DbExecutor, typed: string) {
  const key = normaliseUsername(typed);
  const [row] = await db
    .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash, displayName: staffUsers.displayName, role: staffUsers.role })
    .from(staffUsers)
    .where(and(namesAccount(key), eq(staffUsers.isActive, true)))
    .orderBy(desc(sql`${staffUsers.username} = ${typed.trim()}`), desc(sql`${staffUsers.username} = ${key}`), asc(staffUsers.id))
    .limit(1);
  return row ?? null;
}

/** Whether any account (active or not) already has this username in any case: creation paths must not add a twin. */
export async function hasStaffUsername(db: DbExecutor, username: string): Promise<boolean> {
  const key = normaliseUsername(username);
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(namesAccount(key))
    .limit(1);
  return row !== undefined;
}

/**
 * Starts a session for an account whose password was just verified against `passwordHash`, unless
 * the account changed since it was read: deactivated, or its password reset. Run in a transaction:
 * the update locks the account's row, so a concurrent reset or deactivation (which deletes the
 * account's sessions under the same lock) either sees this session and deletes it, or comes first
 * and this returns false. Nothing outlives a reset.
 */
export async function insertSession(
  db: DbExecutor,
  row: { id: string; staffUserId: number; createdAt: Date; expiresAt: Date; userAgent: string | null },
  passwordHash: string,
): Promise<boolean> {
  const [still] = await db
    .update(staffUsers)
    .set({ lastLoginAt: row.createdAt })
    .where(and(eq(staffUsers.id, row.staffUserId), eq(staffUsers.passwordHash, passwordHash), eq(staffUsers.isActive, true)))
    .returning({ id: staffUsers.id });
  if (!still) return false;
  await db.insert(staffSessions).values({ ...row, lastSeenAt: row.createdAt });
  return true;
}

/** Signs an account out everywhere (all but `keepSessionId`, when given); returns how many sessions ended. */
export async function deleteSessionsOfStaffUser(db: DbExecutor, staffUserId: number, keepSessionId?: string): Promise<number> {
  const rows = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffUserId, staffUserId), keepSessionId === undefined ? undefined : ne(staffSessions.id, keepSessionId)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

export async function findSessionWithUser(db: DbExecutor, id: string) {
  const [row] = await db
    .select({
      id: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      staffUserId: staffUsers.id,
      username: staffUsers.username,
      displayName: staffUsers.displayName,
      role: staffUsers.role,
      technicianId: staffUsers.technicianId,
      isActive: staffUsers.isActive,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(eq(staffSessions.id, id));
  return row ?? null;
}

export async function touchSession(db: DbExecutor, id: string, at: Date) {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
}

export async function deleteSession(db: DbExecutor, id: string) {
  await db.delete(staffSessions).where(eq(staffSessions.id, id));
}

export async function deleteExpiredSessions(db: DbExecutor, now: Date, idleCutoff: Date) {
  await db.delete(staffSessions).where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, idleCutoff)));
}

/** Whether a browser's device token (as its hash) signed in as the active account `typed` names since `since`. */
export async function hasKnownDevice(db: DbExecutor, tokenHash: string, typed: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffDevices)
    .innerJoin(staffUsers, eq(staffUsers.id, staffDevices.staffUserId))
    .where(and(eq(staffDevices.tokenHash, tokenHash), namesAccount(normaliseUsername(typed)), eq(staffUsers.isActive, true), gt(staffDevices.lastUsedAt, since)))
    .limit(1);
  return row !== undefined;
}

/** Records that a browser's device token signed in as an account, now. */
export async function rememberDevice(db: DbExecutor, tokenHash: string, staffUserId: number, at: Date) {
  await db
    .insert(staffDevices)
    .values({ tokenHash, staffUserId, createdAt: at, lastUsedAt: at })
    .onConflictDoUpdate({ target: [staffDevices.tokenHash, staffDevices.staffUserId], set: { lastUsedAt: at } });
}

export async function deleteStaleDevices(db: DbExecutor, before: Date) {
  await db.delete(staffDevices).where(lt(staffDevices.lastUsedAt, before));
}
