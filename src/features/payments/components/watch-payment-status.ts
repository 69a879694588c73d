import { classifyPaymentStatus, isTransientStatusError, type PaymentOutcome, PROCESSING_POLL_DELAYS_MS, STATUS_RETRY_DELAYS_MS } from '../payment-outcome';
import type { PaymentStatusView } from '../payment.types';
import { ApiError, fetchPaymentStatus } from './payment-client';

/** What a status watch reports: each answer of the server, or that it could not be asked at all. */
export type PaymentStatusEvent =
  /** `polling`: the payment is processing and the watch will ask again by itself. */
  | { kind: 'status'; status: PaymentStatusView; outcome: PaymentOutcome; polling: boolean }
  /** The status call failed for good (after the retries a lost call gets). */
  | { kind: 'unreadable' }
  /** The server has no payment with this id (404): an answer, not a lost call. */
  | { kind: 'unknown' };

export type StatusWatchDeps = {
  fetchStatus: (paymentIntentId: string) => Promise<PaymentStatusView>;
  /** Runs `run` after `delayMs`; returns a function that cancels it. */
  schedule: (run: () => void, delayMs: number) => () => void;
};

const browserDeps: StatusWatchDeps = {
  fetchStatus: fetchPaymentStatus,
  schedule: (run, delayMs) => {
    const timer = setTimeout(run, delayMs);
    return () => clearTimeout(timer);
  },
};

/**
 * Asks the server about a payment (GET /api/payment-status/{id}) with the rules of
 * payment-outcome.ts: while it is processing, again with a back-off (PROCESSING_POLL_DELAYS_MS),
 * then it stops; a call lost on the way (network, 429, 5xx) is retried (STATUS_RETRY_DELAYS_MS).
 * The browser decides nothing: every event carries the server's answer. Returns a stop function.
 */
export function watchPaymentStatus(paymentIntentId: string, onEvent: (event: PaymentStatusEvent) => void, deps: StatusWatchDeps = browserDeps): () => void {
  let stopped = false;
  let cancelTimer = () => {};
  let polls = 0;
  let retries = 0;
  const later = (delayMs: number) => { cancelTimer = deps.schedule(ask, delayMs); };
  function ask() {
    deps.fetchStatus(paymentIntentId).then(
      (status) => {
        if (stopped) return;
        const outcome = classifyPaymentStatus(status.status, { bookingCancelled: status.bookingCancelled });
        const delay = outcome === 'processing' ? PROCESSING_POLL_DELAYS_MS[polls] : undefined;
        onEvent({ kind: 'status', status, outcome, polling: delay !== undefined });
        if (delay !== undefined) {
          polls += 1;
          later(delay);
        }
      },
      (error: unknown) => {
        if (stopped) return;
        if (error instanceof ApiError && error.status === 404) {
          onEvent({ kind: 'unknown' });
          return;
        }
        const delay = isTransientStatusError(error instanceof ApiError ? error.status : null) ? STATUS_RETRY_DELAYS_MS[retries] : undefined;
        if (delay !== undefined) {
          retries += 1;
          later(delay);
          return;
        }
        onEvent({ kind: 'unreadable' });
      },
    );
  }
  ask();
  return () => {
    stopped = true;
    cancelTimer();
  };
}
