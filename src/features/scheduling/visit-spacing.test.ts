import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE_RULES, MIN_INTERVAL_DAYS, isFriday } from './available-dates';
import { checkVisitSpacing, describeSpacingWindow, findSpacingWindow, isWithinSpacing, keepNarrowingBounds, spacingMessageValues, type PlanVisit } from './visit-spacing';

/*
 * A tick-seasonal plan booked from Friday 2027-06-04: visits on June 4, June 25 and July 16
 * (21 days apart). The Fridays around them: May 28, June 11, 18, July 2, 9, 23, 30.
 */
let nextId = 100;
const visit = (visitNumber: number, date: string, overrides: Partial<PlanVisit> = {}): PlanVisit => ({
  id: nextId++, visitNumber, date, serviceType: 'tick-seasonal', status: 'confirmed', ...overrides,
});
const plan = () => [visit(1, '2027-06-04'), visit(2, '2027-06-25'), visit(3, '2027-07-16')];
const allowed = (visits: PlanVisit[], moving: PlanVisit, fridays: string[]) => fridays.filter((d) => isWithinSpacing(d, findSpacingWindow(visits, [moving.id])));

const FRIDAYS = ['2027-05-21', '2027-05-28', '2027-06-04', '2027-06-11', '2027-06-18', '2027-06-25', '2027-07-02', '2027-07-09', '2027-07-16', '2027-07-23', '2027-07-30', '2027-08-06'];

describe('the minimum', () => {
  it('is two weeks, less than the three weeks a plan is booked with, so every plan as booked keeps it', () => {
    expect(MIN_INTERVAL_DAYS).toBe(14);
    expect(MIN_INTERVAL_DAYS).toBeLessThan(DEFAULT_SCHEDULE_RULES.intervalDays);
  });
});

