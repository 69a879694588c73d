import { HandBackSchema } from '@/features/payments/offline-payment';
import { recordHandBack } from '@/features/payments/offline-payment.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId, readRouteParam } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (office, admins) `{ method, handedBackOn, reference? }`: the refund of a payment taken by
 * hand was given back to the customer (docs/decisions/0103); the refund is made on that day.
 */
export const POST = apiRoute<{ bookingRef: string; refundId: string }>(async ({ req, params }) => {
  await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, HandBackSchema);
  return recordHandBack(readRouteParam(params.bookingRef), readRecordId(params.refundId), input, {});
});
