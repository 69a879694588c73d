import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DEFAULT_SCHEDULE_RULES,
  checkBookableDate,
  findAvailableDates,
  findToday,
  getSeasonWindow,
  findEarlierFridaysLeftOut,
  isBookableDate,
  isFriday,
  visitDatesFor,
  type FindAvailableDatesQuery,
  type IsoDate,
} from './available-dates';

// The price table owns these numbers; the app passes countVisits. Tests inline them.
const VISITS: Record<string, number> = { onetime: 1, seasonal: 5, 'tick-seasonal': 3 };
const visitsFor = (serviceType: string) => VISITS[serviceType] ?? 1;

const ALL_YEAR = { startMonthDay: '01-01', endMonthDay: '12-31' };

function query(now: string, overrides: Partial<FindAvailableDatesQuery> = {}): FindAvailableDatesQuery {
  return {
    ...DEFAULT_SCHEDULE_RULES,
    visitsFor,
    now: new Date(now),
    bookedStops: new Map(),
    ...overrides,
  };
}

const first = (dates: IsoDate[]) => dates[0];
const last = (dates: IsoDate[]) => dates[dates.length - 1];

/*
 * Calendar reference: 2026-05-01 is a Friday, so the 2026 season's Fridays are May 1 … Oct 30
 * (27 Fridays). 2027-01-01 is a Friday; May 1 2027 is a Saturday, so the 2027 season runs
 * Friday May 7 … Friday Oct 29 (26 Fridays).
 * Toronto is UTC−5 (EST) in winter and UTC−4 (EDT) from 2026-03-08 to 2026-11-01.
 */

describe('findToday', () => {
  it.each([
    ['2026-06-04T03:30:00Z', '2026-06-03'], // 23:30 EDT Wednesday
    ['2026-06-04T04:00:00Z', '2026-06-04'], // 00:00 EDT Thursday
    ['2026-01-15T04:59:00Z', '2026-01-14'], // 23:59 EST
    ['2026-01-15T05:00:00Z', '2026-01-15'], // 00:00 EST
    ['2027-01-01T04:00:00Z', '2026-12-31'], // New Year in UTC, still December in Toronto
  ])('%s is %s in Toronto', (instant, date) => {
    expect(findToday(new Date(instant), 'America/Toronto')).toBe(date);
  });
});

describe('findAvailableDates: lead time (today + 2 days)', () => {
  it.each([
    ['Tuesday', '2026-06-02T16:00:00Z', '2026-06-05'],
    ['Wednesday: that Friday is two days away, so it is bookable', '2026-06-03T16:00:00Z', '2026-06-05'],
    ['Thursday: that Friday is too close', '2026-06-04T16:00:00Z', '2026-06-12'],
    ['Friday', '2026-06-05T16:00:00Z', '2026-06-12'],
  ])('%s', (_name, now, firstDate) => {
    expect(first(findAvailableDates(query(now)))).toBe(firstDate);
  });

  it('lists every Friday to the season end, one week apart', () => {
    const dates = findAvailableDates(query('2026-06-03T16:00:00Z'));
    expect(first(dates)).toBe('2026-06-05');
    expect(last(dates)).toBe('2026-10-30');
    expect(dates).toHaveLength(22); // 27 season Fridays minus May 1 … May 29
    expect(dates.every(isFriday)).toBe(true);
  });
});

describe('findAvailableDates: midnight in Toronto', () => {
  it('a UTC instant that is already Thursday is still Wednesday in Toronto', () => {
    // 2026-06-04T03:30Z is Thursday in UTC but 23:30 Wednesday in Toronto: Friday is still open.
    expect(first(findAvailableDates(query('2026-06-04T03:30:00Z')))).toBe('2026-06-05');
  });

  it('half an hour later it is Thursday in Toronto and that Friday closes', () => {
    expect(first(findAvailableDates(query('2026-06-04T04:30:00Z')))).toBe('2026-06-12');
  });
});