describe('findSpacingWindow and checkVisitSpacing', () => {
  it('keeps a middle visit at least 14 days from both neighbours: a week either way, never two', () => {
    const visits = plan();
    expect(allowed(visits, visits[1]!, FRIDAYS)).toEqual(['2027-06-18', '2027-06-25', '2027-07-02']);
    expect(findSpacingWindow(visits, [visits[1]!.id])).toEqual({
      earliest: '2027-06-18', latest: '2027-07-02',
      previous: { visitNumber: 1, date: '2027-06-04' }, next: { visitNumber: 3, date: '2027-07-16' }, minIntervalDays: 14,
    });
  });

  it('refuses visit 2 on the Friday right before visit 3, or past it, naming visit 3', () => {
    const visits = plan();
    const window = findSpacingWindow(visits, [visits[1]!.id]);
    for (const date of ['2027-07-09', '2027-07-16', '2027-07-23', '2027-08-06']) {
      expect(checkVisitSpacing(date, window)).toEqual({ ok: false, side: 'next', window });
    }
    // Exactly 14 days before visit 3 is allowed; 13 would not be a Friday anyway, but the rule is by days.
    expect(checkVisitSpacing('2027-07-02', window)).toEqual({ ok: true });
    expect(checkVisitSpacing('2027-07-03', window).ok).toBe(false);
  });

  it('refuses visit 2 before or a week after visit 1, naming visit 1', () => {
    const visits = plan();
    const window = findSpacingWindow(visits, [visits[1]!.id]);
    for (const date of ['2027-05-28', '2027-06-04', '2027-06-11']) {
      expect(checkVisitSpacing(date, window)).toMatchObject({ ok: false, side: 'previous' });
    }
  });

  it('bounds the first visit only from above and the last only from below', () => {
    const visits = plan();
    expect(allowed(visits, visits[0]!, FRIDAYS)).toEqual(['2027-05-21', '2027-05-28', '2027-06-04', '2027-06-11']);
    expect(allowed(visits, visits[2]!, FRIDAYS)).toEqual(['2027-07-09', '2027-07-16', '2027-07-23', '2027-07-30', '2027-08-06']);
    expect(findSpacingWindow(visits, [visits[0]!.id])).toMatchObject({ earliest: null, latest: '2027-06-11', previous: null });
    expect(findSpacingWindow(visits, [visits[2]!.id])).toMatchObject({ earliest: '2027-07-09', latest: null, next: null });
  });

  it('keeps the order by visit number even when a visit already sits out of order', () => {
    // Visit 3 was moved early before the rule existed: visit 2 must now go before it.
    const visits = [visit(1, '2027-06-04'), visit(2, '2027-07-16'), visit(3, '2027-07-02')];
    expect(findSpacingWindow(visits, [visits[1]!.id])).toMatchObject({ earliest: '2027-06-18', latest: '2027-06-18' });
    expect(allowed(visits, visits[1]!, FRIDAYS)).toEqual(['2027-06-18']);
  });

  it('ignores cancelled visits', () => {
    const visits = [visit(1, '2027-06-04'), visit(2, '2027-06-25'), visit(3, '2027-07-16', { status: 'cancelled' })];
    expect(findSpacingWindow(visits, [visits[1]!.id])).toMatchObject({ earliest: '2027-06-18', latest: null, next: null });
    expect(allowed(visits, visits[1]!, FRIDAYS)).toContain('2027-07-16');
  });

  it('counts completed visits and paid visits waiting for a new date', () => {
    const visits = [visit(1, '2027-06-04', { status: 'completed' }), visit(2, '2027-06-25'), visit(3, '2027-07-16', { status: 'expired' })];
    expect(allowed(visits, visits[1]!, FRIDAYS)).toEqual(['2027-06-18', '2027-06-25', '2027-07-02']);
  });

  it('leaves one-visit plans alone: a one-time treatment, with or without its standing-water visit on the same Friday', () => {
    const single = [visit(1, '2027-06-04', { serviceType: 'onetime' })];
    expect(allowed(single, single[0]!, FRIDAYS)).toEqual(FRIDAYS);
    const withAddOn = [visit(1, '2027-06-04', { serviceType: 'onetime' }), visit(2, '2027-06-04', { serviceType: 'standingwater' })];
    expect(allowed(withAddOn, withAddOn[0]!, FRIDAYS)).toEqual(FRIDAYS);
    expect(findSpacingWindow(withAddOn, withAddOn.map((v) => v.id))).toMatchObject({ earliest: null, latest: null });
    // Moved alone, the treatment is not held to its add-on's date either (another service type).
    expect(findSpacingWindow(withAddOn, [withAddOn[0]!.id])).toMatchObject({ earliest: null, latest: null });
  });

  it('leaves a plan whose other visits are all cancelled alone, and an unknown visit', () => {
    const visits = [visit(1, '2027-06-04', { status: 'cancelled' }), visit(2, '2027-06-25'), visit(3, '2027-07-16', { status: 'cancelled' })];
    expect(allowed(visits, visits[1]!, FRIDAYS)).toEqual(FRIDAYS);
    expect(findSpacingWindow(plan(), [999])).toMatchObject({ earliest: null, latest: null });
  });

  it('takes another minimum when given one', () => {
    const visits = plan();
    expect(findSpacingWindow(visits, [visits[1]!.id], 7)).toMatchObject({ earliest: '2027-06-11', latest: '2027-07-09', minIntervalDays: 7 });
  });

  it('keeps every date a Friday: a window from Fridays starts and ends on Fridays', () => {
    const visits = plan();
    const window = findSpacingWindow(visits, [visits[1]!.id]);
    expect(isFriday(window.earliest!) && isFriday(window.latest!)).toBe(true);
  });
});

