import { NotTreatedSchema, NotTreatedUndoSchema } from '@/features/routing/route.schema';
import { markStopNotTreated, undoStopNotTreated } from '@/features/routing/route.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST `{ reason, note? }`: "Couldn't treat" from the day sheet (docs/decisions/0085). A technician:
 * only a stop of their own route, from its day on; the office: any visit, not before its day. The
 * visit stays confirmed for the office to move; no visit report is sent. DELETE: its Undo, with
 * no body, or `{ changeId?, takenAt? }` from a phone that kept it without signal (0086); the mark
 * carries them too.
 */
export const POST = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff();
  const input = await parseJson(req, NotTreatedSchema);
  return markStopNotTreated(session, readRecordId(params.id), input);
});

export const DELETE = apiRoute<{ id: string }>(async ({ req, params }) => {
  const session = await requireStaff();
  const input = req.headers.get('content-type')?.includes('application/json') ? await parseJson(req, NotTreatedUndoSchema) : {};
  return undoStopNotTreated(session, readRecordId(params.id), input);
});
