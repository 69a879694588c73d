'use client';
import { useCallback, useEffect, useState } from 'react';
import { classifyPaymentStatus, isTransientStatusError, type PaymentOutcome, PROCESSING_POLL_DELAYS_MS, STATUS_RETRY_DELAYS_MS } from '../payment-outcome';
import type { PaymentStatusView } from '../payment.types';
import { ApiError, fetchPaymentStatus, trackVerifiedPurchase } from './payment-client';

export type PaymentCheck =
  | { kind: 'checking' }
  /** `polling`: the payment is processing and the page will ask again by itself. */
  | { kind: 'done'; status: PaymentStatusView; outcome: PaymentOutcome; polling: boolean }
  /** No payment intent in the address. */
  | { kind: 'missing' }
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
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    let retries = 0;
    const ask = () => {
      fetchPaymentStatus(paymentIntentId)
        .then((status) => {
          if (cancelled) return;
          const outcome = classifyPaymentStatus(status.status);
          const delay = outcome === 'processing' ? PROCESSING_POLL_DELAYS_MS[polls] : undefined;
          setCheck({ kind: 'done', status, outcome, polling: delay !== undefined });
          if (status.success) trackVerifiedPurchase(paymentIntentId, status);
          if (delay !== undefined) {
            polls += 1;
            timer = setTimeout(ask, delay);
          }
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          const delay = isTransientStatusError(error instanceof ApiError ? error.status : null) ? STATUS_RETRY_DELAYS_MS[retries] : undefined;
          if (delay !== undefined) {
            retries += 1;
            timer = setTimeout(ask, delay);
            return;
          }
          // Already known to be processing: keep saying so, just stop asking.
          setCheck((previous) => (previous.kind === 'done' ? { ...previous, polling: false } : { kind: 'failed' }));
        });
    };
    ask();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [paymentIntentId, round]);

  const checkAgain = useCallback(() => {
    setCheck((previous) => (previous.kind === 'done' ? { ...previous, polling: true } : { kind: 'checking' }));
    setRound((r) => r + 1);
  }, []);

  return { check, checkAgain };
}
