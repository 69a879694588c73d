import { retryRefund } from '@/features/cancellations/cancellation.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId, readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/** POST (admins): sends a failed refund of the booking again; a second click while it runs is a 409. */
export const POST = apiRoute<{ bookingRef: string; refundId: string }>(async ({ params }) => {
  const session = await requireStaff({ can: 'officeWork' });
  return retryRefund(readRouteParam(params.bookingRef), readRecordId(params.refundId), { by: session.username });
});
