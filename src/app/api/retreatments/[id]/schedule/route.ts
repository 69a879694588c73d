import { ScheduleRetreatmentSchema } from '@/features/retreatments/retreatment.schema';
import { scheduleRetreatment } from '@/features/retreatments/retreatment.service';
import { fitLateVisitsSafely } from '@/features/routing/late-visits.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { runAfterResponse } from '@/server/after-response';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (admins) `{ date }`: books the request's free re-treatment on that Friday and tells the
 * customer (0047); once answered, the visit joins the Friday's planned routes where one has room (0041).
 */
export const POST = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const { date } = await parseJson(req, ScheduleRetreatmentSchema);
  const result = await scheduleRetreatment(readRecordId(params.id), date, { staffUserId: session.staffUserId, by: session.username });
  await runAfterResponse(() => fitLateVisitsSafely([result.date], { reason: 'retreatment' }));
  return result;
});
