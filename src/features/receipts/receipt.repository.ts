import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { branches } from '@/db/schema/branches';
import { branchIdentityColumns } from '@/features/branch/branch.repository';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { isPaymentReceived } from '@/features/payments/payment.repository';
import { serviceAddressColumns } from '@/features/booking/service-address.columns';

/**
 * One payment with everything its receipt prints: the payment and what it recorded at checkout,
 * the visit it paid (address, language, branch), the customer (name, email, address on file), the
 * seller it kept when it succeeded, and the branch as it is now (the contact details of an email
 * sent today). `received` is the dashboard's rule (0028): succeeded, not an office test.
 */
export async function selectReceiptPayment(db: DbExecutor, paymentId: number) {
  const [row] = await db
    .select({
      id: payments.id,
      bookingRef: payments.bookingRef,
      amountCents: payments.amount,
      paymentMethod: payments.paymentMethod,
      // Taken by the office by hand (0103): the receipt says how, with the cheque or e-transfer reference.
      provider: payments.provider,
      paymentReference: payments.reference,
      discountCode: payments.discountCode,
      metadata: payments.metadata,
      succeededAt: payments.succeededAt,
      received: sql<boolean>`coalesce(${isPaymentReceived()!}, false)`,
      locale: sql<string>`coalesce(${appointments.locale}, ${customers.locale}, 'en')`,
      // The booking's current link generation (0050: the highest on its visits), for the receipt page's link in the email.
      linkGeneration: sql<number>`coalesce((select max(b.manage_link_generation) from ${appointments} b where b.booking_ref = ${payments.bookingRef}), 0)`,
      ...serviceAddressColumns,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      customerEmail: customers.email,
      // The seller as it was when the payment succeeded (0076); null on a row from before it was kept.
      receiptSeller: payments.receiptSeller,
      branch: {
        ...branchIdentityColumns,
        timezone: branches.timezone,
        taxRateBps: branches.taxRateBps,
      },
    })
    .from(payments)
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(customers, eq(customers.id, payments.customerId))
    // The paid visit's branch; the customer's for a payment whose visit row is gone.
    .innerJoin(branches, eq(branches.id, sql`coalesce(${appointments.branchId}, ${customers.branchId}, 1)`))
    .where(eq(payments.id, paymentId));
  return row ?? null;
}

export type ReceiptPaymentRow = NonNullable<Awaited<ReturnType<typeof selectReceiptPayment>>>;

/** The payment's refunds, made, under way or failed, oldest first. */
export async function selectPaymentRefunds(db: DbExecutor, paymentId: number) {
  return db
    .select({
      id: refunds.id, amountCents: refunds.amountCents, status: refunds.status, refundedAt: refunds.refundedAt, createdAt: refunds.createdAt,
      // Handed back by the office (0103): how.
      provider: refunds.provider, method: refunds.method,
    })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(asc(refunds.id));
}

/** The booking's payments received, oldest first: one receipt each. */
export async function selectBookingReceipts(db: DbExecutor, bookingRef: string) {
  return db
    .select({ id: payments.id, amountCents: payments.amount, succeededAt: payments.succeededAt })
    .from(payments)
    .where(and(eq(payments.bookingRef, bookingRef), isPaymentReceived()))
    .orderBy(asc(payments.succeededAt), asc(payments.id));
}

/**
 * The booking's own visits (not re-treatments), in visit order, as they stand now: the Friday each
 * is on, the one it was first booked on when it was moved, and whether it was cancelled.
 */
export async function selectReceiptVisits(db: DbExecutor, bookingRef: string) {
  return db
    .select({
      id: appointments.id,
      visitNumber: appointments.visitNumber,
      serviceType: appointments.serviceType,
      date: appointments.date,
      originalDate: appointments.originalDate,
      status: appointments.status,
    })
    .from(appointments)
    .where(and(eq(appointments.bookingRef, bookingRef), eq(appointments.kind, 'scheduled')))
    .orderBy(asc(appointments.visitNumber), asc(appointments.id));
}
