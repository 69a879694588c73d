import { addCalendarDays, findToday } from '@/features/scheduling/available-dates';

/**
 * The latest Friday before today in Hamilton, or `weeksBefore` weeks before that: a visit day that
 * has come, for tests on the real clock that mark a visit completed (only from its day on, 0057).
 */
export function findPastFriday(now = new Date(), weeksBefore = 0): string {
  const today = findToday(now, 'America/Toronto');
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addCalendarDays(today, -(((weekday - 5 + 7) % 7) || 7) - 7 * weeksBefore);
}
