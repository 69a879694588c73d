import { resendFailedEmail } from '@/features/email/outbox.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/** POST (admins): a failed email goes back in the queue for a new round of attempts. */
export const POST = apiRoute<{ id: string }>(async ({ params }) => {
  await requireStaff({ can: 'officeWork' });
  return resendFailedEmail(readRecordId(params.id));
});
