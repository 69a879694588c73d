import 'server-only';
import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { staffUsers } from '@/db/schema/staff';
import { OFFLINE_PROVIDER } from '@/features/payments/offline-payment';

/**
 * What the booking's payments took and what went back (refunds made, and those under way), and
 * whether the office took the money by hand (0103): its refund is handed back, not sent to a card.
 */
export async function selectBookingMoney(db: DbExecutor, bookingRef: string): Promise<{ paidCents: number; refundedCents: number; refundPendingCents: number; paidByHand: boolean }> {
  const [paid] = await db
    .select({
      cents: sql<number>`coalesce(sum(${payments.amount}), 0)::int`,
      byHand: sql<boolean>`coalesce(bool_or(${payments.provider} = ${OFFLINE_PROVIDER}), false)`,
    })
    .from(payments)
    .where(and(eq(payments.bookingRef, bookingRef), eq(payments.status, 'succeeded')));
  const back = await db
    .select({ status: refunds.status, cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.bookingRef, bookingRef))
    .groupBy(refunds.status);
  const sum = (status: string) => back.find((r) => r.status === status)?.cents ?? 0;
  return { paidCents: paid?.cents ?? 0, refundedCents: sum('succeeded'), refundPendingCents: sum('pending'), paidByHand: paid?.byHand ?? false };
}

/**
 * The confirmed visits on or after `today` ('YYYY-MM-DD') of the customer whose email is `email`
 * (compared trimmed and lower-cased), by booking and date: what "Find your booking" sends links for.
 */
export async function selectUpcomingVisitsByEmail(db: DbExecutor, email: string, today: string) {
  return db
    .select({
      customerId: customers.id, customerEmail: customers.email, customerFirstName: customers.firstName,
      bookingRef: appointments.bookingRef, linkGeneration: appointments.manageLinkGeneration, date: appointments.date,
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

/**
 * The booking's current link generation (0050): the highest on its visits (they all carry the same
 * one; the highest stays right even if a visit were ever added without it). Null: no such booking.
 */
export async function selectManageLinkGeneration(db: DbExecutor, bookingRef: string): Promise<number | null> {
  const [row] = await db
    .select({ generation: sql<number | null>`max(${appointments.manageLinkGeneration})` })
    .from(appointments)
    .where(eq(appointments.bookingRef, bookingRef));
  return row?.generation ?? null;
}

/**
 * Locks the booking's visits (in id order, as payments, moves and re-treatments lock them) until
 * the transaction ends: a statement after it sees every visit of the booking, one added meanwhile
 * included, and a second replacement waits for the first.
 */
export async function lockBookingVisits(db: DbExecutor, bookingRef: string): Promise<number> {
  const rows = await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.bookingRef, bookingRef)).orderBy(asc(appointments.id)).for('update');
  return rows.length;
}

/**
 * One statement: every visit of the booking takes the next link generation (one above the
 * highest), with when and by whom. Returns the new generation; null when the booking has no visits.
 */
export async function raiseManageLinkGeneration(db: DbExecutor, bookingRef: string, change: { at: Date; byId: number }): Promise<number | null> {
  const rows = await db
    .update(appointments)
    .set({
      manageLinkGeneration: sql`(select max(b.manage_link_generation) + 1 from ${appointments} b where b.booking_ref = ${bookingRef})`,
      manageLinkReplacedAt: change.at,
      manageLinkReplacedById: change.byId,
      updatedAt: change.at,
    })
    .where(eq(appointments.bookingRef, bookingRef))
    .returning({ generation: appointments.manageLinkGeneration });
  return rows[0]?.generation ?? null;
}

/** Who the replaced link's email goes to: the booking's customer, in the language of the booking's latest visit row. */
export async function selectLinkRecipient(db: DbExecutor, bookingRef: string) {
  const [row] = await db
    .select({
      branchId: appointments.branchId, locale: appointments.locale, customerId: customers.id, customerFirstName: customers.firstName,
      customerEmail: customers.email, erasedAt: customers.erasedAt,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(eq(appointments.bookingRef, bookingRef))
    .orderBy(desc(appointments.id))
    .limit(1);
  return row ?? null;
}

/** The customer's bookings whose link the office replaced (0050): the last time, and who (null once the account is gone). */
export async function selectReplacedManageLinks(db: DbExecutor, customerId: number) {
  return db
    .selectDistinctOn([appointments.bookingRef], {
      bookingRef: appointments.bookingRef, replacedAt: appointments.manageLinkReplacedAt, byName: staffUsers.displayName,
    })
    .from(appointments)
    .leftJoin(staffUsers, eq(staffUsers.id, appointments.manageLinkReplacedById))
    .where(and(eq(appointments.customerId, customerId), isNotNull(appointments.manageLinkReplacedAt)))
    .orderBy(appointments.bookingRef, desc(appointments.manageLinkReplacedAt));
}
