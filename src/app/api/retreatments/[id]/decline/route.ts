import { DeclineRetreatmentSchema } from '@/features/retreatments/retreatment.schema';
import { declineRetreatment } from '@/features/retreatments/retreatment.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/** POST (admins) `{ reason }`: declines the request with a reason the customer reads in their email (0047). */
export const POST = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const { reason } = await parseJson(req, DeclineRetreatmentSchema);
  return declineRetreatment(readRecordId(params.id), reason, { staffUserId: session.staffUserId, by: session.username });
});
