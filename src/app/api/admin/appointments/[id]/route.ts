import { AppointmentChangeSchema } from '@/features/staff-dashboard/dashboard.schema';
import { changeAppointment } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * PATCH (admins) `{ status: 'completed' | 'confirmed' }`: staff mark a visit done, or take that back;
 * `{ date: 'YYYY-MM-DD' }`: staff move a confirmed visit, or a paid one that needs a new date, to
 * another bookable Friday with room, where it is confirmed.
 */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff({ role: 'admin' });
  const change = await parseJson(req, AppointmentChangeSchema);
  return changeAppointment(readRecordId(params.id), change, { by: session.username });
});
