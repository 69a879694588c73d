/**
 * When a visit's reminder email goes out (docs/decisions/0031), pure: the clock and the branch's
 * time zone are arguments.
 *
 * - A visit's reminder is due from 8:00 AM, branch time, two days before its Friday (the
 *   Wednesday), so it arrives in the morning and leaves a day to get ready or call.
 * - It stays due until the visit's day begins: a worker that was down on Wednesday sends it on
 *   Thursday; on the Friday itself, or later, it is no longer sent.
 * - Reminders go out only between 8:00 AM and 9:00 PM branch time: a visit confirmed (paid,
 *   moved) on Wednesday night is reminded on Thursday morning, never at night.
 *
 * Dates are calendar days ('YYYY-MM-DD') in the branch time zone; only "what day and time is it
 * now there" depends on the zone (`TZDate`), so DST moves the UTC instant of 8:00 AM, not the rule.
 */
import { addDays, format, isFriday } from 'date-fns';
import { readBranchClock } from '@/features/scheduling/available-dates';

/** How many days before its Friday a visit's reminder is first due (Wednesday). */
export const REMINDER_DAYS_BEFORE = 2;
/** The first minute of the day, branch time, at which reminders go out (8:00 AM). */
export const REMINDER_SEND_FROM_MIN = 8 * 60;
/** The minute of the evening, branch time, after which no reminder goes out until the next morning (9:00 PM). */
export const REMINDER_SEND_UNTIL_MIN = 21 * 60;

/** A calendar day as a floating local date, for date-fns arithmetic that never crosses a DST seam. */
function floating(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/**
 * The Fridays whose visits' reminders are due at `now`: the Friday two days ahead from Wednesday
 * 8:00 AM, the Friday one day ahead on Thursday (catch-up), within sending hours. Empty outside
 * sending hours and on days with no Friday one or two days ahead.
 */
export function findReminderDates(now: Date, timezone: string): string[] {
  const { today, minuteOfDay } = readBranchClock(now, timezone);
  if (minuteOfDay < REMINDER_SEND_FROM_MIN || minuteOfDay >= REMINDER_SEND_UNTIL_MIN) return [];
  const dates: string[] = [];
  for (let ahead = 1; ahead <= REMINDER_DAYS_BEFORE; ahead += 1) {
    const day = addDays(floating(today), ahead);
    if (isFriday(day)) dates.push(format(day, 'yyyy-MM-dd'));
  }
  return dates;
}

/** Whether the reminder of a visit on `date` ('YYYY-MM-DD', branch time) is due at `now`. */
export function isReminderDue(date: string, now: Date, timezone: string): boolean {
  return findReminderDates(now, timezone).includes(date);
}
