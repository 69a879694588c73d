/**
 * Whether a Friday has anything a rain day would move (0033, 2026-11-24), pure: shared by the route
 * manager, which offers the action, and the server, which refuses it. A rain day moves the day's
 * confirmed visits; done visits stay where they were done and unpaid holds are the booking flow's.
 */

/**
 * Why a day with appointments has nothing to move: every one is marked done ('allDone', such as
 * visits marked done before any route had them, 0006 (c)), or none left to do is confirmed
 * ('nothingConfirmed': only unpaid holds, perhaps beside done visits).
 */
export type RainDayBlock = 'allDone' | 'nothingConfirmed';

/**
 * Reads the statuses of the day's active appointments (those that take a stop, as the route
 * manager counts them): null while a confirmed visit is left to move, or when there is none at
 * all (a day without appointments offers no rain day in the first place).
 */
export function findRainDayBlock(statuses: readonly string[]): RainDayBlock | null {
  if (statuses.length === 0 || statuses.includes('confirmed')) return null;
  return statuses.every((status) => status === 'completed') ? 'allDone' : 'nothingConfirmed';
}
