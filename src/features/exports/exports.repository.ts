import 'server-only';
import { and, asc, between, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { applicationRecords } from '@/db/schema/applications';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { isPaymentReceived, selectRefundsMade } from '@/features/payments/payment.repository';
import { customerAddressColumns } from '@/features/booking/customer.repository';
import type { AppliedProduct, CustomerSummary, PaidPayment } from './export-rows';

// The customer's name, email, phone and address, as staff screens read them (not the row id).
const { id: _id, ...contactColumns } = customerAddressColumns;

/** A whole number the payment's metadata holds under `key`, or null (a row written before it did, or a test page row). */
const metadataCents = (key: 'subtotalCents' | 'taxCents' | 'taxRateBps') => {
  const field = sql.raw(`'${key}'`); // one of three constant names, never input
  return sql<string | null>`case when jsonb_typeof(${payments.metadata}->${field}) = 'number' then (${payments.metadata}->>${field})::bigint end`;
};

/**
 * Payments received from `start` up to (not including) `end`, by the instant they succeeded, in
 * that order, with the refunds made on them whenever they were made.
 */
export async function selectPaymentsReceived(db: DbExecutor, range: { start: Date; end: Date }): Promise<PaidPayment[]> {
  const refunded = selectRefundsMade(db);
  const rows = await db
    .select({
      succeededAt: payments.succeededAt,
      bookingRef: payments.bookingRef,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      // What the checkout priced; a row without it says what its visit was.
      serviceType: sql<string | null>`coalesce(${payments.metadata}->>'serviceType', ${appointments.serviceType})`,
      amountCents: payments.amount,
      subtotalCents: metadataCents('subtotalCents'),
      taxCents: metadataCents('taxCents'),
      taxRateBps: metadataCents('taxRateBps'),
      refundedCents: refunded.cents,
      paymentIntentId: payments.paymentIntentId,
    })
    .from(payments)
    .leftJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(and(isPaymentReceived(), gte(payments.succeededAt, range.start), lt(payments.succeededAt, range.end)))
    .orderBy(asc(payments.succeededAt), asc(payments.id));
  return rows.map((row) => ({
    ...row,
    succeededAt: row.succeededAt!,
    subtotalCents: toNumberOrNull(row.subtotalCents),
    taxCents: toNumberOrNull(row.taxCents),
    taxRateBps: toNumberOrNull(row.taxRateBps),
    refundedCents: Number(row.refundedCents ?? 0),
  }));
}

/**
 * Every customer, oldest first, with the number of bookings (distinct references among their
 * visits, whatever the visits' status) and what they have paid: payments received less refunds made.
 */
export async function selectCustomerSummaries(db: DbExecutor): Promise<CustomerSummary[]> {
  const bookings = db
    .select({ customerId: appointments.customerId, count: sql<string>`count(distinct ${appointments.bookingRef})`.as('booking_count') })
    .from(appointments)
    .groupBy(appointments.customerId)
    .as('customer_bookings');
  const refunded = selectRefundsMade(db);
  const received = db
    .select({
      customerId: payments.customerId,
      paidCents: sql<string>`sum(${payments.amount})`.as('paid_cents'),
      refundedCents: sql<string>`sum(coalesce(${refunded.cents}, 0))`.as('refunded_cents'),
    })
    .from(payments)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(isPaymentReceived())
    .groupBy(payments.customerId)
    .as('customer_payments');
  const rows = await db
    .select({
      ...contactColumns,
      createdAt: customers.createdAt,
      bookings: bookings.count,
      paidCents: received.paidCents,
      refundedCents: received.refundedCents,
    })
    .from(customers)
    .leftJoin(bookings, eq(bookings.customerId, customers.id))
    .leftJoin(received, eq(received.customerId, customers.id))
    .orderBy(asc(customers.createdAt), asc(customers.id));
  return rows.map(({ refundedCents, ...row }) => ({
    ...row,
    bookings: Number(row.bookings ?? 0),
    paidCents: Number(row.paidCents ?? 0) - Number(refundedCents ?? 0),
  }));
}

/**
 * The products applied from `from` to `to` (the visits' Fridays, both included), oldest first, one
 * row per product, for the branch's licence records (docs/decisions/0042). Only visits that are
 * done now: a record kept through an Undo is the technician's draft until the stop is done again.
 */
export async function selectApplicationsApplied(db: DbExecutor, branchId: number, range: { from: string; to: string }): Promise<AppliedProduct[]> {
  return db
    .select({
      appliedOn: applicationRecords.appliedOn,
      address: applicationRecords.address,
      city: applicationRecords.city,
      postalCode: applicationRecords.postalCode,
      productName: applicationRecords.productName,
      pcpNumber: applicationRecords.pcpNumber,
      amountHundredths: applicationRecords.amountHundredths,
      unit: applicationRecords.unit,
      technicianName: applicationRecords.technicianName,
      licenceNumber: applicationRecords.licenceNumber,
    })
    .from(applicationRecords)
    .innerJoin(appointments, eq(appointments.id, applicationRecords.appointmentId))
    .where(and(
      eq(applicationRecords.branchId, branchId),
      between(applicationRecords.appliedOn, range.from, range.to),
      eq(appointments.status, 'completed'),
    ))
    .orderBy(asc(applicationRecords.appliedOn), asc(appointments.completedAt), asc(applicationRecords.id));
}

// Sums and bigint casts come back as strings from PostgreSQL drivers.
const toNumberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
