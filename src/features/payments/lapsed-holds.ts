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

/** A visit that waits for its booking's payment: held (whether or not its hold still runs) or lapsed ('expired'). */
export function isAwaitingPayment(status: string): boolean {
  return status === 'expired' || HELD.has(status);
}

/** Why a visit waiting for its payment has no Friday stop: its day filled after its hold lapsed, or was closed for rain with no other Friday with room (0072). */
export type UnplacedReason = 'full' | 'closed';

/**
 * Whether a paid booking can go ahead at all (0072): not when every visit the payment was to
 * confirm sits on a Friday closed for rain that no other Friday of the season could take. Such a
 * payment is refunded in full. A booking with any visit placed goes ahead, and its visits without a
 * Friday wait for the office's call, as a lapsed hold on a full day does (0011).
 */
export function keepsNothing(waiting: number, unplaced: readonly { reason: UnplacedReason }[]): boolean {
  return waiting > 0 && unplaced.length === waiting && unplaced.every((v) => v.reason === 'closed');
}
