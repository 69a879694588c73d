import 'server-only';
import { and, asc, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { serviceAddressColumns } from '@/features/booking/service-address.columns';

/** The booking and Friday a visit belongs to: the unit of one report. */
export async function findVisitBookingDay(db: DbExecutor, appointmentId: number) {
  const [row] = await db
    .select({ bookingRef: appointments.bookingRef, date: appointments.date, branchId: appointments.branchId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row ?? null;
}

/**
 * Takes turns on one booking's Friday until the transaction ends: two visits of it marked done at
 * once (two phones) each read the other's status only after the first has committed, so the last
 * one sees the day done and queues the report, and never both.
 */
export async function lockBookingDayReport(db: DbExecutor, bookingRef: string, date: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`visit-report:${bookingRef}:${date}`}))`);
}

/** Every visit of the booking on the Friday, whatever its status, with the customer to write to. */
export async function listBookingDayVisits(db: DbExecutor, bookingRef: string, date: string) {
  return db
    .select({
      id: appointments.id,
      branchId: appointments.branchId,
      status: appointments.status,
      serviceType: appointments.serviceType,
      kind: appointments.kind,
      visitNumber: appointments.visitNumber,
      includeTick: appointments.includeTick,
      includeTargetedInsects: appointments.includeTargetedInsects,
      extras: appointments.extras,
      visitNote: appointments.visitNote,
      visitReportQueuedAt: appointments.visitReportQueuedAt,
      ...serviceAddressColumns,
      locale: appointments.locale,
      manageLinkGeneration: appointments.manageLinkGeneration,
      customerFirstName: customers.firstName,
      customerEmail: customers.email,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(eq(appointments.bookingRef, bookingRef), eq(appointments.date, date)))
    .orderBy(asc(appointments.visitNumber), asc(appointments.id));
}

/** The booking's first confirmed visit after `date` ('YYYY-MM-DD'), or null. */
export async function findNextVisitDate(db: DbExecutor, bookingRef: string, date: string): Promise<string | null> {
  const [row] = await db
    .select({ date: min(appointments.date) })
    .from(appointments)
    .where(and(eq(appointments.bookingRef, bookingRef), gt(appointments.date, date), eq(appointments.status, 'confirmed')));
  return row?.date ?? null;
}

/** Marks the visits the queued report names: a later done mark (after an Undo) queues none. */
export async function markVisitReportsQueued(db: DbExecutor, ids: readonly number[], at: Date) {
  if (ids.length === 0) return;
  await db.update(appointments).set({ visitReportQueuedAt: at }).where(inArray(appointments.id, [...ids]));
}
