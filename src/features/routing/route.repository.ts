import 'server-only';
import { and, arrayContains, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import type { NotTreatedReason } from '@/lib/not-treated-reasons';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { appointmentVisitColumns } from '@/features/booking/appointment.repository';
import { customerAddressColumns } from '@/features/booking/customer.repository';
import { takesStopAt } from '@/features/scheduling/capacity.repository';
import { notTreatedColumns } from './not-treated.columns';

const appointmentColumns = {
  id: appointments.id,
  customerId: appointments.customerId,
  ...appointmentVisitColumns,
  // A free re-treatment (0047) is labelled as such on the route and the day sheet.
  kind: appointments.kind,
  // What was sold with the visit, for the crew (0062): add-ons, and the booking's extras at its first visit.
  visitNumber: appointments.visitNumber,
  includeTick: appointments.includeTick,
  includeTargetedInsects: appointments.includeTargetedInsects,
  extras: appointments.extras,
  latitude: appointments.latitude,
  longitude: appointments.longitude,
  propertySize: appointments.propertySize,
  notes: appointments.notes,
  technicianId: appointments.technicianId,
  routePosition: appointments.routePosition,
  estimatedArrivalTime: appointments.estimatedArrivalTime,
  completedAt: appointments.completedAt,
  // The technician's note to the customer (0038), shown on a done stop.
  visitNote: appointments.visitNote,
  // The language the visit report (and so the note) goes out in: "Mark done" says it (0108).
  locale: appointments.locale,
  // The technician came but could not treat (0085): why, their note, when and who.
  ...notTreatedColumns,
};

const customerColumns = {
  ...customerAddressColumns,
  latitude: customers.latitude,
  longitude: customers.longitude,
};

export type RouteAppointmentRow = Awaited<ReturnType<typeof listActiveDayAppointments>>[number];

/**
 * The day's appointments that need a visit, with their customers, in booking order. `lock` holds
 * their rows until the transaction ends: a re-plan reads them so, and a stop marked done, cancelled
 * or moved meanwhile waits for the plan (or the plan for it) instead of being planned as it was.
 */
export async function listActiveDayAppointments(db: DbExecutor, branchId: number, date: string, now: Date, options: { lock?: boolean } = {}) {
  const query = db
    .select({ appointment: appointmentColumns, customer: customerColumns })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(eq(appointments.branchId, branchId), eq(appointments.date, date), takesStopAt(now)))
    .orderBy(asc(appointments.id));
  return options.lock ? query.for('update', { of: appointments }) : query;
}

export async function saveAppointmentCoordinates(db: DbExecutor, id: number, latitude: number, longitude: number) {
  await db.update(appointments).set({ latitude, longitude, updatedAt: new Date() }).where(eq(appointments.id, id));
}

export async function listActiveTechnicians(db: DbExecutor, branchId: number) {
  return db
    .select({ id: technicians.id, name: technicians.name, color: technicians.color, shiftStartMin: technicians.shiftStartMin, shiftEndMin: technicians.shiftEndMin })
    .from(technicians)
    .where(and(eq(technicians.branchId, branchId), eq(technicians.isActive, true)))
    .orderBy(asc(technicians.id));
}

export async function listTechnicians(db: DbExecutor, branchId: number) {
  return db
    .select({
      id: technicians.id, name: technicians.name, color: technicians.color, isActive: technicians.isActive,
      shiftStartMin: technicians.shiftStartMin, shiftEndMin: technicians.shiftEndMin,
    })
    .from(technicians)
    .where(eq(technicians.branchId, branchId))
    .orderBy(asc(technicians.id));
}

