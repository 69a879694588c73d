import { describe, expect, it } from 'vitest';
import { findRecordSeason, readLicenceClock } from './licence-season';

const rules = { timezone: 'America/Toronto', season: { startMonthDay: '05-01', endMonthDay: '10-31' } };

describe('readLicenceClock: today in Hamilton, and the end of the season the crews work next', () => {
  it.each([
    // 04:30 UTC on Nov 26 is 11:30 PM on Nov 25 in Toronto (EST, UTC-5): still the 25th.
    ['late evening in Hamilton, already the next day in UTC', '2026-11-26T04:30:00Z', { today: '2026-11-25', seasonEnd: '2027-10-31' }],
    ['just after midnight in Hamilton', '2026-11-26T05:30:00Z', { today: '2026-11-26', seasonEnd: '2027-10-31' }],
    // The season's last day until 11:59 PM EDT (03:59 UTC on Nov 1): this year's season still counts.
    ['the season\'s last evening, in daylight time', '2026-11-01T03:30:00Z', { today: '2026-10-31', seasonEnd: '2026-10-31' }],
    ['the day after the season: next year\'s', '2026-11-01T04:30:00Z', { today: '2026-11-01', seasonEnd: '2027-10-31' }],
    ['before the season starts', '2027-03-15T12:00:00Z', { today: '2027-03-15', seasonEnd: '2027-10-31' }],
    ['in the season', '2027-07-09T16:00:00Z', { today: '2027-07-09', seasonEnd: '2027-10-31' }],
    ['New Year\'s Eve in Hamilton, January in UTC', '2027-01-01T03:00:00Z', { today: '2026-12-31', seasonEnd: '2027-10-31' }],
  ])('%s', (_, now, clock) => {
    expect(readLicenceClock(new Date(now), rules)).toEqual(clock);
  });
});

describe('findRecordSeason: the latest season to have begun', () => {
  it.each([
    ['after the season: this year\'s', '2026-11-26T12:00:00Z', { year: 2026, start: '2026-05-01', end: '2026-10-31' }],
    ['before this year\'s starts: last year\'s', '2027-04-30T12:00:00Z', { year: 2026, start: '2026-05-01', end: '2026-10-31' }],
    // 03:30 UTC on May 1 is 11:30 PM on April 30 in Toronto: the 2027 season has not begun.
    ['the evening before the first day, in Hamilton', '2027-05-01T03:30:00Z', { year: 2026, start: '2026-05-01', end: '2026-10-31' }],
    ['the first day, in Hamilton', '2027-05-01T04:30:00Z', { year: 2027, start: '2027-05-01', end: '2027-10-31' }],
  ])('%s', (_, now, season) => {
    expect(findRecordSeason(new Date(now), rules)).toEqual(season);
  });
});
