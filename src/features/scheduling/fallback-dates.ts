/**
 * The Fridays a booking form offers when the server's list (GET /api/appointments/available-dates)
 * cannot be read, pure and browser-safe: the same rule as the server (DECISIONS §3), without the
 * stops taken, which only the server knows, but with the Fridays the page was told are closed
 * (a rain day, 0071) and those the server has refused since (0072), so the list never offers again
 * a Friday the server refused.
 */
import { findAvailableDates, type IsoDate, type ScheduleRules } from './available-dates';

/** A branch's schedule as the booking pages receive it: its rules and the Fridays closed to bookings when the page was made. */
export type PageSchedule = Omit<ScheduleRules, 'visitsFor'> & { closedDates: readonly IsoDate[] };

export function listFallbackFridays(
  schedule: PageSchedule,
  query: { now: Date; serviceType: string; visitsFor: ScheduleRules['visitsFor']; refused: Iterable<IsoDate>; horizonDays: number },
): IsoDate[] {
  const { closedDates, ...rules } = schedule;
  return findAvailableDates({
    ...rules,
    visitsFor: query.visitsFor,
    now: query.now,
    bookedStops: new Map(),
    serviceType: query.serviceType,
    horizonDays: query.horizonDays,
    closedDates: new Set([...closedDates, ...query.refused]),
  });
}
