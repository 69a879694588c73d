import { describe, expect, it } from 'vitest';
import { MIDSEASON_DISCOUNT } from '@/features/pricing/discount';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { calculatePrice, type PriceInput } from '@/features/pricing/pricing';
import { allocateRefund, computeFullPlanPreTaxCents, computeRefundPolicy, mulDivHalfUp, type RefundPolicyInput } from './refund-policy';

const TAX = 0.13;
const order = (over: Partial<PriceInput>): PriceInput => ({
  serviceType: 'seasonal', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, extras: [], address: '12 King St W, Hamilton', ...over,
});
const midseason = { code: 'MIDSEASON', discountType: 'fixed' as const, discountValue: MIDSEASON_DISCOUNT.discountValue, appliesTo: MIDSEASON_DISCOUNT.appliesTo };
/** What the customer was charged: the engine's total, as checkout charges it. */
const charged = (o: PriceInput, discount: typeof midseason | null = null) => calculatePrice(o, { priceTable: DEFAULT_PRICE_TABLE, taxRate: TAX, discount }).totalCents;
const visits = (completed: number, total: number) => Array.from({ length: total }, (_, i) => ({ status: i < completed ? 'completed' : 'confirmed' }));

function policy(over: Partial<RefundPolicyInput> & Pick<RefundPolicyInput, 'paidCents' | 'visits'>) {
  return computeRefundPolicy({ alreadyRefundedCents: 0, order: order({}), snapshot: null, priceTable: DEFAULT_PRICE_TABLE, taxRate: TAX, ...over });
}

describe('computeRefundPolicy', () => {
  it('refunds everything before the first visit, whatever the plan and discount', () => {
    const paid = charged(order({}), midseason);
    expect(paid).toBe(32318);
    const result = policy({ paidCents: paid, visits: visits(0, 5) });
    expect(result).toMatchObject({ rule: 'before-first-visit', refundableCents: 32318, policyRefundCents: 32318, carriedOutCents: 0, completedCount: 0, visitCount: 5 });
  });

  it('charges a carried-out seasonal visit at the regular rate: the promotional first visit depended on the full plan', () => {
    const paid = charged(order({}));
    expect(paid).toBe(41245); // 49 + 4 × 79 = 365 + 47.45 HST
    const result = policy({ paidCents: paid, visits: visits(1, 5) });
    // 5 × 79 = 395 undiscounted, one fifth = 79.00 + 10.27 HST = 89.27
    expect(result).toMatchObject({
      rule: 'visits-carried-out', valuation: 'full-plan-price', fullPlanPreTaxCents: 39500,
      carriedOutPreTaxCents: 7900, carriedOutTaxCents: 1027, carriedOutCents: 8927, policyRefundCents: 32318,
    });
  });

  it('takes the MIDSEASON saving back from a seasonal plan cancelled during the season', () => {
    const paid = charged(order({}), midseason);
    const result = policy({ paidCents: paid, visits: visits(2, 5) });
    // Two visits at 79.00 = 158.00 + 20.54 HST = 178.54; 323.18 − 178.54 = 144.64
    expect(result).toMatchObject({ carriedOutCents: 17854, policyRefundCents: 14464 });
  });

  it('charges the tick add-on without its bundle saving, and the discount code, pro rata per visit', () => {
    const o = order({ includeTick: true });
    const paid = charged(o, midseason);
    expect(paid).toBe(59099); // 49 + 316 + 297 − 60 − 79 = 523 + 67.99 HST
    expect(computeFullPlanPreTaxCents(o, DEFAULT_PRICE_TABLE, TAX)).toBe(69200); // 395 + 297
    const result = policy({ paidCents: paid, order: o, visits: visits(1, 5) });
    // 692 / 5 = 138.40 + 17.99 HST (17.992) = 156.39
    expect(result).toMatchObject({ carriedOutPreTaxCents: 13840, carriedOutTaxCents: 1799, carriedOutCents: 15639, policyRefundCents: 43460 });
  });

  it('values a one-time treatment with add-ons per visit row: the standing-water visit not carried out comes back', () => {
    const o = order({ serviceType: 'onetime', includeTick: true, includeTargetedInsects: true, extras: ['breeding-site-inspection'] });
    const paid = charged(o);
    expect(paid).toBe(33448); // 99 + 49 + 99 + 49 = 296 + 38.48 HST
    // The treatment and its standing-water visit (two rows, 0011); the treatment was done.
    const half = policy({ paidCents: paid, order: o, visits: visits(1, 2) });
    expect(half).toMatchObject({ carriedOutPreTaxCents: 14800, carriedOutTaxCents: 1924, carriedOutCents: 16724, policyRefundCents: 16724 });
    expect(policy({ paidCents: paid, order: o, visits: visits(2, 2) }).policyRefundCents).toBe(0);
  });

  it('keeps the premium-area price: it is a price, not a plan discount', () => {
    const o = order({ address: '5 Wilson St, Ancaster' });
    expect(computeFullPlanPreTaxCents(o, DEFAULT_PRICE_TABLE, TAX)).toBe(43500); // 395 × 1.1 = 434.50 → 435
    expect(policy({ paidCents: charged(o), order: o, visits: visits(1, 5) }).carriedOutPreTaxCents).toBe(8700);
  });

  it('rounds the pro-rata share half-up to the cent, then HST half-up', () => {
    const o = order({ serviceType: 'tick-seasonal', includeTargetedInsects: true });
    const paid = charged(o);
    expect(paid).toBe(35708); // 3 × 79 + 79 = 316 + 41.08
    // 316.00 / 3 = 105.333… → 105.33; HST 13.6929 → 13.69
    expect(policy({ paidCents: paid, order: o, visits: visits(1, 3) })).toMatchObject({ carriedOutPreTaxCents: 10533, carriedOutTaxCents: 1369, policyRefundCents: 23806 });
    // 632.00 / 3 = 210.666… → 210.67; HST 27.3871 → 27.39
    expect(policy({ paidCents: paid, order: o, visits: visits(2, 3) })).toMatchObject({ carriedOutPreTaxCents: 21067, carriedOutTaxCents: 2739, policyRefundCents: 11902 });
    expect(mulDivHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivHalfUp(5, 1, 2)).toBe(3);
    expect(mulDivHalfUp(4, 1, 3)).toBe(1);
  });

  it('never refunds less than nothing when the visits carried out are worth more than was paid', () => {
    const o = order({ serviceType: 'onetime' });
    const result = policy({ paidCents: 5000, order: o, visits: visits(1, 1) });
    expect(result.carriedOutCents).toBe(11187);
    expect(result.policyRefundCents).toBe(0);
  });

  it('counts refunds already made and never offers more than is left', () => {
    expect(policy({ paidCents: 41245, alreadyRefundedCents: 30000, visits: visits(1, 5) })).toMatchObject({ refundableCents: 11245, policyRefundCents: 2318 });
    expect(policy({ paidCents: 41245, alreadyRefundedCents: 40000, visits: visits(1, 5) })).toMatchObject({ refundableCents: 1245, policyRefundCents: 0 });
    expect(policy({ paidCents: 41245, alreadyRefundedCents: 10000, visits: visits(0, 5) })).toMatchObject({ refundableCents: 31245, policyRefundCents: 31245 });
    expect(policy({ paidCents: 41245, alreadyRefundedCents: 41245, visits: visits(0, 5) })).toMatchObject({ refundableCents: 0, policyRefundCents: 0 });
  });

  it('gives nothing back for a booking that was never paid', () => {
    expect(policy({ paidCents: 0, visits: visits(0, 5) })).toMatchObject({ rule: 'nothing-paid', refundableCents: 0, policyRefundCents: 0 });
  });

  it('values visits from the booking snapshot when the engine cannot price the plan, or from the amount paid without one', () => {
    const custom = order({ propertySize: 5 });
    expect(policy({ paidCents: 56500, order: custom, snapshot: { subtotalCents: 50000, totalCents: 56500 }, visits: visits(1, 5) }))
      .toMatchObject({ valuation: 'booking-snapshot', carriedOutPreTaxCents: 10000, carriedOutTaxCents: 1300, policyRefundCents: 45200 });
    expect(policy({ paidCents: 11300, order: null, snapshot: null, visits: visits(1, 2) }))
      .toMatchObject({ valuation: 'amount-paid', carriedOutPreTaxCents: 5000, carriedOutTaxCents: 650, policyRefundCents: 5650 });
  });
});

