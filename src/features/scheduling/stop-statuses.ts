/**
 * Which appointment statuses take a Friday stop: the capacity count, the route planner and the
 * hold expiry all read this one rule, so the routes serve exactly the stops the day counted.
 */

/** Statuses that always take their stop. */
export const SETTLED_STOP_STATUSES = ['confirmed', 'completed'] as const;

/** Unpaid statuses that take their stop only while their hold lasts (no hold = staff-created, always). */
export const HELD_STOP_STATUSES = ['pending', 'pending-payment'] as const;

/**
 * The free misting consultation: an online request is a call-back for staff, not a paid service
 * visit. While unconfirmed it takes no Friday stop (so free requests cannot fill the season); once
 * staff confirm it, it counts like any confirmed visit.
 */
export const REQUEST_ONLY_SERVICE_TYPE = 'consult';

/**
 * Stops a booking takes on its first Friday: one per appointment row. A one-time treatment with
 * the targeted-insect (standing-water) add-on writes a second, add-on visit on the same Friday
 * (docs/decisions/0011), so it needs two; plan add-ons are flags on the plan's visits.
 */
export function countStopsPerVisit(serviceType: string | null | undefined, includeTargetedInsects: boolean): number {
  return serviceType === 'onetime' && includeTargetedInsects ? 2 : 1;
}
