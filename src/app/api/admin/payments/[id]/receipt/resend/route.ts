import { resendReceipt } from '@/features/receipts/receipt.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/** POST (admins): the payment's receipt emailed to the customer again, queued in the outbox (docs/decisions/0040). */
export const POST = apiRoute<{ id: string }>(async ({ params }) => {
  await requireStaff({ can: 'officeWork' });
  return resendReceipt(readRecordId(params.id));
});
