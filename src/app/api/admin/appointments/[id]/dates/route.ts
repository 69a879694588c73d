import { listMoveDates } from '@/features/staff-dashboard/reschedule.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/** GET (admins): the Fridays a visit can be moved to, `{ id, date, status, stopsNeeded, dates }`. */
export const GET = apiRoute<{ id: string }>(async ({ params }) => {
  await requireStaff({ can: 'officeWork' });
  return listMoveDates(readRecordId(params.id));
});