/** Serialises optimisations of one day (and of nothing else) until the transaction ends. */
export async function lockRouteDay(db: DbExecutor, branchId: number, date: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`service_routes:${branchId}:${date}`}))`);
}

export async function deletePlannedRoutes(db: DbExecutor, branchId: number, date: string) {
  await db.delete(serviceRoutes).where(and(eq(serviceRoutes.branchId, branchId), eq(serviceRoutes.date, date), eq(serviceRoutes.status, 'planned')));
}

export type NewServiceRoute = typeof serviceRoutes.$inferInsert;

export async function insertRoutes(db: DbExecutor, rows: NewServiceRoute[]) {
  if (rows.length === 0) return [];
  return db.insert(serviceRoutes).values(rows).returning();
}

/**
 * Forgets the plan of the day's appointments (cancelled ones included) before the new plan is
 * written, except `keepIds`: stops of kept routes hold on to their technician, position and ETA.
 */
export async function clearDayAssignments(db: DbExecutor, branchId: number, date: string, keepIds: readonly number[] = []) {
  await db
    .update(appointments)
    .set({ technicianId: null, routePosition: null, estimatedArrivalTime: null })
    .where(and(
      eq(appointments.branchId, branchId),
      eq(appointments.date, date),
      keepIds.length > 0 ? notInArray(appointments.id, [...keepIds]) : undefined,
    ));
}

export async function assignAppointment(db: DbExecutor, id: number, plan: { technicianId: number; routePosition: number; estimatedArrivalTime: string }) {
  await db.update(appointments).set({ ...plan, updatedAt: new Date() }).where(eq(appointments.id, id));
}

/**
 * Writes a planned route's stops and totals again after stops were added to it (0041); only while
 * it is still planned. Returns false when it is not (started meanwhile, or gone).
 */
export async function updatePlannedRoute(
  db: DbExecutor,
  id: number,
  plan: { appointmentOrder: number[]; routeData: unknown; totalDistance: number; totalDuration: number; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(serviceRoutes)
    .set({ appointmentOrder: plan.appointmentOrder, routeData: plan.routeData, totalDistance: plan.totalDistance, totalDuration: plan.totalDuration, updatedAt: plan.at })
    .where(and(eq(serviceRoutes.id, id), eq(serviceRoutes.status, 'planned')))
    .returning({ id: serviceRoutes.id });
  return updated.length > 0;
}

export type ServiceRouteRow = typeof serviceRoutes.$inferSelect;

/** Every route of the day (a technician's day sheet also counts the other crews' stops). */
export async function listDayRoutes(db: DbExecutor, branchId: number, date: string) {
  return db
    .select()
    .from(serviceRoutes)
    .where(and(eq(serviceRoutes.branchId, branchId), eq(serviceRoutes.date, date)))
    .orderBy(asc(serviceRoutes.technicianId), asc(serviceRoutes.id));
}

/**
 * A visit's branch, day and status, for a change from the day sheet (null when there is none),
 * its row locked until the transaction ends: a re-plan or a move waits for the change, or the
 * change for them, so it is checked against the routes as they stand when it is made.
 */
export async function lockStopVisit(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ id: appointments.id, branchId: appointments.branchId, date: appointments.date, status: appointments.status, completedAt: appointments.completedAt })
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update');
  return row ?? null;
}

/** True when a route of `date` driven by `technicianId` has the visit among its stops. */
export async function isOnTechnicianRoute(db: DbExecutor, branchId: number, date: string, technicianId: number, appointmentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceRoutes.id })
    .from(serviceRoutes)
    .where(and(
      eq(serviceRoutes.branchId, branchId),
      eq(serviceRoutes.date, date),
      eq(serviceRoutes.technicianId, technicianId),
      arrayContains(serviceRoutes.appointmentOrder, [appointmentId]),
    ))
    .limit(1);
  return !!row;
}

export async function listAppointmentsByIds(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ appointment: appointmentColumns, customer: customerColumns })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(inArray(appointments.id, ids));
}

/** The first date on or after `fromDate` that has active appointments, or null. */
export async function findNextBookedDate(db: DbExecutor, branchId: number, fromDate: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ date: appointments.date })
    .from(appointments)
    .where(and(eq(appointments.branchId, branchId), sql`${appointments.date} >= ${fromDate}`, takesStopAt(now)))
    .orderBy(asc(appointments.date))
    .limit(1);
  return row?.date ?? null;
}

export async function hasCustomerWithEmail(db: DbExecutor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)).limit(1);
  return !!row;
}

/** The branch and Friday of each confirmed visit of the booking a payment intent paid (0041). */
export async function listDatesOfPaymentBooking(db: DbExecutor, paymentIntentId: string) {
  return db
    .selectDistinct({ branchId: appointments.branchId, date: appointments.date })
    .from(payments)
    .innerJoin(appointments, eq(appointments.bookingRef, payments.bookingRef))
    .where(and(eq(payments.paymentIntentId, paymentIntentId), eq(appointments.status, 'confirmed')))
    .orderBy(asc(appointments.date));
}

/**
 * Records that the technician could not treat the visit (0085), on a confirmed visit only; null
 * when it is not confirmed (any more). Writes nothing else: no report, the visit stays on its Friday.
 */
export async function markVisitNotTreated(db: DbExecutor, id: number, mark: { reason: NotTreatedReason; note: string | null; at: Date; byId: number }) {
  const [row] = await db
    .update(appointments)
    .set({ notTreatedReason: mark.reason, notTreatedNote: mark.note, notTreatedAt: mark.at, notTreatedById: mark.byId, updatedAt: mark.at })
    .where(and(eq(appointments.id, id), eq(appointments.status, 'confirmed')))
    .returning({ id: appointments.id, status: appointments.status });
  return row ?? null;
}

/** The visit's status and its "could not treat" mark as the day sheet shows it (0085), or null. */
export async function findVisitNotTreatedMark(db: DbExecutor, id: number) {
  const [row] = await db.select({ id: appointments.id, status: appointments.status, ...notTreatedColumns }).from(appointments).where(eq(appointments.id, id));
  return row ?? null;
}

/** Takes a "could not treat" mark back (the technician's Undo, or a done mark after all). */
export async function clearVisitNotTreated(db: DbExecutor, id: number, at: Date) {
  await db
    .update(appointments)
    .set({ notTreatedReason: null, notTreatedNote: null, notTreatedAt: null, notTreatedById: null, updatedAt: at })
    .where(and(eq(appointments.id, id), sql`${appointments.notTreatedReason} is not null`));
}
