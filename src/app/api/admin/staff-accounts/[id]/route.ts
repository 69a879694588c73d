import { StaffAccountChangeSchema } from '@/features/staff-accounts/staff-account.schema';
import { changeStaffAccount } from '@/features/staff-accounts/staff-account.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * PATCH (admins) any of `{ displayName, role, technicianId }` to edit a login, `{ password }` to
 * set a new one, and/or `{ isActive }` to deactivate or reactivate it (logins are never deleted).
 */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff({ can: 'staffAccounts' });
  const change = await parseJson(req, StaffAccountChangeSchema);
  return changeStaffAccount(session, readRecordId(params.id), change);
});
