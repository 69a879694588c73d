import 'server-only';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments, type CancelledBy, serviceRoutes } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { refunds, type RefundStatus } from '@/db/schema/refunds';
import { isOfficeTestPayment, readPaymentTaxFacts, selectPaymentTaxColumns } from '@/features/payments/payment.repository';
import { needsDateOnClosedDay, needsStaffAttention } from '@/features/booking/appointment.repository';
import { notTreatedColumns } from '@/features/routing/not-treated.columns';

const visitColumns = {
  id: appointments.id,
  branchId: appointments.branchId,
  customerId: appointments.customerId,
  bookingRef: appointments.bookingRef,
  visitNumber: appointments.visitNumber,
  serviceType: appointments.serviceType,
  // A free re-treatment (0047) is no part of the refund's figures.
  kind: appointments.kind,
  date: appointments.date,
  time: appointments.time,
  status: appointments.status,
  address: appointments.address,
  city: appointments.city,
  postalCode: appointments.postalCode,
  propertySize: appointments.propertySize,
  includeTick: appointments.includeTick,
  includeTargetedInsects: appointments.includeTargetedInsects,
  extras: appointments.extras,
  subtotalCents: appointments.subtotalCents,
  taxCents: appointments.taxCents,
  totalCents: appointments.totalCents,
  locale: appointments.locale,
};

export type CancellationVisit = Awaited<ReturnType<typeof selectBookingVisits>>[number];

/**
 * A booking's visits in id order. With `lock`, the rows stay locked until the transaction ends,
 * in the order the payment flow and staff moves lock them, so the three queue and never deadlock.
 */
export async function selectBookingVisits(db: DbExecutor, bookingRef: string, options: { lock?: boolean } = {}) {
  const query = db.select(visitColumns).from(appointments).where(eq(appointments.bookingRef, bookingRef)).orderBy(asc(appointments.id));
  return options.lock ? query.for('update') : query;
}

export async function selectBookingCustomer(db: DbExecutor, customerId: number) {
  const [row] = await db
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName, erasedAt: customers.erasedAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** The booking's succeeded payments with what their refunds (made or under way) already took. */
export async function selectRefundablePayments(db: DbExecutor, bookingRef: string) {
  const rows = await db
    .select({
      id: payments.id,
      provider: payments.provider,
      paymentIntentId: payments.paymentIntentId,
      amountCents: payments.amount,
      metadata: payments.metadata,
      // Refunds made or under way count against what the payment can still give back; failed ones do not.
      // (A join, not a correlated subquery: with a join Drizzle names every column with its table.)
      refundedCents: sql<number>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} in ('pending', 'succeeded')), 0)::int`,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.bookingRef, bookingRef), eq(payments.status, 'succeeded')))
    .groupBy(payments.id)
    .orderBy(asc(payments.id));
  return rows.map((r) => ({ ...r, taxRateBps: (r.metadata as { taxRateBps?: number } | null)?.taxRateBps ?? null }));
}

/**
 * The booking's visits not carried out (and not already over) become cancelled, with when and by
 * whom (0073: the quote they were booked from says so); their route places are dropped.
 */
export async function cancelVisits(db: DbExecutor, ids: number[], at: Date, by: CancelledBy) {
  if (ids.length === 0) return [];
  return db
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: at, cancelledBy: by, holdExpiresAt: null, technicianId: null, routePosition: null, estimatedArrivalTime: null, updatedAt: at })
    .where(and(inArray(appointments.id, ids), inArray(appointments.status, ['pending', 'pending-payment', 'confirmed', 'expired'])))
    .returning({ id: appointments.id, date: appointments.date });
}

/**
 * Takes cancelled stops off the stored routes of their Fridays, so no plan (planned or already
 * started) sends a technician to them; the route's other stops keep their order.
 */
export async function removeStopsFromRoutes(db: DbExecutor, branchId: number, dates: string[], ids: number[], at: Date) {
  if (ids.length === 0 || dates.length === 0) return 0;
  const idArray = sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::int[]`;
  const updated = await db
    .update(serviceRoutes)
    .set({
      appointmentOrder: sql`array(select x from unnest(${serviceRoutes.appointmentOrder}) with ordinality as o(x, n) where not (x = any(${idArray})) order by n)`,
      updatedAt: at,
    })
    .where(and(eq(serviceRoutes.branchId, branchId), inArray(serviceRoutes.date, dates), sql`${serviceRoutes.appointmentOrder} && ${idArray}`))
    .returning({ id: serviceRoutes.id });
  return updated.length;
}

