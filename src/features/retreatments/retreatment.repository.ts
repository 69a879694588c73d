import 'server-only';
import { and, asc, count, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { retreatmentRequests } from '@/db/schema/retreatments';
import { staffUsers } from '@/db/schema/staff';
import { appointmentVisitColumns } from '@/features/booking/appointment.repository';

/** A booking's visits with what a re-treatment copies from them (0047). */
const bookingVisitColumns = {
  id: appointments.id,
  branchId: appointments.branchId,
  customerId: appointments.customerId,
  planId: appointments.planId,
  bookingRef: appointments.bookingRef,
  visitNumber: appointments.visitNumber,
  ...appointmentVisitColumns,
  kind: appointments.kind,
  latitude: appointments.latitude,
  longitude: appointments.longitude,
  propertySize: appointments.propertySize,
  includeTick: appointments.includeTick,
  includeTargetedInsects: appointments.includeTargetedInsects,
  extras: appointments.extras,
  notes: appointments.notes,
  locale: appointments.locale,
  manageLinkGeneration: appointments.manageLinkGeneration,
};

export type RetreatmentBookingVisit = Awaited<ReturnType<typeof selectBookingVisits>>[number];

/**
 * A booking's visits in id order. With `lock`, the rows stay locked until the transaction ends, in
 * the order payments, moves and cancellations lock them, so a request, the office's answer and
 * those flows queue and never deadlock.
 */
export async function selectBookingVisits(db: DbExecutor, bookingRef: string, options: { lock?: boolean } = {}) {
  const query = db.select(bookingVisitColumns).from(appointments).where(eq(appointments.bookingRef, bookingRef)).orderBy(asc(appointments.id));
  return options.lock ? query.for('update') : query;
}

/** The visits of several bookings, for the office's list (plan, address, last visit). */
export async function selectVisitsOfBookings(db: DbExecutor, bookingRefs: string[]) {
  if (bookingRefs.length === 0) return [];
  return db.select(bookingVisitColumns).from(appointments).where(inArray(appointments.bookingRef, bookingRefs)).orderBy(asc(appointments.id));
}

/** The booking's requests, oldest first: what eligibility reads. */
export async function selectBookingRequests(db: DbExecutor, bookingRef: string) {
  return db
    .select({ id: retreatmentRequests.id, status: retreatmentRequests.status, createdAt: retreatmentRequests.createdAt })
    .from(retreatmentRequests)
    .where(eq(retreatmentRequests.bookingRef, bookingRef))
    .orderBy(asc(retreatmentRequests.id));
}

export type NewRetreatmentRequest = typeof retreatmentRequests.$inferInsert;

export async function insertRequest(db: DbExecutor, values: NewRetreatmentRequest) {
  const [row] = await db.insert(retreatmentRequests).values(values).returning({ id: retreatmentRequests.id, createdAt: retreatmentRequests.createdAt });
  return row!;
}

const requestColumns = {
  id: retreatmentRequests.id,
  branchId: retreatmentRequests.branchId,
  bookingRef: retreatmentRequests.bookingRef,
  customerId: retreatmentRequests.customerId,
  reason: retreatmentRequests.reason,
  note: retreatmentRequests.note,
  locale: retreatmentRequests.locale,
  status: retreatmentRequests.status,
  appointmentId: retreatmentRequests.appointmentId,
  handledAt: retreatmentRequests.handledAt,
  declineReason: retreatmentRequests.declineReason,
  createdAt: retreatmentRequests.createdAt,
};

export type RetreatmentRequestRow = Awaited<ReturnType<typeof selectRequest>>;

/** One request; with `lock`, held until the transaction ends (the office's answer takes it after the booking's visits). */
export async function selectRequest(db: DbExecutor, id: number, options: { lock?: boolean } = {}) {
  const query = db.select(requestColumns).from(retreatmentRequests).where(eq(retreatmentRequests.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

/**
 * The office's answer, written only while the request is still open: a second admin's answer to
 * the same request changes no row (the caller refuses it).
 */
export async function answerOpenRequest(db: DbExecutor, id: number, answer: {
  status: 'scheduled' | 'declined'; appointmentId?: number; declineReason?: string; staffUserId: number | null; at: Date;
}) {
  return db
    .update(retreatmentRequests)
    .set({
      status: answer.status,
      appointmentId: answer.appointmentId ?? null,
      declineReason: answer.declineReason ?? null,
      handledById: answer.staffUserId,
      handledAt: answer.at,
      updatedAt: answer.at,
    })
    .where(and(eq(retreatmentRequests.id, id), eq(retreatmentRequests.status, 'open')))
    .returning({ id: retreatmentRequests.id });
}

/**
 * The customer takes back their own request (0051), written only while it is still open: an
 * answer the office gave meanwhile changes no row (the caller refuses the withdrawal). Nobody in
 * the office handled it, so `handled_by_id` stays empty; `handled_at` says when it left the list.
 */
export async function withdrawOpenRequest(db: DbExecutor, id: number, at: Date) {
  return db
    .update(retreatmentRequests)
    .set({ status: 'withdrawn', handledById: null, handledAt: at, updatedAt: at })
    .where(and(eq(retreatmentRequests.id, id), eq(retreatmentRequests.status, 'open')))
    .returning({ id: retreatmentRequests.id });
}

/**
 * How many of the branch's requests wait for an answer: the staff bar's badge (0051), read on every
 * staff page. The partial index `retreatment_requests_open_idx` (branch_id, created_at) where open
 * serves it alone, so it costs an index scan over the open requests only.
 */
export async function countOpenRequests(db: DbExecutor, branchId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(retreatmentRequests)
    .where(and(eq(retreatmentRequests.branchId, branchId), eq(retreatmentRequests.status, 'open')));
  return row?.n ?? 0;
}

export type NewVisit = typeof appointments.$inferInsert;

export async function insertVisit(db: DbExecutor, values: NewVisit) {
  const [row] = await db.insert(appointments).values(values).returning({ id: appointments.id, date: appointments.date });
  return row!;
}

/**
 * The office's list: every open request of the branch, oldest first, then those answered since
 * `handledSince`, latest first; with the customer, who answered and the re-treatment's Friday.
 */
export async function selectOfficeRequests(db: DbExecutor, branchId: number, handledSince: Date, handledLimit: number) {
  const columns = {
    ...requestColumns,
    customerFirstName: customers.firstName,
    customerLastName: customers.lastName,
    customerEmail: customers.email,
    customerPhone: customers.phone,
    customerAddress: customers.address,
    customerCity: customers.city,
    customerPostalCode: customers.postalCode,
    handledBy: staffUsers.displayName,
    visitDate: appointments.date,
    visitStatus: appointments.status,
  };
  const base = () => db
    .select(columns)
    .from(retreatmentRequests)
    .innerJoin(customers, eq(customers.id, retreatmentRequests.customerId))
    .leftJoin(staffUsers, eq(staffUsers.id, retreatmentRequests.handledById))
    .leftJoin(appointments, eq(appointments.id, retreatmentRequests.appointmentId));
  const open = await base()
    .where(and(eq(retreatmentRequests.branchId, branchId), eq(retreatmentRequests.status, 'open')))
    .orderBy(asc(retreatmentRequests.createdAt), asc(retreatmentRequests.id));
  const handled = await base()
    .where(and(eq(retreatmentRequests.branchId, branchId), ne(retreatmentRequests.status, 'open'), gte(retreatmentRequests.handledAt, handledSince)))
    .orderBy(desc(retreatmentRequests.handledAt), desc(retreatmentRequests.id))
    .limit(handledLimit);
  return { open, handled };
}

/** Who the customer emails go to. */
export async function selectCustomerContact(db: DbExecutor, customerId: number) {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}
