import { exportRefunds, toCsvResponse } from '@/features/exports/exports.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins) `?from=YYYY-MM-DD&to=YYYY-MM-DD`: the refunds made in the range, each on its own day, as a CSV download (docs/decisions/0075). */
export const GET = apiRoute(async ({ req, locale }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  const query = new URL(req.url).searchParams;
  return toCsvResponse(await exportRefunds({ from: query.get('from'), to: query.get('to') }, { locale, staff }));
});
