/**
 * What the route manager shows for a loaded date, from the day's appointment count and its routes:
 * - 'noAppointments': nothing is booked ('No appointments scheduled for this date');
 * - 'allDone': every appointment was marked done without ever being on a route, so nothing is
 *   left to plan and Optimize Route is off (0006, 2026-11-24 (c));
 * - 'notPlanned': no route yet ('No route optimized for this date yet');
 * - 'routes': the routes, with the visits still to plan and those done without a route.
 * Null while the date is loading (or could not be read).
 */
export type RouteManagerView = 'noAppointments' | 'allDone' | 'notPlanned' | 'routes';

export function selectRouteManagerView(
  count: number | null,
  day: { routes: readonly unknown[]; doneWithoutRoute: readonly unknown[] } | null,
): RouteManagerView | null {
  if (count === null || day === null) return null;
  if (count === 0) return 'noAppointments';
  if (day.doneWithoutRoute.length >= count) return 'allDone';
  return day.routes.length === 0 ? 'notPlanned' : 'routes';
}

/** Optimize Route has something to plan: some appointment of the day is not done without a route. */
export function canOptimize(view: RouteManagerView | null): boolean {
  return view === 'notPlanned' || view === 'routes';
}

/**
 * The stops an optimisation planned: what is still to drive. Stops already done stay first on
 * their routes (0006), but the "Route optimized" notice counts only the work it planned.
 */
export function countPlannedStops(routes: readonly { appointments: readonly { appointment: { status: string } }[] }[]): number {
  return routes.reduce((sum, route) => sum + route.appointments.filter((stop) => stop.appointment.status !== 'completed').length, 0);
}
