import { VisitRecordEditSchema } from '@/features/application-records/application-record.schema';
import { editVisitRecord } from '@/features/application-records/application-record.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * PUT (admins) `{ note, technicianId, applications }`: the office rewrites a done visit's note to
 * the customer and its application record (docs/decisions/0042). The report is not sent again.
 */
export const PUT = apiRoute<{ id: string }>(async ({ req, params }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, VisitRecordEditSchema);
  return editVisitRecord(staff, readRecordId(params.id), input);
});
