/**
 * Which planned days a change to the technicians leaves to optimise again (0006, 2026-11-24 and
 * 2026-11-24 (c)). Pure: the technicians service reads the routes and visits and asks this.
 */

/** A route from today on: who drives it, its day, its status ('planned' until it starts) and its stops. */
export interface UpcomingRoute {
  technicianId: number | null;
  date: string;
  status: string;
  appointmentOrder: readonly number[];
}

/** A visit still to do (active and not marked done) on a day from today on. */
export interface OpenVisit {
  id: number;
  date: string;
}

export interface DaysToReplan {
  /**
   * Each technician's days with a planned route that still has a stop to do, earliest first: the
   * days shown beside them, and the days to optimise again when they are deactivated.
   */
  byTechnician: { technicianId: number; date: string }[];
  /**
   * The days with a planned route and a visit still to do that no started route holds (one on no
   * route counts: a new or longer shift may fit it), earliest first: the days to optimise again
   * when a technician is added, reactivated or given another shift.
   */
  days: string[];
}

/**
 * Only days with something left to do need a re-plan. A route whose stops are all done (or
 * cancelled, or moved away) has nothing more to drive: late on a Friday, a technician's finished
 * route is not a day to re-plan when they are deactivated or someone joins.
 */
export function findDaysToReplan(routes: readonly UpcomingRoute[], openVisits: readonly OpenVisit[]): DaysToReplan {
  const open = new Set(openVisits.map((v) => v.id));
  const planned = routes.filter((r): r is UpcomingRoute & { technicianId: number } => r.status === 'planned' && r.technicianId !== null);
  const seen = new Set<string>();
  const byTechnician = planned
    .filter((r) => r.appointmentOrder.some((id) => open.has(id)))
    .map((r) => ({ technicianId: r.technicianId, date: r.date }))
    .filter((r) => {
      const key = `${r.technicianId}:${r.date}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.technicianId - b.technicianId);
  const started = new Set(routes.filter((r) => r.status !== 'planned').flatMap((r) => r.appointmentOrder));
  const daysWithWork = new Set(openVisits.filter((v) => !started.has(v.id)).map((v) => v.date));
  const days = [...new Set(planned.map((r) => r.date))].filter((date) => daysWithWork.has(date)).sort();
  return { byTechnician, days };
}
