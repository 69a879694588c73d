import { Badge } from '@/components/ui/badge';
import type { QuoteCancelledBooking } from '@/features/quotes/quote-state';
import { formatShortDate } from '@/lib/format';
import { listQuoteAddOnKeys } from '../quote-list';

/** The `quotesAdmin` translator of a server page or a client island: both are called the same way. */
type QuotesAdminText = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

/** The states that say what became of a booking made from the quote, short of one going ahead (0073, 0080): outlined. */
const OUTLINED_STATES: ReadonlySet<string> = new Set(['booking-cancelled', 'checkout-started', 'hold-expired']);

/**
 * A quote's state as /quotes-admin's card and the customer page's row name it (0073, 0080): the
 * badge ('Draft' if empty, SPEC), "Booking cancelled" when the bookings paid from it were all
 * cancelled, "Checkout started, not paid" or "Not paid, hold expired" for a booking made from it
 * and never paid.
 */
export function QuoteStateBadge({ status, t }: { status: string | null; t: QuotesAdminText }) {
  return (
    <Badge variant={status === 'sent' ? 'default' : status !== null && OUTLINED_STATES.has(status) ? 'outline' : 'secondary'}>
      {status ? (t.has(`status.${status}`) ? t(`status.${status}`) : status) : t('draft')}
    </Badge>
  );
}

/**
 * 'Booking BK-7Q2M4XRA was cancelled by the customer on Nov 25, 2026.', and whether a visit of it
 * was carried out first (then it is no open lead: the follow-up says so).
 */
export function describeCancelledBookingLine(booking: QuoteCancelledBooking, locale: string, t: QuotesAdminText): string {
  const by = booking.cancelledBy ?? 'unknown';
  const ref = booking.bookingRef ?? '';
  const date = formatShortDate(booking.cancelledAt, locale);
  const line = date ? t('cancelledBooking.on', { by, ref, date }) : t('cancelledBooking.undated', { by, ref });
  return booking.carriedOut ? `${line} ${t('cancelledBooking.carriedOut')}` : line;
}

/**
 * Everything the customer added to the quote's plan, as the card and the customer page's row list
 * them (0080): the two main add-ons (`quotesAdmin` names), then the calculator's extras by the names
 * its price lines give them (`pricing`); a code no longer sold is shown as stored.
 */
export function nameQuoteAddOns(
  quote: { includeTick: boolean; includeStandingWater: boolean; extras: readonly string[] }, t: QuotesAdminText, tp: QuotesAdminText,
): string[] {
  return [
    ...listQuoteAddOnKeys(quote).map((key) => t(key)),
    ...quote.extras.map((code) => (tp.has(`lines.${code}`) ? tp(`lines.${code}`) : code)),
  ];
}