describe('findAvailableDates: DST transitions (all-year season to reach March and November)', () => {
  it.each([
    // Before DST starts (EST, UTC−5): 04:30Z is 23:30 Wednesday. A fixed UTC−4 would say Thursday.
    ['Wed 23:30 EST before the March change', '2026-03-05T04:30:00Z', '2026-03-06'],
    ['Thu 00:00 EST before the March change', '2026-03-05T05:00:00Z', '2026-03-13'],
    // After DST starts (EDT, UTC−4): 04:30Z is 00:30 Thursday. A fixed UTC−5 would say Wednesday.
    ['Wed 23:30 EDT after the March change', '2026-03-12T03:30:00Z', '2026-03-13'],
    ['Thu 00:30 EDT after the March change', '2026-03-12T04:30:00Z', '2026-03-20'],
    // The change night itself: 2026-03-08 01:59 EST then 03:00 EDT, both Sunday.
    ['the March change night', '2026-03-08T06:59:00Z', '2026-03-13'],
    // Before DST ends (EDT): Wed 2026-10-28 23:30 EDT.
    ['Wed 23:30 EDT before the November change', '2026-10-29T03:30:00Z', '2026-10-30'],
    // The repeated hour on 2026-11-01: 01:30 EDT and 01:30 EST are both Sunday.
    ['the repeated hour (01:30 EDT)', '2026-11-01T05:30:00Z', '2026-11-06'],
    ['the repeated hour (01:30 EST)', '2026-11-01T06:30:00Z', '2026-11-06'],
    // After DST ends (EST): 04:30Z is 23:30 Wednesday. A fixed UTC−4 would say Thursday.
    ['Wed 23:30 EST after the November change', '2026-11-05T04:30:00Z', '2026-11-06'],
    ['Thu 00:00 EST after the November change', '2026-11-05T05:00:00Z', '2026-11-13'],
  ])('%s', (_name, now, firstDate) => {
    expect(first(findAvailableDates(query(now, { season: ALL_YEAR })))).toBe(firstDate);
  });

  it('keeps 21-day visits on Fridays across both DST changes', () => {
    const rules = { visitsFor, intervalDays: 21 };
    expect(visitDatesFor('2026-02-27', 'seasonal', rules)).toEqual([
      '2026-02-27',
      '2026-03-20',
      '2026-04-10',
      '2026-05-01',
      '2026-05-22',
    ]);
    expect(visitDatesFor('2026-10-16', 'seasonal', rules)).toEqual([
      '2026-10-16',
      '2026-11-06',
      '2026-11-27',
      '2026-12-18',
      '2027-01-08',
    ]);
  });

  it('rolls to next season from the default season on the November change night', () => {
    expect(first(findAvailableDates(query('2026-11-01T05:30:00Z')))).toBe('2027-05-07');
  });
});

describe('findAvailableDates: season edges', () => {
  it.each([
    ['before the season: the first Friday of the season', '2026-03-01T17:00:00Z', '2026-05-01'],
    ['Wednesday before a Friday season start', '2026-04-29T16:00:00Z', '2026-05-01'],
    ['Thursday before a Friday season start', '2026-04-30T16:00:00Z', '2026-05-08'],
  ])('%s', (_name, now, firstDate) => {
    expect(first(findAvailableDates(query(now)))).toBe(firstDate);
  });

  it('offers the last Friday of the season until lead time rules it out', () => {
    // Wednesday 2026-10-28: Friday Oct 30 is the last date of the season.
    expect(findAvailableDates(query('2026-10-28T16:00:00Z'))).toEqual(['2026-10-30']);
  });

  it('rolls to next season once this one has nothing left', () => {
    // Thursday 2026-10-29: Oct 30 is too close and the season ends on Oct 31.
    expect(first(findAvailableDates(query('2026-10-29T16:00:00Z')))).toBe('2027-05-07');
  });

  it('treats the season end as inclusive', () => {
    const now = '2026-10-01T16:00:00Z';
    expect(last(findAvailableDates(query(now, { season: { startMonthDay: '05-01', endMonthDay: '10-30' } })))).toBe('2026-10-30');
    expect(last(findAvailableDates(query(now, { season: { startMonthDay: '05-01', endMonthDay: '10-29' } })))).toBe('2026-10-23');
  });
});

