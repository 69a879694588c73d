import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { needsStaffAttention } from '@/features/booking/appointment.repository';

const visitColumns = {
  id: appointments.id,
  branchId: appointments.branchId,
  bookingRef: appointments.bookingRef,
  date: appointments.date,
  status: appointments.status,
};

export type BookingVisit = { id: number; branchId: number; bookingRef: string; date: string; status: string; needsStaffAttention: boolean };

/**
 * Every visit of the appointment's booking, in id order; empty when the appointment is unknown.
 * With `lock`, the rows stay locked until the transaction ends, in the same order the payment
 * flow locks them (`lockBookingVisits`), so a move and a payment of one booking queue, never deadlock.
 */
export async function selectBookingVisitsOf(db: DbExecutor, appointmentId: number, options: { lock?: boolean } = {}): Promise<BookingVisit[]> {
  const [target] = await db.select({ bookingRef: appointments.bookingRef }).from(appointments).where(eq(appointments.id, appointmentId));
  if (!target) return [];
  const query = db
    .select({ ...visitColumns, needsStaffAttention: needsStaffAttention() })
    .from(appointments)
    .where(eq(appointments.bookingRef, target.bookingRef))
    .orderBy(asc(appointments.id));
  return options.lock ? query.for('update') : query;
}

/**
 * Moves visits to another Friday and confirms them, only while they still have the status read
 * under lock. The first date they were booked for is kept, and the old day's route assignment is
 * dropped (the new day's plan places them).
 */
export async function moveVisitsToDate(db: DbExecutor, ids: number[], fromStatus: string, date: string, at: Date) {
  return db
    .update(appointments)
    .set({
      date,
      status: 'confirmed',
      holdExpiresAt: null,
      isRescheduled: true,
      originalDate: sql`coalesce(${appointments.originalDate}, ${appointments.date})`,
      originalTime: sql`coalesce(${appointments.originalTime}, ${appointments.time})`,
      technicianId: null,
      routePosition: null,
      estimatedArrivalTime: null,
      // The new Friday gets its own reminder (features/reminders).
      reminderSentAt: null,
      updatedAt: at,
    })
    .where(and(inArray(appointments.id, ids), eq(appointments.status, fromStatus)))
    .returning({ id: appointments.id, date: appointments.date, status: appointments.status });
}
