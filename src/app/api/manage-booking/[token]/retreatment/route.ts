import { limitLookups } from '@/features/manage-booking/manage-booking.service';
import { RequestRetreatmentSchema } from '@/features/retreatments/retreatment.schema';
import { requestRetreatment } from '@/features/retreatments/retreatment.service';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';
import { getClientIp } from '@/server/request-locale';

/**
 * POST `{ reason, note?, locale? }` (anyone holding the link): the customer asks for a free
 * re-treatment of the token's booking under the guarantee (decision 0047); the office is told and
 * answers from /retreatments. Rate-limited as the page's other actions.
 */
export const POST = apiRoute<{ token: string }>(async ({ req, params, locale }) => {
  const clientIp = getClientIp(req);
  await limitLookups(clientIp);
  const input = await parseJson(req, RequestRetreatmentSchema);
  return requestRetreatment(readRouteParam(params.token), input, { clientIp, locale });
});
