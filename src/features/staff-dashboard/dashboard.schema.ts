import { z } from 'zod';
import { isCalendarDate } from '@/features/routing/route.schema';

/**
 * What staff may set on an appointment from the dashboard: a confirmed visit is marked completed
 * once it is done, and a completion entered by mistake is taken back. Every other status belongs
 * to the booking and payment flows (holds, payments, cancellations).
 */
export const APPOINTMENT_STAFF_STATUSES = ['completed', 'confirmed'] as const;
export type AppointmentStatusChange = { status: (typeof APPOINTMENT_STAFF_STATUSES)[number] };

/**
 * PATCH /api/admin/appointments/{id}: `{ status }` marks a visit completed or back, `{ date }`
 * moves it to another Friday (docs/decisions/0015, later addendum). A move always leaves the
 * visit confirmed (a paid visit that needed a new date is confirmed on it), so `status` may come
 * with a date only as 'confirmed'. Whether the date is a bookable Friday with room is the service's rule.
 */
export const AppointmentChangeSchema = z.object({
  status: z.enum(APPOINTMENT_STAFF_STATUSES, 'adminDashboard.invalidStatus').optional(),
  date: z.string('adminDashboard.move.invalidDate').refine(isCalendarDate, 'adminDashboard.move.invalidDate').optional(),
}).superRefine((change, ctx) => {
  if (change.date === undefined && change.status === undefined) {
    ctx.addIssue({ code: 'custom', path: ['status'], message: 'adminDashboard.invalidStatus' });
  } else if (change.date !== undefined && change.status === 'completed') {
    ctx.addIssue({ code: 'custom', path: ['status'], message: 'adminDashboard.move.staysConfirmed' });
  }
}).transform((change): AppointmentChange => (
  change.date !== undefined ? { kind: 'move', date: change.date } : { kind: 'status', status: change.status! }
));
export type AppointmentChange = { kind: 'move'; date: string } | ({ kind: 'status' } & AppointmentStatusChange);

/** A contact message's life in the office: new, read, replied, archived (any order). */
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export const MessageStatusChangeSchema = z.object({
  status: z.enum(MESSAGE_STATUSES, 'adminDashboard.invalidStatus'),
});
export type MessageStatusChange = z.infer<typeof MessageStatusChangeSchema>;
