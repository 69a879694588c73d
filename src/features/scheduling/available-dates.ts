/**
 * Friday availability (DECISIONS §3), pure: the clock, the branch's schedule settings, the
 * booked-stop counts and the visits per plan are all arguments.
 *
 * Dates are calendar days (`'YYYY-MM-DD'`) in the branch's timezone. The only timezone-dependent
 * step is "what day is it now in Toronto" (`TZDate`); after that everything is calendar
 * arithmetic with date-fns on floating local-midnight dates, which date-fns keeps on the same wall
 * time across DST (21 days after a Friday is always a Friday), and which avoid `TZDate`'s per-call
 * Intl cost in the loops.
 *
 * Rules:
 * - service happens on Fridays only;
 * - the first bookable day is today (in the branch timezone) + `leadDays`: with the default 2, a
 *   booking made on Wednesday can take that Friday, one made on Thursday cannot;
 * - dates run to the season end (inclusive); once this season has no bookable date left, the
 *   next year's season is offered;
 * - a Friday whose booked stops leave no room for `stopsNeeded` is not offered, nor a closed one
 *   (a rain day moved its visits away, 0071);
 * - a multi-visit plan (seasonal 5 visits, tick-seasonal 3, `intervalDays` apart) only gets start
 *   dates whose every visit is a Friday inside the same season with room left.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, isFriday as isFridayDate, isValid } from 'date-fns';

/** A calendar date, `'YYYY-MM-DD'`. */
export type IsoDate = string;

export interface SeasonConfig {
  /** `'MM-DD'`, inclusive. */
  startMonthDay: string;
  /** `'MM-DD'`, inclusive; must not be before the start (seasons do not wrap the new year). */
  endMonthDay: string;
}

/** Branch schedule settings. */
export interface ScheduleRules {
  /** IANA timezone of the branch, e.g. `'America/Toronto'`. */
  timezone: string;
  season: SeasonConfig;
  /** Days between today and the first bookable day. */
  leadDays: number;
  /** Stops one Friday can take. */
  capacityPerFriday: number;
  /** Days between the visits of a multi-visit plan. */
  intervalDays: number;
  /**
   * Visits a service type books: pass `(type) => countVisits(priceTable, type)` from the pricing
   * feature so the number lives in one place. Must return at least 1.
   */
  visitsFor: (serviceType: string) => number;
}

/** The schedule settings a branch stores, as the branch service returns them. */
export interface BranchScheduleSettings {
  timezone: string;
  settings: { seasonStart: string; seasonEnd: string; leadDays: number; fridayCapacity: number };
}

/** A branch's schedule rules, except `visitsFor`, which comes from its price table. */
export function scheduleRulesOf(branch: BranchScheduleSettings): Omit<ScheduleRules, 'visitsFor'> {
  return {
    timezone: branch.timezone,
    season: { startMonthDay: branch.settings.seasonStart, endMonthDay: branch.settings.seasonEnd },
    leadDays: branch.settings.leadDays,
    capacityPerFriday: branch.settings.fridayCapacity,
    intervalDays: DEFAULT_SCHEDULE_RULES.intervalDays,
  };
}

/** DECISIONS §3's defaults (everything except `visitsFor`, which comes from the price table). */
export const DEFAULT_SCHEDULE_RULES = {
  timezone: 'America/Toronto',
  season: { startMonthDay: '05-01', endMonthDay: '10-31' },
  leadDays: 2,
  capacityPerFriday: 24,
  intervalDays: 21,
} as const satisfies Omit<ScheduleRules, 'visitsFor'>;

/**
 * The fewest days a move may leave between two visits of a multi-visit plan, which are booked
 * `intervalDays` (21) apart: a visit may shift by a week, never land a week from the next spray
 * (docs/decisions/0035, `visit-spacing.ts`).
 */
export const MIN_INTERVAL_DAYS = 14;

export interface AvailabilityQuery extends ScheduleRules {
  /** The injected clock. */
  now: Date;
  /** Stops already booked per Friday; missing dates count as 0. */
  bookedStops: ReadonlyMap<IsoDate, number>;
  /** Plan being booked; without it every date is treated as a single visit. */
  serviceType?: string;
  /** Stops this booking takes on each visit date (default 1). */
  stopsNeeded?: number;
  /** Fridays closed to bookings whatever their room (a rain day moved their visits, 0071). */
  closedDates?: ReadonlySet<IsoDate>;
}

export interface FindAvailableDatesQuery extends AvailabilityQuery {
  /** Only list start dates up to today + this many days (listing limit, not a booking rule). */
  horizonDays?: number;
}

export type BookableDateRejection =
  | 'invalid-date'
  | 'not-friday'
  | 'too-soon'
  | 'out-of-season'
  | 'full'
  | 'closed';

export type BookableDateCheck =
  | { ok: true; visitDates: IsoDate[] }
  | { ok: false; reason: BookableDateRejection; fullDates: IsoDate[] };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;

