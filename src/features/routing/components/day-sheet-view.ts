/**
 * What the day sheet shows below its controls. An admin's sheet with no active technician has
 * nobody to load a route for, so it says so instead of waiting for a load that never starts.
 * A sheet without stops tells three days apart, because a technician reading "no stops" on
 * Thursday evening takes Friday off:
 * - 'noStops': nothing is booked that day;
 * - 'notPlanned': visits are booked but no route visits any of them yet (the office has not
 *   optimised the day, or re-plans it after the last routes lost all their stops);
 * - 'notAssigned': the day is planned and other technicians' routes have its visits, this one none;
 * - 'movedForRain': a rain day moved the day's visits and closed it (0071): the sheet says so and
 *   where they went, rather than a bare "no stops" (whatever is still booked on it, the office moves).
 */
export type DaySheetView = 'noTechnicians' | 'chooseDate' | 'failed' | 'loading' | 'noStops' | 'notPlanned' | 'notAssigned' | 'movedForRain' | 'route';

export function selectDaySheetView(state: {
  /** The technician whose sheet is shown (fixed for a technician, chosen by an admin). */
  technicianId: number | null;
  hasDate: boolean;
  /** undefined while loading, null when the technician has no route that day. */
  route: { appointments: readonly unknown[] } | null | undefined;
  /** The day's booked visits and how many of them any route visits (unknown: treated as none booked). */
  plan?: { bookedVisits: number; routedVisits: number };
  /** The last read failed: the stops are unknown, not absent (a technician must not read "no stops"). */
  loadFailed?: boolean;
  /** The day is closed because a rain day moved it (0071). */
  closedForRain?: boolean;
}): DaySheetView {
  if (state.technicianId === null) return 'noTechnicians';
  if (!state.hasDate) return 'chooseDate';
  if (state.loadFailed) return 'failed';
  if (state.route === undefined) return 'loading';
  // A route whose stops were all cancelled has nothing to drive: the same as no route.
  if (state.route !== null && state.route.appointments.length > 0) return 'route';
  if (state.closedForRain) return 'movedForRain';
  const plan = state.plan ?? { bookedVisits: 0, routedVisits: 0 };
  if (plan.bookedVisits === 0) return 'noStops';
  return plan.routedVisits === 0 ? 'notPlanned' : 'notAssigned';
}

/**
 * On a planned day, the active visits no route visits yet: booked (or moved to the day) after the
 * office optimised it. A technician's stops may still change, so their sheet says so.
 */
export function countVisitsAwaitingRoute(plan: { bookedVisits: number; routedVisits: number } | undefined): number {
  return plan ? Math.max(0, plan.bookedVisits - plan.routedVisits) : 0;
}
