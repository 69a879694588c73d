import { replaceManageLink } from '@/features/manage-booking/manage-link.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/**
 * POST (admins): replaces the booking's "Manage your booking" link (docs/decisions/0050). The
 * link in every email sent before opens nothing from now on; the customer is emailed the new one.
 */
export const POST = apiRoute<{ bookingRef: string }>(async ({ params }) => {
  const session = await requireStaff({ can: 'officeWork' });
  return replaceManageLink(readRouteParam(params.bookingRef), session);
});