/** Parses `'YYYY-MM-DD'` as a floating calendar day (local midnight), or null if not a real date. */
function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Reject rollovers such as 2026-02-30 → March 2.
  if (!isValid(date) || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

function requireIsoDate(value: string): Date {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`expected a 'YYYY-MM-DD' date, got '${value}'`);
  return date;
}

/** Floating day → `'YYYY-MM-DD'`. Hand-written because date-fns `format` dominated the loops. */
function toIsoDate(date: Date): IsoDate {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** `date` plus `days` calendar days (negative goes back). */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return toIsoDate(addDays(requireIsoDate(date), days));
}

/** The calendar day it is at `now` in `timezone` (a UTC instant late on Thursday is still Thursday in Toronto). */
export function findToday(now: Date, timezone: string): IsoDate {
  return format(new TZDate(now.getTime(), timezone), 'yyyy-MM-dd');
}

/** The branch's calendar day and minute of the day at `now` in `timezone` (reminder timing, a day re-planned under way). */
export function readBranchClock(now: Date, timezone: string): { today: IsoDate; minuteOfDay: number } {
  const local = new TZDate(now.getTime(), timezone);
  return { today: format(local, 'yyyy-MM-dd'), minuteOfDay: local.getHours() * 60 + local.getMinutes() };
}

/** True when a `'YYYY-MM-DD'` date is a Friday. False for malformed or impossible dates. */
export function isFriday(date: IsoDate): boolean {
  const parsed = parseIsoDate(date);
  return parsed !== null && isFridayDate(parsed);
}

/**
 * The season's first and last day in a given year.
 *
 * @throws {RangeError} for a malformed season or one that ends before it starts
 */
export function getSeasonWindow(year: number, season: SeasonConfig): { start: IsoDate; end: IsoDate } {
  const [start, end] = [season.startMonthDay, season.endMonthDay].map((monthDay) => {
    const match = MONTH_DAY.exec(monthDay);
    const date = match && parseIsoDate(`${String(year).padStart(4, '0')}-${monthDay}`);
    // 02-29 outside a leap year is the one legal month-day that can fail here.
    if (!date) throw new RangeError(`season month-day '${monthDay}' is not a date in ${year}`);
    return toIsoDate(date);
  }) as [IsoDate, IsoDate];
  if (end < start) throw new RangeError(`season ends (${end}) before it starts (${start})`);
  return { start, end };
}

/**
 * The visit dates a plan books from its start date: `visitsFor(serviceType)` dates,
 * `intervalDays` apart (seasonal: 5 Fridays 21 days apart; one-time: just the start date).
 *
 * @throws {RangeError} for a malformed start date or a non-positive visit count
 */
export function visitDatesFor(
  startDate: IsoDate,
  serviceType: string | undefined,
  rules: Pick<ScheduleRules, 'visitsFor' | 'intervalDays'>,
): IsoDate[] {
  const start = requireIsoDate(startDate);
  const visits = countVisitsFor({ serviceType, visitsFor: rules.visitsFor });
  return Array.from({ length: visits }, (_, index) =>
    toIsoDate(addDays(start, index * rules.intervalDays)),
  );
}

function hasRoom(date: IsoDate, query: AvailabilityQuery): boolean {
  if (query.closedDates?.has(date)) return false;
  const booked = query.bookedStops.get(date) ?? 0;
  return booked + (query.stopsNeeded ?? 1) <= query.capacityPerFriday;
}

function countVisitsFor(query: Pick<AvailabilityQuery, 'serviceType' | 'visitsFor'>): number {
  const visits = query.serviceType === undefined ? 1 : query.visitsFor(query.serviceType);
  if (!Number.isInteger(visits) || visits < 1) {
    throw new RangeError(`visitsFor('${query.serviceType}') must be a positive integer, got ${visits}`);
  }
  return visits;
}

/** Start dates inside one season window, from `from` on, whose every visit fits and has room. */
function collectStartDates(
  window: { start: IsoDate; end: IsoDate },
  from: IsoDate,
  query: AvailabilityQuery,
  until: IsoDate | null,
): IsoDate[] {
  const visits = countVisitsFor(query);
  const last = requireIsoDate(until !== null && until < window.end ? until : window.end);
  const seasonEnd = requireIsoDate(window.end);
  let candidate = requireIsoDate(from < window.start ? window.start : from);
  while (!isFridayDate(candidate)) candidate = addDays(candidate, 1);

  const dates: IsoDate[] = [];
  for (; candidate <= last; candidate = addDays(candidate, 7)) {
    let fits = true;
    for (let index = 0; index < visits && fits; index += 1) {
      const visit = addDays(candidate, index * query.intervalDays);
      fits = visit <= seasonEnd && isFridayDate(visit) && hasRoom(toIsoDate(visit), query);
    }
    if (fits) dates.push(toIsoDate(candidate));
  }
  return dates;
}

