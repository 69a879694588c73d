/**
 * When a booking's Friday gets its visit report (docs/decisions/0038). Pure: the service applies
 * it to the booking's visits of the day, read under the day's report lock.
 */

/** Visits that treat something; a consultation alone gets no report. */
const TREATMENT_SERVICES = new Set(['onetime', 'seasonal', 'tick-seasonal', 'standingwater']);

export const isTreatmentVisit = (visit: { serviceType: string }) => TREATMENT_SERVICES.has(visit.serviceType);

/**
 * The visits the report names, or null when none is due yet:
 * - one report per booking and Friday, sent once: none when any visit of the day already had its
 *   report queued (a visit marked done again after an Undo sends nothing new);
 * - it waits for the day's last visit: none while one is still confirmed (a one-time treatment
 *   done, its standing-water visit not yet), so the report names them all and carries every note;
 * - it tells of a treatment: a consultation alone gets none.
 * Cancelled or expired visits of the day are neither waited for nor named.
 */
export function findReportVisits<T extends { status: string; serviceType: string; visitReportQueuedAt: Date | null }>(visits: readonly T[]): T[] | null {
  if (visits.some((v) => v.visitReportQueuedAt !== null)) return null;
  if (visits.some((v) => v.status === 'confirmed')) return null;
  const done = visits.filter((v) => v.status === 'completed');
  return done.some(isTreatmentVisit) ? done : null;
}
