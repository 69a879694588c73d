import 'server-only';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { takesStopAt } from '@/features/scheduling/capacity.repository';
import { HELD_STOP_STATUSES } from '@/features/scheduling/stop-statuses';

/** The day's confirmed visits with their customer's name, in booking (id) order: what a rain day moves. */
export async function listConfirmedDayVisits(db: DbExecutor, branchId: number, date: string) {
  return db
    .select({
      id: appointments.id,
      bookingRef: appointments.bookingRef,
      customerId: appointments.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(eq(appointments.branchId, branchId), eq(appointments.date, date), eq(appointments.status, 'confirmed')))
    .orderBy(asc(appointments.id));
}

/** Every visit of these bookings, for the spacing of their plans (0035): a rain day moves one Friday of each. */
export async function listBookingPlanVisits(db: DbExecutor, bookingRefs: string[]) {
  if (bookingRefs.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      bookingRef: appointments.bookingRef,
      visitNumber: appointments.visitNumber,
      serviceType: appointments.serviceType,
      kind: appointments.kind,
      date: appointments.date,
      status: appointments.status,
    })
    .from(appointments)
    .where(inArray(appointments.bookingRef, bookingRefs))
    .orderBy(asc(appointments.id));
}

/** Unpaid bookings whose hold still takes a stop on the day: not the office's to move, but worth saying. */
export async function countHeldDayVisits(db: DbExecutor, branchId: number, date: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ visits: count() })
    .from(appointments)
    .where(and(
      eq(appointments.branchId, branchId),
      eq(appointments.date, date),
      inArray(appointments.status, [...HELD_STOP_STATUSES]),
      takesStopAt(now),
    ));
  return Number(row?.visits ?? 0);
}

/** The statuses of the day's appointments that take a stop (as the route manager counts them): what is left when nothing confirmed is. */
export async function listDayStopStatuses(db: DbExecutor, branchId: number, date: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.branchId, branchId), eq(appointments.date, date), takesStopAt(now)));
  return rows.map((r) => r.status);
}
