import { limitLookups } from '@/features/manage-booking/manage-booking.service';
import { WithdrawRetreatmentSchema } from '@/features/retreatments/retreatment.schema';
import { withdrawRetreatment } from '@/features/retreatments/retreatment.service';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';
import { getClientIp } from '@/server/request-locale';

/**
 * POST `{ requestId }` (anyone holding the link): the customer withdraws their open re-treatment
 * request (decision 0051); the office is told. 409 once the office has answered it. Rate-limited
 * as the page's other actions.
 */
export const POST = apiRoute<{ token: string }>(async ({ req, params }) => {
  const clientIp = getClientIp(req);
  await limitLookups(clientIp);
  const { requestId } = await parseJson(req, WithdrawRetreatmentSchema);
  return withdrawRetreatment(readRouteParam(params.token), requestId, { clientIp });
});
