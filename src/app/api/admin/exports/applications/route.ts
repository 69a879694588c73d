import { exportApplications, toCsvResponse } from '@/features/exports/exports.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins) `?from=YYYY-MM-DD&to=YYYY-MM-DD`: the products applied at visits done in the range, as a CSV download (docs/decisions/0042). */
export const GET = apiRoute(async ({ req, locale }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  const query = new URL(req.url).searchParams;
  return toCsvResponse(await exportApplications({ from: query.get('from'), to: query.get('to') }, { locale, staff }));
});
