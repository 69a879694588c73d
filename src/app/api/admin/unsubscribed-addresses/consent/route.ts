import { OfficeConsentSchema } from '@/features/marketing-email/marketing-email.schema';
import { recordConsentAgain } from '@/features/marketing-email/unsubscribed-list.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (admins) `{ email, note }`: the person gave consent again; the address comes off the list
 * with the office's record of how (required), who and when (0074). 404 when it is not on the list.
 */
export const POST = apiRoute(async ({ req, locale }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, OfficeConsentSchema);
  return recordConsentAgain(input, { now: new Date(), staff, locale });
});
