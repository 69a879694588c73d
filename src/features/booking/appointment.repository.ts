import 'server-only';
import { type Column, and, asc, desc, eq, getTableName, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { bookingAnalytics } from '@/db/schema/analytics';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { quotes } from '@/db/schema/quotes';
import { HELD_STOP_STATUSES } from '@/features/scheduling/stop-statuses';

export type NewAppointment = typeof appointments.$inferInsert;

export async function insertAppointments(db: DbExecutor, rows: NewAppointment[]) {
  return db
    .insert(appointments)
    .values(rows)
    .returning({ id: appointments.id, customerId: appointments.customerId, date: appointments.date, serviceType: appointments.serviceType, visitNumber: appointments.visitNumber });
}

/**
 * Paid, but its Friday was full when the payment arrived after the hold lapsed: staff must set a
 * new date (docs/decisions/0011, "Payments after a lapsed hold"). Shared by every staff list.
 */
export function needsStaffAttention() {
  // Columns named in full (database names: the schema maps camelCase to snake_case): in a query
  // without a join Drizzle writes bare column names, and "booking_ref" = "booking_ref" in the
  // subquery would compare each payment with itself.
  const appointment = sql.identifier(getTableName(appointments));
  return sql<boolean>`(${appointment}."status" = 'expired' and exists (select 1 from ${payments} as "paid" where "paid"."booking_ref" = ${appointment}."booking_ref" and "paid"."status" = 'succeeded'))`;
}

/**
 * `needsStaffAttention` on a Friday closed to bookings now (a rain day, 0071; a paid visit with no
 * Friday left within its plan's spacing, 0072): the screens say the day is closed, not full (0099).
 * Columns named in full, as in `needsStaffAttention`.
 */
export function needsDateOnClosedDay() {
  const appointment = sql.identifier(getTableName(appointments));
  return sql<boolean>`(${needsStaffAttention()} and exists (select 1 from ${serviceDays} as "day" where "day"."branch_id" = ${appointment}."branch_id" and "day"."date" = ${appointment}."date" and "day"."is_closed"))`;
}

/**
 * Came on its day but could not treat it (0085), and not moved, done or cancelled since: the office
 * must set a new Friday (docs/decisions/0086). A move clears the mark (it was about the old Friday),
 * so does a done mark, and a cancelled visit needs nothing; so the mark on a confirmed visit is the
 * whole test. Columns named in full, as in `needsStaffAttention`.
 */
export function notTreatedNeedsDate() {
  const appointment = sql.identifier(getTableName(appointments));
  return sql<boolean>`(${appointment}."status" = 'confirmed' and ${appointment}."not_treated_reason" is not null)`;
}

/**
 * The dashboard's "Needs attention" (0086): a visit the office must give a new Friday, either paid
 * after its Friday filled (`needsStaffAttention`) or not treated on its day (`notTreatedNeedsDate`).
 */
export function needsNewDate() {
  return sql<boolean>`(${needsStaffAttention()} or ${notTreatedNeedsDate()})`;
}

/** What makes two booking requests the same order (a double click or a retry sends it twice). */
export type BookingMatch = {
  branchId: number;
  customerId: number;
  serviceType: string;
  date: string;
  time: string;
  propertySize: number;
  includeTick: boolean;
  includeTargetedInsects: boolean;
  extras: string[];
  discountCode: string | null;
  quoteId: number | null;
  address: string;
  city: string;
  postalCode: string;
  totalCents: number;
};

/** The first visit of a customer's booking of one plan starting on one Friday at the branch. */
function firstVisitOf(match: { branchId: number; customerId: number; serviceType: string; date: string }) {
  return [
    eq(appointments.branchId, match.branchId),
    eq(appointments.customerId, match.customerId),
    eq(appointments.visitNumber, 1),
    eq(appointments.serviceType, match.serviceType),
    eq(appointments.date, match.date),
  ];
}

/**
 * The booking reference of an unpaid booking of this customer that still holds its Fridays (or,
 * like a consultation, needs no hold) and is exactly this order, or null.
 */
export async function findHeldBookingRef(db: DbExecutor, match: BookingMatch, now: Date): Promise<string | null> {
  const same = <T>(column: Parameters<typeof eq>[0], value: T | null) => (value === null ? isNull(column) : eq(column, value));
  const [row] = await db
    .select({ bookingRef: appointments.bookingRef })
    .from(appointments)
    .where(and(
      ...firstVisitOf(match),
      eq(appointments.time, match.time),
      eq(appointments.propertySize, match.propertySize),
      eq(appointments.includeTick, match.includeTick),
      eq(appointments.includeTargetedInsects, match.includeTargetedInsects),
      sql`coalesce(${appointments.extras}, '[]'::jsonb) = ${JSON.stringify(match.extras)}::jsonb`,
      same(appointments.discountCode, match.discountCode),
      same(appointments.quoteId, match.quoteId),
      eq(appointments.address, match.address),
      eq(appointments.city, match.city),
      eq(appointments.postalCode, match.postalCode),
      eq(appointments.totalCents, match.totalCents),
      inArray(appointments.status, [...HELD_STOP_STATUSES]),
      or(isNull(appointments.holdExpiresAt), gt(appointments.holdExpiresAt, now)),
    ))
    .orderBy(desc(appointments.id))
    .limit(1);
  return row?.bookingRef ?? null;
}

/** What makes a booking request an order this customer has already paid for (docs/decisions/0025). */
export type PaidOrderMatch = {
  branchId: number;
  customerId: number;
  serviceType: string;
  /** The first visit's Friday: a plan's other Fridays follow from it. */
  date: string;
  address: string;
  postalCode: string;
};

/** An address as typed: case and runs of spaces do not make another property. */
const foldedAddress = (value: Column | string) => sql`lower(regexp_replace(btrim(${value}), '[[:space:]]+', ' ', 'g'))`;

/**
 * The booking of the outer query's appointment row has a succeeded payment. Columns named in full,
 * as in `needsStaffAttention`: without a join Drizzle writes bare names, which the subquery would
 * read as the payment's own.
 */
function hasSucceededPayment() {
  const appointment = sql.identifier(getTableName(appointments));
  return sql<boolean>`exists (select 1 from ${payments} as "paid" where "paid"."booking_ref" = ${appointment}."booking_ref" and "paid"."status" = 'succeeded')`;
}

/**
 * The booking of this customer, plan, first Friday and property that has a succeeded payment and
 * is not cancelled, or null. Options (size, add-ons, extras, code) do not matter: a second paid
 * visit of the same plan at the same place on the same Friday is a second charge, not an order.
 */
export async function findPaidBooking(db: DbExecutor, match: PaidOrderMatch): Promise<{ bookingRef: string; appointmentId: number } | null> {
  const [row] = await db
    .select({ bookingRef: appointments.bookingRef, appointmentId: appointments.id })
    .from(appointments)
    .where(and(
      ...firstVisitOf(match),
      sql`${foldedAddress(appointments.address)} = ${foldedAddress(match.address)}`,
      eq(appointments.postalCode, match.postalCode),
      ne(appointments.status, 'cancelled'),
      hasSucceededPayment(),
    ))
    .orderBy(desc(appointments.id))
    .limit(1);
  return row ?? null;
}

/** The rows of one booking as POST /api/appointments answers them, in visit order. */
export async function listBookingRows(db: DbExecutor, bookingRef: string) {
  return db
    .select({
      id: appointments.id,
      customerId: appointments.customerId,
      date: appointments.date,
      serviceType: appointments.serviceType,
      subtotalCents: appointments.subtotalCents,
      taxCents: appointments.taxCents,
      totalCents: appointments.totalCents,
      holdExpiresAt: appointments.holdExpiresAt,
    })
    .from(appointments)
    .where(eq(appointments.bookingRef, bookingRef))
    .orderBy(asc(appointments.visitNumber), asc(appointments.id));
}

/** Staff only: one booking's visits with what its payment-link email states, and its customer (0091). */
export async function listPaymentLinkRows(db: DbExecutor, bookingRef: string) {
  return db
    .select({
      id: appointments.id, branchId: appointments.branchId, customerId: appointments.customerId, serviceType: appointments.serviceType,
      date: appointments.date, time: appointments.time, status: appointments.status, holdExpiresAt: appointments.holdExpiresAt,
      address: appointments.address, city: appointments.city, postalCode: appointments.postalCode, totalCents: appointments.totalCents,
      locale: appointments.locale, firstName: customers.firstName, email: customers.email, erasedAt: customers.erasedAt,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(eq(appointments.bookingRef, bookingRef))
    .orderBy(asc(appointments.visitNumber), asc(appointments.id))
    // The booking's visits locked until the transaction ends: a second press waits, then counts the email the first queued.
    .for('update', { of: appointments });
}

/**
 * How often a booking's payment link went out (0097): its booking-received emails, the first and each
 * resend, in any state; an email names one visit of its booking.
 */
export async function countPaymentLinkEmails(db: DbExecutor, visitIds: number[]): Promise<number> {
  if (visitIds.length === 0) return 0;
  const [row] = await db
    .select({ sent: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'booking-received'), eq(emailOutbox.relatedType, 'appointment'), inArray(emailOutbox.relatedId, visitIds)));
  return Number(row?.sent ?? 0);
}

/** The quote a booking names, if it exists: the link is informational and never fails a booking. */
export async function findExistingQuoteId(db: DbExecutor, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, id)).limit(1);
  return row?.id ?? null;
}

