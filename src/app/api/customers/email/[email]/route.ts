import { findStaffCustomerByEmail } from '@/features/booking/booking-queries.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const GET = apiRoute<{ email: string }>(async ({ params }) => {
  await requireStaff();
  return findStaffCustomerByEmail(decodeURIComponent(params.email));
});
