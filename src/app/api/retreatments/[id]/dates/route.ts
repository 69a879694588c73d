import { listRetreatmentDates } from '@/features/retreatments/retreatment.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins): the Fridays an open request's free re-treatment can be booked on (0047). */
export const GET = apiRoute<{ id: string }>(async ({ params }) => {
  await requireStaff({ can: 'officeWork' });
  return listRetreatmentDates(readRecordId(params.id));
});
