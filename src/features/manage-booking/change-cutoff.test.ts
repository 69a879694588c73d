import { describe, expect, it } from 'vitest';
import { findChangeCutoff, isBeforeChangeCutoff } from './change-cutoff';

const TORONTO = 'America/Toronto';
const at = (iso: string) => new Date(iso);

describe('the online change cut-off (Wednesday 8:00 AM Toronto before the Friday)', () => {
  it.each([
    // Friday in summer (EDT, UTC-4): Wednesday 8:00 AM is 12:00Z.
    ['2027-06-11', '2027-06-09T12:00:00.000Z'],
    // Friday at the start of a month: its Wednesday is in the month before.
    ['2027-10-01', '2027-09-29T12:00:00.000Z'],
    // After clocks went back on 2026-11-01 (EST, UTC-5): 13:00Z.
    ['2026-11-06', '2026-11-04T13:00:00.000Z'],
    // The week clocks go forward (Sunday 2027-03-14): the Wednesday after is EDT.
    ['2027-03-19', '2027-03-17T12:00:00.000Z'],
  ])('a visit on %s can be changed until %s', (friday, cutoff) => {
    expect(findChangeCutoff(friday, TORONTO).toISOString()).toBe(cutoff);
  });

  it('is open a minute before the cut-off and closed at it and after, up to the visit and beyond', () => {
    expect(isBeforeChangeCutoff('2027-06-11', at('2027-06-09T11:59:59Z'), TORONTO)).toBe(true);
    expect(isBeforeChangeCutoff('2027-06-11', at('2027-06-09T12:00:00Z'), TORONTO)).toBe(false);
    expect(isBeforeChangeCutoff('2027-06-11', at('2027-06-10T09:00:00Z'), TORONTO)).toBe(false);
    expect(isBeforeChangeCutoff('2027-06-11', at('2027-06-12T09:00:00Z'), TORONTO)).toBe(false);
    // Weeks ahead: open.
    expect(isBeforeChangeCutoff('2027-06-11', at('2027-05-20T09:00:00Z'), TORONTO)).toBe(true);
  });

  it('reads the clock in Toronto: Tuesday 11 PM there is already Wednesday in UTC, and still open', () => {
    // 11:00 PM EDT Tuesday 2027-06-08 = 03:00Z Wednesday.
    expect(isBeforeChangeCutoff('2027-06-11', at('2027-06-09T03:00:00Z'), TORONTO)).toBe(true);
  });
});
