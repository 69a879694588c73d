'use client';
import { useCallback, useEffect, useState } from 'react';
import type { PaymentOutcome } from '../payment-outcome';
import type { PaymentStatusView } from '../payment.types';
import { trackVerifiedPurchase } from './payment-client';
import { watchPaymentStatus } from './watch-payment-status';

export type PaymentCheck =
  | { kind: 'checking' }
  /** `polling`: the payment is processing and the page will ask again by itself. */
  | { kind: 'done'; status: PaymentStatusView; outcome: PaymentOutcome; polling: boolean }
  /** No payment intent in the address. */
  | { kind: 'missing' }
  /** The server has no payment with this id. */
  | { kind: 'unknown' }
  /** The status call itself failed. */
  | { kind: 'failed' };

/**
 * The payment return pages' question to the server (the query string alone proves nothing): the
 * intent's status, with the Purchase event fired once when the server says it succeeded. While the
 * server says `processing` it asks again with a back-off (PROCESSING_POLL_DELAYS_MS), then stops;
 * `checkAgain` starts another round. A status call lost on the way is retried a couple of times.
 */
export function useVerifiedPayment(paymentIntentId: string | null): { check: PaymentCheck; checkAgain: () => void } {
  const [check, setCheck] = useState<PaymentCheck>(() => (paymentIntentId ? { kind: 'checking' } : { kind: 'missing' }));
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!paymentIntentId) return;
    return watchPaymentStatus(paymentIntentId, (event) => {
      if (event.kind === 'status') {
        setCheck({ kind: 'done', status: event.status, outcome: event.outcome, polling: event.polling });
        if (event.status.success) trackVerifiedPurchase(paymentIntentId, event.status);
        return;
      }
      if (event.kind === 'unknown') {
        setCheck({ kind: 'unknown' });
        return;
      }
      // Already known to be processing: keep saying so, just stop asking.
      setCheck((previous) => (previous.kind === 'done' ? { ...previous, polling: false } : { kind: 'failed' }));
    });
  }, [paymentIntentId, round]);

  const checkAgain = useCallback(() => {
    setCheck((previous) => (previous.kind === 'done' ? { ...previous, polling: true } : { kind: 'checking' }));
    setRound((r) => r + 1);
  }, []);

  return { check, checkAgain };
}
