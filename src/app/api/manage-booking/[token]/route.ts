import { limitLookups, loadManagedBooking } from '@/features/manage-booking/manage-booking.service';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';
import { getClientIp } from '@/server/request-locale';

export const dynamic = 'force-dynamic';

/** GET (anyone holding the link): the booking as the customer's page shows it; 404 for any bad token (decision 0032). */
export const GET = apiRoute<{ token: string }>(async ({ req, params, locale }) => {
  await limitLookups(getClientIp(req));
  return loadManagedBooking(readRouteParam(params.token), locale);
});
