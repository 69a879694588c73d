import 'server-only';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { applicationRecords } from '@/db/schema/applications';
import { appointments } from '@/db/schema/appointments';
import { customers, unsubscribedAddresses } from '@/db/schema/customers';
import { emailKey } from '@/db/email-key';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { isPaymentReceived, readPaymentTaxFacts, selectPaymentTaxColumns, selectRefundsMade } from '@/features/payments/payment.repository';
import { paymentMethodKey, refundMethodKey } from '@/features/payments/offline-payment';
import { isDoneRecordAppliedIn } from '@/features/application-records/application-record.repository';
import { customerAddressColumns } from '@/features/booking/customer.repository';
import type { AppliedProduct, CustomerSummary, MadeRefund, PaidPayment } from './export-rows';

/** A date column read through an aggregate: YYYY-MM-DD, whichever form the driver gives it in. */
function readDay(value: string | Date | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

// The customer's name, email, phone and address, as staff screens read them (not the row id).
const { id: _id, ...contactColumns } = customerAddressColumns;

// What the payments and refunds exports say of a payment received (the refunds' "original payment").
const paymentColumns = {
  succeededAt: payments.succeededAt,
  bookingRef: payments.bookingRef,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  // What the checkout priced; a row without it says what its visit was.
  serviceType: sql<string | null>`coalesce(${payments.metadata}->>'serviceType', ${appointments.serviceType})`,
  amountCents: payments.amount,
  ...selectPaymentTaxColumns(),
  paymentIntentId: payments.paymentIntentId,
  // How it was paid (0103): the office's method for money taken by hand, else a card.
  provider: payments.provider,
  paymentMethod: payments.paymentMethod,
  reference: payments.reference,
};

const readPayment = <T extends { succeededAt: Date | null; subtotalCents: unknown; taxCents: unknown; taxRateBps: unknown; provider: string; paymentMethod: string | null }>(
  { provider, paymentMethod, ...row }: T,
) => ({
  ...row,
  succeededAt: row.succeededAt!,
  ...readPaymentTaxFacts(row),
  method: paymentMethodKey({ provider, paymentMethod }),
});

/**
 * Payments received from `start` up to (not including) `end`, by the instant they succeeded, in
 * that order, with the refunds made on them by `end`: a refund made later belongs to a later
 * period (docs/decisions/0075), so a closed month's file reads the same whenever it is exported.
 */
export async function selectPaymentsReceived(db: DbExecutor, range: { start: Date; end: Date }): Promise<PaidPayment[]> {
  const refunded = selectRefundsMade(db, { before: range.end });
  const rows = await db
    .select({ ...paymentColumns, refundedCents: refunded.cents })
    .from(payments)
    .leftJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(and(isPaymentReceived(), gte(payments.succeededAt, range.start), lt(payments.succeededAt, range.end)))
    .orderBy(asc(payments.succeededAt), asc(payments.id));
  return rows.map((row) => ({ ...readPayment(row), refundedCents: Number(row.refundedCents ?? 0) }));
}

/**
 * The refunds made (succeeded) from `start` up to (not including) `end`, by the instant the money
 * went back, in that order, each with the payment it was made on, whenever that payment was
 * (docs/decisions/0075). The same payments' refunds made before `start` come too, first: a refund's
 * HST is its share after theirs (`shareRefundTax`); the caller lists only those from `start` on.
 */
export async function selectRefundsMadeWithPayments(db: DbExecutor, range: { start: Date; end: Date }): Promise<MadeRefund[]> {
  const made = eq(refunds.status, 'succeeded');
  const inRange = db
    .select({ paymentId: refunds.paymentId })
    .from(refunds)
    .where(and(made, gte(refunds.refundedAt, range.start), lt(refunds.refundedAt, range.end)));
  const rows = await db
    .select({
      id: refunds.id,
      refundedAt: refunds.refundedAt,
      refundCents: refunds.amountCents,
      providerRefundId: refunds.providerRefundId,
      refundMethod: refunds.method,
      refundReference: refunds.reference,
      paymentId: payments.id,
      ...paymentColumns,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    .where(and(made, lt(refunds.refundedAt, range.end), inArray(refunds.paymentId, inRange), isPaymentReceived()))
    .orderBy(asc(refunds.refundedAt), asc(refunds.id));
  return rows.map(({ id, refundedAt, refundCents, providerRefundId, refundMethod, refundReference, paymentId, ...payment }) => ({
    id,
    // A refund made has its instant (the `refunds_made_at` check, 0075).
    refundedAt: refundedAt!,
    amountCents: refundCents,
    providerRefundId,
    method: refundMethodKey({ method: refundMethod }),
    reference: refundReference,
    payment: { ...readPayment(payment), id: paymentId },
  }));
}

/**
 * Every customer, oldest first, with the number of bookings (distinct references among their
 * visits, whatever the visits' status), their latest visit done and next confirmed visit from
 * `today` (the branch's calendar day) on (0095), what they have paid (payments received less
 * refunds made), and their consent to promotional email with their address's unsubscribe (0043, 0066).
 */
export async function selectCustomerSummaries(db: DbExecutor, today: string): Promise<CustomerSummary[]> {
  const bookings = db
    .select({
      customerId: appointments.customerId,
      count: sql<string>`count(distinct ${appointments.bookingRef})`.as('booking_count'),
      lastVisit: sql<string | null>`max(case when ${appointments.status} = 'completed' then ${appointments.date} end)`.as('last_visit'),
      nextVisit: sql<string | null>`min(case when ${appointments.status} = 'confirmed' and ${appointments.date} >= ${today} then ${appointments.date} end)`.as('next_visit'),
    })
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
      lastVisit: bookings.lastVisit,
      nextVisit: bookings.nextVisit,
      paidCents: received.paidCents,
      refundedCents: received.refundedCents,
      consentAt: customers.marketingConsentAt,
      unsubscribedAt: customers.marketingUnsubscribedAt,
      // The customer's address on the quote emails' do-not-email list (0066), matched as it is written there.
      addressUnsubscribedAt: unsubscribedAddresses.unsubscribedAt,
    })
    .from(customers)
    .leftJoin(bookings, eq(bookings.customerId, customers.id))
    .leftJoin(received, eq(received.customerId, customers.id))
    .leftJoin(unsubscribedAddresses, eq(unsubscribedAddresses.address, emailKey(customers.email)))
    .orderBy(asc(customers.createdAt), asc(customers.id));
  return rows.map(({ refundedCents, ...row }) => ({
    ...row,
    bookings: Number(row.bookings ?? 0),
    lastVisit: readDay(row.lastVisit),
    nextVisit: readDay(row.nextVisit),
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
    .where(isDoneRecordAppliedIn(branchId, range))
    .orderBy(asc(applicationRecords.appliedOn), asc(appointments.completedAt), asc(applicationRecords.id));
}
