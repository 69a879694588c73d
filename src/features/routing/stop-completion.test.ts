import { describe, expect, it } from 'vitest';
import { findToday } from '@/features/scheduling/available-dates';
import {
  APPLIED_STOP_CHANGE_KEEP_DAYS, DONE_AT_CLOCK_SKEW_MS, findAppliedStopChangesCutoff, findDoneAtProblem, findStopAction, findStopChangeAgeProblem, isVisitDayReached,
} from './stop-completion';

const FRIDAY = '2027-06-11';

describe('isVisitDayReached', () => {
  it.each([
    // Toronto is UTC-4 in June: Friday begins at 04:00 UTC.
    ['Thursday 23:59 in Hamilton (already Friday in UTC)', '2027-06-11T03:59:00Z', false],
    ['Friday 00:00 in Hamilton', '2027-06-11T04:00:00Z', true],
    ['Friday evening', '2027-06-11T23:30:00Z', true],
    ['the Monday after (catching up)', '2027-06-14T13:00:00Z', true],
    ['the Friday before', '2027-06-04T15:00:00Z', false],
  ])('%s', (_label, instant, expected) => {
    expect(isVisitDayReached(FRIDAY, findToday(new Date(instant), 'America/Toronto'))).toBe(expected);
  });
});

describe('findStopAction', () => {
  it.each([
    ['confirmed', FRIDAY, 'markDone'],
    ['completed', FRIDAY, 'undo'],
    ['confirmed', '2027-06-04', 'markDone'],
    ['confirmed', '2027-06-18', null],
    ['completed', '2027-06-18', null],
    ['pending', FRIDAY, null],
    ['pending-payment', FRIDAY, null],
    ['cancelled', FRIDAY, null],
  ] as const)('a %s visit on %s, seen on Friday: %s', (status, date, expected) => {
    expect(findStopAction({ status, date }, FRIDAY)).toBe(expected);
  });
});

describe('findDoneAtProblem (a done mark sent late with when it was pressed, 0045)', () => {
  // The server reads it on the Monday after the visit, 09:00 in Hamilton (UTC-4 in June).
  const MONDAY = new Date('2027-06-14T13:00:00Z');
  it.each([
    ['Friday 10:12, sent on Monday', '2027-06-11T14:12:00Z', MONDAY, null],
    ['Friday 00:00 in Hamilton, the first instant of the visit\'s day', '2027-06-11T04:00:00Z', MONDAY, null],
    ['Thursday 23:59 in Hamilton (already Friday in UTC)', '2027-06-11T03:59:00Z', MONDAY, 'doneAtBeforeVisitDay'],
    ['the Friday before', '2027-06-04T15:00:00Z', MONDAY, 'doneAtBeforeVisitDay'],
    ['the phone a little ahead of the server', new Date(MONDAY.getTime() + DONE_AT_CLOCK_SKEW_MS).toISOString(), MONDAY, null],
    ['the phone more than the skew ahead', new Date(MONDAY.getTime() + DONE_AT_CLOCK_SKEW_MS + 1000).toISOString(), MONDAY, 'doneAtInFuture'],
    ['next week', '2027-06-18T14:00:00Z', MONDAY, 'doneAtInFuture'],
    // A phone a little slow at the start of the visit's day: a time sent at once is as good as none
    // (the visit's day itself is checked apart, 0057).
    ['Thursday 23:58 in Hamilton, sent at Friday 00:01', '2027-06-11T03:58:00Z', new Date('2027-06-11T04:01:00Z'), null],
    ['Thursday 23:58 in Hamilton, sent a day late', '2027-06-11T03:58:00Z', new Date('2027-06-12T04:01:00Z'), 'doneAtBeforeVisitDay'],
  ] as const)('%s', (_label, doneAt, now, expected) => {
    const at = new Date(doneAt);
    expect(findDoneAtProblem({ doneAt: at, now, doneDay: findToday(at, 'America/Toronto'), visitDate: FRIDAY })).toBe(expected);
  });
});

describe('findStopChangeAgeProblem (a change with an id, judged by when it was taken, 0057)', () => {
  // The server reads it a month after the Friday, at noon in Hamilton.
  const NOW = new Date('2027-07-11T16:00:00Z');
  const DAY = 86_400_000;
  const WINDOW = APPLIED_STOP_CHANGE_KEEP_DAYS * DAY;
  const ago = (ms: number) => new Date(NOW.getTime() - ms);
  it.each([
    ['taken just now', ago(0), null],
    ['taken on the Friday, 30 days ago less a day', ago(WINDOW - DAY), null],
    ['taken at the last instant the server can still hold its id', ago(WINDOW - DONE_AT_CLOCK_SKEW_MS), null],
    ['a millisecond earlier', ago(WINDOW - DONE_AT_CLOCK_SKEW_MS + 1), 'stopChangeTooOld'],
    ['taken 31 days ago', ago(WINDOW + DAY), 'stopChangeTooOld'],
    ['taken last season', new Date('2026-08-14T15:00:00Z'), 'stopChangeTooOld'],
    ['the phone a little ahead of the server', ago(-DONE_AT_CLOCK_SKEW_MS), null],
    ['the phone more than the skew ahead', ago(-DONE_AT_CLOCK_SKEW_MS - 1000), 'takenAtInFuture'],
    ['a phone set a year ahead (it would never look old)', new Date('2028-07-11T16:00:00Z'), 'takenAtInFuture'],
  ] as const)('%s', (_label, takenAt, expected) => {
    expect(findStopChangeAgeProblem({ takenAt, now: NOW })).toBe(expected);
  });

  it('never lets through a change whose id the sweep may have deleted, whatever the phone\'s clock said', () => {
    // The server applied the change first at `appliedAt`, when its time was at most the skew ahead
    // (else it was refused); the sweep, run at `now` or earlier, deletes ids applied before the cutoff.
    for (let offset = -DONE_AT_CLOCK_SKEW_MS; offset <= DONE_AT_CLOCK_SKEW_MS; offset += DONE_AT_CLOCK_SKEW_MS / 4) {
      for (let hours = 0; hours <= 40 * 24; hours += 7) {
        const appliedAt = ago(hours * 3_600_000);
        const takenAt = new Date(appliedAt.getTime() + offset);
        const swept = appliedAt < findAppliedStopChangesCutoff(NOW);
        if (swept) expect(findStopChangeAgeProblem({ takenAt, now: NOW }), `${hours} h, ${offset} ms`).toBe('stopChangeTooOld');
      }
    }
  });
});
