import { Badge } from '@/components/ui/badge';
import { localePath } from '@/components/site/locale-paths';
import type { QuoteCancelledBooking, QuoteUnpaidBooking } from '@/features/quotes/quote-state';
import { formatShortDate, formatShortDateTime } from '@/lib/format';
import { listQuoteAddOnKeys } from '../quote-list';

/** The `quotesAdmin` translator of a server page or a client island: both are called the same way. */
type QuotesAdminText = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

/** The states that say what became of a booking made from the quote, short of one going ahead (0073, 0080): outlined. */
const OUTLINED_STATES: ReadonlySet<string> = new Set(['booking-cancelled', 'checkout-started', 'hold-expired', 'checkout-cancelled']);

/**
 * A quote's state as /quotes-admin's card and the customer page's row name it (0073, 0080): the
 * badge ('Draft' if empty, SPEC), "Booking cancelled" when the bookings paid from it were all
 * cancelled, "Checkout started, not paid", "Not paid, hold expired" or "Checkout cancelled, not
 * paid" for a booking made from it and never paid (0087).
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
 * What became of the unpaid booking a quote's state is about (0087): 'Held until Nov 25, 2026,
 * 3:42 PM.', 'Hold expired on …', 'Cancelled by the office on …, before payment.', the times in
 * the branch's time zone.
 */
export function describeUnpaidBookingStatus(booking: QuoteUnpaidBooking, status: string, locale: string, t: QuotesAdminText): string {
  const at = (value: string | null) => formatShortDateTime(value, locale, undefined, booking.timeZone);
  if (status === 'checkout-started') {
    const time = at(booking.holdExpiresAt);
    return time ? t('unpaidBooking.held', { time }) : t('unpaidBooking.heldOpen');
  }
  if (status === 'hold-expired') {
    const time = at(booking.holdExpiresAt);
    return time ? t('unpaidBooking.lapsed', { time }) : t('unpaidBooking.lapsedUndated');
  }
  const by = booking.cancelledBy ?? 'unknown';
  const date = at(booking.cancelledAt);
  return date ? t('unpaidBooking.cancelled', { by, date }) : t('unpaidBooking.cancelledUndated', { by });
}

/**
 * The card's and the customer row's line about a quote's unpaid booking (0087): its reference,
 * a link to the booking on its customer's page when staff can open it (a live record), and what
 * became of it.
 */
export function UnpaidBookingLine({ booking, status, locale, t }: { booking: QuoteUnpaidBooking; status: string; locale: string; t: QuotesAdminText }) {
  const ref = booking.customerId === null ? <span>{booking.bookingRef}</span> : (
    <a
      className="text-brand-800 underline"
      href={localePath(locale, `/customer-details?id=${booking.customerId}#booking-${booking.bookingRef}`)}
      aria-label={t('unpaidBooking.open', { ref: booking.bookingRef })}
    >
      {booking.bookingRef}
    </a>
  );
  return <>{t('unpaidBooking.label')} {ref} · {describeUnpaidBookingStatus(booking, status, locale, t)}</>;
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
