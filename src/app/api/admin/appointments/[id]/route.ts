import { changeStopStatusWithRecord } from '@/features/application-records/application-record.service';
import { fitLateVisitsSafely } from '@/features/routing/late-visits.service';
import { AppointmentChangeSchema } from '@/features/staff-dashboard/dashboard.schema';
import { changeAppointment } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { runAfterResponse } from '@/server/after-response';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * PATCH (admins) `{ status: 'completed', note?, applications?, technicianId? }`: staff mark a visit
 * done as the day sheet does, with the note to the customer and the application record in the
 * same transaction (0042, 0046; `technicianId` names who applied the products when the visit is
 * on no route); `{ status: 'confirmed' }` takes that back; `{ date: 'YYYY-MM-DD' }`: staff move a
 * confirmed visit, or a paid one that needs a new date, to another bookable Friday with room,
 * where it is confirmed; once answered, a moved visit joins that Friday's planned routes where one
 * has room (0041).
 */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const change = await parseJson(req, AppointmentChangeSchema);
  const id = readRecordId(params.id);
  if (change.kind === 'complete') return changeStopStatusWithRecord(session, id, change);
  const result = await changeAppointment(id, change, { by: session.username });
  // A move answers with the Friday and the visits moved (none when the visit was already there).
  const moved = result as typeof result & { date?: string; movedIds?: number[] };
  if (change.kind === 'move' && moved.date && moved.movedIds?.length) {
    const date = moved.date;
    await runAfterResponse(() => fitLateVisitsSafely([date], { reason: 'office-move' }));
  }
  return result;
});
