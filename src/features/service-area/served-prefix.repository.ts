import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { servedPrefixChanges } from '@/db/schema/branch-changes';
import { branchSettings, type ServedPrefix } from '@/db/schema/branches';
import { staffUsers } from '@/db/schema/staff';

/**
 * The branch's served prefixes as stored; `forUpdate` locks them until the caller's transaction
 * ends, so two switches apply one after the other.
 */
export async function selectServedPrefixes(db: DbExecutor, branchId: number, { forUpdate = false } = {}): Promise<ServedPrefix[] | null> {
  const query = db.select({ servedPrefixes: branchSettings.servedPrefixes }).from(branchSettings).where(eq(branchSettings.branchId, branchId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row?.servedPrefixes ?? null;
}

export async function updateServedPrefixes(db: DbExecutor, branchId: number, servedPrefixes: ServedPrefix[], at: Date): Promise<void> {
  await db.update(branchSettings).set({ servedPrefixes, updatedAt: at }).where(eq(branchSettings.branchId, branchId));
}

export async function insertServedPrefixChange(
  db: DbExecutor,
  row: { branchId: number; changedAt: Date; changedById: number | null; prefix: string; area: string; served: boolean },
): Promise<void> {
  await db.insert(servedPrefixChanges).values(row);
}

/** The branch's newest switches first, with the name of the staff member who made each (null when the account is gone). */
export async function selectServedPrefixChanges(db: DbExecutor, branchId: number, limit: number) {
  return db
    .select({
      id: servedPrefixChanges.id, changedAt: servedPrefixChanges.changedAt, byName: staffUsers.displayName,
      prefix: servedPrefixChanges.prefix, area: servedPrefixChanges.area, served: servedPrefixChanges.served,
    })
    .from(servedPrefixChanges)
    .leftJoin(staffUsers, eq(staffUsers.id, servedPrefixChanges.changedById))
    .where(eq(servedPrefixChanges.branchId, branchId))
    .orderBy(desc(servedPrefixChanges.changedAt), desc(servedPrefixChanges.id))
    .limit(limit);
}
