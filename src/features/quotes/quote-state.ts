/**
 * What the office is told about a quote (docs/decisions/0073), pure. A stored quote is `pending`
 * (its email not sent yet), `sent` or `booked`, and `booked` was written when a booking made from it
 * was paid; nothing wrote it back when that booking was cancelled. The state shown is derived from
 * the bookings paid from the quote, as they are now, by `quoteStateSql` (quote.repository.ts):
 * - `booked`: a booking paid from it is going ahead (none of its visits cancelled);
 * - `booking-cancelled`: every booking paid from it was cancelled since, by the customer or the
 *   office; the quote is an open lead again, unless a visit of it was carried out first;
 * - otherwise the stored status (a booked quote whose payment is not found stays `booked`).
 */
import type { CancelledBy } from '@/db/schema/appointments';

export const QUOTE_STATES = ['pending', 'sent', 'booked', 'booking-cancelled'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

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
    cancelledBy: row.cancelledBy === 'customer' || row.cancelledBy === 'office' ? row.cancelledBy : null,
    carriedOut: row.carriedOut,
  };
}
