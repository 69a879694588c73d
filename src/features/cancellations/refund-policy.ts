/**
 * The published refund terms as a rule (messages/en/legal.json, "Refunds"; docs/decisions/0017):
 * "If you cancel before your first treatment, we refund the full amount. If you cancel a seasonal
 * plan during the season, we refund the visits not yet carried out, less any discount that
 * depended on the full plan."
 *
 * Pure: amounts, visits, the price table and the tax rate are arguments. Integer cents throughout.
 *
 * - Nothing carried out (no visit `completed`): everything still refundable comes back.
 * - Otherwise the visits carried out are charged at the plan's price **without** the savings that
 *   only the whole plan earns: the discount code (MIDSEASON), the seasonal plan's promotional first
 *   visit (charged at the regular per-visit rate) and the tick bundle saving. The premium-area
 *   multiplier is a price, not a discount, so it stays. That undiscounted pre-tax price is shared
 *   equally by the booking's visits (pro rata per visit row), the visits carried out are taken
 *   (rounded half-up to the cent), HST is added at the rate the payment was taxed at (half-up, as
 *   the engine does), and the rest of what was paid comes back.
 * - The refund is never below 0 nor above what is still refundable (paid minus refunds already made).
 * - Free re-treatments (visit kind 'retreatment', 0047) were never sold: they are neither a visit
 *   carried out nor one still to refund, so the figures are those of the paid visits alone.
 */
import { applyRateHalfUp, splitTaxIncluded } from '@/lib/money';
import { calculatePrice, resolveSizeTier, type PriceInput } from '@/features/pricing/pricing';
import type { PriceTable } from '@/features/pricing/price-table';
import { keepPaidVisits } from '@/features/scheduling/visit-kinds';

export type RefundRule = 'nothing-paid' | 'before-first-visit' | 'visits-carried-out';

/** How the visits carried out were valued: the price table without plan-only savings, or (unpriceable booking) the booking's snapshot. */
export type VisitValuation = 'full-plan-price' | 'booking-snapshot' | 'amount-paid';

export interface RefundPolicyInput {
  /** Sum of the booking's succeeded payments, tax included. */
  paidCents: number;
  /** Refunds already made or under way for those payments (succeeded and pending). */
  alreadyRefundedCents: number;
  /** Every visit row of the booking; `completed` ones were carried out. Free re-treatments (`kind`) are left out. */
  visits: readonly { status: string; kind?: string | null }[];
  /** The plan's pricing inputs as booked (from the plan visit's row), or null when the booking is not a priced plan. */
  order: PriceInput | null;
  /** The booking's price snapshot (per booking, not per visit: 0011). */
  snapshot: { subtotalCents: number | null; totalCents: number | null } | null;
  priceTable: PriceTable;
  /** The rate the payment's HST was computed with (0.13). */
  taxRate: number;
}

export interface RefundBreakdown {
  rule: RefundRule;
  paidCents: number;
  alreadyRefundedCents: number;
  /** `paidCents − alreadyRefundedCents`, never below 0: the most staff may refund. */
  refundableCents: number;
  visitCount: number;
  completedCount: number;
  valuation: VisitValuation | null;
  /** The plan's pre-tax price without plan-only savings (null before the first visit). */
  fullPlanPreTaxCents: number | null;
  /** What the visits carried out are worth, before tax, with their HST and in total. */
  carriedOutPreTaxCents: number;
  carriedOutTaxCents: number;
  carriedOutCents: number;
  /** What the terms give back. */
  policyRefundCents: number;
}

/** `a × b / c` for non-negative integers, rounded half-up, without floating-point error. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c <= 0) throw new RangeError('divisor must be positive');
  return Math.floor((2 * a * b + c) / (2 * c));
}

/**
 * The price table with the savings that depend on buying the whole plan removed: the seasonal
 * first visit at the regular per-visit rate for the lot's size, and no tick bundle saving.
 */
export function withoutPlanOnlySavings(table: PriceTable, propertySize: number): PriceTable {
  const tier = resolveSizeTier(propertySize);
  const seasonalBump = tier === 'custom' ? 0 : table.sizes[tier].planBumpCents.seasonal;
  return {
    ...table,
    plans: { ...table.plans, seasonal: { ...table.plans.seasonal, firstVisitCents: table.plans.seasonal.perVisitCents + seasonalBump } },
    addOns: { ...table.addOns, tick: { ...table.addOns.tick, seasonalBundleSavingCents: 0 } },
  };
}

