/**
 * A Friday closed to bookings (docs/decisions/0071), pure: what the screens show of a closure, and
 * how a refusal tells a closed Friday from a full one.
 */

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
