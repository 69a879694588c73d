import 'server-only';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/lib/errors';
import { countActiveStops, ensureServiceDay, findFridayCapacity, lockServiceDay } from './capacity.repository';
import { isFriday } from './available-dates';

export type ReserveFridayStopsInput = {
  branchId: number;
  /** The Fridays ('YYYY-MM-DD') the booking takes a stop on: one per visit. */
  dates: string[];
  /** Stops the booking takes on each date (default 1). */
  stopsPerDate?: number;
  now: Date;
};

export type ReservedDay = { date: string; capacity: number; stopsBefore: number };

/**
 * Checks, under a row lock, that every date still has room, inside the caller's transaction.
 * The caller writes its appointments in the same transaction right after: the lock on each
 * service_days row is held until commit, so two bookings racing for the last stop are
 * serialised and the second one counts the first one's appointment.
 *
 * Dates are locked in sorted order so two multi-visit bookings cannot deadlock.
 *
 * @throws AppError('day_full', 'scheduling.dayFull', { fullDates }) when any date is full;
 *   AppError('day_full', 'scheduling.dayClosed', { fullDates, closedDates, reason: 'closed' }) when
 *   any is closed (a rain day moved its visits away, 0071): the same code, so every caller that
 *   offers another Friday for a full one does so for a closed one, but a message of its own
 * @throws AppError('validation', 'scheduling.notFriday') for a date that is not a Friday
 */
export async function reserveFridayStops(tx: DbExecutor, input: ReserveFridayStopsInput): Promise<ReservedDay[]> {
  const stops = input.stopsPerDate ?? 1;
  const dates = [...new Set(input.dates)].sort();
  const notFriday = dates.filter((date) => !isFriday(date));
  if (notFriday.length > 0) {
    throw new AppError('validation', 'scheduling.notFriday', { fields: { date: 'scheduling.notFriday' }, dates: notFriday });
  }
  // Through `tx`, never getDb(): on embedded PGlite a second connection would wait for this transaction.
  const defaultCapacity = await findFridayCapacity(tx, input.branchId);
  const reserved: ReservedDay[] = [];
  const fullDates: string[] = [];
  const closedDates: string[] = [];
  for (const date of dates) {
    await ensureServiceDay(tx, input.branchId, date);
    const day = await lockServiceDay(tx, input.branchId, date);
    // Read under the lock: a rain day closing the Friday meanwhile is seen here (0071).
    if (day?.isClosed) closedDates.push(date);
    const capacity = day?.isClosed ? 0 : (day?.capacityOverride ?? defaultCapacity);
    const stopsBefore = await countActiveStops(tx, input.branchId, date, input.now);
    if (stopsBefore + stops > capacity) fullDates.push(date);
    else reserved.push({ date, capacity, stopsBefore });
  }
  if (closedDates.length > 0) throw new AppError('day_full', 'scheduling.dayClosed', { fullDates, closedDates, reason: 'closed' });
  if (fullDates.length > 0) throw new AppError('day_full', 'scheduling.dayFull', { fullDates });
  return reserved;
}
