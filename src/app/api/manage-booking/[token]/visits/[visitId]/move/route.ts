import { MoveVisitSchema } from '@/features/manage-booking/manage-booking.schema';
import { limitLookups, moveVisitForCustomer } from '@/features/manage-booking/manage-booking.service';
import { readRecordId, readRouteParam } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';
import { getClientIp } from '@/server/request-locale';

/** POST `{ date }`: the customer moves the visit (and its same-day companions) to another Friday, before the cut-off. */
export const POST = apiRoute<{ token: string; visitId: string }>(async ({ req, params }) => {
  const clientIp = getClientIp(req);
  await limitLookups(clientIp);
  const { date } = await parseJson(req, MoveVisitSchema);
  return moveVisitForCustomer(readRouteParam(params.token), readRecordId(params.visitId), date, { clientIp });
});