describe('findAvailableDates: year roll-over', () => {
  it('after the season, lists next year from its first Friday (now = 2026-11-22)', () => {
    const dates = findAvailableDates(query('2026-11-22T15:00:00Z'));
    expect(first(dates)).toBe('2027-05-07');
    expect(last(dates)).toBe('2027-10-29');
    expect(dates).toHaveLength(26);
  });

  it('on New Year’s Eve in Toronto (already January in UTC) lists the coming season', () => {
    expect(first(findAvailableDates(query('2027-01-01T04:00:00Z')))).toBe('2027-05-07');
  });
});

describe('findAvailableDates: capacity', () => {
  const now = '2026-06-03T16:00:00Z'; // Wednesday; first Friday 2026-06-05

  it('drops a full Friday', () => {
    const dates = findAvailableDates(query(now, { bookedStops: new Map([['2026-06-05', 24]]) }));
    expect(first(dates)).toBe('2026-06-12');
    expect(dates).not.toContain('2026-06-05');
  });

  it('keeps a Friday with one stop left', () => {
    expect(first(findAvailableDates(query(now, { bookedStops: new Map([['2026-06-05', 23]]) })))).toBe('2026-06-05');
  });

  it('drops it when the booking needs more stops than are left', () => {
    const dates = findAvailableDates(query(now, { bookedStops: new Map([['2026-06-05', 23]]), stopsNeeded: 2 }));
    expect(first(dates)).toBe('2026-06-12');
  });

  it('uses the branch capacity', () => {
    const dates = findAvailableDates(query(now, { capacityPerFriday: 10, bookedStops: new Map([['2026-06-05', 10]]) }));
    expect(first(dates)).toBe('2026-06-12');
  });

  it('rolls to next season when every remaining Friday is full', () => {
    const bookedStops = new Map(findAvailableDates(query('2026-10-14T16:00:00Z')).map((date) => [date, 24]));
    expect(bookedStops.size).toBe(3); // Oct 16, 23, 30
    expect(first(findAvailableDates(query('2026-10-14T16:00:00Z', { bookedStops })))).toBe('2027-05-07');
  });
});

describe('findAvailableDates: closed Fridays (a rain day moved them, 0071)', () => {
  const now = '2026-06-03T16:00:00Z';
  const closedDates = new Set(['2026-06-05']);

  it('drops a closed Friday with every stop free', () => {
    const dates = findAvailableDates(query(now, { closedDates }));
    expect(first(dates)).toBe('2026-06-12');
    expect(dates).not.toContain('2026-06-05');
  });

  it('skips plan start dates with a visit on a closed Friday', () => {
    // 2026-06-26 closed: seasonal starts 06-05 (2nd visit) and 06-26 (1st visit) are out.
    const dates = findAvailableDates(query(now, { serviceType: 'seasonal', closedDates: new Set(['2026-06-26']) }));
    expect(dates.slice(0, 4)).toEqual(['2026-06-12', '2026-06-19', '2026-07-03', '2026-07-10']);
  });
});

