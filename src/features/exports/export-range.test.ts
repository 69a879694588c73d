import { describe, expect, it } from 'vitest';
import { checkExportRange, findDefaultExportRange, findRangeInstants } from './export-range';

describe('checkExportRange', () => {
  it.each([
    ['2026-11-01', '2026-11-24', 24],
    ['2026-11-24', '2026-11-24', 1],
    ['2024-01-01', '2024-12-31', 366], // a leap year, whole
    ['2026-01-01', '2027-01-01', 366],
  ])('accepts %s to %s (%i days, both ends included)', (from, to, days) => {
    expect(checkExportRange(from, to)).toEqual({ ok: true, range: { from, to }, days });
  });

  it.each([
    [undefined, '2026-11-24', 'from', 'exports.errors.invalidDate'],
    ['2026-11-01', undefined, 'to', 'exports.errors.invalidDate'],
    ['2026-02-30', '2026-03-01', 'from', 'exports.errors.invalidDate'],
    ['2026-11-01', '24/11/2026', 'to', 'exports.errors.invalidDate'],
    ['', '', 'from', 'exports.errors.invalidDate'],
    [['2026-11-01'], '2026-11-24', 'from', 'exports.errors.invalidDate'],
    ['2026-11-24', '2026-11-23', 'to', 'exports.errors.reversedRange'],
    ['2026-01-01', '2027-01-02', 'to', 'exports.errors.rangeTooLong'], // 367 days
    ['2020-01-01', '2026-11-24', 'to', 'exports.errors.rangeTooLong'],
  ])('refuses from %j to %j: %s, %s', (from, to, field, messageKey) => {
    expect(checkExportRange(from, to)).toEqual({ ok: false, field, messageKey });
  });
});

describe('findDefaultExportRange', () => {
  it.each([
    ['2026-11-24', { from: '2026-11-01', to: '2026-11-24' }],
    ['2026-12-01', { from: '2026-12-01', to: '2026-12-01' }],
  ])('on %s is the month so far', (today, range) => {
    expect(findDefaultExportRange(today)).toEqual(range);
  });
});

describe('findRangeInstants', () => {
  it('runs from midnight starting the first day to midnight ending the last, in Toronto', () => {
    expect(findRangeInstants({ from: '2026-11-01', to: '2026-11-20' }, 'America/Toronto')).toEqual({
      // 1 November 2026 is the day the clocks go back: it starts in EDT (UTC−4).
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-11-21T05:00:00Z'),
    });
    expect(findRangeInstants({ from: '2026-07-17', to: '2026-07-17' }, 'America/Toronto')).toEqual({
      start: new Date('2026-07-17T04:00:00Z'),
      end: new Date('2026-07-18T04:00:00Z'),
    });
  });
});
