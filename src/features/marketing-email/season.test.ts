import { describe, expect, it } from 'vitest';
import { findAnnouncedFriday, findSeasonOpening, seasonOpenerTopic } from './season';

const rules = { timezone: 'America/Toronto', season: { startMonthDay: '05-01', endMonthDay: '10-31' }, leadDays: 2 };

describe('the season the opener announces, and its first Friday', () => {
  it.each([
    // After the season: next year's. May 1, 2027 is a Saturday, so its first Friday is May 7.
    { now: '2026-11-24T15:00:00Z', year: 2027, firstFriday: '2027-05-07' },
    { now: '2027-02-15T15:00:00Z', year: 2027, firstFriday: '2027-05-07' },
    // May 1, 2026 is a Friday: the season opens on it.
    { now: '2026-03-01T15:00:00Z', year: 2026, firstFriday: '2026-05-01' },
    // Mid-season: the first Friday that can still be booked (today + 2 days).
    { now: '2026-06-10T15:00:00Z', year: 2026, firstFriday: '2026-06-12' },
    { now: '2026-06-11T15:00:00Z', year: 2026, firstFriday: '2026-06-19' },
    // Thursday evening in Toronto is already Friday in UTC: the day is Toronto's.
    { now: '2026-06-12T02:30:00Z', year: 2026, firstFriday: '2026-06-19' },
    // Oct 30, 2026 is the last Friday; two days before it nothing is left this season.
    { now: '2026-10-28T15:00:00Z', year: 2026, firstFriday: '2026-10-30' },
    { now: '2026-10-29T15:00:00Z', year: 2027, firstFriday: '2027-05-07' },
  ])('$now → $year, $firstFriday', ({ now, year, firstFriday }) => {
    expect(findSeasonOpening(new Date(now), rules)).toMatchObject({ year, firstFriday });
  });

  // 0081: an opener written once the season has begun says so instead of "opens on".
  it.each([
    { now: '2026-11-24T15:00:00Z', underway: false },
    { now: '2026-04-30T15:00:00Z', underway: false },
    // 11:30 PM on April 30 in Toronto (already May 1 in UTC): not yet.
    { now: '2026-05-01T03:30:00Z', underway: false },
    { now: '2026-05-01T04:00:00Z', underway: true },
    { now: '2026-06-10T15:00:00Z', underway: true },
    { now: '2026-10-28T15:00:00Z', underway: true },
    // Too late for this season: next year's has not begun.
    { now: '2026-10-29T15:00:00Z', underway: false },
  ])('$now → under way: $underway', ({ now, underway }) => {
    expect(findSeasonOpening(new Date(now), rules).underway).toBe(underway);
  });

  it('follows the branch season', () => {
    expect(findSeasonOpening(new Date('2026-11-24T15:00:00Z'), { ...rules, season: { startMonthDay: '04-15', endMonthDay: '09-30' } })).toEqual({ year: 2027, firstFriday: '2027-04-16', underway: false });
  });

  it('refuses a season with no Friday in it instead of looping', () => {
    expect(() => findSeasonOpening(new Date('2026-11-24T15:00:00Z'), { ...rules, season: { startMonthDay: '05-02', endMonthDay: '05-02' } })).toThrow(RangeError);
  });

  it.each([
    { case: 'the first Friday has room', available: ['2027-05-07', '2027-05-14'], announced: '2027-05-07' },
    { case: 'the first Fridays are full or closed', available: ['2027-05-21', '2027-05-28'], announced: '2027-05-21' },
    { case: 'every Friday of the season is full or closed: the list has moved on to next year', available: ['2028-05-05', '2028-05-12'], announced: null },
    { case: 'nothing can be booked at all', available: [], announced: null },
  ])('announces the first Friday with room, not a full or closed one (0077): $case', ({ available, announced }) => {
    expect(findAnnouncedFriday({ year: 2027, firstFriday: '2027-05-07' }, available)).toBe(announced);
  });

  it('names one outbox topic per customer and season', () => {
    expect(seasonOpenerTopic(2027, 42)).toBe('season-opener:2027:42');
  });
});