describe('findAvailableDates: multi-visit plans', () => {
  const now = '2026-06-03T16:00:00Z';

  it.each([
    // last start + 4 × 21 = 84 days must be ≤ Oct 31: Aug 7 → Oct 30
    ['seasonal', '2026-08-07', 10],
    // last start + 2 × 21 = 42 days: Sep 18 → Oct 30
    ['tick-seasonal', '2026-09-18', 16],
    ['onetime', '2026-10-30', 22],
    ['standingwater', '2026-10-30', 22],
  ])('%s: last start %s (%i dates)', (serviceType, lastStart, count) => {
    const dates = findAvailableDates(query(now, { serviceType }));
    expect(first(dates)).toBe('2026-06-05');
    expect(last(dates)).toBe(lastStart);
    expect(dates).toHaveLength(count);
  });

  it('skips start dates with any full visit', () => {
    // 2026-06-26 full: seasonal starts 06-05 (2nd visit) and 06-26 (1st visit) are out.
    const dates = findAvailableDates(query(now, { serviceType: 'seasonal', bookedStops: new Map([['2026-06-26', 24]]) }));
    expect(dates.slice(0, 4)).toEqual(['2026-06-12', '2026-06-19', '2026-07-03', '2026-07-10']);
  });

  it('offers next season to a seasonal plan once its visits no longer fit this year', () => {
    // Wednesday 2026-08-12: one-time still has dates, seasonal's latest start (Aug 7) has passed.
    expect(first(findAvailableDates(query('2026-08-12T16:00:00Z')))).toBe('2026-08-14');
    expect(first(findAvailableDates(query('2026-08-12T16:00:00Z', { serviceType: 'seasonal' })))).toBe('2027-05-07');
  });

  it('never places a visit outside the season', () => {
    const dates = findAvailableDates(query(now, { serviceType: 'seasonal' }));
    for (const start of dates) {
      for (const visit of visitDatesFor(start, 'seasonal', { visitsFor, intervalDays: 21 })) {
        expect(visit <= '2026-10-31').toBe(true);
        expect(isFriday(visit)).toBe(true);
      }
    }
  });
});

describe('findAvailableDates: horizon', () => {
  it('stops listing after today + horizonDays', () => {
    expect(findAvailableDates(query('2026-06-03T16:00:00Z', { horizonDays: 14 }))).toEqual(['2026-06-05', '2026-06-12']);
  });
});

