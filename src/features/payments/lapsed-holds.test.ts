import { describe, expect, it } from 'vitest';
import { findLapsedVisits, groupStopsByDate, hasHoldLapsed, isAwaitingPayment, keepsNothing } from './lapsed-holds';

const now = new Date('2026-06-01T12:00:00Z');
const past = new Date('2026-06-01T11:59:59Z');
const future = new Date('2026-06-01T12:30:00Z');

describe('hasHoldLapsed', () => {
  it.each([
    ['expired, whatever the hold', { status: 'expired', holdExpiresAt: null }, true],
    ['pending with a past hold', { status: 'pending', holdExpiresAt: past }, true],
    ['pending-payment with the hold ending now', { status: 'pending-payment', holdExpiresAt: now }, true],
    ['pending with a future hold', { status: 'pending', holdExpiresAt: future }, false],
    ['pending without a hold (staff-created)', { status: 'pending', holdExpiresAt: null }, false],
    ['confirmed', { status: 'confirmed', holdExpiresAt: null }, false],
    ['cancelled with a past hold', { status: 'cancelled', holdExpiresAt: past }, false],
  ] as const)('%s → %s', (_label, visit, expected) => {
    expect(hasHoldLapsed({ id: 1, date: '2026-06-05', ...visit }, now)).toBe(expected);
  });
});

describe('findLapsedVisits and groupStopsByDate', () => {
  it('keeps only lapsed visits and groups them per Friday in date order', () => {
    const visits = [
      { id: 1, date: '2026-06-26', status: 'expired', holdExpiresAt: null },
      { id: 2, date: '2026-06-05', status: 'pending', holdExpiresAt: past },
      { id: 3, date: '2026-06-05', status: 'pending', holdExpiresAt: past },
      { id: 4, date: '2026-07-17', status: 'pending', holdExpiresAt: future },
    ];
    const lapsed = findLapsedVisits(visits, now);
    expect(lapsed.map((v) => v.id)).toEqual([1, 2, 3]);
    expect(groupStopsByDate(lapsed).map((g) => [g.date, g.visits.map((v) => v.id)])).toEqual([
      ['2026-06-05', [2, 3]],
      ['2026-06-26', [1]],
    ]);
  });
});

describe('isAwaitingPayment', () => {
  it.each([['pending', true], ['pending-payment', true], ['expired', true], ['confirmed', false], ['completed', false], ['cancelled', false]])('%s → %s', (status, expected) => {
    expect(isAwaitingPayment(status)).toBe(expected);
  });
});

describe('keepsNothing', () => {
  it('refunds only when every visit waiting for the payment is on a closed Friday no other Friday could take', () => {
    expect(keepsNothing(2, [{ reason: 'closed' }, { reason: 'closed' }])).toBe(true);
    expect(keepsNothing(2, [{ reason: 'closed' }])).toBe(false);
    expect(keepsNothing(1, [{ reason: 'full' }])).toBe(false);
    expect(keepsNothing(2, [{ reason: 'closed' }, { reason: 'full' }])).toBe(false);
    expect(keepsNothing(0, [])).toBe(false);
  });
});
