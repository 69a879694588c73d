import { z } from 'zod';

/**
 * What staff may set on an appointment from the dashboard: a confirmed visit is marked completed
 * once it is done, and a completion entered by mistake is taken back. Every other status belongs
 * to the booking and payment flows (holds, payments, cancellations).
 */
export const APPOINTMENT_STAFF_STATUSES = ['completed', 'confirmed'] as const;
export const AppointmentStatusChangeSchema = z.object({
  status: z.enum(APPOINTMENT_STAFF_STATUSES, 'adminDashboard.invalidStatus'),
});
export type AppointmentStatusChange = z.infer<typeof AppointmentStatusChangeSchema>;

/** A contact message's life in the office: new, read, replied, archived (any order). */
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export const MessageStatusChangeSchema = z.object({
  status: z.enum(MESSAGE_STATUSES, 'adminDashboard.invalidStatus'),
});
export type MessageStatusChange = z.infer<typeof MessageStatusChangeSchema>;

/** A record id from the path: a positive whole number, anything else is simply not found. */
export function readRecordId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
