import { describe, expect, it } from 'vitest';

import { DEFAULT_PRICE_TABLE, PriceTableOverridesSchema, SIZE_TIERS, mergePriceTable } from './price-table';

describe('DEFAULT_PRICE_TABLE', () => {
  // DECISIONS §1's table, copied by hand: [acres, one-time bump, seasonal bump, surcharge] in dollars.
  it.each([
    ['0.25', 0, 0, 20],
    ['0.5', 20, 20, 20],
    ['0.75', 40, 45, 50],
    ['1', 80, 80, 80],
    ['1.5', 120, 120, 120],
    ['2', 160, 160, 160],
  ] as const)('%s acre: bumps %i / %i, surcharge %i', (tier, onetime, seasonal, surcharge) => {
    const row = DEFAULT_PRICE_TABLE.sizes[tier];
    expect(row.planBumpCents).toEqual({ onetime: onetime * 100, seasonal: seasonal * 100, 'tick-seasonal': seasonal * 100 });
    expect(row.surchargeCents).toBe(surcharge * 100);
  });

  it('has one row per tier and nothing else', () => {
    expect(Object.keys(DEFAULT_PRICE_TABLE.sizes).sort()).toEqual([...SIZE_TIERS].sort());
  });

  it('is itself a valid full override (every field passes the schema)', () => {
    expect(PriceTableOverridesSchema.safeParse(DEFAULT_PRICE_TABLE).success).toBe(true);
  });
});

describe('mergePriceTable', () => {
  it.each([null, undefined, {}])('returns the base unchanged for %j', (overrides) => {
    expect(mergePriceTable(DEFAULT_PRICE_TABLE, overrides)).toEqual(DEFAULT_PRICE_TABLE);
  });

  it('overrides deep fields and keeps their siblings', () => {
    const merged = mergePriceTable(DEFAULT_PRICE_TABLE, {
      plans: { onetime: { basePriceCents: 10900 } },
      sizes: { '0.75': { planBumpCents: { seasonal: 5000 } } },
      extras: { 'natural-barrier': 24900 },
    });
    expect(merged.plans.onetime).toEqual({ basePriceCents: 10900, visits: 1 });
    expect(merged.plans.seasonal).toEqual(DEFAULT_PRICE_TABLE.plans.seasonal);
    expect(merged.sizes['0.75']).toEqual({
      planBumpCents: { onetime: 4000, seasonal: 5000, 'tick-seasonal': 4500 },
      surchargeCents: 5000,
    });
    expect(merged.extras).toEqual({ 'breeding-site-inspection': 4900, 'standing-water-larvicide': 3900, 'natural-barrier': 24900 });
  });

  it('replaces arrays instead of merging them, normalising keywords', () => {
    const merged = mergePriceTable(DEFAULT_PRICE_TABLE, { premiumArea: { keywords: [' Grimsby '] } });
    expect(merged.premiumArea).toEqual({ keywords: ['grimsby'], multiplier: 1.1 });
  });

  it('does not mutate the base table', () => {
    const before = structuredClone(DEFAULT_PRICE_TABLE);
    mergePriceTable(DEFAULT_PRICE_TABLE, { plans: { seasonal: { visits: 6 } }, premiumArea: { multiplier: 1.2 } });
    expect(DEFAULT_PRICE_TABLE).toEqual(before);
  });

  it.each([
    ['an unknown key (typo)', { plan: { onetime: { basePriceCents: 1 } } }],
    ['an unknown size tier', { sizes: { '3': { surchargeCents: 100 } } }],
    ['fractional cents', { extras: { 'natural-barrier': 199.5 } }],
    ['a negative amount', { plans: { onetime: { basePriceCents: -1 } } }],
    ['zero visits', { plans: { seasonal: { visits: 0 } } }],
    ['a discounting premium multiplier', { premiumArea: { multiplier: 0.9 } }],
    ['a string amount', { plans: { onetime: { basePriceCents: '99' } } }],
    ['a non-object', 'cheap'],
  ])('rejects %s', (_name, overrides) => {
    expect(() => mergePriceTable(DEFAULT_PRICE_TABLE, overrides)).toThrow();
  });
});
