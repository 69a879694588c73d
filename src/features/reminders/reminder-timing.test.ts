import { describe, expect, it } from 'vitest';
import { readBranchClock } from '@/features/scheduling/available-dates';
import { findReminderDates, isReminderDue } from './reminder-timing';

const TORONTO = 'America/Toronto';
const at = (iso: string) => new Date(iso);

// Friday 2027-06-11 in summer (EDT, UTC-4): its Wednesday is 2027-06-09, 8:00 AM there is 12:00Z.
const FRIDAY = '2027-06-11';

describe('findReminderDates', () => {
  it('makes a Friday due on its Wednesday at 8:00 AM Toronto time, not a minute before', () => {
    expect(readBranchClock(at('2027-06-09T11:59:00Z'), TORONTO)).toEqual({ today: '2027-06-09', minuteOfDay: 7 * 60 + 59 });
    expect(findReminderDates(at('2027-06-09T11:59:00Z'), TORONTO)).toEqual([]);
    expect(findReminderDates(at('2027-06-09T12:00:00Z'), TORONTO)).toEqual([FRIDAY]);
    expect(isReminderDue(FRIDAY, at('2027-06-09T11:59:59Z'), TORONTO)).toBe(false);
    expect(isReminderDue(FRIDAY, at('2027-06-09T12:00:00Z'), TORONTO)).toBe(true);
  });

  it('follows daylight saving time: 8:00 AM is 13:00Z in November (EST) and 12:00Z after the March change (EDT)', () => {
    // Friday 2026-11-06, after clocks went back on 2026-11-01.
    expect(isReminderDue('2026-11-06', at('2026-11-04T12:00:00Z'), TORONTO)).toBe(false); // 7:00 AM EST
    expect(isReminderDue('2026-11-06', at('2026-11-04T12:59:00Z'), TORONTO)).toBe(false); // 7:59 AM EST
    expect(isReminderDue('2026-11-06', at('2026-11-04T13:00:00Z'), TORONTO)).toBe(true); // 8:00 AM EST
    // Friday 2027-03-19, after clocks went forward on 2027-03-14.
    expect(isReminderDue('2027-03-19', at('2027-03-17T11:59:00Z'), TORONTO)).toBe(false); // 7:59 AM EDT
    expect(isReminderDue('2027-03-19', at('2027-03-17T12:00:00Z'), TORONTO)).toBe(true); // 8:00 AM EDT
  });

  it('reads the day in Toronto, not in UTC: Wednesday evening there is already Thursday in UTC', () => {
    // 8:30 PM EDT on Wednesday is 00:30Z on Thursday: still Wednesday's Friday-two-days-ahead.
    expect(findReminderDates(at('2027-06-10T00:30:00Z'), TORONTO)).toEqual([FRIDAY]);
    // 10:00 PM EDT on Tuesday is 02:00Z on Wednesday: neither Wednesday nor daytime in Toronto.
    expect(findReminderDates(at('2027-06-09T02:00:00Z'), TORONTO)).toEqual([]);
  });

  it('sends no reminder at night: not before 8:00 AM, not from 9:00 PM', () => {
    expect(findReminderDates(at('2027-06-10T00:59:00Z'), TORONTO)).toEqual([FRIDAY]); // Wed 8:59 PM
    expect(findReminderDates(at('2027-06-10T01:00:00Z'), TORONTO)).toEqual([]); // Wed 9:00 PM
    expect(findReminderDates(at('2027-06-10T07:00:00Z'), TORONTO)).toEqual([]); // Thu 3:00 AM
  });

  it('catches up on Thursday when Wednesday was missed, from 8:00 AM', () => {
    expect(findReminderDates(at('2027-06-10T11:59:00Z'), TORONTO)).toEqual([]); // Thu 7:59 AM
    expect(findReminderDates(at('2027-06-10T12:00:00Z'), TORONTO)).toEqual([FRIDAY]); // Thu 8:00 AM
    expect(isReminderDue(FRIDAY, at('2027-06-10T20:00:00Z'), TORONTO)).toBe(true); // Thu 4:00 PM
  });

  it('sends nothing for a visit that has started or passed, nor for one three days or more away', () => {
    expect(isReminderDue(FRIDAY, at('2027-06-11T12:00:00Z'), TORONTO)).toBe(false); // the Friday itself, 8:00 AM
    expect(isReminderDue(FRIDAY, at('2027-06-12T14:00:00Z'), TORONTO)).toBe(false); // Saturday after
    expect(isReminderDue('2027-06-04', at('2027-06-09T14:00:00Z'), TORONTO)).toBe(false); // last week's Friday
    expect(findReminderDates(at('2027-06-08T14:00:00Z'), TORONTO)).toEqual([]); // Tuesday: Friday is 3 days away
    expect(findReminderDates(at('2027-06-11T14:00:00Z'), TORONTO)).toEqual([]); // Friday: the next is a week away
  });
});
