import type { Handler } from './handlers';

/** Staff cancel a booking through POST /api/admin/bookings/{ref}/cancel (the session comes from the test's cookie jar). */
export function cancelBookingAsStaff(cancelRoute: Handler, bookingRef: string, body: unknown, staffLocale = 'en') {
  return cancelRoute(new Request(`http://localhost/api/admin/bookings/${bookingRef}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${staffLocale}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }), { params: Promise.resolve({ bookingRef }) });
}
