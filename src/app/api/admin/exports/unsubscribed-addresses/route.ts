import { exportUnsubscribedAddresses, toCsvResponse } from '@/features/exports/exports.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins): every address on the do-not-email list, since when and how, as a CSV download (docs/decisions/0074). */
export const GET = apiRoute(async ({ locale }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  return toCsvResponse(await exportUnsubscribedAddresses({ locale, staff }));
});
