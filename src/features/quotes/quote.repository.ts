import 'server-only';
import { type SQL, and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { emailKey } from '@/db/email-key';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { quotes } from '@/db/schema/quotes';
import type { QuoteState } from './quote-state';

export type NewQuote = typeof quotes.$inferInsert;

export async function insertQuote(db: DbExecutor, quote: NewQuote): Promise<{ id: number; token: string; createdAt: Date }> {
  const [row] = await db.insert(quotes).values(quote).returning({ id: quotes.id, token: quotes.token, createdAt: quotes.createdAt });
  return row!;
}

/** What a quote is priced from: the options the customer chose, where, and the discount code. */
export const quoteOptionColumns = {
  serviceType: quotes.serviceType,
  propertySize: quotes.propertySize,
  includeTick: quotes.includeTick,
  includeStandingWater: quotes.includeStandingWater,
  additionalServices: quotes.additionalServices,
  address: quotes.address,
  city: quotes.city,
  postalCode: quotes.postalCode,
  discountCode: quotes.discountCode,
};

/**
 * The columns both the customer's /book-quote view and the staff list read. Keys in the order the
 * staff list returns them (GET /api/quotes serialises the row as is).
 */
const quoteColumns = {
  id: quotes.id,
  customerName: quotes.customerName,
  customerEmail: quotes.customerEmail,
  customerPhone: quotes.customerPhone,
  ...quoteOptionColumns,
  totalPrice: quotes.totalPrice,
  subtotalCents: quotes.subtotalCents,
  taxCents: quotes.taxCents,
  totalCents: quotes.totalCents,
  status: quotes.status,
  locale: quotes.locale,
  createdAt: quotes.createdAt,
  // The customer's special requests (0084); /book-quote's view names its fields and leaves them out.
  notes: quotes.notes,
};

/**
 * Whether a booking paid from the enclosing query's `quotes` row is going ahead (`cancelled`
 * false: none of its visits cancelled), or was cancelled (true). "Paid" is a succeeded payment
 * naming the quote (`payments_quote_idx`), whose booking's visits are read by their reference
 * (`appointments_booking_ref_idx`); free re-treatments (0047) are no part of the booking. A list
 * deriving the state of each quote it reads costs an index probe or two per quote, or, when it
 * reads many, one pass over the paid bookings that Postgres hashes (0073).
 */
function hasPaidBooking(cancelled: boolean) {
  const visitCancelled = sql`exists (select 1 from appointments a where a.booking_ref = p.booking_ref and a.kind = 'scheduled' and a.status = 'cancelled')`;
  // Written out with table aliases: the subquery is correlated to the outer "quotes" row by name.
  return sql`exists (select 1 from payments p where p.quote_id = "quotes"."id" and p.status = 'succeeded' and p.booking_ref is not null and ${cancelled ? visitCancelled : sql`not ${visitCancelled}`})`;
}

/**
 * Whether a booking made from the enclosing query's `quotes` row goes ahead without a card payment
 * naming the quote (0097): one of its visits confirmed or carried out, none cancelled. A card payment
 * confirms the visits too, so this adds the bookings the office confirmed by hand (paid by cheque,
 * cash or e-transfer) to `hasPaidBooking(false)`: "Booked" is a booking going ahead, however it was paid.
 * A probe of `appointments_quote_idx`, which finds nothing for most quotes.
 */
const BOOKING_GOING_AHEAD = sql`exists (select 1 from appointments a where a.quote_id = "quotes"."id" and a.kind = 'scheduled' and a.booking_ref is not null and a.status in ('confirmed', 'completed')
  and not exists (select 1 from appointments c where c.booking_ref = a.booking_ref and c.kind = 'scheduled' and c.status = 'cancelled'))`;

/** Booked: a booking paid from the quote, or confirmed without a payment, is going ahead. */
const isBooked = () => sql`(${hasPaidBooking(false)} or ${BOOKING_GOING_AHEAD})`;

/**
 * The visits of bookings made from the enclosing query's `quotes` row (`appointments.quote_id`,
 * `appointments_quote_idx`), read where no booking was paid from the quote (0080): a payment for a
 * booking made from a quote names the quote (`payments.quote_id`, from the booking's visits), so
 * once no succeeded payment names the quote, each of its bookings waits for a payment that never
 * came. Such a visit still holds its Friday at `now` (`isHeldSql`), or has stopped holding it:
 * marked 'expired', or past its hold time before the expiry worker got to it (`hasHoldLapsed` in
 * payments/lapsed-holds.ts says the same). Callers ask about paid bookings first.
 */
const UNPAID_VISITS = sql`from appointments a where a.quote_id = "quotes"."id" and a.kind = 'scheduled'`;
const HELD_VISIT = sql`a.status in ('pending', 'pending-payment')`;
/** An instant as a query parameter: the PostgreSQL driver takes no Date inside raw SQL (PGlite does). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const isHeldSql = (now: Date) => sql`(${HELD_VISIT} and (a.hold_expires_at is null or a.hold_expires_at > ${instant(now)}))`;
const isLapsedSql = (now: Date) => sql`(a.status = 'expired' or (${HELD_VISIT} and a.hold_expires_at <= ${instant(now)}))`;
/** A visit of an unpaid booking that was cancelled before it was paid (0087), by the customer or the office. */
const CANCELLED_VISIT = sql`a.status = 'cancelled'`;

/** Whether a booking made from the quote, none paid, holds its Friday at `now` (`lapsed` false), or stopped holding it (true); a filter's form, which Postgres may hash. */
function hasUnpaidBooking(now: Date, lapsed: boolean) {
  return sql`exists (select 1 ${UNPAID_VISITS} and ${lapsed ? isLapsedSql(now) : isHeldSql(now)})`;
}

/** Held or lapsed, a visit of a booking made from the quote waits for its payment (`isAwaitingPayment`): the states before `checkout-cancelled`. */
const AWAITING_PAYMENT = sql`exists (select 1 ${UNPAID_VISITS} and a.status in ('pending', 'pending-payment', 'expired'))`;

/** A quote whose stored status is not `booked`: only such a quote can say its checkout was never paid (a booked one whose payment is not found stays booked). */
const OPEN_QUOTE = sql`"quotes"."status" <> 'booked'`;

/**
 * The state the office is shown (`quote-state.ts`), from the quote's row and the bookings made
 * from it, as they are at `now` (a hold runs out with time). Derived rather than written on the
 * quote: nothing has to remember to change it when a booking is cancelled, paid again, made again
 * from the same quote or left unpaid (0073, 0080). A stored `booked` whose payment is not found
 * stays `booked`. The unpaid bookings are one subquery per quote shown (a probe of
 * `appointments_quote_idx`, which finds nothing for most quotes), never hashed: a page reads 100
 * quotes, not every booking. A state filter reads `quoteStateIs` instead.
 */
export function quoteStateSql(now: Date) {
  const unpaid = sql`(select case when bool_or(${isHeldSql(now)}) then 'checkout-started' when bool_or(${isLapsedSql(now)}) then 'hold-expired' when bool_or(${CANCELLED_VISIT}) then 'checkout-cancelled' end ${UNPAID_VISITS})`;
  return sql<QuoteState>`(case when ${isBooked()} then 'booked' when ${hasPaidBooking(true)} then 'booking-cancelled' when ${OPEN_QUOTE} then coalesce(${unpaid}, "quotes"."status") else "quotes"."status" end)`;
}

/**
 * Whether the quote's state at `now` is `state`, as `quoteStateSql` derives it, written as a filter:
 * each state asks only what decides it, so "Booked" never reads the unpaid bookings and "Sent"
 * first reads the stored status. Postgres reads each question per quote by index, or, when a filter
 * reads many quotes, the bookings once and hashes them (0073). `is true` keeps the questions on each
 * quote's row: as a join of their own, Postgres would read the bookings first and sort the quotes,
 * a cost that grows with every booking paid.
 */
export function quoteStateIs(state: QuoteState, now: Date): SQL {
  return sql`(${stateCondition(state, now)}) is true`;
}

function stateCondition(state: QuoteState, now: Date): SQL {
  // Going ahead or cancelled, a paid booking is one whose payment succeeded: one question of the payments alone.
  const paid = sql`exists (select 1 from payments p where p.quote_id = "quotes"."id" and p.status = 'succeeded' and p.booking_ref is not null)`;
  // Paid by card, or a booking confirmed by hand going ahead (0097): never one of the unpaid states below.
  const settled = sql`(${paid} or ${BOOKING_GOING_AHEAD})`;
  const held = hasUnpaidBooking(now, false);
  switch (state) {
    case 'booked': return sql`(${isBooked()} or ("quotes"."status" = 'booked' and not ${hasPaidBooking(true)}))`;
    case 'booking-cancelled': return sql`(${hasPaidBooking(true)} and not ${isBooked()})`;
    case 'checkout-started': return sql`(${OPEN_QUOTE} and ${held} and not ${settled})`;
    case 'hold-expired': return sql`(${OPEN_QUOTE} and ${hasUnpaidBooking(now, true)} and not ${held} and not ${settled})`;
    // Neither held nor lapsed: no visit of it waits for a payment (`isAwaitingPayment`), one was cancelled unpaid.
    case 'checkout-cancelled': return sql`(${OPEN_QUOTE} and exists (select 1 ${UNPAID_VISITS} and ${CANCELLED_VISIT}) and not ${AWAITING_PAYMENT} and not ${settled})`;
    // A booking made from it, held, lapsed, cancelled unpaid or confirmed by hand, gives the quote one of the states above.
    default: return sql`("quotes"."status" = ${state} and not ${settled} and not exists (select 1 ${UNPAID_VISITS} and a.status in ('pending', 'pending-payment', 'expired', 'cancelled')))`;
  }
}

/**
 * The latest cancelled booking paid from the enclosing query's `quotes` row, for the card's line
 * (0073): its reference, when and by whom it was cancelled, and whether a visit of a cancelled
 * booking was carried out first. An aggregate, so there is always exactly one row (all null when
 * none was cancelled): join it with `leftJoinLateral(..., sql\`true\`)` on a query whose `quotes`
 * is not aliased, after any state filter, so it is read for the rows shown only.
 */
export function selectCancelledBooking(db: DbExecutor) {
  return db
    .select({
      cancelledAt: sql<Date | null>`max(b.cancelled_at)`.as('quote_booking_cancelled_at'),
      cancelledRef: sql<string | null>`(array_agg(p.booking_ref order by b.cancelled_at desc nulls last))[1]`.as('quote_booking_cancelled_ref'),
      cancelledBy: sql<string | null>`(array_agg(b.cancelled_by order by b.cancelled_at desc nulls last))[1]`.as('quote_booking_cancelled_by'),
      carriedOut: sql<boolean>`coalesce(bool_or(b.carried_out), false)`.as('quote_booking_carried_out'),
    })
    .from(sql`payments p cross join lateral (
      select max(a.cancelled_at) as cancelled_at, max(a.cancelled_by) as cancelled_by, bool_or(a.status = 'completed') as carried_out
      from appointments a
      where a.booking_ref = p.booking_ref and a.kind = 'scheduled'
      having bool_or(a.status = 'cancelled')
    ) b`)
    .where(sql`p.quote_id = "quotes"."id" and p.status = 'succeeded'`)
    .as('quote_booking');
}

export type CancelledBookingColumns = ReturnType<typeof selectCancelledBooking>;

/**
 * The unpaid booking made from the enclosing query's `quotes` row that its state names (0087): a
 * visit held at `now` first, else one whose hold lapsed, else one cancelled before it was paid,
 * the latest made first (the highest id); its reference, hold time, cancellation, and the customer
 * record it was booked for while that record may be opened (not erased). One probe of
 * `appointments_quote_idx` per card shown (a lateral join after the filter, as
 * `selectCancelledBooking`), which finds nothing for most quotes; `describeUnpaidBooking` keeps it
 * only when the state is one of `UNPAID_BOOKING_STATES`, where no booking of the quote was paid.
 */
export function selectUnpaidBooking(db: DbExecutor, now: Date) {
  return db
    .select({
      unpaidRef: sql<string | null>`a.booking_ref`.as('quote_unpaid_ref'),
      unpaidCustomerId: sql<number | null>`c.id`.as('quote_unpaid_customer_id'),
      unpaidHoldExpiresAt: sql<Date | null>`a.hold_expires_at`.mapWith(appointments.holdExpiresAt).as('quote_unpaid_hold_expires_at'),
      unpaidCancelledAt: sql<Date | null>`a.cancelled_at`.mapWith(appointments.cancelledAt).as('quote_unpaid_cancelled_at'),
      unpaidCancelledBy: sql<string | null>`a.cancelled_by`.as('quote_unpaid_cancelled_by'),
    })
    .from(sql`appointments a left join customers c on c.id = a.customer_id and c.erased_at is null`)
    .where(sql`a.quote_id = "quotes"."id" and a.kind = 'scheduled' and a.booking_ref is not null and a.status in ('pending', 'pending-payment', 'expired', 'cancelled')`)
    .orderBy(sql`case when ${isHeldSql(now)} then 0 when ${isLapsedSql(now)} then 1 else 2 end`, sql`a.id desc`)
    .limit(1)
    .as('quote_unpaid');
}

/** The bookings a card reads beside its state: the latest cancelled paid one (0073) and the unpaid one its state names (0087). */
export function selectQuoteBookings(db: DbExecutor, now: Date) {
  return { cancelled: selectCancelledBooking(db), unpaid: selectUnpaidBooking(db, now) };
}

/**
 * The columns a quote's card or row reads of its state: the state, its latest cancelled booking
 * (`describeCancelledBooking`) and its unpaid booking (`describeUnpaidBooking`). Join both of
 * `bookings` with `leftJoinLateral(..., sql\`true\`)`.
 */
export function quoteStateColumns(bookings: ReturnType<typeof selectQuoteBookings>, now: Date) {
  const { cancelled: booking, unpaid } = bookings;
  return {
    state: quoteStateSql(now),
    cancelledRef: sql<string | null>`${booking.cancelledRef}`,
    cancelledAt: sql<Date | null>`${booking.cancelledAt}`.mapWith(appointments.cancelledAt),
    cancelledBy: sql<string | null>`${booking.cancelledBy}`,
    carriedOut: sql<boolean>`${booking.carriedOut}`,
    unpaidRef: sql<string | null>`${unpaid.unpaidRef}`,
    unpaidCustomerId: sql<number | null>`${unpaid.unpaidCustomerId}`,
    unpaidHoldExpiresAt: sql<Date | null>`${unpaid.unpaidHoldExpiresAt}`.mapWith(appointments.holdExpiresAt),
    unpaidCancelledAt: sql<Date | null>`${unpaid.unpaidCancelledAt}`.mapWith(appointments.cancelledAt),
    unpaidCancelledBy: sql<string | null>`${unpaid.unpaidCancelledBy}`,
  };
}

/** One quote's state (a follow-up's refusal reads it); null when the quote is gone. */
export async function selectQuoteState(db: DbExecutor, quoteId: number, now: Date) {
  const booking = selectCancelledBooking(db);
  const [row] = await db.select({ state: quoteStateSql(now), carriedOut: sql<boolean>`${booking.carriedOut}` }).from(quotes)
    .leftJoinLateral(booking, sql`true`).where(eq(quotes.id, quoteId));
  return row ?? null;
}

/** What /book-quote needs to show and re-price a quote, with the name as typed in two fields (0070); the token holder is the customer. */
export async function findQuoteByTokenRow(db: DbExecutor, token: string) {
  const [row] = await db
    .select({ ...quoteColumns, customerFirstName: quotes.customerFirstName, customerLastName: quotes.customerLastName })
    .from(quotes)
    .where(eq(quotes.token, token));
  return row ?? null;
}

/**
 * The street address and postal code of the live customer record with a quote's address (as
 * `customers_email_key_idx` holds it; the oldest should two differ only in case), for /book-quote
 * to offer a code a quote did not keep (0087); null when there is none.
 */
export async function selectQuoteCustomerPostalCode(db: DbExecutor, email: string) {
  const [row] = await db
    .select({ address: customers.address, postalCode: customers.postalCode })
    .from(customers)
    .where(and(eq(emailKey(customers.email), emailKey(email)), isNull(customers.erasedAt)))
    .orderBy(asc(customers.id))
    .limit(1);
  return row ?? null;
}

/** Staff list (SPEC's quotes admin), newest first; `status` is the state the office is shown at `now` (0073, 0080). */
export async function listQuoteRows(db: DbExecutor, limit: number, now: Date) {
  return db
    .select({ ...quoteColumns, status: quoteStateSql(now) })
    .from(quotes)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit);
}
