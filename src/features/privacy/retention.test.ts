import { describe, expect, it } from 'vitest';
import { findRetentionCutoffs, PESTICIDE_RECORD_YEARS, TAX_RECORD_YEARS, UNBOOKED_RETENTION_MONTHS } from './retention';

const TZ = 'America/Toronto';
const due = (createdAt: string, now: string) => new Date(createdAt) < findRetentionCutoffs(new Date(now), TZ).unbookedBefore;
const customerDue = (lastBusinessAt: string, now: string) => new Date(lastBusinessAt) < findRetentionCutoffs(new Date(now), TZ).customerActiveBefore;

describe('the policy\'s periods', () => {
  it('are the ones the privacy policy states', () => {
    expect([UNBOOKED_RETENTION_MONTHS, TAX_RECORD_YEARS, PESTICIDE_RECORD_YEARS]).toEqual([24, 6, 2]);
  });
});

describe('quotes not booked and contact messages: deleted 24 months after the Toronto day they were written', () => {
  it.each([
    // [written, now, due]
    ['2026-11-24T17:00:00Z', '2028-11-24T17:00:00Z', false], // exactly 24 months later, same day: kept that day
    ['2026-11-24T17:00:00Z', '2028-11-25T05:00:00Z', true], // 00:00 Toronto the next day: due
    ['2026-11-24T17:00:00Z', '2028-11-25T04:59:00Z', false], // 23:59 the day before, Toronto time
    ['2026-11-25T04:30:00Z', '2028-11-25T06:00:00Z', true], // 23:30 on the 24th in Toronto: a day of the 24th, due on the 25th
    ['2026-11-25T05:30:00Z', '2028-11-25T06:00:00Z', false], // written 00:30 on the 25th (Toronto): kept through the 25th
    ['2026-11-25T05:30:00Z', '2028-11-26T05:00:00Z', true],
    ['2027-01-10T12:00:00Z', '2028-11-25T12:00:00Z', false], // 22 months old
    ['2020-03-01T12:00:00Z', '2028-11-25T12:00:00Z', true],
  ])('written %s, at %s: due %s', (written, now, expected) => {
    expect(due(written, now)).toBe(expected);
  });

  it('counts calendar months across daylight saving time and a leap day', () => {
    // 29 February 2028 (Toronto), 24 months on: 2026 has no 29 February, so the 28th is the boundary.
    const cutoffs = findRetentionCutoffs(new Date('2028-02-29T15:00:00Z'), TZ);
    expect(cutoffs.today).toBe('2028-02-29');
    expect(cutoffs.unbookedBefore.toISOString()).toBe('2026-02-28T05:00:00.000Z');
    // In summer the Toronto day starts at 04:00 UTC.
    expect(findRetentionCutoffs(new Date('2028-07-15T15:00:00Z'), TZ).unbookedBefore.toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });
});

describe('customers: erased six years after the end of the tax year of their last business', () => {
  it.each([
    // [last business, now, due]
    ['2026-12-31T20:00:00Z', '2032-12-31T12:00:00Z', false], // 15:00 on 31 Dec 2026 in Toronto: kept all of 2032
    ['2026-12-31T20:00:00Z', '2033-01-01T05:00:00Z', true], // from midnight, 1 January 2033, Toronto
    ['2026-12-31T20:00:00Z', '2033-01-01T04:59:00Z', false], // still 31 December in Toronto
    ['2026-06-05T12:00:00Z', '2033-01-01T12:00:00Z', true],
    ['2027-06-04T12:00:00Z', '2033-12-31T12:00:00Z', false], // business in 2027: kept to the end of 2033
    ['2027-06-04T12:00:00Z', '2034-01-01T12:00:00Z', true],
  ])('last business %s, at %s: due %s', (last, now, expected) => {
    expect(customerDue(last, now)).toBe(expected);
  });

  it('gives the boundary as an instant and as the visits\' calendar day', () => {
    const cutoffs = findRetentionCutoffs(new Date('2033-03-10T12:00:00Z'), TZ);
    expect(cutoffs.customerVisitBefore).toBe('2027-01-01');
    expect(cutoffs.customerActiveBefore.toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });

  it('reads the year in Toronto: 22:00 on 31 December there is still that year', () => {
    // 2027-01-01T03:00Z is 22:00 on 31 December 2026 in Toronto: business of 2026, erased from 2033.
    expect(customerDue('2027-01-01T03:00:00Z', '2033-01-01T12:00:00Z')).toBe(true);
  });
});

describe('application records: the street address stays two years after the application', () => {
  it.each([
    ['2028-11-24T17:00:00Z', '2026-11-24'],
    ['2028-02-29T17:00:00Z', '2026-02-28'],
    ['2028-01-01T03:00:00Z', '2025-12-31'], // still 31 December 2027 in Toronto
  ])('at %s, records applied before %s lose it', (now, before) => {
    expect(findRetentionCutoffs(new Date(now), TZ).pesticideAddressBefore).toBe(before);
  });
});
