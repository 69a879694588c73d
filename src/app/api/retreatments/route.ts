import { listOfficeRetreatmentRequests } from '@/features/retreatments/retreatment.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins): the open free re-treatment requests, oldest first, then the ones answered lately (0047). */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'officeWork' });
  return listOfficeRetreatmentRequests();
});
