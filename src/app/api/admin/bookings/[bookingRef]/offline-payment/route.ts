import { OfflinePaymentSchema } from '@/features/payments/offline-payment';
import { recordOfflinePayment } from '@/features/payments/offline-payment.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (office, admins) `{ method, receivedOn, reference?, amount }`: records the booking's price
 * taken in cash, by cheque or by e-transfer (docs/decisions/0103). The amount must be what the
 * booking costs, to the cent; 409 once the booking is paid or cancelled. The same entry twice
 * answers the payment already recorded (`repeated: true`).
 */
export const POST = apiRoute<{ bookingRef: string }>(async ({ req, params, locale }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, OfflinePaymentSchema);
  return recordOfflinePayment(readRouteParam(params.bookingRef), input, { staffUserId: session.staffUserId, locale });
});