/** Payments of the booking that can still be paid: their intents are cancelled with the booking. */
export async function selectOpenPayments(db: DbExecutor, bookingRef: string) {
  return db
    .select({ id: payments.id, provider: payments.provider, paymentIntentId: payments.paymentIntentId, status: payments.status })
    .from(payments)
    .where(and(eq(payments.bookingRef, bookingRef), inArray(payments.status, ['requires_payment_method', 'requires_action', 'processing', 'failed'])))
    .orderBy(asc(payments.id));
}

/** The provider cancelled the intent: the row says so (a payment that succeeded meanwhile keeps its status). */
export async function markPaymentCanceled(db: DbExecutor, paymentId: number, at: Date) {
  await db
    .update(payments)
    .set({ status: 'canceled', updatedAt: at })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['requires_payment_method', 'requires_action', 'processing', 'failed'])));
}

export type NewRefund = typeof refunds.$inferInsert;

/** One refund, unless its idempotency key was already used; returns its id, or null when it existed. */
export async function insertRefundOnce(db: DbExecutor, row: NewRefund) {
  const [inserted] = await db.insert(refunds).values(row).onConflictDoNothing({ target: refunds.idempotencyKey }).returning({ id: refunds.id });
  return inserted?.id ?? null;
}

export async function insertRefunds(db: DbExecutor, rows: NewRefund[]) {
  if (rows.length === 0) return [];
  return db.insert(refunds).values(rows).returning({ id: refunds.id });
}

const refundColumns = {
  id: refunds.id,
  paymentId: refunds.paymentId,
  bookingRef: refunds.bookingRef,
  amountCents: refunds.amountCents,
  status: refunds.status,
  provider: refunds.provider,
  providerRefundId: refunds.providerRefundId,
  reason: refunds.reason,
  failureReason: refunds.failureReason,
  idempotencyKey: refunds.idempotencyKey,
  attempts: refunds.attempts,
  refundedAt: refunds.refundedAt,
  // Money handed back by the office (0103): how, and the cheque or e-transfer reference.
  method: refunds.method,
  reference: refunds.reference,
  paidAt: payments.succeededAt,
  createdAt: refunds.createdAt,
  updatedAt: refunds.updatedAt,
  paymentIntentId: payments.paymentIntentId,
};

export type RefundRow = Awaited<ReturnType<typeof selectRefundsByIds>>[number];

export async function selectRefundsByIds(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select(refundColumns).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(inArray(refunds.id, ids)).orderBy(asc(refunds.id));
}

/** One refund, locked until the transaction ends (a retry claims it under this lock). */
export async function selectRefundForUpdate(db: DbExecutor, id: number) {
  const [row] = await db.select(refundColumns).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(refunds.id, id)).for('update', { of: refunds });
  return row ?? null;
}

/** The refund the provider knows by this id, locked until the transaction ends (a webhook's update). */
export async function selectRefundByProviderIdForUpdate(db: DbExecutor, provider: string, providerRefundId: string) {
  const [row] = await db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)))
    .orderBy(asc(refunds.id))
    .limit(1)
    .for('update', { of: refunds });
  return row ?? null;
}

/**
 * A failed refund (or one left pending, unanswered, since before `staleBefore`) goes back to
 * pending for one more call; false when someone else claimed it first. The previous attempt's
 * provider id is dropped: that refund is over, and a late report about it must not find this row.
 */
