import { AppError } from '@/lib/errors';
import { AppointmentRequestSchema, normaliseAppointmentPayload } from '@/features/booking/booking.schema';
import { createBooking } from '@/features/booking/booking.service';
import { listStaffAppointments } from '@/features/booking/booking-queries.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

/** Per address: enough for a family booking a few plans, not for filling the season without paying. */
export const BOOKING_IP_LIMIT = { points: 10, durationSec: 60 * 60 };

export const POST = apiRoute(async ({ req, locale }) => {
  await consumeRateLimit('booking-ip', getClientIp(req), BOOKING_IP_LIMIT);
  const input = normaliseAppointmentPayload(await parseJson(req, AppointmentRequestSchema));
  if (!input) throw new AppError('validation', 'errors.validation', { fields: { serviceType: 'booking.validation.serviceTypeRequired' } });
  const { replayed, ...booking } = await createBooking(input, { now: new Date(), locale, source: 'api' });
  // A repeated identical request (double click, retry) gets the booking it already made.
  return Response.json(booking, { status: replayed ? 200 : 201 });
});

export const GET = apiRoute(async () => {
  await requireStaff({ can: 'officeWork' });
  return listStaffAppointments();
});
