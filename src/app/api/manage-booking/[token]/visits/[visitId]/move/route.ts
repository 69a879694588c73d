import { MoveVisitSchema } from '@/features/manage-booking/manage-booking.schema';
import { limitLookups, moveVisitForCustomer } from '@/features/manage-booking/manage-booking.service';
import { fitLateVisitsSafely } from '@/features/routing/late-visits.service';
import { readRecordId, readRouteParam } from '@/lib/route-param';
import { runAfterResponse } from '@/server/after-response';
import { apiRoute, parseJson } from '@/server/handler';
import { getClientIp } from '@/server/request-locale';

/**
 * POST `{ date }`: the customer moves the visit (and its same-day companions) to another Friday,
 * before the cut-off; once answered, the visit joins that Friday's planned routes where one has room (0041).
 */
export const POST = apiRoute<{ token: string; visitId: string }>(async ({ req, params }) => {
  const clientIp = getClientIp(req);
  await limitLookups(clientIp);
  const { date } = await parseJson(req, MoveVisitSchema);
  const moved = await moveVisitForCustomer(readRouteParam(params.token), readRecordId(params.visitId), date, { clientIp });
  if (moved.movedIds.length > 0) await runAfterResponse(() => fitLateVisitsSafely([moved.date], { reason: 'customer-move' }));
  return moved;
});
