/**
 * Which season the "season opener" email announces, and its first Friday (docs/decisions/0043),
 * pure: the clock and the branch's season settings are arguments.
 *
 * Until this year's season has ended it is this year's; after, next year's. The first Friday is the
 * first one on or after the season's start that can still be booked (today + the lead days), so an
 * email sent mid-season names a Friday the customer can actually have, and says the season is under
 * way rather than that it opens (0081).
 */
import { addCalendarDays, findToday, getSeasonWindow, isFriday, type IsoDate, type SeasonConfig } from '@/features/scheduling/available-dates';

export type SeasonRules = { timezone: string; season: SeasonConfig; leadDays: number };
/** `underway`: the season had already begun (today, in the branch's time zone, on or after its first day; 0081). */
export type SeasonOpening = { year: number; firstFriday: IsoDate; underway: boolean };

export function findSeasonOpening(now: Date, rules: SeasonRules): SeasonOpening {
  const today = findToday(now, rules.timezone);
  const earliest = addCalendarDays(today, rules.leadDays);
  const thisYear = Number(today.slice(0, 4));
  // This year's season, else next year's; a season too short to hold a Friday fails loudly.
  for (let year = thisYear; year <= thisYear + 1; year += 1) {
    const window = getSeasonWindow(year, rules.season);
    if (window.end < earliest) continue;
    let day = window.start < earliest ? earliest : window.start;
    while (!isFriday(day)) day = addCalendarDays(day, 1);
    if (day <= window.end) return { year, firstFriday: day, underway: today >= window.start };
  }
  throw new RangeError(`the season ${rules.season.startMonthDay} to ${rules.season.endMonthDay} holds no Friday`);
}

/**
 * The Friday the opener announces (docs/decisions/0077): the first of the season's Fridays that a
 * booking can still take, from the booking's own list (`available`, the available-dates rule for
 * one stop: not full, not closed), or null when every Friday of that season is full or closed.
 * That list moves on to next year's season once this one has nothing left; those dates are not
 * this season's and are never announced for it.
 */
export function findAnnouncedFriday(opening: Pick<SeasonOpening, 'year' | 'firstFriday'>, available: readonly IsoDate[]): IsoDate | null {
  return available.find((date) => date >= opening.firstFriday && Number(date.slice(0, 4)) === opening.year) ?? null;
}

/** What every outbox topic of one season's opener starts with. */
export function seasonOpenerTopicPrefix(year: number): string {
  return `season-opener:${year}:`;
}

/** The outbox topic of one customer's season opener: at most one per customer and season. */
export function seasonOpenerTopic(year: number, customerId: number): string {
  return `${seasonOpenerTopicPrefix(year)}${customerId}`;
}
