import 'server-only';
import { eq, inArray, lt } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appliedStopChanges, type StopChangeKind } from '@/db/schema/appointments';

/**
 * Remembers that the day sheet's change `id` was applied to the stop (docs/decisions/0052), in the
 * caller's transaction. True when it is new; false when that id was applied already (the unique
 * key decides, so two copies of a change arriving at once cannot both be new).
 */
export async function recordAppliedStopChange(
  db: DbExecutor,
  change: { id: string; appointmentId: number; kind: StopChangeKind; appliedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(appliedStopChanges).values(change).onConflictDoNothing({ target: appliedStopChanges.id }).returning({ id: appliedStopChanges.id });
  return rows.length > 0;
}

/** The stop and kind an applied change id was recorded for, or null. */
export async function findAppliedStopChange(db: DbExecutor, id: string): Promise<{ appointmentId: number; kind: StopChangeKind } | null> {
  const [row] = await db
    .select({ appointmentId: appliedStopChanges.appointmentId, kind: appliedStopChanges.kind })
    .from(appliedStopChanges)
    .where(eq(appliedStopChanges.id, id));
  return row ?? null;
}

/** Deletes at most `limit` applied change ids recorded before `before`; how many went. */
export async function deleteAppliedStopChanges(db: DbExecutor, query: { before: Date; limit: number }): Promise<number> {
  const due = db.select({ id: appliedStopChanges.id }).from(appliedStopChanges).where(lt(appliedStopChanges.appliedAt, query.before)).limit(query.limit);
  return (await db.delete(appliedStopChanges).where(inArray(appliedStopChanges.id, due)).returning({ id: appliedStopChanges.id })).length;
}
