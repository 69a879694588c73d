import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { findToday } from './available-dates';
import { findServiceDayClosure, listServiceDayExceptions } from './capacity.repository';
import { type DayClosure, toDayClosure } from './day-closure';

/** Whether a Friday is closed to bookings and why (0071); null while it is open. */
export async function getDayClosure(date: string, options: { branchId?: number; db?: DbExecutor } = {}): Promise<DayClosure | null> {
  const row = await findServiceDayClosure(options.db ?? (await getDb()), options.branchId ?? DEFAULT_BRANCH_ID, date);
  return row ? toDayClosure(row) : null;
}

/**
 * The Fridays closed to bookings from today (branch time) on, in date order: the booking pages'
 * own list of Fridays, used when the server's cannot be read, leaves them out (0072).
 */
export async function listClosedFridays(options: { now?: Date; branchId?: number } = {}): Promise<string[]> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const branch = await getBranch(branchId);
  const today = findToday(options.now ?? new Date(), branch.timezone);
  const days = await listServiceDayExceptions(await getDb(), branchId, today);
  return days.filter((d) => d.isClosed).map((d) => d.date);
}
