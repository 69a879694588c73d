import 'server-only';
import { and, asc, desc, eq, inArray, isNull, lt, ne, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { paymentEvents, payments } from '@/db/schema/payments';
import { quotes } from '@/db/schema/quotes';
import { refunds } from '@/db/schema/refunds';
import { HELD_STOP_STATUSES } from '@/features/scheduling/stop-statuses';
import { type BookingEnd, CLOSED_DAY_REFUND_REASON } from './payment-outcome';
import type { ChargedBreakdown } from '@/features/pricing/pricing';
import type { GatewayIntentStatus } from './payment-gateway';
import { branchIdentityJson } from '@/features/branch/branch.repository';

/**
 * What the payments row's `metadata` holds: the engine's figures at intent creation (for the
 * receipt and the order summary) and, for the built-in test gateway only, its client secret
 * and last error (the test gateway keeps its intents in this table).
 */
export interface PaymentMetadata {
  purpose: 'booking' | 'payment-test';
  serviceType?: string;
  propertySize?: number | null;
  includeTick?: boolean;
  includeStandingWater?: boolean;
  extras?: string[];
  subtotalCents?: number;
  taxCents?: number;
  totalCents?: number;
  discountCents?: number;
  /** The lines charged (0060), for the receipt; absent on payments made before it was kept. */
  breakdown?: ChargedBreakdown;
  /** The branch tax rate at checkout, in basis points (1300 = 13%), for the receipt's HST label. */
  taxRateBps?: number;
  appointmentIds?: number[];
  dates?: string[];
  testGateway?: {
    clientSecret: string;
    lastError: string | null;
    /** A processing test payment (test-cards.ts): when it settles (ISO time) and how. */
    settlesAt?: string;
    settlesAs?: 'succeeded' | 'declined';
  };
}

const paymentColumns = {
  id: payments.id,
  appointmentId: payments.appointmentId,
  customerId: payments.customerId,
  quoteId: payments.quoteId,
  bookingRef: payments.bookingRef,
  provider: payments.provider,
  paymentIntentId: payments.paymentIntentId,
  idempotencyKey: payments.idempotencyKey,
  amount: payments.amount,
  currency: payments.currency,
  status: payments.status,
  paymentMethod: payments.paymentMethod,
  discountCode: payments.discountCode,
  metadata: payments.metadata,
  succeededAt: payments.succeededAt,
  createdAt: payments.createdAt,
  // A payment the office recorded by hand (0103): its cheque number or e-transfer reference.
  reference: payments.reference,
};

export type PaymentRow = Omit<Awaited<ReturnType<typeof selectPayments>>[number], 'metadata'> & { metadata: PaymentMetadata };

function selectPayments(db: DbExecutor) {
  return db.select(paymentColumns).from(payments);
}

const asRow = (row: Awaited<ReturnType<typeof selectPayments>>[number] | undefined): PaymentRow | null =>
  row ? { ...row, metadata: (row.metadata ?? { purpose: 'booking' }) as PaymentMetadata } : null;

export async function findPaymentByIntentId(db: DbExecutor, paymentIntentId: string, options?: { forUpdate?: boolean }) {
  const query = selectPayments(db).where(eq(payments.paymentIntentId, paymentIntentId));
  const [row] = options?.forUpdate ? await query.for('update') : await query;
  return asRow(row);
}

export async function findPaymentByIdempotencyKey(db: DbExecutor, idempotencyKey: string) {
  const [row] = await selectPayments(db).where(eq(payments.idempotencyKey, idempotencyKey));
  return asRow(row);
}

export async function findSucceededPaymentForBooking(db: DbExecutor, bookingRef: string, options?: { excludeId?: number }) {
  const [row] = await selectPayments(db)
    .where(and(
      eq(payments.bookingRef, bookingRef),
      eq(payments.status, 'succeeded'),
      options?.excludeId !== undefined ? ne(payments.id, options.excludeId) : undefined,
    ))
    .limit(1);
  return asRow(row);
}

/**
 * The payment test page's rows (SPEC "Payment test page"): metadata purpose 'payment-test'. They
 * try the card form; they are no sale (docs/decisions/0028), so the dashboard's totals leave them
 * out while the Payments tab lists and marks them.
 */
export function isOfficeTestPayment(): SQL<boolean> {
  return sql<boolean>`coalesce(${payments.metadata}->>'purpose' = 'payment-test', false)`;
}

/**
 * The payments received, as the dashboard's Total Revenue and Total Payments and the accountant's
 * export count them (docs/decisions/0028, 0036): succeeded, and not the payment test page's.
 */
export function isPaymentReceived(): SQL | undefined {
  return and(eq(payments.status, 'succeeded'), not(isOfficeTestPayment()));
}

/**
 * Per payment, the money the provider has given back (succeeded refunds; a pending or failed one
 * is no money back yet), as a subquery to left-join on `paymentId`. With `before`, only the
 * refunds made before that instant: what had come back by the end of an export's range (0075).
 */
export function selectRefundsMade(db: DbExecutor, options: { before?: Date } = {}) {
  return db
    .select({ paymentId: refunds.paymentId, cents: sql<string>`sum(${refunds.amountCents})`.as('refunded_cents') })
    .from(refunds)
    .where(and(eq(refunds.status, 'succeeded'), options.before ? lt(refunds.refundedAt, options.before) : undefined))
    .groupBy(refunds.paymentId)
    .as('refunds_made');
}

/**
 * A whole number the payment's metadata holds under `key` (the split and rate the engine kept at
 * checkout), or null: a row written before it did, or a test page row. Bigint casts come back as
 * strings from PostgreSQL drivers; `readPaymentTaxFacts` reads them.
 */
export function selectPaymentMetadataCents(key: 'subtotalCents' | 'taxCents' | 'taxRateBps') {
  const field = sql.raw(`'${key}'`); // one of three constant names, never input
  return sql<string | null>`case when jsonb_typeof(${payments.metadata}->${field}) = 'number' then (${payments.metadata}->>${field})::bigint end`;
}

/** The columns of a payment's tax facts (`PaymentTaxFacts` in `payment-tax.ts`) besides its amount, to spread into a select. */
export function selectPaymentTaxColumns() {
  return {
    subtotalCents: selectPaymentMetadataCents('subtotalCents'),
    taxCents: selectPaymentMetadataCents('taxCents'),
    taxRateBps: selectPaymentMetadataCents('taxRateBps'),
  };
}

/** The tax facts a select of `selectPaymentTaxColumns` read, as numbers. */
export function readPaymentTaxFacts(row: { subtotalCents: unknown; taxCents: unknown; taxRateBps: unknown }) {
  const toNumberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return { subtotalCents: toNumberOrNull(row.subtotalCents), taxCents: toNumberOrNull(row.taxCents), taxRateBps: toNumberOrNull(row.taxRateBps) };
}

/** Statuses in which an intent can still be paid with a card: a decline leaves Stripe's intent open for another card. */
export const REUSABLE_TEST_INTENT_STATUSES = ['requires_payment_method', 'failed'] as const;

/**
 * The payment test page's intents for one customer, plan and amount with one provider
 * (docs/decisions/0028): the newest row's id (whatever its status), and the rows that can still
 * be paid, newest first, so a new visit takes one of those again instead of writing another row.
 */
export async function findTestPageIntents(
  db: DbExecutor,
  group: { customerId: number | null; serviceType: string | null; amountCents: number; provider: string },
) {
  const rows = await db
    .select({ id: payments.id, paymentIntentId: payments.paymentIntentId, status: payments.status, amount: payments.amount })
    .from(payments)
    .where(and(
      isOfficeTestPayment(),
      isNull(payments.bookingRef),
      eq(payments.provider, group.provider),
      eq(payments.amount, group.amountCents),
      group.customerId === null ? isNull(payments.customerId) : eq(payments.customerId, group.customerId),
      group.serviceType === null
        ? sql`${payments.metadata}->>'serviceType' is null`
        : sql`${payments.metadata}->>'serviceType' = ${group.serviceType}`,
    ))
    .orderBy(desc(payments.id))
    .limit(20);
  const reusable: readonly string[] = REUSABLE_TEST_INTENT_STATUSES;
  return { newestId: rows[0]?.id ?? null, open: rows.filter((r) => reusable.includes(r.status)) };
}

/** Whether a customer row exists (the test page names its customer by id). */
export async function hasCustomer(db: DbExecutor, customerId: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  return row !== undefined;
}

export async function insertPayment(db: DbExecutor, row: typeof payments.$inferInsert) {
  const [inserted] = await db.insert(payments).values(row).returning({ id: payments.id });
  return inserted!.id;
}

/** Moves a payment to a non-final status; a succeeded or cancelled payment is never moved back (both are final). */
export async function updateOpenPaymentStatus(
  db: DbExecutor,
  paymentIntentId: string,
  changes: { status: Exclude<GatewayIntentStatus, 'succeeded'>; metadata?: PaymentMetadata; paymentMethod?: string | null },
) {
  await db
    .update(payments)
    .set({
      status: changes.status,
      ...(changes.metadata ? { metadata: changes.metadata } : {}),
      ...(changes.paymentMethod ? { paymentMethod: changes.paymentMethod } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(payments.paymentIntentId, paymentIntentId), notInArray(payments.status, ['succeeded', 'canceled'])));
}

/**
 * The test gateway's intent cancel: an intent not paid and not processing becomes 'canceled'
 * (like Stripe, a processing or paid intent cannot be cancelled). Returns the row's status after.
 */
export async function cancelOpenTestIntent(db: DbExecutor, paymentIntentId: string, at: Date): Promise<string | null> {
  await db
    .update(payments)
    .set({ status: 'canceled', updatedAt: at })
    .where(and(eq(payments.paymentIntentId, paymentIntentId), eq(payments.provider, 'test'), inArray(payments.status, ['requires_payment_method', 'requires_action', 'failed'])));
  const [row] = await db.select({ status: payments.status }).from(payments).where(eq(payments.paymentIntentId, paymentIntentId));
  return row?.status ?? null;
}

/**
 * For the payment-status page: whether the booking will not go ahead and why (its Friday closed for
 * rain with no other Friday with room, 0072, named by this payment's refund; every visit cancelled;
 * or not kept, the customer's personal data erased, 0055; cancelled before erased, as the payment's
 * success names its refund), and what this payment's refunds (made or under way) give back.
 */
export async function findBookingCancellation(db: DbExecutor, bookingRef: string, paymentId: number) {
  const visits = await db.select({ status: appointments.status, erasedAt: customers.erasedAt }).from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(eq(appointments.bookingRef, bookingRef));
  const [refunded] = await db
    .select({
      cents: sql<number>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} in ('pending', 'succeeded')), 0)::int`,
      closedDay: sql<boolean>`coalesce(bool_or(${refunds.reason} = ${CLOSED_DAY_REFUND_REASON}), false)`,
    })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  const allCancelled = visits.length > 0 && visits.every((v) => v.status === 'cancelled');
  const end: BookingEnd | null = allCancelled && refunded?.closedDay ? 'closed'
    : allCancelled ? 'cancelled'
      : visits.some((v) => v.erasedAt !== null) ? 'not-kept' : null;
  return { end, refundedCents: refunded?.cents ?? 0 };
}

/**
 * The branch a payment was made to: its visit's, else its customer's (a payment whose visit row is
 * gone), else the first. The receipt names this branch as the seller.
 */
export const paymentBranchId = sql<number>`coalesce(
  (select ${appointments.branchId} from ${appointments} where ${appointments.id} = ${payments.appointmentId}),
  (select ${customers.branchId} from ${customers} where ${customers.id} = ${payments.customerId}),
  1)`;

/**
 * Marks the payment succeeded and keeps the seller its receipt names, as the branch is now
 * (docs/decisions/0076): a receipt issued is not rewritten by a later change at /business.
 * Returns false when the payment was already succeeded (so the caller applies nothing twice).
 */
export async function markPaymentRowSucceeded(db: DbExecutor, paymentId: number, at: Date, paymentMethod: string | null) {
  const updated = await db
    .update(payments)
    .set({ status: 'succeeded', succeededAt: at, updatedAt: at, receiptSeller: branchIdentityJson(paymentBranchId), ...(paymentMethod ? { paymentMethod } : {}) })
    .where(and(eq(payments.id, paymentId), ne(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  return updated.length > 0;
}

/**
 * The visits of one booking with what pricing and the receipt need, in visit order (date, then id).
 * By the booking's reference only: ids are sequential and would let anyone find other people's
 * bookings (docs/decisions/0025).
 */
export async function listBookingAppointments(db: DbExecutor, { bookingRef }: { bookingRef: string }) {
  return db
    .select({
      id: appointments.id,
      bookingRef: appointments.bookingRef,
      branchId: appointments.branchId,
      customerId: appointments.customerId,
      visitNumber: appointments.visitNumber,
      serviceType: appointments.serviceType,
      // A free re-treatment (0047): named as one, never priced.
      kind: appointments.kind,
      date: appointments.date,
      time: appointments.time,
      address: appointments.address,
      city: appointments.city,
      postalCode: appointments.postalCode,
      propertySize: appointments.propertySize,
      includeTick: appointments.includeTick,
      includeTargetedInsects: appointments.includeTargetedInsects,
      extras: appointments.extras,
      discountCode: appointments.discountCode,
      quoteId: appointments.quoteId,
      status: appointments.status,
      holdExpiresAt: appointments.holdExpiresAt,
      // A visit moved off a Friday closed for rain before it was paid (0072): from where, and why.
      originalDate: appointments.originalDate,
      rescheduledReason: appointments.rescheduledReason,
      locale: appointments.locale,
      // The booking's "Manage your booking" link generation (0050): what the emails' links carry.
      manageLinkGeneration: appointments.manageLinkGeneration,
      customerEmail: customers.email,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      // Set once the customer's personal data was erased (0049): the booking is not paid or brought back (0055).
      customerErasedAt: customers.erasedAt,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(eq(appointments.bookingRef, bookingRef))
    .orderBy(asc(appointments.date), asc(appointments.id));
}

export type BookingAppointment = Awaited<ReturnType<typeof listBookingAppointments>>[number];

/** Paid: the booking's unpaid visits are confirmed and no longer expiring holds, except `keepIds` (their day was full). */
export async function confirmBookingAppointments(db: DbExecutor, bookingRef: string, at: Date, keepIds: number[] = []) {
  return db
    .update(appointments)
    .set({ status: 'confirmed', holdExpiresAt: null, updatedAt: at })
    .where(and(
      eq(appointments.bookingRef, bookingRef),
      inArray(appointments.status, [...HELD_STOP_STATUSES, 'expired']),
      keepIds.length > 0 ? notInArray(appointments.id, keepIds) : undefined,
    ))
    .returning({ id: appointments.id });
}

/**
 * Locks a booking's visit rows until the transaction ends, so two requests renewing or confirming
 * the same booking are serialised (the second sees what the first wrote).
 */
export async function lockBookingVisits(db: DbExecutor, bookingRef: string) {
  return db
    .select({
      id: appointments.id, branchId: appointments.branchId, date: appointments.date, status: appointments.status, holdExpiresAt: appointments.holdExpiresAt,
      // The plan's order and kind: a visit moved off a Friday closed for rain keeps its plan's spacing (0035, 0072).
      visitNumber: appointments.visitNumber, serviceType: appointments.serviceType, kind: appointments.kind,
    })
    .from(appointments)
    .where(eq(appointments.bookingRef, bookingRef))
    .orderBy(asc(appointments.id))
    .for('update');
}

/** A lapsed hold taken again: 'expired' visits are unpaid again ('pending'), all get the new hold. */
export async function renewVisitHolds(db: DbExecutor, ids: number[], holdExpiresAt: Date, at: Date) {
  if (ids.length === 0) return;
  await db
    .update(appointments)
    .set({
      status: sql`case when ${appointments.status} = 'expired' then 'pending' else ${appointments.status} end`,
      holdExpiresAt,
      updatedAt: at,
    })
    .where(inArray(appointments.id, ids));
}

/**
 * Paid, but the visit's Friday filled up after its hold lapsed: it stays 'expired' (it takes no
 * stop, so the day is not overbooked) until staff move it; the staff list flags it from the
 * booking's succeeded payment.
 */
export async function markVisitsUnplaced(db: DbExecutor, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await db.update(appointments).set({ status: 'expired', holdExpiresAt: null, updatedAt: at }).where(inArray(appointments.id, ids));
}

export async function markQuoteBooked(db: DbExecutor, quoteId: number, at: Date) {
  await db.update(quotes).set({ status: 'booked', updatedAt: at }).where(eq(quotes.id, quoteId));
}

/** Records a provider event id; false when it was already recorded (a redelivery). */
export async function recordPaymentEvent(db: DbExecutor, event: { id: string; provider: string; type: string; paymentIntentId: string | null }) {
  const inserted = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Staff list (SPEC admin dashboard): newest first, with the customer's name. */
export async function listPaymentsForStaff(db: DbExecutor, limit = 500) {
  return db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      appointmentId: payments.appointmentId,
      customerId: payments.customerId,
      bookingRef: payments.bookingRef,
      paymentIntentId: payments.paymentIntentId,
      provider: payments.provider,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      paymentMethod: payments.paymentMethod,
      discountCode: payments.discountCode,
      succeededAt: payments.succeededAt,
      isTest: isOfficeTestPayment(),
      customerName: sql<string | null>`nullif(trim(coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, '')), '')`,
      customerEmail: customers.email,
    })
    .from(payments)
    .leftJoin(customers, eq(customers.id, payments.customerId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}
