import { requireStaff } from '@/features/staff-auth/require-staff';
import { TechnicianChangeSchema } from '@/features/technicians/technician.schema';
import { changeTechnician } from '@/features/technicians/technician.service';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * PATCH (admins) any of `{ name, color, shiftStart, shiftEnd, licenceNumber, licenceExpiresOn }` to edit a technician, and/or
 * `{ isActive }` to deactivate or reactivate them (technicians are never deleted).
 */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  await requireStaff({ can: 'technicians' });
  const change = await parseJson(req, TechnicianChangeSchema);
  return changeTechnician(readRecordId(params.id), change);
});
