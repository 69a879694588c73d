/**
 * Marking a stop done from the day sheet (docs/decisions/0027, "Marking stops done"). Pure: the
 * day sheet shows its buttons from it and the server checks a technician's change with it.
 */

/** The change a stop offers on the day sheet, or null: none before its day, none for an unpaid hold. */
export type StopAction = 'markDone' | 'undo';

/**
 * True once the visit's day has come in the branch's time zone (`today` is the branch's calendar
 * day, 'YYYY-MM-DD'): a technician cannot mark next Friday's visit done by mistake, and may still
 * catch up on a past one.
 */
export function isVisitDayReached(visitDate: string, today: string): boolean {
  return visitDate <= today;
}

/** A confirmed stop on or after its day can be marked done, a completed one taken back; nothing else. */
export function findStopAction(stop: { date: string; status: string }, today: string): StopAction | null {
  if (!isVisitDayReached(stop.date, today)) return null;
  if (stop.status === 'confirmed') return 'markDone';
  if (stop.status === 'completed') return 'undo';
  return null;
}
