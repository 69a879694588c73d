/**
 * Which visits of an unpaid booking no longer hold their Friday stop: 'expired' ones, and
 * 'pending' / 'pending-payment' ones whose hold ran out before the expiry worker got to them.
 * A held visit without a hold time (staff-created) never lapses. Pure: the caller passes `now`.
 */
import { HELD_STOP_STATUSES } from '@/features/scheduling/stop-statuses';

export type HoldState = { id: number; date: string; status: string; holdExpiresAt: Date | null };

const HELD: ReadonlySet<string> = new Set(HELD_STOP_STATUSES);

export function hasHoldLapsed(visit: HoldState, now: Date): boolean {
  if (visit.status === 'expired') return true;
  return HELD.has(visit.status) && visit.holdExpiresAt !== null && visit.holdExpiresAt.getTime() <= now.getTime();
}

export function findLapsedVisits<T extends HoldState>(visits: T[], now: Date): T[] {
  return visits.filter((v) => hasHoldLapsed(v, now));
}

/** Lapsed visits per Friday, in date order: each visit row takes one stop on its day. */
export function groupStopsByDate<T extends { date: string }>(visits: T[]): { date: string; visits: T[] }[] {
  const byDate = new Map<string, T[]>();
  for (const v of visits) byDate.set(v.date, [...(byDate.get(v.date) ?? []), v]);
  return [...byDate].sort(([a], [b]) => a.localeCompare(b)).map(([date, list]) => ({ date, visits: list }));
}
