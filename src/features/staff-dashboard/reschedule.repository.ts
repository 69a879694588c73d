import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { needsDateOnClosedDay, needsStaffAttention } from '@/features/booking/appointment.repository';

const visitColumns = {
  id: appointments.id,
  branchId: appointments.branchId,
  bookingRef: appointments.bookingRef,
  date: appointments.date,
  status: appointments.status,
  // The plan's order and kind, for the spacing of a seasonal plan's visits (0035).
  visitNumber: appointments.visitNumber,
  serviceType: appointments.serviceType,
  // A free re-treatment is no visit of the plan's spacing (0047).
  kind: appointments.kind,
};

export type BookingVisit = {
  id: number; branchId: number; bookingRef: string; date: string; status: string; visitNumber: number; serviceType: string; kind: string; needsStaffAttention: boolean;
  /** Waiting for a date on a Friday closed to bookings (0099): the customer's email says closed, not full. */
  needsDateDayClosed: boolean;
};

/**
 * Every visit of the appointment's booking, in id order; empty when the appointment is unknown.
 * With `lock`, the rows stay locked until the transaction ends, in the same order the payment
 * flow locks them (`lockBookingVisits`), so a move and a payment of one booking queue, never deadlock.
 */
export async function selectBookingVisitsOf(db: DbExecutor, appointmentId: number, options: { lock?: boolean } = {}): Promise<BookingVisit[]> {
  const [target] = await db.select({ bookingRef: appointments.bookingRef }).from(appointments).where(eq(appointments.id, appointmentId));
  if (!target) return [];
  const query = db
    .select({ ...visitColumns, needsStaffAttention: needsStaffAttention(), needsDateDayClosed: needsDateOnClosedDay() })
    .from(appointments)
    .where(eq(appointments.bookingRef, target.bookingRef))
    .orderBy(asc(appointments.id));
  return options.lock ? query.for('update') : query;
}

/**
 * Moves visits to another Friday and confirms them, only while they still have the status read
 * under lock. The first date they were booked for is kept, and the old day's route assignment is
 * dropped (the new day's plan places them). `reason` is why this move happened ('weather' on a
 * rain day, 0033); a move without one clears an earlier move's reason, which no longer applies.
 * With `confirm: false` the visits keep their status and hold: an unpaid booking's visits moved off
 * a Friday closed for rain, confirmed by their payment or held again by their checkout (0072).
 */
export async function moveVisitsToDate(db: DbExecutor, ids: number[], fromStatus: string, date: string, at: Date, reason: string | null = null, options: { confirm?: boolean } = {}) {
  return db
    .update(appointments)
    .set({
      date,
      ...(options.confirm === false ? {} : { status: 'confirmed', holdExpiresAt: null }),
      isRescheduled: true,
      originalDate: sql`coalesce(${appointments.originalDate}, ${appointments.date})`,
      originalTime: sql`coalesce(${appointments.originalTime}, ${appointments.time})`,
      rescheduledReason: reason,
      technicianId: null,
      routePosition: null,
      estimatedArrivalTime: null,
      // The new Friday gets its own reminder (features/reminders).
      reminderSentAt: null,
      // A visit done, undone and moved is a visit on another day: its report is that day's (0038).
      visitReportQueuedAt: null,
      // "Could not treat" was about the old Friday (0085): the new one starts open.
      notTreatedReason: null,
      notTreatedNote: null,
      notTreatedAt: null,
      notTreatedById: null,
      updatedAt: at,
    })
    .where(and(inArray(appointments.id, ids), eq(appointments.status, fromStatus)))
    .returning({ id: appointments.id, date: appointments.date, status: appointments.status });
}
