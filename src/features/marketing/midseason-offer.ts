/**
 * When the landing page offers the midseason special (docs/decisions/0081), pure: the clock, the
 * branch's season and the seasonal plan's visits are arguments.
 *
 * The offer ("Full Season Protection … through October") runs from the season's first day, in the
 * branch's time zone, for as long as a seasonal plan booked today still fits the season: its first
 * bookable Friday (today + the lead days) is no later than the last Friday from which every visit,
 * `intervalDays` apart, falls on or before the season's end. Outside that window (before the season,
 * late in it, after it) the page does not pop it up and offers booking the next season early.
 * Room on each Friday is not asked: the popup advertises, the checkout checks the dates.
 */
import { addCalendarDays, findToday, getSeasonWindow, isFriday, type IsoDate, type SeasonConfig } from '@/features/scheduling/available-dates';

export type MidseasonOfferRules = { timezone: string; season: SeasonConfig; leadDays: number; intervalDays: number; seasonalVisits: number };

export type MidseasonOffer =
  | { running: true; lastStart: IsoDate }
  /**
   * `nextSeason`: the season a seasonal plan booked now is for (this year's before it starts, else
   * next year's). `seasonOver`: today is past this year's last season day, so "this summer" has gone
   * (docs/decisions/0100); late in the season (the offer off, Fridays still served) it has not.
   */
  | { running: false; nextSeason: { year: number; start: IsoDate }; seasonOver: boolean };

function moveToFriday(date: IsoDate, step: 1 | -1): IsoDate {
  let day = date;
  while (!isFriday(day)) day = addCalendarDays(day, step);
  return day;
}

export function findMidseasonOffer(now: Date, rules: MidseasonOfferRules): MidseasonOffer {
  const today = findToday(now, rules.timezone);
  const year = Number(today.slice(0, 4));
  const window = getSeasonWindow(year, rules.season);
  const firstStart = moveToFriday(addCalendarDays(today, rules.leadDays), 1);
  const lastStart = addCalendarDays(moveToFriday(window.end, -1), -(rules.seasonalVisits - 1) * rules.intervalDays);
  if (today >= window.start && firstStart <= lastStart) return { running: true, lastStart };
  const nextYear = today < window.start ? year : year + 1;
  return { running: false, nextSeason: { year: nextYear, start: getSeasonWindow(nextYear, rules.season).start }, seasonOver: today > window.end };
}

/**
 * Which summer the landing page's hero speaks of (docs/decisions/0100), from the same decision as the
 * offer: SPEC's "this summer" from January until the season's last day, "next summer" after it.
 */
export function findHeroSummer(offer: MidseasonOffer): 'this' | 'next' {
  return !offer.running && offer.seasonOver ? 'next' : 'this';
}
