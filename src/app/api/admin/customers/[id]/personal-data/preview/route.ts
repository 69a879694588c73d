import { previewErasure } from '@/features/privacy/privacy.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/**
 * GET (admins): what deleting the customer's personal data would delete and keep, counted, and
 * whether it would be refused now; the confirmation dialog reads it (docs/decisions/0049).
 */
export const GET = apiRoute<{ id: string }>(async ({ params }) => {
  await requireStaff({ can: 'customerPrivacy' });
  return previewErasure(readRecordId(params.id));
});