describe('computeRefundPolicy with free re-treatments (0047)', () => {
  const retreatment = (status: string) => ({ status, kind: 'retreatment' });
  const paid = (status: string) => ({ status, kind: 'scheduled' });

  it('leaves a seasonal plan\'s refund as it was, whether the re-treatment is booked or carried out', () => {
    const paidCents = charged(order({}), midseason);
    const without = policy({ paidCents, visits: [paid('completed'), paid('completed'), paid('confirmed'), paid('confirmed'), paid('confirmed')] });
    expect(without).toMatchObject({ visitCount: 5, completedCount: 2, carriedOutCents: 17854, policyRefundCents: 14464 });
    for (const status of ['confirmed', 'completed', 'cancelled']) {
      const withRetreatment = policy({
        paidCents,
        visits: [paid('completed'), paid('completed'), retreatment(status), paid('confirmed'), paid('confirmed'), paid('confirmed')],
      });
      expect(withRetreatment, status).toEqual(without);
    }
  });

  it('charges nothing for a re-treatment of a one-time treatment: its one paid visit is all that was carried out', () => {
    const o = order({ serviceType: 'onetime', includeTargetedInsects: true });
    const paidCents = charged(o);
    // The treatment done, its standing-water visit not yet: half comes back, with or without a re-treatment done since.
    const before = policy({ paidCents, order: o, visits: [paid('completed'), paid('confirmed')] });
    const after = policy({ paidCents, order: o, visits: [paid('completed'), paid('confirmed'), retreatment('completed')] });
    expect(after).toEqual(before);
    expect(after).toMatchObject({ visitCount: 2, completedCount: 1 });
  });

  it('refunds everything when only a re-treatment was carried out (the paid visits were not)', () => {
    // Not a path the office can take (a re-treatment needs a completed treatment), but the rule holds: a free visit is worth nothing.
    const result = policy({ paidCents: 41245, visits: [...visits(0, 5), retreatment('completed')] });
    expect(result).toMatchObject({ rule: 'before-first-visit', visitCount: 5, completedCount: 0, policyRefundCents: 41245 });
  });
});

describe('allocateRefund', () => {
  it('takes the newest payment first and never more than a payment can give back', () => {
    expect(allocateRefund(50000, [{ id: 1, refundableCents: 41245 }, { id: 2, refundableCents: 41245 }])).toEqual([
      { paymentId: 2, amountCents: 41245 },
      { paymentId: 1, amountCents: 8755 },
    ]);
    expect(allocateRefund(100, [{ id: 1, refundableCents: 41245 }, { id: 2, refundableCents: 0 }])).toEqual([{ paymentId: 1, amountCents: 100 }]);
    expect(allocateRefund(0, [{ id: 1, refundableCents: 41245 }])).toEqual([]);
    expect(() => allocateRefund(50000, [{ id: 1, refundableCents: 41245 }])).toThrow(RangeError);
  });
});
