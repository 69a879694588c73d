import { describe, expect, it } from 'vitest';
import { isClosedDayRefusal, toDayClosure } from './day-closure';

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
