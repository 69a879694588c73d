import { requireStaff } from '@/features/staff-auth/require-staff';
import { RecordListQuerySchema } from '@/features/staff-dashboard/dashboard.schema';
import { listOutbox } from '@/features/staff-dashboard/dashboard.service';
import { apiRoute, parseWith } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins) `?cursor=&limit=`: one page of the dashboard's outbox emails, newest first, `{ outbox, nextCursor }`. */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  return listOutbox(parseWith(RecordListQuerySchema, Object.fromEntries(new URL(req.url).searchParams)));
});
