import { requireStaff } from '@/features/staff-auth/require-staff';
import { PaymentListQuerySchema } from '@/features/staff-dashboard/dashboard.schema';
import { listPayments } from '@/features/staff-dashboard/dashboard.service';
import { apiRoute, parseWith } from '@/server/handler';

export const dynamic = 'force-dynamic';

/**
 * GET (office, admins) `?from=&to=&cursor=&limit=`: one page of the dashboard's payments, newest first,
 * `{ payments, nextCursor }`; with From/To only those created on those days (0101), a bad range a 400.
 */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  return listPayments(parseWith(PaymentListQuerySchema, Object.fromEntries(new URL(req.url).searchParams)));
});
