import { describe, expect, it } from 'vitest';
import { staffHoldExpiresAt } from './staff-hold';

const branch = { timezone: 'America/Toronto', holdMinutes: 30 };

describe('staffHoldExpiresAt (how long an office booking waits for the emailed payment)', () => {
  it('holds for a day when the Friday is weeks away', () => {
    const now = new Date('2027-05-03T14:00:00Z');
    expect(staffHoldExpiresAt(now, '2027-05-28', branch).toISOString()).toBe('2027-05-04T14:00:00.000Z');
  });

  it('releases the spot by noon (Toronto) on the Thursday before a Friday that is sooner', () => {
    // Wednesday 14:00 in Toronto (EDT) for that Friday: Thursday noon comes before a full day.
    const now = new Date('2027-05-05T18:00:00Z');
    expect(staffHoldExpiresAt(now, '2027-05-07', branch).toISOString()).toBe('2027-05-06T16:00:00.000Z');
  });

  it('never holds for less than the public half hour', () => {
    const now = new Date('2027-05-06T15:50:00Z'); // Thursday 11:50 in Toronto
    expect(staffHoldExpiresAt(now, '2027-05-07', branch).toISOString()).toBe('2027-05-06T16:20:00.000Z');
  });

  it('reads the cut-off in the branch time after the autumn clock change', () => {
    // Thursday 2027-11-11 is on EST (UTC-5): noon there is 17:00 UTC.
    expect(staffHoldExpiresAt(new Date('2027-11-10T20:00:00Z'), '2027-11-12', branch).toISOString()).toBe('2027-11-11T17:00:00.000Z');
  });
});