describe('checkBookableDate', () => {
  const now = '2026-06-03T16:00:00Z';

  it.each([
    ['2026-06-05', undefined, new Map<string, number>(), { ok: true, visitDates: ['2026-06-05'] }],
    [
      '2026-06-05',
      'tick-seasonal',
      new Map<string, number>(),
      { ok: true, visitDates: ['2026-06-05', '2026-06-26', '2026-07-17'] },
    ],
    ['2026-06-31', undefined, new Map<string, number>(), { ok: false, reason: 'invalid-date', fullDates: [] }],
    ['next friday', undefined, new Map<string, number>(), { ok: false, reason: 'invalid-date', fullDates: [] }],
    ['2026-06-06', undefined, new Map<string, number>(), { ok: false, reason: 'not-friday', fullDates: [] }],
    ['2026-05-29', undefined, new Map<string, number>(), { ok: false, reason: 'too-soon', fullDates: [] }],
    ['2026-11-06', undefined, new Map<string, number>(), { ok: false, reason: 'out-of-season', fullDates: [] }],
    ['2026-08-14', 'seasonal', new Map<string, number>(), { ok: false, reason: 'out-of-season', fullDates: [] }],
    // next season is not offered while this one still has dates
    ['2027-05-07', undefined, new Map<string, number>(), { ok: false, reason: 'out-of-season', fullDates: [] }],
    ['2026-06-05', undefined, new Map([['2026-06-05', 24]]), { ok: false, reason: 'full', fullDates: ['2026-06-05'] }],
    ['2026-06-05', 'seasonal', new Map([['2026-07-17', 30]]), { ok: false, reason: 'full', fullDates: ['2026-07-17'] }],
  ])('%s (%s)', (date, serviceType, bookedStops, expected) => {
    expect(checkBookableDate(date, query(now, { serviceType, bookedStops }))).toEqual(expected);
  });

  it.each([
    ['2026-06-05', undefined, new Map<string, number>(), { ok: false, reason: 'closed', fullDates: ['2026-06-05'] }],
    // Closed says more than full: the message tells the office to reopen it, not to raise its capacity.
    ['2026-06-05', undefined, new Map([['2026-06-05', 24]]), { ok: false, reason: 'closed', fullDates: ['2026-06-05'] }],
    ['2026-05-15', 'seasonal', new Map([['2026-07-17', 24]]), { ok: false, reason: 'too-soon', fullDates: [] }],
    ['2026-05-29', 'tick-seasonal', new Map<string, number>(), { ok: false, reason: 'too-soon', fullDates: [] }],
    ['2026-06-12', 'tick-seasonal', new Map<string, number>(), { ok: false, reason: 'closed', fullDates: ['2026-07-03'] }],
    ['2026-06-12', undefined, new Map<string, number>(), { ok: true, visitDates: ['2026-06-12'] }],
  ])('%s (%s) with 06-05 and 07-03 closed', (date, serviceType, bookedStops, expected) => {
    const closedDates = new Set(['2026-06-05', '2026-07-03']);
    expect(checkBookableDate(date, query(now, { serviceType, bookedStops, closedDates }))).toEqual(expected);
  });

  it('ignores the listing horizon', () => {
    expect(isBookableDate('2026-09-04', query(now, { horizonDays: 14 }))).toBe(true);
  });

  it('agrees with findAvailableDates for any clock, bookings, closed Fridays and plan', () => {
    // Every Friday from 2026-01-02 through 2028-12-29 (157 weeks).
    const fridays = visitDatesFor('2026-01-02', 'weekly', { visitsFor: () => 157, intervalDays: 7 });
    expect(fridays.at(-1)).toBe('2028-12-29');

    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(undefined, 'onetime', 'seasonal', 'tick-seasonal'),
        fc.array(fc.tuple(fc.constantFrom(...fridays), fc.integer({ min: 20, max: 26 })), { maxLength: 30 }),
        fc.subarray(fridays, { maxLength: 8 }),
        (now, serviceType, booked, closed) => {
          const q = query(now.toISOString(), { serviceType, bookedStops: new Map(booked), closedDates: new Set(closed) });
          const listed = new Set(findAvailableDates(q));
          for (const friday of fridays) {
            expect(isBookableDate(friday, q)).toBe(listed.has(friday));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('visitDatesFor', () => {
  const rules = { visitsFor, intervalDays: 21 };

  it.each([
    ['onetime', ['2026-06-05']],
    [undefined, ['2026-06-05']],
    ['tick-seasonal', ['2026-06-05', '2026-06-26', '2026-07-17']],
    ['seasonal', ['2026-06-05', '2026-06-26', '2026-07-17', '2026-08-07', '2026-08-28']],
  ])('%s', (serviceType, expected) => {
    expect(visitDatesFor('2026-06-05', serviceType, rules)).toEqual(expected);
  });

  it('rejects a malformed start date or visit count', () => {
    expect(() => visitDatesFor('06/05/2026', 'onetime', rules)).toThrow(RangeError);
    expect(() => visitDatesFor('2026-06-05', 'seasonal', { visitsFor: () => 0, intervalDays: 21 })).toThrow(RangeError);
  });
});

describe('isFriday', () => {
  it.each([
    ['2026-05-01', true],
    ['2027-05-07', true],
    ['2026-05-02', false],
    ['2026-02-29', false], // not a date
    ['2026-5-1', false],
    ['', false],
  ])('%s → %s', (date, expected) => {
    expect(isFriday(date)).toBe(expected);
  });
});

describe('getSeasonWindow', () => {
  it('builds the window for a year', () => {
    expect(getSeasonWindow(2027, DEFAULT_SCHEDULE_RULES.season)).toEqual({ start: '2027-05-01', end: '2027-10-31' });
  });

  it.each([
    [{ startMonthDay: '5-1', endMonthDay: '10-31' }],
    [{ startMonthDay: '05-01', endMonthDay: '13-01' }],
    [{ startMonthDay: '11-01', endMonthDay: '03-31' }], // wrapping seasons are not supported
  ])('rejects %j', (season) => {
    expect(() => getSeasonWindow(2026, season)).toThrow(RangeError);
  });
});

describe('findEarlierFridaysLeftOut (0092, 0099)', () => {
  const full = (...dates: IsoDate[]) => new Map(dates.map((d) => [d, DEFAULT_SCHEDULE_RULES.capacityPerFriday]));
  // Late November 2026: the next season's Fridays are offered, from 7 May 2027.
  const winter = '2026-11-22T15:00:00Z';
  const offer = (q: FindAvailableDatesQuery) => findEarlierFridaysLeftOut(q, findAvailableDates(q));
  const nothing = { full: false, closed: false };
  const onlyFull = { full: true, closed: false };

  it('says full when the season\'s first Friday is full, and nothing when it has room', () => {
    const q = query(winter, { bookedStops: full('2027-05-07') });
    expect(first(findAvailableDates(q))).toBe('2027-05-14');
    expect(offer(q)).toEqual(onlyFull);
    expect(offer(query(winter))).toEqual(nothing);
  });

  it('says closed, not full, for a Friday closed to bookings, even one whose stops are all taken; both when there is one of each', () => {
    expect(offer(query(winter, { closedDates: new Set(['2027-05-07']) }))).toEqual({ full: false, closed: true });
    // A rain day moved the day's visits away, but a closed day with stops still counted is closed as well.
    expect(offer(query(winter, { closedDates: new Set(['2027-05-07']), bookedStops: full('2027-05-07') }))).toEqual({ full: false, closed: true });
    expect(offer(query(winter, { closedDates: new Set(['2027-05-07']), bookedStops: full('2027-05-14') }))).toEqual({ full: true, closed: true });
  });

  it('in the season, looks only from the first bookable day on: a full Friday already past or too soon is not mentioned', () => {
    // Wednesday 3 June 2026: the first bookable Friday is 5 June; 29 May is past.
    expect(offer(query('2026-06-03T16:00:00Z', { bookedStops: full('2026-05-29') }))).toEqual(nothing);
    expect(offer(query('2026-06-03T16:00:00Z', { bookedStops: full('2026-06-05') }))).toEqual(onlyFull);
    // Thursday: 5 June is too soon, not full.
    expect(offer(query('2026-06-04T16:00:00Z', { bookedStops: full('2026-05-29') }))).toEqual(nothing);
    expect(offer(query('2026-06-04T16:00:00Z', { closedDates: new Set(['2026-06-05']) }))).toEqual(nothing);
  });

  it('for a plan, counts a start left out because one of its visits is full or closed, not one left out by the season\'s end', () => {
    // 28 May 2027 is the second visit of a plan starting 7 May: 7 May cannot start a seasonal plan.
    const q = query(winter, { serviceType: 'seasonal', bookedStops: full('2027-05-28') });
    expect(first(findAvailableDates(q))).toBe('2027-05-14');
    expect(offer(q)).toEqual(onlyFull);
    expect(offer(query(winter, { serviceType: 'seasonal', closedDates: new Set(['2027-05-28']) }))).toEqual({ full: false, closed: true });
    // Late in the 2026 season no seasonal plan fits before the end: next season's list, nothing full.
    expect(offer(query('2026-09-20T15:00:00Z', { serviceType: 'seasonal' }))).toEqual(nothing);
  });

  it('says nothing for an empty list', () => {
    expect(findEarlierFridaysLeftOut(query(winter, { closedDates: new Set(['2027-05-07']) }), [])).toEqual(nothing);
  });
});
