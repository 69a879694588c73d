import { z } from 'zod';
import { MAX_APPLICATION_LINES, parseAmount } from './application-rules';

/**
 * A visit's application record as the day sheet's "Mark done" and the office's edit send it
 * (docs/decisions/0042). The same schemas check the forms (react-hook-form) and the handlers;
 * messages are translation keys. Client-safe: no server imports.
 */

/** The longest note to the customer (0038); the office's edit keeps the technician's limit. */
export const VISIT_RECORD_NOTE_MAX = 500;

/** An amount as typed ('12,5') or sent as a number → hundredths of the product's unit. */
const amount = z
  .union([z.string(), z.number()], 'applicationRecords.amountRequired')
  .transform((value, ctx) => {
    const check = parseAmount(typeof value === 'number' ? String(value) : value);
    if (check.ok) return check.hundredths;
    ctx.addIssue({ code: 'custom', message: check.messageKey });
    return z.NEVER;
  });

/** A product chosen from the list: its id (a select sends it as text; '' is none chosen). */
const productId = z.coerce
  .number<unknown>('applicationRecords.productRequired')
  .int('applicationRecords.productRequired')
  .positive('applicationRecords.productRequired');

export const ApplicationLineSchema = z.object({ productId, amount });

/** One to five lines (none for a consultation, or while the branch has no product); one product once. */
export const ApplicationLinesSchema = z
  .array(ApplicationLineSchema, 'applicationRecords.invalidLines')
  .max(MAX_APPLICATION_LINES, 'applicationRecords.tooManyLines')
  .superRefine((lines, ctx) => {
    const seen = new Set<number>();
    lines.forEach((line, i) => {
      if (seen.has(line.productId)) ctx.addIssue({ code: 'custom', path: [i, 'productId'], message: 'applicationRecords.duplicateProduct' });
      seen.add(line.productId);
    });
  });

export type ApplicationLineInput = z.input<typeof ApplicationLineSchema>;
export type ApplicationLines = z.output<typeof ApplicationLinesSchema>;

/** A line as the forms hold it: the product's id and the amount as typed. */
export type ApplicationLineDraft = { productId: string; amount: string };

const note = z
  .string('applicationRecords.visitRecord.noteTooLong')
  .trim()
  .max(VISIT_RECORD_NOTE_MAX, 'applicationRecords.visitRecord.noteTooLong');

/**
 * PUT /api/admin/appointments/{id}/visit-record: the office rewrites a done visit's note (empty is
 * none) and its record (the lines replace the stored ones), naming the technician who applied
 * them (null only with no lines).
 */
export const VisitRecordEditSchema = z.object({
  note,
  technicianId: z.union([
    z.null(),
    z.literal(''),
    z.coerce.number<unknown>('applicationRecords.technicianRequired').int('applicationRecords.technicianRequired').positive('applicationRecords.technicianRequired'),
  ], 'applicationRecords.technicianRequired').transform((value) => (value === '' ? null : value)),
  applications: ApplicationLinesSchema,
});

export type VisitRecordEdit = z.output<typeof VisitRecordEditSchema>;
export type VisitRecordEditValues = z.input<typeof VisitRecordEditSchema>;
