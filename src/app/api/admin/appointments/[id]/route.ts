import { AppointmentStatusChangeSchema, readRecordId } from '@/features/staff-dashboard/dashboard.schema';
import { changeAppointmentStatus } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** PATCH { status: 'completed' | 'confirmed' }: staff mark a visit done, or take that back (admins). */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  await requireStaff({ role: 'admin' });
  const change = await parseJson(req, AppointmentStatusChangeSchema);
  return changeAppointmentStatus(readRecordId(params.id), change);
});
