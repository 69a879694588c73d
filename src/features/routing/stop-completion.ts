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

/**
 * How far ahead of the server's clock a phone's "Mark done" time may be: phones set their clocks
 * from the network, but not to the second (docs/decisions/0045).
 */
export const DONE_AT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** Why the time sent with a done mark is refused (a key of the routing messages). */
export type DoneAtProblem = 'doneAtInFuture' | 'doneAtBeforeVisitDay';

/**
 * Whether a done mark may be dated `doneAt` (when the technician pressed it; sent late when the
 * phone had no signal, 0045), or why not. Not ahead of the server's `now` by more than the clock
 * skew; not before the visit's day in the branch's time zone (`doneDay`: the branch's calendar day
 * at `doneAt`), except for a time within the clock skew of `now`: that is a mark sent at once, as
 * good as one sent without a time (a phone a little slow around midnight of the visit's day). The
 * visit's day itself must have come for any done mark (`isVisitDayReached`, 0057).
 */
export function findDoneAtProblem(input: { doneAt: Date; now: Date; doneDay: string; visitDate: string }): DoneAtProblem | null {
  const ahead = input.doneAt.getTime() - input.now.getTime();
  if (ahead > DONE_AT_CLOCK_SKEW_MS) return 'doneAtInFuture';
  if (ahead >= -DONE_AT_CLOCK_SKEW_MS) return null;
  return input.doneDay < input.visitDate ? 'doneAtBeforeVisitDay' : null;
}

/**
 * How long the server remembers the id of a day sheet change it applied (docs/decisions/0052): a
 * change waiting on a phone is sent again within minutes of signal, at worst days; a phone that
 * kept one for a month is not a case to serve, and the table stays small. The retention sweep
 * deletes ids older than this, and the server refuses a change taken longer ago than this
 * (`findStopChangeAgeProblem`, 0057): both read this one number.
 */
export const APPLIED_STOP_CHANGE_KEEP_DAYS = 30;

/** Applied change ids recorded before this instant are swept. */
export function findAppliedStopChangesCutoff(now: Date): Date {
  return new Date(now.getTime() - APPLIED_STOP_CHANGE_KEEP_DAYS * 24 * 60 * 60 * 1000);
}

/** Why a day sheet change carrying an id is refused for its time (a key of the routing messages). */
export type StopChangeAgeProblem = 'takenAtInFuture' | 'stopChangeTooOld';

/**
 * Whether a change with an id (0052) taken on the phone at `takenAt` may still be judged by its id,
 * or why not (docs/decisions/0057). Its id may have been swept once it was applied before
 * `findAppliedStopChangesCutoff(now)`; then a resend would be applied a second time. The server
 * never applies a change taken more than the clock skew after its own clock (`takenAtInFuture`,
 * checked at every send), so a change applied at all was applied no earlier than `takenAt` minus
 * the skew: one taken at least the keep window less the skew ago (`stopChangeTooOld`) may have
 * lost its id, any later one still has it whatever the phone's clock says.
 */
export function findStopChangeAgeProblem(input: { takenAt: Date; now: Date }): StopChangeAgeProblem | null {
  if (input.takenAt.getTime() - input.now.getTime() > DONE_AT_CLOCK_SKEW_MS) return 'takenAtInFuture';
  if (input.takenAt.getTime() - DONE_AT_CLOCK_SKEW_MS < findAppliedStopChangesCutoff(input.now).getTime()) return 'stopChangeTooOld';
  return null;
}
