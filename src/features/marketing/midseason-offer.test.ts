import { describe, expect, it } from 'vitest';
import { findHeroSummer, findMidseasonOffer } from './midseason-offer';

// The default branch: May 1 to October 31 in Toronto, two days' lead, a seasonal plan of 5 visits 21 days apart.
const rules = { timezone: 'America/Toronto', season: { startMonthDay: '05-01', endMonthDay: '10-31' }, leadDays: 2, intervalDays: 21, seasonalVisits: 5 };
const at = (instant: string) => findMidseasonOffer(new Date(instant), rules);

describe('when the midseason special is offered', () => {
  // Oct 30, 2026 is the season's last Friday; a plan's fifth visit lands there from Aug 7 (84 days before).
  it.each([
    // Late November: outside any season, next year's is the one to book.
    { now: '2026-11-25T15:00:00Z', running: false, year: 2027 },
    // Before the season: this year's is next.
    { now: '2026-04-30T15:00:00Z', running: false, year: 2026 },
    // 11:30 PM on April 30 in Toronto is May 1 in UTC: the season has not started in Hamilton.
    { now: '2026-05-01T03:30:00Z', running: false, year: 2026 },
    // Midnight in Toronto (04:00 UTC, daylight time): the season's first day, the offer runs.
    { now: '2026-05-01T04:00:00Z', running: true },
    { now: '2026-07-01T15:00:00Z', running: true },
    // Wednesday Aug 5: Aug 7 is still two days ahead, the last start that fits.
    { now: '2026-08-05T15:00:00Z', running: true },
    // Thursday Aug 6: the first Friday that can be booked is Aug 14; its fifth visit would be Nov 6.
    { now: '2026-08-06T15:00:00Z', running: false, year: 2027 },
    // Evening of Aug 5 in Toronto, already Aug 6 in UTC: still Wednesday in Hamilton.
    { now: '2026-08-06T03:00:00Z', running: true },
    // Still in season in October, but no seasonal plan fits any more.
    { now: '2026-10-15T15:00:00Z', running: false, year: 2027 },
  ])('$now → running $running', ({ now, running, year }) => {
    const offer = at(now);
    expect(offer.running).toBe(running);
    if (!offer.running) expect(offer.nextSeason).toEqual({ year, start: `${year}-05-01` });
  });

  it('follows the branch season and the plan it sells', () => {
    const april = { ...rules, season: { startMonthDay: '04-15', endMonthDay: '09-30' } };
    expect(findMidseasonOffer(new Date('2026-04-20T15:00:00Z'), april).running).toBe(true);
    expect(findMidseasonOffer(new Date('2026-04-20T15:00:00Z'), rules)).toEqual({ running: false, nextSeason: { year: 2026, start: '2026-05-01' }, seasonOver: false });
    // Three visits fit until later in the season than five.
    expect(findMidseasonOffer(new Date('2026-08-20T15:00:00Z'), { ...rules, seasonalVisits: 3 }).running).toBe(true);
    expect(findMidseasonOffer(new Date('2026-08-20T15:00:00Z'), rules).running).toBe(false);
  });
});

// 0100: the hero keeps SPEC's "this summer" until the season's last day in Toronto, then says "next summer".
describe('which summer the hero speaks of', () => {
  it.each([
    // Late November (the day the walkthrough read "this summer"): the season is over.
    { now: '2026-11-26T15:00:00Z', summer: 'next' },
    { now: '2026-12-31T15:00:00Z', summer: 'next' },
    // New Year's Day in Toronto: this year's summer is ahead again.
    { now: '2027-01-01T05:00:00Z', summer: 'this' },
    // 11:30 PM on December 31 in Toronto is January 1 in UTC: still last year's winter in Hamilton.
    { now: '2027-01-01T04:30:00Z', summer: 'next' },
    { now: '2026-04-30T15:00:00Z', summer: 'this' },
    // In season, the offer running or not: SPEC's words.
    { now: '2026-07-01T15:00:00Z', summer: 'this' },
    { now: '2026-08-06T15:00:00Z', summer: 'this' },
    // The season's last day, late in the evening in Toronto (already November 1 in UTC, daylight time).
    { now: '2026-11-01T03:30:00Z', summer: 'this' },
    // Midnight in Toronto on November 1: the season is over.
    { now: '2026-11-01T04:00:00Z', summer: 'next' },
  ])('$now → $summer summer', ({ now, summer }) => {
    expect(findHeroSummer(at(now))).toBe(summer);
  });

  it('follows the branch season', () => {
    const september = { ...rules, season: { startMonthDay: '04-15', endMonthDay: '09-30' } };
    expect(findHeroSummer(findMidseasonOffer(new Date('2026-10-15T15:00:00Z'), september))).toBe('next');
    expect(findHeroSummer(at('2026-10-15T15:00:00Z'))).toBe('this');
  });
});
