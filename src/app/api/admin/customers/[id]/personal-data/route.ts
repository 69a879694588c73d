import { eraseCustomerData, exportCustomerData } from '@/features/privacy/privacy.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins): everything held about the customer, as a JSON download for an access request (docs/decisions/0049). */
export const GET = apiRoute<{ id: string }>(async ({ params }) => {
  const staff = await requireStaff({ can: 'customerPrivacy' });
  const file = await exportCustomerData(readRecordId(params.id), { staff });
  return new Response(file.content, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${file.filename}"` },
  });
});

/**
 * DELETE (admins): a deletion request. Deletes what need not be kept and anonymises the personal
 * fields of the tax records; 409 with a translated reason while visits are booked or money is
 * still moving, or when already done (docs/decisions/0049).
 */
export const DELETE = apiRoute<{ id: string }>(async ({ params }) => {
  const staff = await requireStaff({ can: 'customerPrivacy' });
  return eraseCustomerData(readRecordId(params.id), { staff });
});
