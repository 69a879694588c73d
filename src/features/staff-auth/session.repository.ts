import 'server-only';
import { and, eq, lt, or } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { staffSessions, staffUsers } from '@/db/schema/staff';

export async function findActiveStaffByUsername(db: DbExecutor, username: string) {
  const [row] = await db
    .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash, displayName: staffUsers.displayName, role: staffUsers.role })
    .from(staffUsers)
    .where(and(eq(staffUsers.username, username), eq(staffUsers.isActive, true)));
  return row ?? null;
}

export async function insertSession(db: DbExecutor, row: { id: string; staffUserId: number; createdAt: Date; expiresAt: Date; userAgent: string | null }) {
  await db.insert(staffSessions).values({ ...row, lastSeenAt: row.createdAt });
  await db.update(staffUsers).set({ lastLoginAt: row.createdAt }).where(eq(staffUsers.id, row.staffUserId));
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
