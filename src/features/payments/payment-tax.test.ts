import { describe, expect, it } from 'vitest';
import { findRefundedAmounts, findRefundedTax, shareRefundTax, splitPaymentTax, splitRefundTax } from './payment-tax';

// A one-time treatment on a quarter acre: 99.00 + 12.87 HST.
const ONE_TIME = { totalCents: 11187, taxCents: 1287, taxRate: 0.13 };

describe('splitPaymentTax', () => {
  it('takes the split recorded at checkout', () => {
    expect(splitPaymentTax({ amountCents: 32318, subtotalCents: 28600, taxCents: 3718, taxRateBps: 1300 }, 1300)).toEqual({ subtotalCents: 28600, taxCents: 3718 });
  });

  it.each([
    ['no split recorded', { subtotalCents: null, taxCents: null, taxRateBps: null }, 1300, { subtotalCents: 9900, taxCents: 1287 }],
    ['a split that does not add up to the charge', { subtotalCents: 9900, taxCents: 1000, taxRateBps: 1300 }, 1300, { subtotalCents: 9900, taxCents: 1287 }],
    ['the rate it was taxed at, not today\'s branch rate', { subtotalCents: null, taxCents: null, taxRateBps: 1300 }, 1500, { subtotalCents: 9900, taxCents: 1287 }],
    ['the branch rate when the row does not say', { subtotalCents: null, taxCents: null, taxRateBps: null }, 0, { subtotalCents: 11187, taxCents: 0 }],
  ] as const)('derives the split from the charge for %s', (_case, stored, branchBps, expected) => {
    expect(splitPaymentTax({ amountCents: 11187, ...stored }, branchBps)).toEqual(expected);
  });
});

describe('splitRefundTax', () => {
  it.each([
    [[11187], [1287]],
    [[5000, 6187], [575, 712]],
    [[1, 1, 1], [0, 0, 0]],
    [[100, 100], [12, 11]],
  ])('splits refunds %j of a $111.87 payment into HST %j', (refunds, taxes) => {
    expect(splitRefundTax(refunds, ONE_TIME)).toEqual(taxes);
  });
});

describe('shareRefundTax', () => {
  const at = (day: string) => new Date(`${day}T16:00:00Z`);

  it('shares the HST in the order the money went back, not the order the refunds were asked for', () => {
    // Refund 2 was made on 1 December, refund 1 (asked for first) only on the 3rd.
    const shares = shareRefundTax([
      { id: 1, amountCents: 6187, status: 'succeeded', refundedAt: at('2026-12-03') },
      { id: 2, amountCents: 5000, status: 'succeeded', refundedAt: at('2026-12-01') },
    ], ONE_TIME);
    expect(Object.fromEntries(shares)).toEqual({ 2: 575, 1: 712 });
  });

  it('keeps the HST of a refund made unchanged when a refund asked for earlier is made later', () => {
    const made = { id: 2, amountCents: 5000, status: 'succeeded', refundedAt: at('2026-11-10') };
    const november = shareRefundTax([{ id: 1, amountCents: 100, status: 'pending', refundedAt: null }, made], ONE_TIME);
    const december = shareRefundTax([{ id: 1, amountCents: 100, status: 'succeeded', refundedAt: at('2026-12-02') }, made], ONE_TIME);
    expect(november.get(2)).toBe(575);
    expect(december.get(2)).toBe(575);
    // The later refund's HST is what is left of the HST of both together.
    expect(december.get(1)).toBe(findRefundedTax(5100, ONE_TIME) - 575);
  });

  it('gives back exactly the HST paid when everything is refunded, and nothing for a failed refund', () => {
    const shares = shareRefundTax([
      { id: 1, amountCents: 3333, status: 'succeeded', refundedAt: at('2026-11-02') },
      { id: 2, amountCents: 500, status: 'failed', refundedAt: null },
      { id: 3, amountCents: 3333, status: 'succeeded', refundedAt: at('2026-11-03') },
      { id: 4, amountCents: 4521, status: 'succeeded', refundedAt: at('2026-11-04') },
    ], ONE_TIME);
    expect(shares.has(2)).toBe(false);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(1287);
  });

  it('counts the refunds made before the ones under way', () => {
    const shares = shareRefundTax([
      { id: 1, amountCents: 5000, status: 'pending', refundedAt: null },
      { id: 2, amountCents: 6187, status: 'succeeded', refundedAt: at('2026-11-02') },
    ], ONE_TIME);
    expect(shares.get(2)).toBe(findRefundedTax(6187, ONE_TIME));
    expect(shares.get(2)! + shares.get(1)!).toBe(1287);
  });
});

describe('findRefundedAmounts', () => {
  it.each([
    // Daniel's refund in the walkthrough (0067): $100.00 of $123.17 (109.00 + 14.17) gave back $11.50 of HST.
    [{ amountCents: 12317, subtotalCents: 10900, taxCents: 1417, taxRateBps: 1300 }, 10000, 1150],
    // The whole payment back: all its HST.
    [{ amountCents: 11187, subtotalCents: 9900, taxCents: 1287, taxRateBps: 1300 }, 11187, 1287],
    // A payment that kept no split, at the branch's rate: 50.00 is 44.25 + 5.75.
    [{ amountCents: 5000, subtotalCents: null, taxCents: null, taxRateBps: null }, 5000, 575],
    [{ amountCents: 5000, subtotalCents: null, taxCents: null, taxRateBps: null }, 0, 0],
  ])('gives the amount refunded on %o and the HST in it', (payment, refundedCents, taxCents) => {
    expect(findRefundedAmounts({ ...payment, refundedCents }, 1300)).toEqual({ refundedCents, taxCents });
  });
});
