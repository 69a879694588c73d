import { resendPaymentLink } from '@/features/booking/staff-booking.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/**
 * POST (office, admins): emails an unpaid booking's payment link to its customer again, while the
 * booking still holds its Fridays (docs/decisions/0091). 409 when it is paid, cancelled or lapsed.
 */
export const POST = apiRoute<{ bookingRef: string }>(async ({ params }) => {
  await requireStaff({ can: 'officeWork' });
  return resendPaymentLink(readRouteParam(params.bookingRef), { now: new Date() });
});
