import { MessageStatusChangeSchema } from '@/features/staff-dashboard/dashboard.schema';
import { changeMessageStatus } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/** PATCH { status: 'new' | 'read' | 'replied' | 'archived' }: staff file a contact message (admins). */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  await requireStaff({ can: 'officeWork' });
  const change = await parseJson(req, MessageStatusChangeSchema);
  return changeMessageStatus(readRecordId(params.id), change);
});
