import { findPeriodTotals } from '@/features/exports/exports.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/**
 * GET (office) `?from=YYYY-MM-DD&to=YYYY-MM-DD`: the payments received, the refunds made and the
 * net over the range, before tax, HST and total in cents: the two CSV files' columns summed
 * (docs/decisions/0095).
 */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const query = new URL(req.url).searchParams;
  return findPeriodTotals({ from: query.get('from'), to: query.get('to') });
});
