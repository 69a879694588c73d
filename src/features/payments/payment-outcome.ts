/**
 * What the payment return pages make of the server's status (GET /api/payment-status/{id}).
 * Pure and browser-safe: the pages decide nothing themselves, they only choose what to show and
 * when to ask again.
 */

export type PaymentOutcome = 'succeeded' | 'processing' | 'failed' | 'cancelled';

/**
 * `processing` means the provider has the payment but the bank has not answered (a bank debit, a
 * slow card network): it is neither paid nor failed, and it changes on its own. Every other open
 * status (declined, cancelled, authentication not finished) needs the customer again.
 * `cancelled`: the money was taken but the booking had been cancelled meanwhile, so it is being
 * refunded: never "booked".
 */
export function classifyPaymentStatus(status: string, options: { bookingCancelled?: boolean } = {}): PaymentOutcome {
  if (status === 'succeeded') return options.bookingCancelled ? 'cancelled' : 'succeeded';
  if (status === 'processing') return 'processing';
  return 'failed';
}

/**
 * Why a paid booking will not go ahead, as the payment pages tell it. `cancelled`: every visit had
 * been cancelled before the money arrived (0017). `not-kept`: the booking could not be kept, its
 * customer's personal data having been deleted before the payment arrived (0055); the pages say
 * only that (docs/decisions/0056). `closed`: its Friday was closed for rain before the money
 * arrived and no other Friday of the season had room (0072). Either way the money goes back to the card.
 */
export type BookingEnd = 'cancelled' | 'not-kept' | 'closed';

/** The refund's reason (for the office) when a paid booking's Friday was closed for rain and no Friday had room (0072). */
export const CLOSED_DAY_REFUND_REASON = 'Friday closed for rain before payment, no other Friday with room';

/** The heading and the sentence (keys of `payments.status`) for a paid booking that will not go ahead, with `refundedCents` going back. */
export function describeBookingEnd(end: BookingEnd, refundedCents: number) {
  if (end === 'not-kept') {
    return { title: 'bookingNotKeptTitle', body: refundedCents > 0 ? 'bookingNotKeptRefunded' : 'bookingNotKept' } as const;
  }
  if (end === 'closed') {
    return { title: 'bookingClosedTitle', body: refundedCents > 0 ? 'bookingClosedRefunded' : 'bookingClosed' } as const;
  }
  return { title: 'bookingCancelledTitle', body: refundedCents > 0 ? 'bookingCancelledRefunded' : 'bookingCancelled' } as const;
}

/**
 * Waits between status checks while a payment is processing: quick at first (most settle within
 * seconds), then backing off; about 80 s in all before the page stops and offers "Check again".
 */
export const PROCESSING_POLL_DELAYS_MS = [2_000, 3_000, 5_000, 8_000, 13_000, 20_000, 30_000] as const;

/** Waits before retrying a status call that failed on the way (network, 5xx, 429), not on a 404. */
export const STATUS_RETRY_DELAYS_MS = [1_000, 3_000] as const;

/** Whether a failed status call is worth retrying: a network error (no status), 429 or a 5xx. */
export function isTransientStatusError(httpStatus: number | null): boolean {
  return httpStatus === null || httpStatus === 429 || httpStatus >= 500;
}

/** What /payment-confirmation shows. */
export type ConfirmationState =
  | { kind: 'success'; amountCents: number | null; tentative: boolean }
  | { kind: 'processing'; polling: boolean; unverified: boolean }
  /** Paid for a booking that will not go ahead (`end` says why): `refundedCents` go back to the card. */
  | { kind: 'cancelled'; end: BookingEnd; refundedCents: number }
  | { kind: 'failed'; messageKey: 'noPayment' | 'issue' | 'couldNotVerify' };

/** The status check's result as the page holds it (see use-verified-payment). */
export type SettledCheck =
  | { kind: 'missing' }
  /** The server answered that it has no such payment (404): nothing to be tentative about. */
  | { kind: 'unknown' }
  | { kind: 'failed' }
  | { kind: 'done'; outcome: PaymentOutcome; polling: boolean; status: { amount: number; refundedCents?: number; bookingEnd?: BookingEnd | null } };

/**
 * /payment-confirmation's answer. A payment the server reports as processing is never called
 * failed. redirect_status is read only when the server could not be asked, and then only to choose
 * the wording (SPEC §4: 'succeeded' gives a tentative success), never to confirm anything.
 */
export function describeConfirmation(check: SettledCheck, redirectStatus: string | null): ConfirmationState {
  if (check.kind === 'missing' || check.kind === 'unknown') return { kind: 'failed', messageKey: 'noPayment' };
  if (check.kind === 'failed') {
    if (redirectStatus === 'succeeded') return { kind: 'success', amountCents: null, tentative: true };
    if (redirectStatus === 'processing') return { kind: 'processing', polling: false, unverified: true };
    return { kind: 'failed', messageKey: 'couldNotVerify' };
  }
  if (check.outcome === 'succeeded') return { kind: 'success', amountCents: check.status.amount, tentative: false };
  if (check.outcome === 'cancelled') return { kind: 'cancelled', end: check.status.bookingEnd ?? 'cancelled', refundedCents: check.status.refundedCents ?? 0 };
  if (check.outcome === 'processing') return { kind: 'processing', polling: check.polling, unverified: false };
  return { kind: 'failed', messageKey: 'issue' };
}

/** A visit moved off a Friday closed for rain before it was paid (0072): the Friday closed and the one it takes. */
export type RainMove = { from: string; to: string };

/**
 * The rain moves of a booking's visits, as its payment pages and receipt tell them: each visit moved
 * for the weather ('weather') from the Friday first booked, once per pair, in date order. Before a
 * payment only the move off a closed Friday (0072) moves an unpaid visit (the office and the
 * customer move paid visits only); a later rain day's move of a paid visit reads the same and is as true.
 */
export function listRainMoves(visits: readonly { date: string; status: string; originalDate: string | null; rescheduledReason: string | null }[]): RainMove[] {
  const pairs = new Map<string, RainMove>();
  for (const v of visits) {
    if (v.status === 'cancelled' || v.rescheduledReason !== 'weather' || !v.originalDate || v.originalDate === v.date) continue;
    pairs.set(`${v.originalDate}>${v.date}`, { from: v.originalDate, to: v.date });
  }
  return [...pairs.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}
