import { PhoneMatchQuerySchema } from '@/features/staff-dashboard/new-customer.schema';
import { findPhoneMatches } from '@/features/staff-dashboard/new-customer.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

export const dynamic = 'force-dynamic';

/**
 * POST (office, admins) `{ phone }`: the customers already on file with that phone, in any format,
 * for "New customer"'s warning before saving (docs/decisions/0105). `{ matches, total }`; a number
 * not complete yet matches nothing.
 */
export const POST = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const { phone } = await parseJson(req, PhoneMatchQuerySchema);
  return findPhoneMatches(phone);
});
