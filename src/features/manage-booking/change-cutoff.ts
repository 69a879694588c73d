/**
 * Until when a customer may change a visit online (docs/decisions/0032), pure: the clock and the
 * branch's time zone are arguments.
 *
 * A visit can be moved, or its booking cancelled, until 8:00 AM branch time on the Wednesday
 * before its Friday: the moment its reminder goes out (0031) and the office starts planning the
 * day's routes. After that the change is a phone call, and the office decides.
 */
import { TZDate } from '@date-fns/tz';
import { REMINDER_DAYS_BEFORE, REMINDER_SEND_FROM_MIN } from '@/features/reminders/reminder-timing';

/** The instant after which a visit on `date` ('YYYY-MM-DD', branch time) can no longer be changed online. */
export function findChangeCutoff(date: string, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // TZDate normalises day 0 or below into the previous month, and places 8:00 in the zone's own offset (DST-safe).
  const cutoff = new TZDate(y, m - 1, d - REMINDER_DAYS_BEFORE, Math.floor(REMINDER_SEND_FROM_MIN / 60), REMINDER_SEND_FROM_MIN % 60, 0, timezone);
  return new Date(cutoff.getTime());
}

/** Whether a visit on `date` can still be changed online at `now`. */
export function isBeforeChangeCutoff(date: string, now: Date, timezone: string): boolean {
  return now.getTime() < findChangeCutoff(date, timezone).getTime();
}
