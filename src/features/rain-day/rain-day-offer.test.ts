import { describe, expect, it } from 'vitest';
import { findRainDayBlock } from './rain-day-offer';

describe('findRainDayBlock', () => {
  it.each([
    [['confirmed'], null],
    [['completed', 'confirmed'], null],
    [['pending-payment', 'confirmed'], null],
    // Nothing booked: the route manager says so and offers no rain day at all.
    [[], null],
    // Marked done before any route had them (0006 c), or done on a route: nothing is left to move.
    [['completed'], 'allDone'],
    [['completed', 'completed'], 'allDone'],
    // Unpaid holds are the booking flow's, not the office's to move.
    [['pending-payment'], 'nothingConfirmed'],
    [['completed', 'pending'], 'nothingConfirmed'],
  ] as const)('%j → %s', (statuses, block) => {
    expect(findRainDayBlock(statuses)).toBe(block);
  });
});
