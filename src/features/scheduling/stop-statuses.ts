/**
 * Which appointment statuses take a Friday stop: the capacity count, the route planner and the
 * hold expiry all read this one rule, so the routes serve exactly the stops the day counted.
 */

/** Statuses that always take their stop. */
export const SETTLED_STOP_STATUSES = ['confirmed', 'completed'] as const;

/** Unpaid statuses that take their stop only while their hold lasts (no hold = staff-created, always). */
export const HELD_STOP_STATUSES = ['pending', 'pending-payment'] as const;
