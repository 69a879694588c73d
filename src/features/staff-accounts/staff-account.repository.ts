import 'server-only';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { technicians } from '@/db/schema/branches';
import { staffUsers } from '@/db/schema/staff';

/** What the office may see of an account: never the password hash. */
const accountColumns = {
  id: staffUsers.id,
  username: staffUsers.username,
  displayName: staffUsers.displayName,
  role: staffUsers.role,
  technicianId: staffUsers.technicianId,
  technicianName: technicians.name,
  technicianIsActive: technicians.isActive,
  isActive: staffUsers.isActive,
  lastLoginAt: staffUsers.lastLoginAt,
};

export type StaffAccountRecord = Awaited<ReturnType<typeof listStaffAccountRecords>>[number];

/** Every staff account with its linked technician's name, active ones first, then by name. */
export async function listStaffAccountRecords(db: DbExecutor) {
  return db
    .select(accountColumns)
    .from(staffUsers)
    .leftJoin(technicians, eq(technicians.id, staffUsers.technicianId))
    .orderBy(desc(staffUsers.isActive), sql`lower(${staffUsers.displayName})`, asc(staffUsers.id));
}

export async function findStaffAccountRecord(db: DbExecutor, id: number): Promise<StaffAccountRecord | null> {
  const [row] = await db
    .select(accountColumns)
    .from(staffUsers)
    .leftJoin(technicians, eq(technicians.id, staffUsers.technicianId))
    .where(eq(staffUsers.id, id));
  return row ?? null;
}

/** One account's access, locked for the rest of the transaction (null when not found). */
export async function findStaffAccountForUpdate(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ id: staffUsers.id, username: staffUsers.username, displayName: staffUsers.displayName, role: staffUsers.role, technicianId: staffUsers.technicianId, isActive: staffUsers.isActive })
    .from(staffUsers)
    .where(eq(staffUsers.id, id))
    .for('update');
  return row ?? null;
}

/** Whether this account exists, is active and is an admin right now (inside the caller's lock). */
export async function isActiveAdmin(db: DbExecutor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)));
  return row !== undefined;
}

/** Active admins other than `exceptId`. */
export async function countOtherActiveAdmins(db: DbExecutor, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true), ne(staffUsers.id, exceptId)));
  return row?.n ?? 0;
}

/**
 * Serialises changes to staff accounts until the transaction ends: two admins demoting each other
 * at the same moment are taken one after the other, so the second sees the first's change.
 */
export async function lockStaffAccounts(db: DbExecutor) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('staff-accounts'))`);
}

export type NewStaffAccount = { username: string; passwordHash: string; displayName: string; role: string; technicianId: number | null };

export async function insertStaffAccount(db: DbExecutor, values: NewStaffAccount): Promise<number> {
  const [row] = await db.insert(staffUsers).values({ ...values, isActive: true }).returning({ id: staffUsers.id });
  return row!.id;
}

export type StaffAccountUpdate = Partial<{ displayName: string; role: string; technicianId: number | null; isActive: boolean; passwordHash: string }>;

export async function updateStaffAccount(db: DbExecutor, id: number, values: StaffAccountUpdate) {
  await db.update(staffUsers).set(values).where(eq(staffUsers.id, id));
}

/** The stored hash an account's own password change is checked against (never sent anywhere); null when not found. */
export async function findPasswordHash(db: DbExecutor, id: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, id));
  return row?.passwordHash ?? null;
}

/**
 * Sets a new password hash only if the account still has `expectedHash` (the one the current
 * password was checked against) and is active: an admin's reset or another change that came
 * first wins, and this one changes nothing. False when nothing was changed.
 */
export async function replacePasswordHash(db: DbExecutor, id: number, expectedHash: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ passwordHash })
    .where(and(eq(staffUsers.id, id), eq(staffUsers.passwordHash, expectedHash), eq(staffUsers.isActive, true)))
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}
