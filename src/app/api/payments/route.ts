import { listPayments } from '@/features/payments/payment.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** Staff list for the admin dashboard; 401 without a session (DECISIONS §5). */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'officeWork' });
  return listPayments();
});
