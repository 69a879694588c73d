import { NextResponse } from 'next/server';
import { StaffAccountInputSchema } from '@/features/staff-accounts/staff-account.schema';
import { createStaffAccount, listStaffAccountsForOffice } from '@/features/staff-accounts/staff-account.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** GET (admins): every staff login, active and inactive, and the technicians a login can be linked to. */
export const GET = apiRoute(async () => {
  const session = await requireStaff({ can: 'staffAccounts' });
  return listStaffAccountsForOffice(session);
});

/** POST (admins) `{ displayName, username, role, technicianId, password }`: a new, active login (201). */
export const POST = apiRoute(async ({ req }) => {
  const session = await requireStaff({ can: 'staffAccounts' });
  const input = await parseJson(req, StaffAccountInputSchema);
  return NextResponse.json(await createStaffAccount(session, input), { status: 201 });
});
