import { exportCustomers, toCsvResponse } from '@/features/exports/exports.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins): every customer with their bookings and what they have paid, as a CSV download (docs/decisions/0036). */
export const GET = apiRoute(async ({ locale }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  return toCsvResponse(await exportCustomers({ locale, staff }));
});
