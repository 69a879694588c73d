import type { GatewayRefundStatus } from '@/features/payments/payment-gateway';

/**
 * What a provider's later report about a refund does to our row (docs/decisions/0017,
 * "Asynchronous refund updates"). Pure. Only a `pending` row moves, and only to a final state:
 * a row that is already final never moves (succeeded stays succeeded, a failed row waits for
 * staff's Retry), and a report that the refund is still pending changes nothing. So a repeated
 * or out-of-order delivery is a no-op.
 */
export type RefundUpdateDecision =
  | { kind: 'succeeded' }
  | { kind: 'failed'; failureReason: string }
  | { kind: 'none'; why: 'still-pending' | 'already-final' | 'reversed-after-success' };

export function decideRefundUpdate(
  row: { status: string },
  update: { status: GatewayRefundStatus; failureReason: string | null },
): RefundUpdateDecision {
  if (row.status !== 'pending') {
    // Stripe may, rarely, report a refund failed after it had succeeded; our row stays as it is, the log says so.
    return { kind: 'none', why: row.status === 'succeeded' && update.status === 'failed' ? 'reversed-after-success' : 'already-final' };
  }
  switch (update.status) {
    case 'succeeded':
      return { kind: 'succeeded' };
    case 'failed':
      return { kind: 'failed', failureReason: update.failureReason ?? 'unknown' };
    default:
      return { kind: 'none', why: 'still-pending' };
  }
}

/**
 * Whether a refund reported by the provider, found through the row id and attempt we attached as
 * metadata (its provider id not written yet: the report came before the create call's answer was
 * recorded, or the process stopped in between), is the refund of that row's current attempt.
 */
export function isRefundOfCurrentAttempt(
  row: { provider: string; providerRefundId: string | null; attempts: number; amountCents: number; paymentIntentId: string },
  update: { provider: string; attempt: number; amountCents: number; paymentIntentId: string | null },
): boolean {
  return row.provider === update.provider
    && row.providerRefundId === null
    && row.attempts === update.attempt
    && row.amountCents === update.amountCents
    && (update.paymentIntentId === null || update.paymentIntentId === row.paymentIntentId);
}
