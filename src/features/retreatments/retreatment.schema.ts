import { z } from 'zod';
import { routing } from '@/i18n/routing';
import { RETREATMENT_REASONS } from './retreatment-eligibility';

/** The customer's note and the office's decline reason: a few sentences (the table's check says the same, 0047). Client-safe. */
export const RETREATMENT_NOTE_MAX = 500;

/**
 * The customer asks for a free re-treatment (POST /api/manage-booking/{token}/retreatment). The
 * form and the handler share it; messages are translation keys. Whether the reason suits the plan
 * (heavy rain: seasonal plans only) is the service's rule, answered as a field error too.
 */
export const RequestRetreatmentSchema = z.object({
  reason: z.enum(RETREATMENT_REASONS, 'retreatments.errors.chooseReason'),
  note: z.string('retreatments.errors.noteTooLong').trim().max(RETREATMENT_NOTE_MAX, 'retreatments.errors.noteTooLong').optional().default(''),
  /** The page's language: the office's answer is written in it. */
  locale: z.enum(routing.locales).optional(),
});
export type RequestRetreatmentInput = z.input<typeof RequestRetreatmentSchema>;
export type RequestRetreatmentValues = z.output<typeof RequestRetreatmentSchema>;

/** The office books the re-treatment on a Friday (POST /api/retreatments/{id}/schedule). */
export const ScheduleRetreatmentSchema = z.object({
  date: z.string('retreatments.errors.chooseDate').regex(/^\d{4}-\d{2}-\d{2}$/, 'retreatments.errors.chooseDate'),
});
export type ScheduleRetreatmentInput = z.infer<typeof ScheduleRetreatmentSchema>;

/** The office declines, saying why in a sentence the customer will read (POST /api/retreatments/{id}/decline). */
export const DeclineRetreatmentSchema = z.object({
  reason: z.string('retreatments.errors.declineReasonRequired').trim()
    .min(1, 'retreatments.errors.declineReasonRequired')
    .max(RETREATMENT_NOTE_MAX, 'retreatments.errors.declineReasonTooLong'),
});
export type DeclineRetreatmentInput = z.input<typeof DeclineRetreatmentSchema>;
export type DeclineRetreatmentValues = z.output<typeof DeclineRetreatmentSchema>;

/**
 * The customer withdraws the open request their page shows (POST /api/manage-booking/{token}/retreatment/withdraw, 0051).
 * Naming the request keeps a page left open from withdrawing a later one.
 */
export const WithdrawRetreatmentSchema = z.object({
  // A serial id: a positive integer the database's integer column can hold.
  requestId: z.number('retreatments.errors.requestNotFound').int('retreatments.errors.requestNotFound')
    .min(1, 'retreatments.errors.requestNotFound').max(2_147_483_647, 'retreatments.errors.requestNotFound'),
});
export type WithdrawRetreatmentInput = z.infer<typeof WithdrawRetreatmentSchema>;
