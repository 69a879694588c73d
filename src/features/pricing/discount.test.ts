import { describe, expect, it } from 'vitest';

import { MIDSEASON_DISCOUNT, normaliseDiscountCode, validateDiscountCode, type DiscountCodeRow } from './discount';

const NOW = new Date('2026-07-15T16:00:00Z');

function row(overrides: Partial<DiscountCodeRow> = {}): DiscountCodeRow {
  return { ...MIDSEASON_DISCOUNT, ...overrides };
}

describe('validateDiscountCode', () => {
  it.each([
    { name: 'no row', input: null, serviceType: 'seasonal' as const, reason: 'unknown' },
    { name: 'inactive', input: row({ isActive: false }), serviceType: 'seasonal' as const, reason: 'inactive' },
    { name: 'expired yesterday', input: row({ expiresAt: new Date('2026-07-14T16:00:00Z') }), serviceType: 'seasonal' as const, reason: 'expired' },
    { name: 'expires exactly now', input: row({ expiresAt: NOW }), serviceType: 'seasonal' as const, reason: 'expired' },
    { name: 'used up', input: row({ maxUses: 10, currentUses: 10 }), serviceType: 'seasonal' as const, reason: 'used-up' },
    { name: 'wrong plan', input: row(), serviceType: 'onetime' as const, reason: 'not-applicable' },
    // inactive wins over expired: the more permanent reason is the useful one
    { name: 'inactive and expired', input: row({ isActive: false, expiresAt: new Date(0) }), serviceType: 'seasonal' as const, reason: 'inactive' },
  ])('rejects: $name → $reason', ({ input, serviceType, reason }) => {
    expect(validateDiscountCode(input, { now: NOW, serviceType })).toEqual({ ok: false, reason });
  });

  it.each([
    { name: 'MIDSEASON on seasonal', input: row(), serviceType: 'seasonal' as const },
    { name: 'maxUses 0 is unlimited', input: row({ maxUses: 0, currentUses: 5000 }), serviceType: 'seasonal' as const },
    { name: 'one use left', input: row({ maxUses: 10, currentUses: 9 }), serviceType: 'seasonal' as const },
    { name: 'expires in a second', input: row({ expiresAt: new Date(NOW.getTime() + 1000) }), serviceType: 'seasonal' as const },
    { name: 'no plan restriction', input: row({ appliesTo: null }), serviceType: 'tick-seasonal' as const },
    { name: 'plan not known yet', input: row(), serviceType: undefined },
  ])('accepts: $name', ({ input, serviceType }) => {
    expect(validateDiscountCode(input, { now: NOW, serviceType })).toEqual({
      ok: true,
      discount: {
        code: input.code,
        discountType: input.discountType,
        discountValue: input.discountValue,
        appliesTo: input.appliesTo,
      },
    });
  });
});

describe('normaliseDiscountCode', () => {
  it.each([
    [' midseason ', 'MIDSEASON'],
    ['MidSeason', 'MIDSEASON'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseDiscountCode(input)).toBe(expected);
  });
});
