import { CancelBookingSchema } from '@/features/cancellations/cancellation.schema';
import { cancelBooking, previewCancellation } from '@/features/cancellations/cancellation.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';
import { can } from '@/features/staff-auth/capabilities';

/** GET (the office): what cancelling the booking now would do: visits called off, visits carried out, the terms' refund. */
export const GET = apiRoute<{ bookingRef: string }>(async ({ params }) => {
  await requireStaff({ can: 'officeWork' });
  return previewCancellation(readRouteParam(params.bookingRef));
});

/**
 * POST (the office) `{ refundCents?, reason }`: cancels the booking's visits still to come and refunds
 * `refundCents` (default: the terms' amount) to the card (docs/decisions/0017). More than the
 * terms give is an administrator's goodwill (0082): 403 for the office.
 */
export const POST = apiRoute<{ bookingRef: string }>(async ({ req, params }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, CancelBookingSchema);
  return cancelBooking(readRouteParam(params.bookingRef), input, {
    staffUserId: session.staffUserId, by: session.username, mayExceedTerms: can(session.role, 'refundAboveTerms'),
  });
});
