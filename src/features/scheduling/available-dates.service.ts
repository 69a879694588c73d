import 'server-only';
import { getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { loadPriceContext } from '@/features/pricing/pricing.service';
import { countVisits, normaliseServiceType } from '@/features/pricing/pricing';
import { AppError } from '@/lib/errors';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates, findToday, type ScheduleRules } from './available-dates';
import { countActiveStopsByDate, listServiceDayExceptions } from './capacity.repository';
import { countStopsPerVisit } from './stop-statuses';

/** The branch's schedule rules, with visit counts from its price table (one source for "5 visits"). */
export async function loadScheduleRules(branchId = DEFAULT_BRANCH_ID): Promise<ScheduleRules> {
  const branch = await getBranch(branchId);
  const { priceTable } = await loadPriceContext(branchId);
  return {
    timezone: branch.timezone,
    season: { startMonthDay: branch.settings.seasonStart, endMonthDay: branch.settings.seasonEnd },
    leadDays: branch.settings.leadDays,
    capacityPerFriday: branch.settings.fridayCapacity,
    intervalDays: DEFAULT_SCHEDULE_RULES.intervalDays,
    visitsFor: (serviceType) => countVisits(priceTable, serviceType),
  };
}

/**
 * Bookable Fridays for a plan (DECISIONS §3) from the branch's rules and the stops already taken.
 * Days with their own capacity (or closed) are folded into the booked counts, so the pure rule
 * only ever compares against the branch's default capacity.
 *
 * @throws AppError('validation') for an unknown serviceType
 */
export async function getAvailableDates(options: {
  serviceType?: string | null;
  now: Date;
  branchId?: number;
  stopsNeeded?: number;
  /** A one-time booking with this add-on takes two stops on its Friday (`countStopsPerVisit`). */
  includeTargetedInsects?: boolean;
}): Promise<string[]> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  let serviceType: string | undefined;
  if (options.serviceType) {
    const normalised = normaliseServiceType(options.serviceType);
    if (!normalised) throw new AppError('validation', 'errors.validation', { fields: { serviceType: 'scheduling.unknownServiceType' } });
    serviceType = normalised;
  }
  const rules = await loadScheduleRules(branchId);
  const db = await getDb();
  const today = findToday(options.now, rules.timezone);
  const booked = await countActiveStopsByDate(db, branchId, today, options.now);
  for (const day of await listServiceDayExceptions(db, branchId, today)) {
    const capacity = day.isClosed ? 0 : (day.capacityOverride ?? rules.capacityPerFriday);
    // booked + needed <= capacity  ⇔  booked + (default − capacity) + needed <= default
    booked.set(day.date, (booked.get(day.date) ?? 0) + rules.capacityPerFriday - capacity);
  }
  const stopsNeeded = options.stopsNeeded ?? countStopsPerVisit(serviceType, options.includeTargetedInsects ?? false);
  return findAvailableDates({ ...rules, now: options.now, bookedStops: booked, serviceType, stopsNeeded });
}
