import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { loadPriceContext } from '@/features/pricing/pricing.service';
import { countVisits, normaliseServiceType } from '@/features/pricing/pricing';
import { AppError } from '@/lib/errors';
import {
  checkBookableDate, findAvailableDates, findEarlierFridaysLeftOut, findToday, scheduleRulesOf,
  type AvailabilityQuery, type BookableDateCheck, type ScheduleRules,
} from './available-dates';
import { countActiveStopsByDate, listServiceDayExceptions } from './capacity.repository';
import { countStopsPerVisit } from './stop-statuses';

/** The branch's schedule rules, with visit counts from its price table (one source for "5 visits"). */
export async function loadScheduleRules(branchId = DEFAULT_BRANCH_ID, db?: DbExecutor): Promise<ScheduleRules> {
  const branch = await getBranch(branchId, db);
  const { priceTable } = await loadPriceContext(branchId, db);
  return {
    ...scheduleRulesOf(branch),
    visitsFor: (serviceType) => countVisits(priceTable, serviceType),
  };
}

/**
 * The availability query from the branch's rules and the stops already taken from today on.
 * Days with their own capacity (or closed) are folded into the booked counts, so the pure rule
 * only ever compares against the branch's default capacity.
 */
async function loadAvailabilityQuery(branchId: number, now: Date, stopsNeeded: number, serviceType?: string, executor?: DbExecutor): Promise<AvailabilityQuery> {
  const rules = await loadScheduleRules(branchId, executor);
  const db = executor ?? (await getDb());
  const today = findToday(now, rules.timezone);
  const booked = await countActiveStopsByDate(db, branchId, today, now);
  const closedDates = new Set<string>();
  for (const day of await listServiceDayExceptions(db, branchId, today)) {
    const capacity = day.isClosed ? 0 : (day.capacityOverride ?? rules.capacityPerFriday);
    // booked + needed <= capacity  ⇔  booked + (default − capacity) + needed <= default
    booked.set(day.date, (booked.get(day.date) ?? 0) + rules.capacityPerFriday - capacity);
    // Named as well, so a refusal says the Friday is closed rather than full (0071).
    if (day.isClosed) closedDates.add(day.date);
  }
  return { ...rules, now, bookedStops: booked, serviceType, stopsNeeded, closedDates };
}

/**
 * Bookable Fridays for a plan (DECISIONS §3) from the branch's rules and the stops already taken.
 *
 * @throws AppError('validation') for an unknown serviceType
 */
export async function getAvailableDates(options: AvailableDatesOptions): Promise<string[]> {
  return findAvailableDates(await loadPlanAvailability(options));
}

type AvailableDatesOptions = {
  serviceType?: string | null;
  now: Date;
  branchId?: number;
  stopsNeeded?: number;
  /** A one-time booking with this add-on takes two stops on its Friday (`countStopsPerVisit`). */
  includeTargetedInsects?: boolean;
  /** The caller's open transaction (on embedded PGlite a second connection would wait for it). */
  db?: DbExecutor;
};

/** The availability query for a plan's booking (`getAvailableDates`' options). */
async function loadPlanAvailability(options: AvailableDatesOptions): Promise<AvailabilityQuery> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  let serviceType: string | undefined;
  if (options.serviceType) {
    const normalised = normaliseServiceType(options.serviceType);
    if (!normalised) throw new AppError('validation', 'errors.validation', { fields: { serviceType: 'scheduling.unknownServiceType' } });
    serviceType = normalised;
  }
  const stopsNeeded = options.stopsNeeded ?? countStopsPerVisit(serviceType, options.includeTargetedInsects ?? false);
  return loadAvailabilityQuery(branchId, options.now, stopsNeeded, serviceType, options.db);
}

/**
 * The bookable Fridays as `getAvailableDates` lists them, and whether earlier Fridays of the
 * season (from today on) were left out because they are full (`earlierFull`) or closed to
 * bookings (`earlierClosed`, a rain day), so the booking screens can say why the list starts later
 * (0092, 0099). Both from the counts and closures the list is computed from: no further query.
 *
 * @throws AppError('validation') for an unknown serviceType
 */
export async function getFridayOffer(options: AvailableDatesOptions): Promise<{ dates: string[]; earlierFull: boolean; earlierClosed: boolean }> {
  const query = await loadPlanAvailability(options);
  const dates = findAvailableDates(query);
  const earlier = findEarlierFridaysLeftOut(query, dates);
  return { dates, earlierFull: earlier.full, earlierClosed: earlier.closed };
}

/**
 * Whether one Friday is bookable for a single visit taking `stopsNeeded` stops, by exactly the
 * rule and counts `getAvailableDates` lists by (staff moving a visit are offered that list).
 * Read outside any transaction: the caller re-checks capacity under the day's lock
 * (`reserveFridayStops`) before it writes.
 */
export async function checkAvailableDate(options: { date: string; now: Date; branchId?: number; stopsNeeded: number }): Promise<BookableDateCheck> {
  const query = await loadAvailabilityQuery(options.branchId ?? DEFAULT_BRANCH_ID, options.now, options.stopsNeeded);
  return checkBookableDate(options.date, query);
}

/**
 * The stops still free on each of `dates`, counted exactly as the rule above counts them (the
 * Friday's capacity, its own capacity or closure, the stops taken): for callers that place many
 * visits at once (a rain day). Read outside any transaction, as `checkAvailableDate`.
 */
export async function countFreeStops(options: { dates: readonly string[]; now: Date; branchId?: number }): Promise<Map<string, number>> {
  const query = await loadAvailabilityQuery(options.branchId ?? DEFAULT_BRANCH_ID, options.now, 1);
  return new Map(options.dates.map((date) => [date, query.capacityPerFriday - (query.bookedStops.get(date) ?? 0)]));
}
