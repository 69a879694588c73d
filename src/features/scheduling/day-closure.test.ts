import { describe, expect, it } from 'vitest';
import { isClosedDayRefusal, listReplacementFridays, toDayClosure } from './day-closure';

describe('toDayClosure', () => {
  it('names a rain closure with its instant, who closed it and each Friday the visits went to once, in date order', () => {
    const closedAt = new Date('2027-05-26T13:05:00Z');
    expect(toDayClosure({ reason: 'rain', closedAt, closedBy: 'Office', movedTo: ['2027-06-11', '2027-06-04', '2027-06-11'] })).toEqual({
      reason: 'rain', closedAt: '2027-05-26T13:05:00.000Z', closedBy: 'Office', movedTo: ['2027-06-04', '2027-06-11'],
    });
  });

  it('keeps a day closed some other way, or by an account since deleted, without inventing a reason or a name', () => {
    expect(toDayClosure({ reason: null, closedAt: null, closedBy: null, movedTo: [] })).toEqual({ reason: null, closedAt: null, closedBy: null, movedTo: [] });
  });
});

describe('isClosedDayRefusal', () => {
  it.each([
    [{ fullDates: ['2027-06-04'], closedDates: ['2027-06-04'], reason: 'closed' }, true],
    [{ fullDates: ['2027-06-04'] }, false],
    [undefined, false],
  ])('%o: %s', (details, closed) => {
    expect(isClosedDayRefusal(details)).toBe(closed);
  });
});

describe('listReplacementFridays', () => {
  const offered = ['2027-05-28', '2027-06-04', '2027-06-11', '2027-06-18', '2027-10-29', '2028-05-05'];

  it('starts where the rain day sent the day\'s visits, then the later Fridays offered, never the closed day or one before it', () => {
    expect(listReplacementFridays('2027-05-28', ['2027-06-11', '2027-06-18'], offered)).toEqual(['2027-06-11', '2027-06-18', '2027-10-29']);
  });

  it('takes the first Friday offered after the closed one when the rain day has sent nothing yet, or only earlier', () => {
    expect(listReplacementFridays('2027-05-28', [], offered)).toEqual(['2027-06-04', '2027-06-11', '2027-06-18', '2027-10-29']);
    expect(listReplacementFridays('2027-06-04', ['2027-05-28'], offered)).toEqual(['2027-06-11', '2027-06-18', '2027-10-29']);
  });

  it('stays in the closed day\'s season: next year\'s Fridays are not offered', () => {
    expect(listReplacementFridays('2027-10-29', [], offered)).toEqual([]);
  });

  it('keeps a plan\'s visits apart: only Fridays inside the spacing window', () => {
    const window = { earliest: null, latest: '2027-06-04', previous: null, next: { visitNumber: 2, date: '2027-06-18' }, minIntervalDays: 14 };
    expect(listReplacementFridays('2027-05-28', [], offered, window)).toEqual(['2027-06-04']);
    expect(listReplacementFridays('2027-05-28', ['2027-06-11'], offered, window)).toEqual([]);
  });
});
