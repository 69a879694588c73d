import { requireStaff } from '@/features/staff-auth/require-staff';
import { AppointmentListQuerySchema } from '@/features/staff-dashboard/dashboard.schema';
import { listAppointments } from '@/features/staff-dashboard/dashboard.service';
import { apiRoute, parseWith } from '@/server/handler';

export const dynamic = 'force-dynamic';

/**
 * GET (admins) `?view=upcoming|past|all&date=YYYY-MM-DD&status=&cursor=&limit=`: one page of the
 * dashboard's appointments, `{ appointments, nextCursor, today }`; pass `nextCursor` back for the
 * next page. `today` is the branch's day: a visit can be marked completed from its day on (0057).
 */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const query = parseWith(AppointmentListQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return listAppointments(query);
});
