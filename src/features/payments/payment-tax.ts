/**
 * The HST inside a payment and inside the refunds made on it, in integer cents. Pure: the
 * receipt (docs/decisions/0040), the accountant's payments and refunds CSVs (0036, 0075), the
 * dashboard's Payments tab and the customer page all ask these functions, so each says the same
 * amount to the cent.
 */
import { splitTaxIncluded } from '@/lib/money';

/** What a payment row records about its tax: the charge, and the split and rate the engine kept at checkout (null on older rows). */
export type PaymentTaxFacts = {
  amountCents: number;
  subtotalCents: number | null;
  taxCents: number | null;
  taxRateBps: number | null;
};

/**
 * A payment's amount before tax and its HST. The split recorded at checkout when the payment has
 * one that adds up to what was charged; otherwise the charge is split at the rate it was taxed at
 * (the branch's rate for a row that does not say), with the one rule `splitTaxIncluded` has.
 */
export function splitPaymentTax(payment: PaymentTaxFacts, branchTaxRateBps: number) {
  const { amountCents, subtotalCents, taxCents } = payment;
  if (subtotalCents !== null && taxCents !== null && subtotalCents + taxCents === amountCents) return { subtotalCents, taxCents };
  const split = splitTaxIncluded(amountCents, (payment.taxRateBps ?? branchTaxRateBps) / 10_000);
  return { subtotalCents: split.preTaxCents, taxCents: split.taxCents };
}

/**
 * The HST inside `refundedCents` given back on a payment: all the HST charged once the refunds
 * reach the total, else the tax part of their sum (`splitTaxIncluded`), never more than was
 * charged.
 */
export function findRefundedTax(refundedCents: number, payment: { totalCents: number; taxCents: number; taxRate: number }): number {
  if (refundedCents <= 0) return 0;
  if (refundedCents >= payment.totalCents) return payment.taxCents;
  return Math.min(payment.taxCents, splitTaxIncluded(refundedCents, payment.taxRate).taxCents);
}

/**
 * Each refund's HST, refunds taken in the order given: the HST of all of them so far is
 * `findRefundedTax` of their sum, and each refund's share is the difference from the ones before.
 * So the shares never add up to more than was charged, a full refund gives back exactly the HST
 * paid, and the shares of the first n refunds are the HST of their sum.
 */
export function splitRefundTax(refundCents: readonly number[], payment: { totalCents: number; taxCents: number; taxRate: number }): number[] {
  let refunded = 0;
  let taxSoFar = 0;
  return refundCents.map((cents) => {
    refunded += cents;
    const tax = findRefundedTax(refunded, payment);
    const share = tax - taxSoFar;
    taxSoFar = tax;
    return share;
  });
}

/** One refund of a payment, as the tables keep it. */
export type RefundForTax = { id: number; amountCents: number; status: string; refundedAt: Date | null };

/**
 * The HST of each refund of one payment, by refund id (docs/decisions/0075). Refunds made
 * (`succeeded`) come first, in the order the money went back (`refunded_at`, then id), then those
 * still under way (`pending`) by id; failed ones moved no money and get none. So a refund's HST
 * depends only on the refunds made before it: once made, it never changes (a month the
 * accountant has closed stays closed), and the refunds made so far add up to
 * `findRefundedTax` of their sum, the payment's "HST refunded".
 */
export function shareRefundTax(refunds: readonly RefundForTax[], payment: { totalCents: number; taxCents: number; taxRate: number }): Map<number, number> {
  const made = refunds
    .filter((r) => r.status === 'succeeded')
    .sort((a, b) => (a.refundedAt?.getTime() ?? 0) - (b.refundedAt?.getTime() ?? 0) || a.id - b.id);
  const underWay = refunds.filter((r) => r.status === 'pending').sort((a, b) => a.id - b.id);
  const ordered = [...made, ...underWay];
  const shares = splitRefundTax(ordered.map((r) => r.amountCents), payment);
  return new Map(ordered.map((r, i) => [r.id, shares[i]!]));
}

/**
 * What came back on a payment, tax included, and the HST in it: the Payments tab's and the
 * customer page's "refunded" line, the payments CSV's "Refunded" and "HST refunded".
 */
export function findRefundedAmounts(payment: PaymentTaxFacts & { refundedCents: number }, branchTaxRateBps: number): { refundedCents: number; taxCents: number } {
  const { taxCents } = splitPaymentTax(payment, branchTaxRateBps);
  const taxRate = (payment.taxRateBps ?? branchTaxRateBps) / 10_000;
  return { refundedCents: payment.refundedCents, taxCents: findRefundedTax(payment.refundedCents, { totalCents: payment.amountCents, taxCents, taxRate }) };
}
