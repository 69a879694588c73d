/**
 * What the office is told about a quote (docs/decisions/0073, 0080), pure. A stored quote is
 * `pending` (its email not sent yet), `sent` or `booked`, and `booked` was written when a booking
 * made from it was paid; nothing wrote it back when that booking was cancelled, and nothing at all
 * when a booking was made from it and never paid. The state shown is derived from the bookings made
 * from the quote, as they are now, by `quoteStateSql` (quote.repository.ts), first match wins:
 * - `booked`: a booking paid from it is going ahead (none of its visits cancelled), or one made
 *   from it that the office confirmed by hand without a card payment (0097);
 * - `booking-cancelled`: every booking paid from it was cancelled since, by the customer or the
 *   office; the quote is an open lead again, unless a visit of it was carried out first;
 * - `checkout-started`: nothing paid, but a booking made from it holds its Friday and waits for
 *   its payment (0080);
 * - `hold-expired`: nothing paid, and a booking made from it was never paid before its hold ran
 *   out (0080);
 * - `checkout-cancelled`: nothing paid, none held or lapsed, and a booking made from it was
 *   cancelled before it was paid (0087); the link still books it;
 * - otherwise the stored status (a booked quote whose payment is not found stays `booked`).
 */
import type { CancelledBy } from '@/db/schema/appointments';

export const QUOTE_STATES = ['pending', 'sent', 'checkout-started', 'hold-expired', 'checkout-cancelled', 'booked', 'booking-cancelled'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** The states of a quote whose booking was made and never paid (0080, 0087): the card names that booking. */
export const UNPAID_BOOKING_STATES: ReadonlySet<string> = new Set<QuoteState>(['checkout-started', 'hold-expired', 'checkout-cancelled']);

/**
 * The unpaid booking a card in one of `UNPAID_BOOKING_STATES` names (0087): the one its state is
 * about (held, else lapsed, else cancelled; the latest made), plain JSON for the browser.
 */
export type QuoteUnpaidBooking = {
  bookingRef: string;
  /** The customer record it was booked for, when staff can open it (not erased); null otherwise. */
  customerId: number | null;
  /** When its hold runs or ran out; null once cancelled, or when the hold time was not kept. */
  holdExpiresAt: string | null;
  cancelledAt: string | null;
  cancelledBy: CancelledBy | null;
  /** The branch's time zone, in which the card writes those times. */
  timeZone: string;
};

const asCancelledBy = (value: string | null): CancelledBy | null => (value === 'customer' || value === 'office' ? value : null);

/** The card's unpaid booking from the state's columns; null unless the state is about one. */
export function describeUnpaidBooking(row: {
  state: string;
  unpaidRef: string | null;
  unpaidCustomerId: number | null;
  unpaidHoldExpiresAt: Date | null;
  unpaidCancelledAt: Date | null;
  unpaidCancelledBy: string | null;
}, timeZone: string): QuoteUnpaidBooking | null {
  if (!UNPAID_BOOKING_STATES.has(row.state) || row.unpaidRef === null) return null;
  return {
    bookingRef: row.unpaidRef,
    customerId: row.unpaidCustomerId,
    holdExpiresAt: row.unpaidHoldExpiresAt?.toISOString() ?? null,
    cancelledAt: row.unpaidCancelledAt?.toISOString() ?? null,
    cancelledBy: asCancelledBy(row.unpaidCancelledBy),
    timeZone,
  };
}

/** The latest cancelled booking paid from a quote, for the card's line; null while none was cancelled or one is going ahead. */
export type QuoteCancelledBooking = {
  bookingRef: string | null;
  cancelledAt: string | null;
  /** Null for cancellations made before who cancelled was recorded. */
  cancelledBy: CancelledBy | null;
  /** A visit of a cancelled booking was carried out before: the customer was served, the quote is no open lead. */
  carriedOut: boolean;
};

/** The card's cancelled booking from the state's columns, as plain JSON for the browser. */
export function describeCancelledBooking(row: {
  state: string;
  cancelledRef: string | null;
  cancelledAt: Date | null;
  cancelledBy: string | null;
  carriedOut: boolean;
}): QuoteCancelledBooking | null {
  if (row.state !== 'booking-cancelled') return null;
  return {
    bookingRef: row.cancelledRef,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: asCancelledBy(row.cancelledBy),
    carriedOut: row.carriedOut,
  };
}
