import { StopStatusChangeSchema } from '@/features/routing/route.schema';
import { requireStopChangeAllowed } from '@/features/routing/route.service';
import { changeAppointmentStatus } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * PATCH `{ status: 'completed' | 'confirmed' }`: a stop marked done from the day sheet, or taken
 * back. A technician: only a stop of their own route, from its day on (routing's rule); an admin:
 * any visit. The transition is the dashboard's (confirmed <-> completed, 409 otherwise).
 */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff();
  const change = await parseJson(req, StopStatusChangeSchema);
  const id = await requireStopChangeAllowed(session, readRecordId(params.id));
  return changeAppointmentStatus(id, change);
});