describe('describeSpacingWindow and spacingMessageValues', () => {
  it('picks the wording from the window', () => {
    const visits = plan();
    expect(describeSpacingWindow(findSpacingWindow(visits, [visits[1]!.id]))).toBe('between');
    expect(describeSpacingWindow(findSpacingWindow(visits, [visits[0]!.id]))).toBe('before');
    expect(describeSpacingWindow(findSpacingWindow(visits, [visits[2]!.id]))).toBe('after');
    // Neighbours three weeks apart leave no Friday 14 days from both.
    const tight = [visit(1, '2027-06-04'), visit(2, '2027-09-03'), visit(3, '2027-06-25')];
    expect(describeSpacingWindow(findSpacingWindow(tight, [tight[1]!.id]))).toBe('none');
  });

  it('gives the neighbour and the window as ICU date values (noon UTC) with their day of the month', () => {
    const visits = [visit(1, '2027-09-17'), visit(2, '2027-10-08'), visit(3, '2027-10-29')];
    const window = findSpacingWindow(visits, [visits[1]!.id]);
    const check = checkVisitSpacing('2027-10-22', window);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(spacingMessageValues(check)).toEqual({
      variant: 'between',
      values: {
        days: 14, side: 'next',
        visit: 3, visitDate: Date.UTC(2027, 9, 29, 12), visitDateDay: 29,
        from: Date.UTC(2027, 9, 1, 12), fromDay: 1,
        to: Date.UTC(2027, 9, 15, 12), toDay: 15,
        previous: 1, previousDate: Date.UTC(2027, 8, 17, 12), previousDateDay: 17,
        next: 3, nextDate: Date.UTC(2027, 9, 29, 12), nextDateDay: 29,
      },
    });
  });
});

describe('free re-treatments (0047)', () => {
  // Visit 2 done on June 25, a re-treatment booked for July 2 (a week later), visit 3 on July 16.
  const withRetreatment = () => [visit(1, '2027-06-04', { status: 'completed' }), visit(2, '2027-06-25', { status: 'completed' }), visit(4, '2027-07-02', { kind: 'retreatment' }), visit(3, '2027-07-16')];

  it('bound no move of the plan\'s visits', () => {
    const visits = withRetreatment();
    const last = visits[3]!;
    expect(findSpacingWindow(visits, [last.id])).toEqual(findSpacingWindow(visits.filter((v) => v.kind !== 'retreatment'), [last.id]));
    expect(allowed(visits, last, FRIDAYS)).toEqual(['2027-07-09', '2027-07-16', '2027-07-23', '2027-07-30', '2027-08-06']);
  });

  it('move to any Friday themselves, even a week from a plan visit', () => {
    const visits = withRetreatment();
    expect(findSpacingWindow(visits, [visits[2]!.id])).toMatchObject({ earliest: null, latest: null, previous: null, next: null });
    expect(allowed(visits, visits[2]!, FRIDAYS)).toEqual(FRIDAYS);
  });
});

describe('keepNarrowingBounds: the dialogs name only the bounds that take a Friday off (0108)', () => {
  // A seasonal plan whose first two visits were last October and whose third was carried to May.
  const carried = () => [visit(1, '2026-10-02', { status: 'completed' }), visit(2, '2026-10-23', { status: 'completed' }), visit(3, '2027-05-14'), visit(4, '2027-06-04')];

  it('drops a previous visit\'s bound that falls before the first Friday offered: "the list ends on 21 May"', () => {
    const visits = carried();
    const window = findSpacingWindow(visits, [visits[2]!.id]);
    expect(window).toMatchObject({ earliest: '2026-11-06', latest: '2027-05-21' });
    const shown = keepNarrowingBounds(window, FRIDAYS);
    expect(shown).toMatchObject({ earliest: null, latest: '2027-05-21' });
    expect(describeSpacingWindow(shown)).toBe('before');
  });

  it('keeps bounds inside the Fridays offered, drops one past the last, and leaves neighbours too close as they are', () => {
    const visits = plan();
    const middle = findSpacingWindow(visits, [visits[1]!.id]);
    expect(keepNarrowingBounds(middle, FRIDAYS)).toEqual(middle);
    expect(keepNarrowingBounds(middle, ['2027-06-25', '2027-07-02'])).toMatchObject({ earliest: null, latest: null });
    const tight = [visit(1, '2027-06-04'), visit(2, '2027-06-18'), visit(3, '2027-06-25')];
    const none = findSpacingWindow(tight, [tight[1]!.id]);
    expect(describeSpacingWindow(keepNarrowingBounds(none, FRIDAYS))).toBe('none');
    expect(keepNarrowingBounds(middle, [])).toEqual(middle);
  });
});
