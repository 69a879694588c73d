/**
 * The payments export's date range (docs/decisions/0036): two calendar days in the branch's time
 * zone, both included, at most a year apart. Pure: the time zone and "today" are arguments.
 */
import { TZDate } from '@date-fns/tz';
import { isCalendarDate } from '@/features/routing/route.schema';

/** A leap year is 366 days: a whole calendar year always fits. */
export const MAX_EXPORT_DAYS = 366;

export type ExportRange = { from: string; to: string };

export type RangeCheck =
  | { ok: true; range: ExportRange; days: number }
  | { ok: false; field: 'from' | 'to'; messageKey: 'exports.errors.invalidDate' | 'exports.errors.reversedRange' | 'exports.errors.rangeTooLong' };

const DAY_MS = 86_400_000;
const utcNoon = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** Whether `from` and `to` (as a query string gives them) make a range the export accepts, and why not. */
export function checkExportRange(from: unknown, to: unknown): RangeCheck {
  if (typeof from !== 'string' || !isCalendarDate(from)) return { ok: false, field: 'from', messageKey: 'exports.errors.invalidDate' };
  if (typeof to !== 'string' || !isCalendarDate(to)) return { ok: false, field: 'to', messageKey: 'exports.errors.invalidDate' };
  const days = Math.round((utcNoon(to) - utcNoon(from)) / DAY_MS) + 1;
  if (days < 1) return { ok: false, field: 'to', messageKey: 'exports.errors.reversedRange' };
  if (days > MAX_EXPORT_DAYS) return { ok: false, field: 'to', messageKey: 'exports.errors.rangeTooLong' };
  return { ok: true, range: { from, to }, days };
}

/** The form's default: the current month so far, from its first day to `today` (the branch's calendar day). */
export function findDefaultExportRange(today: string): ExportRange {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The year so far, from January 1 to `today` (the branch's calendar day): a season's records in one file. */
export function findYearSoFarRange(today: string): ExportRange {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/**
 * The instants a range covers in `timezone`: from midnight starting `from` up to, not including,
 * midnight ending `to` (a day of 23 or 25 hours when the clocks change is still one day).
 */
export function findRangeInstants(range: ExportRange, timezone: string): { start: Date; end: Date } {
  const [fy, fm, fd] = range.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = range.to.split('-').map(Number) as [number, number, number];
  return {
    start: new Date(new TZDate(fy, fm - 1, fd, 0, 0, 0, timezone).getTime()),
    end: new Date(new TZDate(ty, tm - 1, td + 1, 0, 0, 0, timezone).getTime()),
  };
}
