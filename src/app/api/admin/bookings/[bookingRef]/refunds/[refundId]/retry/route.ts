import { RetryRefundSchema } from '@/features/cancellations/cancellation.schema';
import { retryRefund } from '@/features/cancellations/cancellation.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId, readRouteParam } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (office): sends a failed refund of the booking again. The body names the failed attempts the
 * screen showed (`{ attempts }`); a second click while it runs, or after it ran, is a 409.
 */
export const POST = apiRoute<{ bookingRef: string; refundId: string }>(async ({ req, params }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const { attempts } = await parseJson(req, RetryRefundSchema);
  return retryRefund(readRouteParam(params.bookingRef), readRecordId(params.refundId), { by: session.username, seenAttempts: attempts });
});
