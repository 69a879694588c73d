/**
 * Whether a payment received is still all kept, partly or wholly given back, from what was charged
 * and what the provider has refunded. Pure: the accountant's CSV and the dashboard's Payments tab
 * say it the same way.
 */
export type RefundState = 'paid' | 'partlyRefunded' | 'refunded';

/** Paid, partly refunded or refunded, from what was charged and what has come back. */
export function describeRefundState(amountCents: number, refundedCents: number): RefundState {
  if (refundedCents <= 0) return 'paid';
  return refundedCents >= amountCents ? 'refunded' : 'partlyRefunded';
}

/**
 * A payment's status as the office's lists name it: a payment received that was given back (a
 * cancellation's refund, 0017) is 'refunded' or 'partly-refunded', as the accountant's CSV says,
 * not 'succeeded' ("Paid"); any other status is the payment's own.
 */
export function describePaymentStatus(payment: { status: string; amountCents: number; refundedCents: number }): string {
  if (payment.status !== 'succeeded') return payment.status;
  const state = describeRefundState(payment.amountCents, payment.refundedCents);
  return state === 'paid' ? 'succeeded' : state === 'refunded' ? 'refunded' : 'partly-refunded';
}

/**
 * The instant a refund is dated by wherever the office or the customer reads it (0075, 0081): a
 * refund made by when the money went back (`refundedAt`, which a made refund always has), one
 * under way or refused by when it was asked for. The receipt, the refunds CSV's day and the
 * customer page agree on it.
 */
export function findRefundDate(refund: { status: string; refundedAt: Date | null; createdAt: Date }): Date {
  return refund.status === 'succeeded' ? refund.refundedAt ?? refund.createdAt : refund.createdAt;
}
