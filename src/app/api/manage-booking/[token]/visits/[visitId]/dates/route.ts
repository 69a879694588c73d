import { limitLookups, listCustomerMoveDates } from '@/features/manage-booking/manage-booking.service';
import { readRecordId, readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';
import { getClientIp } from '@/server/request-locale';

export const dynamic = 'force-dynamic';

/** GET: the Fridays the customer may move this visit to, `{ id, date, dates }` (the office's list, before each Friday's cut-off). */
export const GET = apiRoute<{ token: string; visitId: string }>(async ({ req, params }) => {
  await limitLookups(getClientIp(req));
  return listCustomerMoveDates(readRouteParam(params.token), readRecordId(params.visitId));
});
