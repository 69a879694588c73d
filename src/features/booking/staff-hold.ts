/**
 * How long a booking the office makes for a customer on the phone holds its Fridays unpaid
 * (docs/decisions/0091). The customer pays from an email they may read in the evening, so the
 * public 30 minutes (branches.hold_minutes) is far too short; a whole season is far too long for
 * spots other customers could take. Pure: the clock and the branch are arguments.
 */
import { TZDate } from '@date-fns/tz';

/** A day to read the email and pay. */
export const STAFF_HOLD_HOURS = 24;
/** The unpaid spot is released by noon (branch time) on the day before the first Friday, so the route is planned on paid visits. */
export const STAFF_HOLD_CUTOFF_HOUR = 12;

/**
 * The earlier of `now` + 24 hours and noon (branch time) on the day before the first Friday; never
 * shorter than the public hold, so a booking made late on a Wednesday still gets its half hour.
 */
export function staffHoldExpiresAt(now: Date, firstDate: string, branch: { timezone: string; holdMinutes: number }): Date {
  const [year, month, day] = firstDate.split('-').map(Number) as [number, number, number];
  const cutoff = new TZDate(year, month - 1, day - 1, STAFF_HOLD_CUTOFF_HOUR, 0, 0, branch.timezone);
  const aDay = now.getTime() + STAFF_HOLD_HOURS * 3_600_000;
  const floor = now.getTime() + branch.holdMinutes * 60_000;
  return new Date(Math.max(floor, Math.min(aDay, cutoff.getTime())));
}
