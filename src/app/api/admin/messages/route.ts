import { requireStaff } from '@/features/staff-auth/require-staff';
import { RecordListQuerySchema } from '@/features/staff-dashboard/dashboard.schema';
import { listMessages } from '@/features/staff-dashboard/dashboard.service';
import { apiRoute, parseWith } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins) `?cursor=&limit=`: one page of the dashboard's contact messages, newest first, `{ messages, nextCursor }`. */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  return listMessages(parseWith(RecordListQuerySchema, Object.fromEntries(new URL(req.url).searchParams)));
});
