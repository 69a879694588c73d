import 'server-only';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';

/** What the booking's card payments took and what went back (refunds made, and those under way). */
export async function selectBookingMoney(db: DbExecutor, bookingRef: string): Promise<{ paidCents: number; refundedCents: number; refundPendingCents: number }> {
  const [paid] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.bookingRef, bookingRef), eq(payments.status, 'succeeded')));
  const back = await db
    .select({ status: refunds.status, cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.bookingRef, bookingRef))
    .groupBy(refunds.status);
  const sum = (status: string) => back.find((r) => r.status === status)?.cents ?? 0;
  return { paidCents: paid?.cents ?? 0, refundedCents: sum('succeeded'), refundPendingCents: sum('pending') };
}

/**
 * The confirmed visits on or after `today` ('YYYY-MM-DD') of the customer whose email is `email`
 * (compared trimmed and lower-cased), by booking and date: what "Find your booking" sends links for.
 */
export async function selectUpcomingVisitsByEmail(db: DbExecutor, email: string, today: string) {
  return db
    .select({
      customerId: customers.id, customerEmail: customers.email, customerFirstName: customers.firstName,
      bookingRef: appointments.bookingRef, date: appointments.date,
    })
    .from(customers)
    .innerJoin(appointments, eq(appointments.customerId, customers.id))
    .where(and(
      sql`lower(trim(${customers.email})) = ${email.trim().toLowerCase()}`,
      eq(appointments.status, 'confirmed'),
      gte(appointments.date, today),
    ))
    .orderBy(asc(appointments.date), asc(appointments.bookingRef), asc(appointments.id));
}
