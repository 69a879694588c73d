import { buildOwnPasswordChangeSchema } from '@/features/staff-accounts/staff-account.schema';
import { changeOwnPassword } from '@/features/staff-accounts/staff-account.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (any signed-in staff member) `{ currentPassword, newPassword }`: changes their own password
 * and signs them out everywhere else (decision 0037). Wrong current passwords are rate-limited.
 */
export const POST = apiRoute(async ({ req }) => {
  const session = await requireStaff();
  const input = await parseJson(req, buildOwnPasswordChangeSchema(session.username));
  return changeOwnPassword(session, input);
});
