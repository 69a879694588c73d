import { changeStopStatusWithRecord } from '@/features/application-records/application-record.service';
import { StopStatusChangeSchema } from '@/features/routing/route.schema';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * PATCH `{ status: 'completed' | 'confirmed', note?, applications?, doneAt?, changeId? }`: a stop marked done
 * from the day sheet, with its application record (docs/decisions/0042), or taken back. A
 * technician: only a stop of their own route, from its day on (routing's rule, checked and changed
 * in one transaction); an admin: any visit. The transition is the dashboard's (confirmed <->
 * completed, 409 otherwise). `doneAt`: when "Mark done" was pressed, for a mark sent late from a
 * phone without signal (0045): it dates the visit and the record, and the same mark sent twice
 * is answered as done without recording it again. `changeId`: the phone's id for this change
 * (0052): a change applied before writes nothing and answers the stop as it is now, `replayed: true`.
 */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff();
  const change = await parseJson(req, StopStatusChangeSchema);
  return changeStopStatusWithRecord(session, readRecordId(params.id), change);
});
