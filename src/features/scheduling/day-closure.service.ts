import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { findServiceDayClosure } from './capacity.repository';
import { type DayClosure, toDayClosure } from './day-closure';

/** Whether a Friday is closed to bookings and why (0071); null while it is open. */
export async function getDayClosure(date: string, options: { branchId?: number; db?: DbExecutor } = {}): Promise<DayClosure | null> {
  const row = await findServiceDayClosure(options.db ?? (await getDb()), options.branchId ?? DEFAULT_BRANCH_ID, date);
  return row ? toDayClosure(row) : null;
}
