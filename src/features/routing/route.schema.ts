import { z } from 'zod';
import { ApplicationLinesSchema } from '@/features/application-records/application-record.schema';
import { isNoteRequired, NOT_TREATED_REASONS } from '@/lib/not-treated-reasons';

/** True for a real calendar day written 'YYYY-MM-DD' (not '2027-02-30', which Date.parse rolls over). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const serviceDate = z.string('routing.invalidDate').refine(isCalendarDate, 'routing.invalidDate');

/** `?date=YYYY-MM-DD` on the route APIs. */
export const DayQuerySchema = z.object({ date: serviceDate });

/** POST /api/routes/optimize body. */
export const OptimizeDaySchema = z.object({ date: serviceDate });

/** `?date=&technicianId=` on GET /api/routes/technician (technicianId: admins only). */
export const TechnicianDayQuerySchema = z.object({
  date: serviceDate,
  technicianId: z.coerce.number('routing.invalidTechnician').int('routing.invalidTechnician').positive('routing.invalidTechnician').optional(),
});

/** The query string as a plain object, for `parseWith`. */
export function readQuery(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams.entries());
}

/** The longest note a technician leaves the customer when marking a stop done (0038). */
export const VISIT_NOTE_MAX_LENGTH = 500;

/** The id the day sheet gives each change it takes (0052): a UUID, in any case. */
export const StopChangeIdSchema = z.uuid('routing.invalidChangeId');

/**
 * A day sheet change's id and when it was taken (0052, 0057), as "Mark done" sends them: "Couldn't
 * treat" and its Undo carry them too, once kept on the phone without signal (0086).
 */
const StopChangeStamp = {
  changeId: StopChangeIdSchema.transform((value) => value.toLowerCase()).optional(),
  takenAt: z.iso.datetime({ offset: true, error: 'routing.invalidTakenAt' }).transform((value) => new Date(value)).optional(),
};

/**
 * PATCH /api/routes/technician/stops/{id} body: mark a stop done, or take that back. With
 * 'completed', an optional note to the customer (trimmed; empty means none) that the visit report
 * carries (docs/decisions/0038), the products applied with their amounts (0042: required for a
 * treatment while the branch has products), and `doneAt`, when the technician pressed "Mark done"
 * (an ISO instant with its offset; a mark kept on the phone without signal is sent late, 0045): the
 * visit's completion and the record are dated with it, within the bounds the service checks. With
 * 'confirmed' none of them is read. `changeId`, either way: the id the phone gave this press (0052,
 * a UUID), so the same change sent again after its answer was lost is recognised and applied once;
 * optional (the office's own changes and older phones send none). `takenAt`, either way: when the
 * press was made (an ISO instant with its offset, as `doneAt`), which tells whether the server can
 * still recognise the id (0057); optional (older phones send none).
 */
export const StopStatusChangeSchema = z.object({
  status: z.enum(['completed', 'confirmed'], 'routing.invalidStopStatus'),
  note: z.string('routing.noteDialog.tooLong').trim().max(VISIT_NOTE_MAX_LENGTH, 'routing.noteDialog.tooLong').optional(),
  applications: ApplicationLinesSchema.optional(),
  doneAt: z.iso.datetime({ offset: true, error: 'routing.invalidDoneAt' }).transform((value) => new Date(value)).optional(),
  ...StopChangeStamp,
});

export type StopStatusChange = z.infer<typeof StopStatusChangeSchema>;

/**
 * POST /api/routes/technician/stops/{id}/not-treated body (docs/decisions/0085): the technician came
 * but could not treat. A reason from the short list is required; the note (trimmed, as long as a
 * visit note) is required for 'other', optional otherwise, and stays with the office: the
 * customer gets no report and no email.
 */
export const NotTreatedSchema = z.object({
  reason: z.enum(NOT_TREATED_REASONS, 'routing.notTreated.reasonRequired'),
  note: z.string('routing.notTreated.noteTooLong').trim().max(VISIT_NOTE_MAX_LENGTH, 'routing.notTreated.noteTooLong').optional(),
  ...StopChangeStamp,
}).refine((value) => !isNoteRequired(value.reason) || Boolean(value.note), { path: ['note'], message: 'routing.notTreated.noteRequired' });

export type NotTreated = z.infer<typeof NotTreatedSchema>;

/** DELETE /api/routes/technician/stops/{id}/not-treated body, when the phone kept the Undo (0086): its id and time. */
export const NotTreatedUndoSchema = z.object(StopChangeStamp);

export type NotTreatedUndo = z.infer<typeof NotTreatedUndoSchema>;