/** The plan's undiscounted pre-tax price, or null when the engine cannot price it (a custom quote). */
export function computeFullPlanPreTaxCents(order: PriceInput, table: PriceTable, taxRate: number): number | null {
  const result = calculatePrice(order, { priceTable: withoutPlanOnlySavings(table, order.propertySize), taxRate, discount: null });
  return result.customQuote ? null : result.preTaxCents;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The refund the published terms give for cancelling a booking now, with the figures behind it. */
export function computeRefundPolicy(input: RefundPolicyInput): RefundBreakdown {
  const refundableCents = Math.max(0, input.paidCents - input.alreadyRefundedCents);
  const paidVisits = keepPaidVisits(input.visits);
  const visitCount = paidVisits.length;
  const completedCount = paidVisits.filter((v) => v.status === 'completed').length;
  const base = {
    paidCents: input.paidCents,
    alreadyRefundedCents: input.alreadyRefundedCents,
    refundableCents,
    visitCount,
    completedCount,
  };
  if (input.paidCents <= 0) {
    return { ...base, rule: 'nothing-paid', valuation: null, fullPlanPreTaxCents: null, carriedOutPreTaxCents: 0, carriedOutTaxCents: 0, carriedOutCents: 0, policyRefundCents: 0 };
  }
  if (completedCount === 0 || visitCount === 0) {
    return { ...base, rule: 'before-first-visit', valuation: null, fullPlanPreTaxCents: null, carriedOutPreTaxCents: 0, carriedOutTaxCents: 0, carriedOutCents: 0, policyRefundCents: refundableCents };
  }

  const full = input.order ? computeFullPlanPreTaxCents(input.order, input.priceTable, input.taxRate) : null;
  let valuation: VisitValuation;
  let carriedOutPreTaxCents: number;
  let carriedOutTaxCents: number;
  if (full !== null) {
    valuation = 'full-plan-price';
    carriedOutPreTaxCents = mulDivHalfUp(full, completedCount, visitCount);
    carriedOutTaxCents = applyRateHalfUp(carriedOutPreTaxCents, input.taxRate);
  } else if (input.snapshot?.subtotalCents != null && input.snapshot.subtotalCents > 0) {
    // A booking the engine cannot price again (a custom quote): what it was sold for is the best measure.
    valuation = 'booking-snapshot';
    carriedOutPreTaxCents = mulDivHalfUp(input.snapshot.subtotalCents, completedCount, visitCount);
    carriedOutTaxCents = applyRateHalfUp(carriedOutPreTaxCents, input.taxRate);
  } else {
    valuation = 'amount-paid';
    const share = mulDivHalfUp(input.paidCents, completedCount, visitCount);
    ({ preTaxCents: carriedOutPreTaxCents, taxCents: carriedOutTaxCents } = splitTaxIncluded(share, input.taxRate));
  }
  const carriedOutCents = carriedOutPreTaxCents + carriedOutTaxCents;
  return {
    ...base,
    rule: 'visits-carried-out',
    valuation,
    fullPlanPreTaxCents: full,
    carriedOutPreTaxCents,
    carriedOutTaxCents,
    carriedOutCents,
    // Refunds already made came out of the same entitlement: paid − value − refunded = refundable − value.
    policyRefundCents: clamp(refundableCents - carriedOutCents, 0, refundableCents),
  };
}

/**
 * Splits a refund over the booking's succeeded payments, newest first (a booking paid twice gets
 * the duplicate back first), each part at most what that payment can still give back.
 *
 * @throws {RangeError} when the amount is more than the payments can give back
 */
export function allocateRefund(amountCents: number, payments: readonly { id: number; refundableCents: number }[]): { paymentId: number; amountCents: number }[] {
  let left = amountCents;
  const parts: { paymentId: number; amountCents: number }[] = [];
  for (const payment of [...payments].sort((a, b) => b.id - a.id)) {
    if (left <= 0) break;
    const part = Math.min(left, Math.max(0, payment.refundableCents));
    if (part > 0) parts.push({ paymentId: payment.id, amountCents: part });
    left -= part;
  }
  if (left > 0) throw new RangeError(`refund of ${amountCents} exceeds what the payments can give back`);
  return parts;
}

/**
 * What cancelling now gives back, as the customer's page and confirmation show it (0108): what was
 * paid, what came back already, and once a plan has started, the visits carried out at the regular
 * price with their HST, the terms' figures (`computeRefundPolicy`) without the office's working.
 */
export type CancelRefundFigures = {
  paidCents: number;
  alreadyRefundedCents: number;
  refundCents: number;
  carriedOut: { completed: number; total: number; preTaxCents: number; taxCents: number; cents: number } | null;
};

export function describeCancelRefund(breakdown: RefundBreakdown): CancelRefundFigures {
  return {
    paidCents: breakdown.paidCents,
    alreadyRefundedCents: breakdown.alreadyRefundedCents,
    refundCents: breakdown.policyRefundCents,
    carriedOut: breakdown.rule === 'visits-carried-out'
      ? { completed: breakdown.completedCount, total: breakdown.visitCount, preTaxCents: breakdown.carriedOutPreTaxCents, taxCents: breakdown.carriedOutTaxCents, cents: breakdown.carriedOutCents }
      : null,
  };
}
