import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE_RULES } from './available-dates';
import { listFallbackFridays } from './fallback-dates';

const now = new Date('2027-05-03T14:00:00Z');
const schedule = { ...DEFAULT_SCHEDULE_RULES, closedDates: ['2027-05-14'] };
const visitsFor = (type: string) => (type === 'seasonal' ? 5 : type === 'tick-seasonal' ? 3 : 1);

describe('listFallbackFridays (0072)', () => {
  it('never offers a Friday the page was told is closed, nor one the server has refused since', () => {
    const dates = listFallbackFridays(schedule, { now, serviceType: 'onetime', visitsFor, refused: ['2027-05-21'], horizonDays: 40 });
    expect(dates).toEqual(['2027-05-07', '2027-05-28', '2027-06-04', '2027-06-11']);
  });

  it('leaves out a plan start whose later visit falls on a closed Friday', () => {
    const dates = listFallbackFridays({ ...schedule, closedDates: ['2027-05-28'] }, { now, serviceType: 'tick-seasonal', visitsFor, refused: [], horizonDays: 30 });
    // May 7's second visit (May 28) is closed, and so is May 28 itself.
    expect(dates).toEqual(['2027-05-14', '2027-05-21']);
  });
});
