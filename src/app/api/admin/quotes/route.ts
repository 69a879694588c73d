import { requireStaff } from '@/features/staff-auth/require-staff';
import { QuoteListQuerySchema } from '@/features/staff-dashboard/dashboard.schema';
import { listQuotesForStaff } from '@/features/staff-dashboard/dashboard.service';
import { apiRoute, parseWith } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins) `?status=&q=&cursor=&limit=`: one page of /quotes-admin, newest first, `{ quotes, nextCursor }`. */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  return listQuotesForStaff(parseWith(QuoteListQuerySchema, Object.fromEntries(new URL(req.url).searchParams)));
});
