import { Badge } from '@/components/ui/badge';
import type { QuoteCancelledBooking } from '@/features/quotes/quote-state';
import { formatShortDate } from '@/lib/format';

/** The `quotesAdmin` translator of a server page or a client island: both are called the same way. */
type QuotesAdminText = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

/**
 * A quote's state as /quotes-admin's card and the customer page's row name it (0073): the badge
 * ('Draft' if empty, SPEC), "Booking cancelled" when the bookings paid from it were all cancelled.
 */
export function QuoteStateBadge({ status, t }: { status: string | null; t: QuotesAdminText }) {
  return (
    <Badge variant={status === 'sent' ? 'default' : status === 'booking-cancelled' ? 'outline' : 'secondary'}>
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
