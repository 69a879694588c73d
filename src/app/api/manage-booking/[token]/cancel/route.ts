import { cancelForCustomer, limitLookups, previewCustomerCancellation } from '@/features/manage-booking/manage-booking.service';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';
import { getClientIp } from '@/server/request-locale';

export const dynamic = 'force-dynamic';

/** GET: what cancelling the whole booking now would refund, `{ refundCents, paidCents, visitCount }`, for the confirmation. */
export const GET = apiRoute<{ token: string }>(async ({ req, params }) => {
  await limitLookups(getClientIp(req));
  return previewCustomerCancellation(readRouteParam(params.token));
});

/** POST: the customer cancels the whole booking with the refund the terms give (decisions 0017, 0032). */
export const POST = apiRoute<{ token: string }>(async ({ req, params }) => {
  const clientIp = getClientIp(req);
  await limitLookups(clientIp);
  return cancelForCustomer(readRouteParam(params.token), { clientIp });
});
