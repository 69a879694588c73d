import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { type BranchDetailChange, branchDetailChanges } from '@/db/schema/branch-changes';
import { branches } from '@/db/schema/branches';
import type { ReceiptSellerSnapshot } from '@/db/schema/payments';
import { staffUsers } from '@/db/schema/staff';
import { branchIdentityColumns } from '@/features/branch/branch.repository';

/** The branch's details as stored, locked until the caller's transaction ends: two saves apply one after the other. */
export async function lockBusinessDetails(db: DbExecutor, branchId: number): Promise<ReceiptSellerSnapshot | null> {
  const [row] = await db.select(branchIdentityColumns).from(branches).where(eq(branches.id, branchId)).for('update');
  return row ?? null;
}

/** Writes every field the screen edits (null clears the legal name or the number). */
export async function updateBusinessDetails(db: DbExecutor, branchId: number, values: Omit<ReceiptSellerSnapshot, 'displayName'>, at: Date): Promise<void> {
  await db.update(branches).set({ ...values, updatedAt: at }).where(eq(branches.id, branchId));
}

export async function insertBranchDetailChange(db: DbExecutor, row: { branchId: number; changedAt: Date; changedById: number | null; changes: BranchDetailChange[] }): Promise<void> {
  await db.insert(branchDetailChanges).values(row);
}

/** The branch's newest changes first, with the name of the staff member who made each (null when the account is gone). */
export async function selectBranchDetailChanges(db: DbExecutor, branchId: number, limit: number) {
  return db
    .select({ id: branchDetailChanges.id, changedAt: branchDetailChanges.changedAt, byName: staffUsers.displayName, changes: branchDetailChanges.changes })
    .from(branchDetailChanges)
    .leftJoin(staffUsers, eq(staffUsers.id, branchDetailChanges.changedById))
    .where(eq(branchDetailChanges.branchId, branchId))
    .orderBy(desc(branchDetailChanges.changedAt), desc(branchDetailChanges.id))
    .limit(limit);
}
