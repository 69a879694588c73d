'use client';
import { useEffect, useState } from 'react';
import type { PaymentStatusView } from '../payment.types';
import { fetchPaymentStatus, trackVerifiedPurchase } from './payment-client';

export type PaymentCheck =
  | { kind: 'checking' }
  | { kind: 'done'; status: PaymentStatusView }
  /** No payment intent in the address. */
  | { kind: 'missing' }
  /** The status call itself failed. */
  | { kind: 'failed' };

/**
 * The payment return pages' one question to the server (the query string alone proves nothing):
 * the intent's status, with the Purchase event fired once when the server says it succeeded.
 */
export function useVerifiedPayment(paymentIntentId: string | null): PaymentCheck {
  const [check, setCheck] = useState<PaymentCheck>(() => (paymentIntentId ? { kind: 'checking' } : { kind: 'missing' }));

  useEffect(() => {
    if (!paymentIntentId) return;
    let cancelled = false;
    fetchPaymentStatus(paymentIntentId)
      .then((status) => {
        if (cancelled) return;
        setCheck({ kind: 'done', status });
        if (status.success) trackVerifiedPurchase(paymentIntentId, status);
      })
      .catch(() => { if (!cancelled) setCheck({ kind: 'failed' }); });
    return () => { cancelled = true; };
  }, [paymentIntentId]);

  return check;
}
