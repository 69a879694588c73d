/**
 * The dates the licence check is made against (docs/decisions/0107), pure: the clock and the
 * branch's season are arguments. Every day is the branch's calendar day (America/Toronto), so a
 * licence expiring on the 25th is still valid at 11:30 PM on the 25th in Hamilton, whatever UTC says.
 */
import { findToday, getSeasonWindow, type IsoDate, type SeasonConfig } from '@/features/scheduling/available-dates';
import type { LicenceClock } from './licence-gaps';

export type SeasonRules = { timezone: string; season: SeasonConfig };

/**
 * Today, and the end of the season the crews work next: this year's until its last day has passed,
 * then next year's (a licence checked in November must last through next October).
 */
export function readLicenceClock(now: Date, rules: SeasonRules): LicenceClock {
  const today = findToday(now, rules.timezone);
  const year = Number(today.slice(0, 4));
  const thisYear = getSeasonWindow(year, rules.season);
  return { today, seasonEnd: today <= thisYear.end ? thisYear.end : getSeasonWindow(year + 1, rules.season).end };
}

/**
 * The season whose application records an inspection would ask for now: the latest one to have
 * begun (this year's from its first day, last year's before it), first to last day.
 */
export function findRecordSeason(now: Date, rules: SeasonRules): { year: number; start: IsoDate; end: IsoDate } {
  const today = findToday(now, rules.timezone);
  const thisYear = Number(today.slice(0, 4));
  const window = getSeasonWindow(thisYear, rules.season);
  const year = today >= window.start ? thisYear : thisYear - 1;
  return { year, ...(year === thisYear ? window : getSeasonWindow(year, rules.season)) };
}