/** The public view of one appointment (DECISIONS §5): nothing personal. */
export async function findPublicAppointment(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ id: appointments.id, date: appointments.date, time: appointments.time, serviceType: appointments.serviceType, status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, id))
    .limit(1);
  return row ?? null;
}

/** Staff only: when, where and what a visit is; the admin tab and the route planner both show it. */
export const appointmentVisitColumns = {
  serviceType: appointments.serviceType,
  date: appointments.date,
  time: appointments.time,
  status: appointments.status,
  address: appointments.address,
  city: appointments.city,
  postalCode: appointments.postalCode,
  phone: appointments.phone,
};

/** Staff only: the admin appointments tab, with the customer's name. */
export async function listAppointmentsWithCustomers(db: DbExecutor, limit = 2000) {
  return db
    .select({
      id: appointments.id,
      customerId: appointments.customerId,
      bookingRef: appointments.bookingRef,
      visitNumber: appointments.visitNumber,
      ...appointmentVisitColumns,
      propertySize: appointments.propertySize,
      notes: appointments.notes,
      totalCents: appointments.totalCents,
      holdExpiresAt: appointments.holdExpiresAt,
      needsStaffAttention: needsStaffAttention(),
      createdAt: appointments.createdAt,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      customerEmail: customers.email,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .orderBy(desc(appointments.date), appointments.bookingRef, appointments.visitNumber)
    .limit(limit);
}

/** Unpaid bookings whose hold has run out stop holding their Fridays. */
export async function markExpiredHolds(db: DbExecutor, now: Date): Promise<number[]> {
  const rows = await db
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(appointments.status, [...HELD_STOP_STATUSES]), lte(appointments.holdExpiresAt, now)))
    .returning({ id: appointments.id });
  return rows.map((r) => r.id);
}

export async function insertBookingAnalytics(db: DbExecutor, row: typeof bookingAnalytics.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(bookingAnalytics).values(row).returning({ id: bookingAnalytics.id });
  return inserted!.id;
}
