import { describe, expect, it } from 'vitest';
import { findToday } from '@/features/scheduling/available-dates';
import { DONE_AT_CLOCK_SKEW_MS, findDoneAtProblem, findStopAction, isVisitDayReached } from './stop-completion';

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
    // An admin marks next Friday's visit now (0027): a time sent at once is as good as none.
    ['an admin\'s mark of a later visit, sent at once', '2027-06-04T15:00:00Z', new Date('2027-06-04T15:01:00Z'), null],
    ['an admin\'s mark of a later visit, sent a day late', '2027-06-04T15:00:00Z', new Date('2027-06-05T15:00:00Z'), 'doneAtBeforeVisitDay'],
  ] as const)('%s', (_label, doneAt, now, expected) => {
    const at = new Date(doneAt);
    expect(findDoneAtProblem({ doneAt: at, now, doneDay: findToday(at, 'America/Toronto'), visitDate: FRIDAY })).toBe(expected);
  });
});
