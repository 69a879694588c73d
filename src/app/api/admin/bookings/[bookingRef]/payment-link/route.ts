import { ResendPaymentLinkSchema } from '@/features/booking/staff-booking.schema';
import { resendPaymentLink } from '@/features/booking/staff-booking.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (office, admins): emails an unpaid booking's payment link to its customer again, while the
 * booking still holds its Fridays (docs/decisions/0091). 409 when it is paid, cancelled or lapsed.
 * The body names the payment-link emails the screen showed (`{ sent }`, 0097): a second press, or a
 * second screen, answering a count already sent is a 409 and emails nobody.
 */
export const POST = apiRoute<{ bookingRef: string }>(async ({ req, params }) => {
  await requireStaff({ can: 'officeWork' });
  const { sent } = await parseJson(req, ResendPaymentLinkSchema);
  return resendPaymentLink(readRouteParam(params.bookingRef), { now: new Date(), seenSent: sent });
});
