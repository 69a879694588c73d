import { describe, expect, it } from 'vitest';
import { findToday } from '@/features/scheduling/available-dates';
import { findStopAction, isVisitDayReached } from './stop-completion';

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
