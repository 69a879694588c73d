import 'server-only';
import type { DbExecutor } from '@/db/client';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { reserveFridayStops } from '@/features/scheduling/capacity.service';
import { ensureServiceDay, lockServiceDay } from '@/features/scheduling/capacity.repository';
import { listReplacementFridays } from '@/features/scheduling/day-closure';
import { findSpacingWindow } from '@/features/scheduling/visit-spacing';
import { moveVisitsToDate } from '@/features/staff-dashboard/reschedule.repository';
import { isAppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { findLapsedVisits, groupStopsByDate, isAwaitingPayment, type UnplacedReason } from './lapsed-holds';
import { lockBookingVisits } from './payment.repository';

export type WaitingVisit = Awaited<ReturnType<typeof lockBookingVisits>>[number];

export type HoldPlacement = {
  /** How many of the booking's visits wait for its payment (held or lapsed). */
  waiting: number;
  /** Lapsed visits that took their stop again on their own Friday. */
  retaken: WaitingVisit[];
  /** Visits moved off a Friday closed for rain, per Friday closed: where they went (0072). */
  moved: { from: string; to: string; ids: number[] }[];
  /** Visits left without a stop, and why: their Friday filled after the hold lapsed, or was closed with no Friday to take them. */
  unplaced: (WaitingVisit & { reason: UnplacedReason })[];
};

/**
 * Gives the visits of a booking that wait for its payment their Friday stops, inside the caller's
 * transaction, the booking's rows locked first (after its customer's and payment's, 0055). Each of
 * their Fridays is locked in date order and read under the lock:
 * - open: a lapsed visit takes its stop again if the day still has room (0011); a held one keeps it;
 * - closed (a rain day moved the day's visits away, 0071): the day's visits of the booking, held or
 *   lapsed, move together to the first Friday from where the rain day sent the day's visits that
 *   has room for all of them and keeps their plan's spacing (`listReplacementFridays`), counted
 *   under that Friday's lock (`reserveFridayStops`), as a rain day would have moved them had they
 *   been paid; recorded as a move for the weather from the Friday booked. They keep their status:
 *   the caller confirms them (payment) or holds them again (checkout).
 * A later Friday's lock is taken only after the earlier ones, and a replacement Friday lies after
 * the closed one and, for a plan, before its next visit (the spacing window), so the day locks stay
 * in date order. A full or closed day is a business outcome caught before anything is written for
 * it, so the transaction stays usable.
 */
export async function placeWaitingVisits(tx: DbExecutor, bookingRef: string, now: Date): Promise<HoldPlacement> {
  const locked = await lockBookingVisits(tx, bookingRef);
  const waiting = locked.filter((v) => isAwaitingPayment(v.status));
  const lapsed = new Set(findLapsedVisits(waiting, now).map((v) => v.id));
  // The plan as it stands while visits move: a later visit's spacing counts an earlier one's new Friday.
  const plan = locked.map((v) => ({ ...v }));
  const placement: HoldPlacement = { waiting: waiting.length, retaken: [], moved: [], unplaced: [] };
  for (const day of groupStopsByDate(waiting)) {
    const branchId = day.visits[0]!.branchId;
    await ensureServiceDay(tx, branchId, day.date);
    const row = await lockServiceDay(tx, branchId, day.date);
    if (row?.isClosed) {
      const to = await moveOffClosedDay(tx, { bookingRef, branchId, closedDate: day.date, movedTo: row.movedTo, visits: day.visits, plan, now });
      if (to === null) placement.unplaced.push(...day.visits.map((v) => ({ ...v, reason: 'closed' as const })));
      else placement.moved.push({ from: day.date, to, ids: day.visits.map((v) => v.id) });
      continue;
    }
    const retake = day.visits.filter((v) => lapsed.has(v.id));
    if (retake.length === 0) continue;
    try {
      await reserveFridayStops(tx, { branchId, dates: [day.date], stopsPerDate: retake.length, now });
      placement.retaken.push(...retake);
    } catch (error) {
      if (!isAppError(error) || error.code !== 'day_full') throw error;
      placement.unplaced.push(...retake.map((v) => ({ ...v, reason: 'full' as const })));
    }
  }
  return placement;
}

/**
 * Moves one closed Friday's waiting visits of a booking to the first replacement Friday with room
 * (see `placeWaitingVisits`); null when none has room, nothing written then.
 */
async function moveOffClosedDay(
  tx: DbExecutor,
  input: { bookingRef: string; branchId: number; closedDate: string; movedTo: readonly string[]; visits: WaitingVisit[]; plan: WaitingVisit[]; now: Date },
): Promise<string | null> {
  const ids = input.visits.map((v) => v.id);
  const offered = await getAvailableDates({ now: input.now, branchId: input.branchId, stopsNeeded: ids.length, db: tx });
  const candidates = listReplacementFridays(input.closedDate, input.movedTo, offered, findSpacingWindow(input.plan, ids));
  for (const date of candidates) {
    try {
      await reserveFridayStops(tx, { branchId: input.branchId, dates: [date], stopsPerDate: ids.length, now: input.now });
    } catch (error) {
      // Taken or closed since the list was read: the next Friday in line.
      if (isAppError(error) && error.code === 'day_full') continue;
      throw error;
    }
    for (const status of new Set(input.visits.map((v) => v.status))) {
      const same = input.visits.filter((v) => v.status === status).map((v) => v.id);
      await moveVisitsToDate(tx, same, status, date, input.now, 'weather', { confirm: false });
    }
    for (const visit of input.plan) if (ids.includes(visit.id)) visit.date = date;
    getLogger().info({ bookingRef: input.bookingRef, appointmentIds: ids, from: input.closedDate, to: date }, 'unpaid visits moved off a Friday closed for rain');
    return date;
  }
  return null;
}