/** Earliest bookable calendar day: today in the branch timezone + lead days. */
function findEarliestDate(query: AvailabilityQuery): IsoDate {
  return addCalendarDays(findToday(query.now, query.timezone), query.leadDays);
}

/**
 * Lists the Fridays a customer can book, in order: from today + `leadDays` to the end of the
 * current season, or the next season's once the current one has nothing left to offer.
 * For a multi-visit `serviceType` these are start dates whose every visit fits.
 *
 * @returns ISO dates (`'YYYY-MM-DD'`), possibly empty (e.g. every Friday full)
 */
export function findAvailableDates(query: FindAvailableDatesQuery): IsoDate[] {
  const today = findToday(query.now, query.timezone);
  const earliest = findEarliestDate(query);
  const until = query.horizonDays === undefined ? null : addCalendarDays(today, query.horizonDays);

  const year = requireIsoDate(earliest).getFullYear();
  let window = getSeasonWindow(year, query.season);
  if (earliest > window.end) window = getSeasonWindow(year + 1, query.season);

  const dates = collectStartDates(window, earliest, query, until);
  if (dates.length > 0) return dates;

  // Nothing left this season (late in October, or a plan whose visits no longer fit): next year's.
  const nextWindow = getSeasonWindow(Number(window.start.slice(0, 4)) + 1, query.season);
  return collectStartDates(nextWindow, earliest, query, until);
}

/** Why earlier Fridays were left out of a list (`findEarlierFridaysLeftOut`): some full, some closed, or both. */
export type EarlierFridays = { full: boolean; closed: boolean };

/**
 * Why the list `dates` (`findAvailableDates`' answer for `query`) starts later than it would with
 * room everywhere: some Friday of the same season, from the first bookable day on and before its
 * first date, was left out because it (or, for a plan, one of its visits) is full (`full`) or
 * closed to bookings, a rain day (`closed`, 0071) (0092, 0099). A closed Friday is said as closed,
 * not full, and is read from `query.closedDates`, which the list is computed from anyway: no query
 * of its own. A Friday left out only because a plan's last visit would fall after the season end
 * does not count, and an empty list says nothing.
 */
export function findEarlierFridaysLeftOut(query: AvailabilityQuery, dates: readonly IsoDate[]): EarlierFridays {
  const found: EarlierFridays = { full: false, closed: false };
  const first = dates[0];
  if (first === undefined) return found;
  const window = getSeasonWindow(Number(first.slice(0, 4)), query.season);
  const earliest = findEarliestDate(query);
  const seasonEnd = requireIsoDate(window.end);
  const visits = countVisitsFor(query);
  let candidate = requireIsoDate(earliest < window.start ? window.start : earliest);
  while (!isFridayDate(candidate)) candidate = addDays(candidate, 1);
  for (; toIsoDate(candidate) < first; candidate = addDays(candidate, 7)) {
    for (let index = 0; index < visits; index += 1) {
      const visit = addDays(candidate, index * query.intervalDays);
      if (visit > seasonEnd) break;
      const day = toIsoDate(visit);
      if (query.closedDates?.has(day)) found.closed = true;
      else if (!hasRoom(day, query)) found.full = true;
    }
    if (found.full && found.closed) break;
  }
  return found;
}

/**
 * Re-checks a date when a booking is written (the list the customer saw may be stale).
 * A date is bookable exactly when `findAvailableDates` (without a horizon) would list it.
 *
 * @returns the visit dates to reserve, or why the date cannot be booked; `fullDates` names the
 *   visit dates without room (for the 409 message): the closed ones when a visit date is closed
 *   ('closed' before 'full': a closed Friday's message says it is closed, not full)
 */
export function checkBookableDate(date: IsoDate, query: AvailabilityQuery): BookableDateCheck {
  if (!parseIsoDate(date)) return { ok: false, reason: 'invalid-date', fullDates: [] };
  if (!isFriday(date)) return { ok: false, reason: 'not-friday', fullDates: [] };
  if (date < findEarliestDate(query)) return { ok: false, reason: 'too-soon', fullDates: [] };

  const visitDates = visitDatesFor(date, query.serviceType, query);
  if (findAvailableDates({ ...query, horizonDays: undefined }).includes(date)) {
    return { ok: true, visitDates };
  }
  const closedDates = visitDates.filter((visit) => query.closedDates?.has(visit));
  if (closedDates.length > 0) return { ok: false, reason: 'closed', fullDates: closedDates };
  const fullDates = visitDates.filter((visit) => !hasRoom(visit, query));
  return { ok: false, reason: fullDates.length > 0 ? 'full' : 'out-of-season', fullDates };
}

/** Predicate form of `checkBookableDate`. */
export function isBookableDate(date: IsoDate, query: AvailabilityQuery): boolean {
  return checkBookableDate(date, query).ok;
}