export async function claimRefundForRetry(db: DbExecutor, id: number, at: Date, staleBefore: Date) {
  const rows = await db
    .update(refunds)
    .set({ status: 'pending', failureReason: null, providerRefundId: null, updatedAt: at })
    .where(and(
      eq(refunds.id, id),
      or(eq(refunds.status, 'failed'), and(eq(refunds.status, 'pending'), isNull(refunds.providerRefundId), lt(refunds.updatedAt, staleBefore))),
    ))
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** Writes what the provider answered (or later reported) to a refund still pending; false when it was no longer pending. */
export async function recordRefundOutcome(
  db: DbExecutor,
  id: number,
  outcome: { status: RefundStatus; providerRefundId: string | null; failureReason: string | null; attempts: number },
  at: Date,
) {
  const updated = await db
    .update(refunds)
    .set({
      status: outcome.status,
      providerRefundId: outcome.providerRefundId,
      failureReason: outcome.failureReason,
      attempts: outcome.attempts,
      refundedAt: outcome.status === 'succeeded' ? at : null,
      updatedAt: at,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return updated.length > 0;
}

/** A customer's bookings for the staff page: every visit, payment and refund, newest booking first. */
export async function selectCustomerBookings(db: DbExecutor, customerId: number) {
  const visits = await db
    .select({
      id: appointments.id, bookingRef: appointments.bookingRef, date: appointments.date, time: appointments.time, serviceType: appointments.serviceType, kind: appointments.kind,
      status: appointments.status, visitNumber: appointments.visitNumber, createdAt: appointments.createdAt,
      // An unpaid booking's hold: the page says until when the payment link holds the Fridays (0091).
      holdExpiresAt: appointments.holdExpiresAt,
      // What was sold with each visit, which the customer page names as the day sheet does (0064).
      includeTick: appointments.includeTick, includeTargetedInsects: appointments.includeTargetedInsects, extras: appointments.extras,
      // "Not treated" with its reason, who and when (0085), for the office to set another Friday.
      ...notTreatedColumns,
      // Paid, but its Friday was full: the page's Move offers "Set a new Friday" (0089).
      needsStaffAttention: needsStaffAttention(),
      // ...or closed for rain: the move dialog says closed, not full (0099).
      needsDateDayClosed: needsDateOnClosedDay(),
    })
    .from(appointments)
    .where(eq(appointments.customerId, customerId))
    .orderBy(asc(appointments.date), asc(appointments.id));
  const paid = await db
    .select({
      id: payments.id, bookingRef: payments.bookingRef, createdAt: payments.createdAt, amountCents: payments.amount, status: payments.status, paymentIntentId: payments.paymentIntentId, isTest: isOfficeTestPayment(),
      // Taken by the office by hand (0103): how, and its reference.
      provider: payments.provider, paymentMethod: payments.paymentMethod, reference: payments.reference,
      // The split kept at checkout: the HST of the refunds, as the receipt states it (0075).
      ...selectPaymentTaxColumns(),
    })
    .from(payments)
    .where(eq(payments.customerId, customerId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const paymentIds = paid.map((p) => p.id);
  const refunded = paymentIds.length === 0 ? [] : await db
    .select({
      id: refunds.id, paymentId: refunds.paymentId, amountCents: refunds.amountCents, status: refunds.status, reason: refunds.reason, failureReason: refunds.failureReason,
      providerRefundId: refunds.providerRefundId, createdAt: refunds.createdAt, updatedAt: refunds.updatedAt, refundedAt: refunds.refundedAt, attempts: refunds.attempts,
      provider: refunds.provider, method: refunds.method, reference: refunds.reference,
    })
    .from(refunds)
    .where(inArray(refunds.paymentId, paymentIds))
    .orderBy(asc(refunds.id));
  return { visits, payments: paid.map((p) => ({ ...p, ...readPaymentTaxFacts(p) })), refunds: refunded };
}

/** The money went back by hand (0103): the refund is made, dated and says how. */
export async function markRefundHandedBack(
  db: DbExecutor,
  refundId: number,
  handBack: { method: string; reference: string | null; handedBackAt: Date; at: Date },
) {
  await db
    .update(refunds)
    .set({ status: 'succeeded', refundedAt: handBack.handedBackAt, method: handBack.method, reference: handBack.reference, failureReason: null, updatedAt: handBack.at })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}
