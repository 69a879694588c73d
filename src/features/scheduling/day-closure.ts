/**
 * A Friday closed to bookings (docs/decisions/0071), pure: what the screens show of a closure, how
 * a refusal tells a closed Friday from a full one, and where an unpaid booking's visits on a closed
 * Friday go when it is paid (0072).
 */
import { isWithinSpacing, type SpacingWindow } from './visit-spacing';

/** Why, when, by whom (the staff member's name, null once the account is gone) and where the visits went. */
export type DayClosure = {
  /** 'rain': a rain day moved the day's visits away; null for a day closed some other way. */
  reason: 'rain' | null;
  /** ISO instant, null for a day closed without one. */
  closedAt: string | null;
  closedBy: string | null;
  /** The Fridays the rain day sent the visits to, in date order. */
  movedTo: string[];
};

/**
 * True for a 'day_full' refusal (`reserveFridayStops`, `checkAvailableDate`) whose Friday is closed
 * rather than full: the callers re-word it ("closed", not "fully booked") and still offer another Friday.
 */
export function isClosedDayRefusal(details: Record<string, unknown> | undefined): boolean {
  return details?.reason === 'closed';
}

/** A closure as read from the day's row, for the screens: the Fridays each once, in date order. */
export function toDayClosure(row: { reason: string | null; closedAt: Date | null; closedBy: string | null; movedTo: readonly string[] }): DayClosure {
  return {
    reason: row.reason === 'rain' ? 'rain' : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    movedTo: [...new Set(row.movedTo)].sort(),
  };
}

/**
 * The Fridays, in the order they are tried, that take an unpaid booking's visits from a Friday
 * closed for rain when the booking is paid or its checkout opened (0072): where the rain day sent
 * the day's visits (its first Friday after the closed one), then every later Friday the
 * availability rule offers (`offered`: room for the visits' stops, lead time, not closed), in the
 * closed day's season only (nothing moves into next year by itself, as for the rain day, 0033), and
 * within the plan's spacing (`window`, 0035). Never the closed day, never earlier: a rain day moves
 * later, and the day's row is locked before the Fridays after it (locks in date order).
 */
export function listReplacementFridays(closedDate: string, movedTo: readonly string[], offered: readonly string[], window?: SpacingWindow | null): string[] {
  const start = [...movedTo].filter((d) => d > closedDate).sort()[0] ?? closedDate;
  const season = closedDate.slice(0, 4);
  return [...offered]
    .sort()
    .filter((d) => d > closedDate && d >= start && d.slice(0, 4) === season && (!window || isWithinSpacing(d, window)));
}
