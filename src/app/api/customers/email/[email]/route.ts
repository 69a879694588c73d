import { findStaffCustomerByEmail } from '@/features/booking/booking-queries.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

export const GET = apiRoute<{ email: string }>(async ({ params }) => {
  await requireStaff({ can: 'officeWork' });
  return findStaffCustomerByEmail(readRouteParam(params.email));
});
