import 'server-only';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, type Column, count, desc, eq, gte, inArray, isNotNull, isNull, like, lt, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { emailKey } from '@/db/email-key';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox, messages } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { quotes } from '@/db/schema/quotes';
import { refunds } from '@/db/schema/refunds';
import { staffUsers } from '@/db/schema/staff';
import { needsDateOnClosedDay, needsNewDate, needsStaffAttention } from '@/features/booking/appointment.repository';
import { isOfficeTestPayment, isPaymentReceived, readPaymentTaxFacts, selectPaymentTaxColumns, selectRefundsMade } from '@/features/payments/payment.repository';
import { followUpListColumns } from '@/features/quotes/quote-follow-up.repository';
import { quoteStateColumns, quoteStateIs, selectQuoteBookings } from '@/features/quotes/quote.repository';
import { RETREATMENT_KIND } from '@/features/scheduling/visit-kinds';
import { escapeLike, foldSearchWord } from '@/lib/search-fold';
import { readPhoneDigits } from './customer-search';
import { notTreatedColumns } from '@/features/routing/not-treated.columns';
import { type AppointmentCursor, type AppointmentStatusFilter, type AppointmentView, isNewestFirst } from './appointment-list';
import type { QuoteSearch, QuoteStatusFilter } from './quote-list';
import type { RecordCursor } from './record-list';

const LIST_LIMIT = 500;

/**
 * The dashboard's summary figures (docs/decisions/0028). Total Revenue and Total Payments read the
 * same rows: payments received (`succeeded`), without the payment test page's (no sale). Revenue
 * is net of the refunds made on them; a refunded payment still counts as a payment received.
 * Unpaid, failed and cancelled rows stay in the Payments tab only.
 */
export async function selectDashboardTotals(db: DbExecutor) {
  const received = isPaymentReceived();
  const [paid] = await db.select({ cents: sum(payments.amount), n: count() }).from(payments).where(received);
  // Money given back (cancellations, decision 0017) is not revenue; a pending or failed refund still is.
  const [refunded] = await db
    .select({ cents: sum(refunds.amountCents) })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'succeeded'), received));
  // Visits sold: a free re-treatment (0047) is work, not a sale, and does not count.
  const [confirmed] = await db.select({ n: count() }).from(appointments).where(and(inArray(appointments.status, ['confirmed', 'completed']), eq(appointments.kind, 'scheduled')));
  const [customerCount] = await db.select({ n: count() }).from(customers);
  // Visits the office must give a new Friday, whatever their day (0086): the Appointments tab says how many.
  const [newDate] = await db.select({ n: count() }).from(appointments).where(needsNewDate());
  return {
    revenueCents: Number(paid?.cents ?? 0) - Number(refunded?.cents ?? 0),
    confirmedAppointments: confirmed?.n ?? 0,
    totalCustomers: customerCount?.n ?? 0,
    totalPayments: paid?.n ?? 0,
    needsNewDate: newDate?.n ?? 0,
  };
}

/** Where one page of the Appointments tab is read from: the list's filter, today in the branch's time zone, and the cursor. */
export type AppointmentPageQuery = {
  branchId: number;
  /** `'YYYY-MM-DD'` in the branch's time zone: upcoming is from this day on, past is before it. */
  today: string;
  view: AppointmentView;
  date?: string;
  status?: AppointmentStatusFilter;
  after?: AppointmentCursor;
  limit: number;
};

/**
 * One page of a branch's appointments in the list's order, (date, time, id) ascending, or
 * descending for the past: the keyset condition continues strictly after the cursor's row, so a
 * tie on date and time is settled by id and no visit is skipped or shown twice across pages. The
 * (branch, date, time, id) index serves the range, the order and the condition.
 */
export async function selectAppointmentPage(db: DbExecutor, query: AppointmentPageQuery) {
  const newestFirst = isNewestFirst({ view: query.view, date: query.date ?? null });
  const conditions: (SQL | undefined)[] = [eq(appointments.branchId, query.branchId)];
  if (query.date) conditions.push(eq(appointments.date, query.date));
  else if (query.view === 'upcoming') conditions.push(gte(appointments.date, query.today));
  else if (query.view === 'past') conditions.push(lt(appointments.date, query.today));
  if (query.status === 'needs-attention') conditions.push(needsNewDate());
  // Still open and marked "Couldn't treat": a done mark or a move clears the mark (0085).
  else if (query.status === 'not-treated') conditions.push(eq(appointments.status, 'confirmed'), isNotNull(appointments.notTreatedReason));
  else if (query.status) conditions.push(eq(appointments.status, query.status));
  if (query.after) {
    const key = sql`(${appointments.date}, ${appointments.time}, ${appointments.id})`;
    const cursor = sql`(${query.after.date}::date, ${query.after.time}::text, ${query.after.id}::integer)`;
    conditions.push(newestFirst ? sql`${key} < ${cursor}` : sql`${key} > ${cursor}`);
  }
  const direction = newestFirst ? desc : asc;
  return db
    .select({
      id: appointments.id,
      date: appointments.date,
      time: appointments.time,
      serviceType: appointments.serviceType,
      // A free re-treatment (0047) is listed as such.
      kind: appointments.kind,
      status: appointments.status,
      address: appointments.address,
      city: appointments.city,
      // The visit's own code: one the owner has stopped serving since is flagged (0096).
      postalCode: appointments.postalCode,
      customerId: appointments.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      visitNumber: appointments.visitNumber,
      // What was sold with the visit besides its service, named as the day sheet names it (0062, 0064).
      includeTick: appointments.includeTick,
      includeTargetedInsects: appointments.includeTargetedInsects,
      extras: appointments.extras,
      needsStaffAttention: needsStaffAttention(),
      // ...on a Friday closed for rain: the move dialog says closed, not full (0099).
      needsDateDayClosed: needsDateOnClosedDay(),
      // The first Friday booked and why it moved (0033): the list says "Moved from ..." under the date.
      isRescheduled: appointments.isRescheduled,
      originalDate: appointments.originalDate,
      rescheduledReason: appointments.rescheduledReason,
      // "Mark completed" asks as the day sheet does (0046): the note so far, and whose route has the visit.
      visitNote: appointments.visitNote,
      technicianId: appointments.technicianId,
      // The language the visit report goes out in: "Mark completed" names it as the day sheet does (0108, 0110).
      locale: appointments.locale,
      // "Not treated": gate locked", who and when (0085): the office moves the visit to another Friday.
      ...notTreatedColumns,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(...conditions))
    .orderBy(direction(appointments.date), direction(appointments.time), direction(appointments.id))
    .limit(query.limit);
}

/** What the Customers tab shows of a customer. */
const customerListColumns = {
  id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email,
  phone: customers.phone, address: customers.address, city: customers.city, postalCode: customers.postalCode,
};

/**
 * The newest customers, for the dashboard's list. Rows written at one instant (the demo seed, an
 * import) come newest row first, so the list never reshuffles between two refreshes.
 */
export async function selectRecentCustomers(db: DbExecutor) {
  return db
    .select(customerListColumns)
    .from(customers)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(LIST_LIMIT);
}

/**
 * Customers whose name, email, address, city or postal code holds every word of the query (case
 * and accents ignored, like the dashboard's instant filter), or whose phone holds the digits of a
 * word that is a number however it was typed (`readPhoneDigits`, as the filter asks). Newest first.
 * Reads the columns the database folded when the row was written (`customers.search_text`,
 * `search_phone`), so a search is one pass over short strings.
 */
export async function searchCustomers(db: DbExecutor, words: string[], limit: number) {
  const conditions = words.map((word) => {
    const digits = readPhoneDigits(word);
    return or(
      like(customers.searchText, `%${escapeLike(foldSearchWord(word))}%`),
      digits !== null ? like(customers.searchPhone, `%${digits}%`) : undefined,
    );
  });
  return db
    .select(customerListColumns)
    .from(customers)
    .where(and(...conditions))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(limit);
}

/** A visit still to come or to be paid: where the crew will go (a cancelled or lapsed one is not). */
const BOOKED_STATUSES = ['pending', 'pending-payment', 'confirmed'];
/** A paid visit: done, or confirmed and never marked done (a past season's booking still counts). */
const VISITED_STATUSES = ['confirmed', 'completed'];
/** Booked but not paid yet: booked ahead when on or after today. A paid one ahead (confirmed) is a later paid visit. */
const UNPAID_BOOKED_STATUSES = BOOKED_STATUSES.filter((status) => !VISITED_STATUSES.includes(status));

/** Where one page of the Customers tab's "Nothing booked ahead" (0101, 0109) is read from. */
export type NothingBookedAheadQuery = {
  branchId: number;
  /** `'YYYY-MM-DD'` in the branch's time zone: a visit on this day or later is booked ahead, an earlier one is past. */
  today: string;
  /** The last visit the page before ended on (its Friday, time and id), in the list's order. */
  after?: AppointmentCursor;
  limit: number;
};

/**
 * Customers who may not come back (docs/decisions/0101, 0109): their last paid visit is the
 * branch's, on a Friday before `today`, and nothing is booked from `today` on (no visit pending,
 * waiting for payment or confirmed; a cancelled or expired one is no booking; a visit today, done
 * or not, counts as booked). Erased customers (0049) are left out.
 *
 * Ordered by that last visit, most recent first, on the visit's (date, time, id): the branch's
 * visits are walked back from `today` on `appointments_date_time_idx`, which serves the order and
 * the cursor, and a visit is its customer's row when, on `appointments_customer_idx`, the customer
 * has no later paid visit and nothing unpaid booked from `today` on. Each customer comes once, at
 * their last visit, so a page costs the visits walked to fill it: never a pass over either table,
 * an aggregate per customer or a stored copy of the last visit to keep up to date. The cursor's
 * parts are the row's `lastVisit`, `visitTime` and `visitId`.
 */
export function selectNothingBookedAheadPage(db: DbExecutor, query: NothingBookedAheadQuery) {
  const other = alias(appointments, 'other_visit');
  const visitKey = (t: { date: Column; time: Column; id: Column }) => sql`(${t.date}, ${t.time}, ${t.id})`;
  // The customer's later paid visit (a confirmed one ahead, a visit done today) or unpaid booking ahead:
  // one probe of `appointments_customer_idx` per visit walked.
  const laterOrAhead = db
    .select({ id: other.id })
    .from(other)
    .where(and(
      eq(other.customerId, appointments.customerId),
      or(
        and(inArray(other.status, VISITED_STATUSES), sql`${visitKey(other)} > ${visitKey(appointments)}`),
        and(inArray(other.status, UNPAID_BOOKED_STATUSES), gte(other.date, query.today)),
      ),
    ));
  const after = query.after
    ? sql`${visitKey(appointments)} < (${query.after.date}::date, ${query.after.time}::text, ${query.after.id}::integer)`
    : undefined;
  return db
    .select({
      ...customerListColumns,
      lastVisit: sql<string>`to_char(${appointments.date}, 'YYYY-MM-DD')`,
      visitTime: appointments.time,
      visitId: appointments.id,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(
      eq(appointments.branchId, query.branchId),
      lt(appointments.date, query.today),
      inArray(appointments.status, VISITED_STATUSES),
      after,
      isNull(customers.erasedAt),
      sql`not exists ${laterOrAhead}`,
    ))
    .orderBy(desc(appointments.date), desc(appointments.time), desc(appointments.id))
    .limit(query.limit);
}

/**
 * The customer who holds the booking with this reference (as stored: `BK-` and eight capitals), with
 * the booking's first Friday and how many Fridays it has: its paid visits, not a free re-treatment
 * booked later (0047). One equality on `appointments_booking_ref_idx`, then the customer by its key.
 * An erased customer (0049) is not found: the reference must not lead back to the record.
 */
export async function selectCustomerByBookingRef(db: DbExecutor, bookingRef: string) {
  const paid = sql`${appointments.kind} <> ${RETREATMENT_KIND}`;
  const [row] = await db
    .select({
      ...customerListColumns,
      reference: appointments.bookingRef,
      date: sql<string>`to_char(coalesce(min(${appointments.date}) filter (where ${paid}), min(${appointments.date})), 'YYYY-MM-DD')`,
      fridays: sql<number>`greatest(count(distinct ${appointments.date}) filter (where ${paid}), 1)::integer`,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(eq(appointments.bookingRef, bookingRef), isNull(customers.erasedAt)))
    .groupBy(customers.id, appointments.bookingRef)
    .limit(1);
  if (!row) return null;
  const { reference, date, fridays, ...customer } = row;
  return { customer, booking: { reference, date, fridays: Number(fridays) } };
}

/** Where one page of the Payments, Messages or Emails tab is read from: after the cursor's row, at most `limit` rows. */
export type RecordPageQuery = { after?: RecordCursor; limit: number };

/**
 * Newest first on (`at`, id), `at` the creation time (or, for a ranged Payments list, the instant
 * paid, 0109): the keyset condition continues strictly after the cursor's row, so rows at the
 * same instant are settled by id and none is skipped or shown twice. `cursorAt` is `at` at the
 * database's precision (microseconds), for the next cursor; each table's (`at`, id) index serves
 * the order and the condition.
 */
function newestFirst(at: Column, id: Column, query: RecordPageQuery) {
  return {
    cursorAt: sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    after: query.after ? sql`(${at}, ${id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::integer)` : undefined,
    orderBy: [desc(at), desc(id)],
  };
}

/**
 * The query of a page of the Payments tab, newest first on (created_at, id). With `range` (the
 * tab's From/To in the branch's time zone, 0101), the payments file's rows instead (0109): the
 * payments received (`isPaymentReceived`: succeeded, not the payment test page's) that succeeded
 * from `start` up to (not including) `end`, newest paid first on (succeeded_at, id), so the rows of
 * a range sum to its "Show totals" (0095). `cursorAt` is then the instant paid; the (created_at, id)
 * and (succeeded_at, id) indexes serve each order, range and cursor.
 */
export function paymentPageQuery(db: DbExecutor, query: RecordPageQuery & { range?: { start: Date; end: Date } }) {
  const dated = query.range ? payments.succeededAt : payments.createdAt;
  const page = newestFirst(dated, payments.id, query);
  const range = query.range ? and(isPaymentReceived(), gte(dated, query.range.start), lt(dated, query.range.end)) : undefined;
  const refunded = selectRefundsMade(db);
  return db
    .select({
      id: payments.id, createdAt: payments.createdAt, succeededAt: payments.succeededAt, amountCents: payments.amount, status: payments.status,
      // A cancellation's refund (0017): the tab says the payment was given back, as the CSV does, and how much with its HST (0075).
      refundedCents: refunded.cents,
      ...selectPaymentTaxColumns(),
      paymentIntentId: payments.paymentIntentId, customerId: payments.customerId, firstName: customers.firstName, lastName: customers.lastName,
      // Listed with the others, marked: the totals leave them out (docs/decisions/0028).
      isTest: isOfficeTestPayment(),
      // How it was paid (0103): a card, or the office's cash, cheque or e-transfer with its reference.
      provider: payments.provider, paymentMethod: payments.paymentMethod, reference: payments.reference,
      cursorAt: page.cursorAt,
    })
    .from(payments)
    .leftJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(and(page.after, range))
    .orderBy(...page.orderBy)
    .limit(query.limit);
}

export async function selectPaymentPage(db: DbExecutor, query: Parameters<typeof paymentPageQuery>[1]) {
  const rows = await paymentPageQuery(db, query);
  return rows.map((row) => ({ ...row, ...readPaymentTaxFacts(row), refundedCents: Number(row.refundedCents ?? 0) }));
}

export async function selectMessagePage(db: DbExecutor, query: RecordPageQuery) {
  const page = newestFirst(messages.createdAt, messages.id, query);
  return db
    .select({
      id: messages.id, createdAt: messages.createdAt, name: messages.name, email: messages.email, phone: messages.phone,
      subject: messages.subject, content: messages.content, status: messages.status, locale: messages.locale,
      responseContent: messages.responseContent, respondedAt: messages.respondedAt, cursorAt: page.cursorAt,
    })
    .from(messages)
    .where(page.after)
    .orderBy(...page.orderBy)
    .limit(query.limit);
}

export async function selectOutboxPage(db: DbExecutor, query: RecordPageQuery) {
  const page = newestFirst(emailOutbox.createdAt, emailOutbox.id, query);
  return db
    .select({
      id: emailOutbox.id, createdAt: emailOutbox.createdAt, kind: emailOutbox.kind, toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject, status: emailOutbox.status, attempts: emailOutbox.attempts, sentAt: emailOutbox.sentAt,
      lastError: emailOutbox.lastError, cursorAt: page.cursorAt,
    })
    .from(emailOutbox)
    .where(page.after)
    .orderBy(...page.orderBy)
    .limit(query.limit);
}

export async function selectOutboxBody(db: DbExecutor, id: number) {
  const [row] = await db.select({ html: emailOutbox.html }).from(emailOutbox).where(and(eq(emailOutbox.id, id)));
  return row?.html ?? null;
}

/**
 * Where one page of /quotes-admin is read from: a state (0073), a search, the quotes sent to one
 * address exactly (`email`, compared as `emailKey` holds it, 0073), after the cursor's row.
 */
export type QuotePageQuery = RecordPageQuery & { status?: QuoteStatusFilter; search?: QuoteSearch; email?: string; now: Date };

/**
 * One page of quotes, newest first on (created_at, id) like the record lists (the
 * (created_at, id) index serves the order and the cursor). A quote number is looked up by id;
 * words are each looked for in the folded name and email the row stores (`search_text`), read in
 * that order until a page is found: no text index at a branch's scale (docs/decisions/0019). One
 * address is a range of `quotes_email_key_idx`, which holds the same order (0073). Each card's
 * state is derived from the bookings made from it as they are at `now` (`quoteStateSql`), which a
 * state filter reads on each quote's row as it goes; the latest cancelled booking is read for the
 * cards found only.
 */
export function selectQuotePage(db: DbExecutor, query: QuotePageQuery) {
  const page = newestFirst(quotes.createdAt, quotes.id, query);
  const bookings = selectQuoteBookings(db, query.now);
  const conditions: (SQL | undefined)[] = [page.after];
  if (query.status) conditions.push(quoteStateIs(query.status, query.now));
  if (query.email !== undefined) conditions.push(eq(emailKey(quotes.customerEmail), emailKey(query.email)));
  if (query.search && 'quoteId' in query.search) conditions.push(eq(quotes.id, query.search.quoteId));
  else if (query.search) conditions.push(...query.search.words.map((word) => sql`${quotes.searchText} like ${`%${escapeLike(word)}%`}`));
  // The live customer with the quote's address (0068): one probe of `customers_email_key_idx` per
  // card of the page, in the same query. The oldest record wins should two differ only in case.
  const customer = db
    .select({ id: sql<number>`${customers.id}`.as('quote_customer_id'), firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(emailKey(customers.email), emailKey(quotes.customerEmail)), isNull(customers.erasedAt)))
    .orderBy(asc(customers.id))
    .limit(1)
    .as('quote_customer');
  return db
    .select({
      id: quotes.id, customerName: quotes.customerName, customerEmail: quotes.customerEmail, totalCents: quotes.totalCents,
      // For the card's "call them instead" when the quote's area is no longer served (0104).
      customerPhone: quotes.customerPhone,
      serviceType: quotes.serviceType, propertySize: quotes.propertySize,
      includeTick: quotes.includeTick, includeStandingWater: quotes.includeStandingWater, extras: quotes.additionalServices, address: quotes.address,
      city: quotes.city, postalCode: quotes.postalCode, secondContact: quotes.secondContact, notes: quotes.notes, createdAt: quotes.createdAt,
      // The office's "Send again" follow-ups (0059): how many, the last one's time and sender.
      ...followUpListColumns,
      customerRecordId: customer.id, customerFirstName: customer.firstName, customerLastName: customer.lastName,
      ...quoteStateColumns(bookings, query.now),
      cursorAt: page.cursorAt,
    })
    .from(quotes)
    .leftJoinLateral(customer, sql`true`)
    .leftJoinLateral(bookings.cancelled, sql`true`)
    .leftJoinLateral(bookings.unpaid, sql`true`)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(query.limit);
}

/**
 * The quotes sent to an address (compared trimmed and in lower case, as `customers_email_key_idx`
 * and `quotes_email_key_idx` hold it), newest first, each with its state at `now` (0073, 0080): what
 * a customer's page lists (0068). One backward range of `quotes_email_key_idx`, with no sort.
 */
export function selectQuotesByEmail(db: DbExecutor, email: string, limit: number, now: Date) {
  const bookings = selectQuoteBookings(db, now);
  return db
    .select({
      id: quotes.id, createdAt: quotes.createdAt, serviceType: quotes.serviceType, propertySize: quotes.propertySize,
      includeTick: quotes.includeTick, includeStandingWater: quotes.includeStandingWater, extras: quotes.additionalServices,
      totalCents: quotes.totalCents, notes: quotes.notes,
      ...quoteStateColumns(bookings, now),
    })
    .from(quotes)
    .leftJoinLateral(bookings.cancelled, sql`true`)
    .leftJoinLateral(bookings.unpaid, sql`true`)
    .where(eq(emailKey(quotes.customerEmail), emailKey(email)))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit);
}

export async function selectCustomerDetails(db: DbExecutor, customerId: number) {
  const [customer] = await db
    .select({
      id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone,
      address: customers.address, city: customers.city, postalCode: customers.postalCode, createdAt: customers.createdAt,
      erasedAt: customers.erasedAt,
      // What the office's "New booking" starts from (0091): the email's language and the lot size on record.
      locale: customers.locale, propertySize: customers.propertySize,
      // Added by the office (0098): whether, and by which account while it exists.
      createdById: customers.createdById, createdByName: staffUsers.displayName,
    })
    .from(customers)
    .leftJoin(staffUsers, eq(staffUsers.id, customers.createdById))
    .where(eq(customers.id, customerId));
  if (!customer) return null;
  const visits = await db
    .select({ id: appointments.id, date: appointments.date, time: appointments.time, serviceType: appointments.serviceType, status: appointments.status, address: appointments.address, city: appointments.city, postalCode: appointments.postalCode, notes: appointments.notes, visitNote: appointments.visitNote })
    .from(appointments)
    .where(eq(appointments.customerId, customerId))
    .orderBy(appointments.date);
  const paid = await db
    .select({ id: payments.id, createdAt: payments.createdAt, amountCents: payments.amount, status: payments.status, paymentIntentId: payments.paymentIntentId })
    .from(payments)
    .where(eq(payments.customerId, customerId))
    .orderBy(desc(payments.createdAt));
  return { customer, appointments: visits, payments: paid };
}

export async function findAppointmentStatus(db: DbExecutor, id: number) {
  const [row] = await db.select({ id: appointments.id, status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return row ?? null;
}

/**
 * Moves one appointment to `to` only while it is still `from`: a concurrent change makes this a
 * no-op (null). A visit marked done records when (a re-plan keeps done stops in that order, 0006),
 * and the technician's note when one is given (`visitNote`, null clears it; 0038). An Undo keeps the note.
 */
export async function updateAppointmentStatus(db: DbExecutor, id: number, from: string, to: string, at: Date, visitNote?: string | null) {
  const [row] = await db
    .update(appointments)
    .set({ status: to, completedAt: to === 'completed' ? at : null, ...(to === 'completed' && visitNote !== undefined ? { visitNote } : {}), updatedAt: at })
    .where(and(eq(appointments.id, id), eq(appointments.status, from)))
    .returning({ id: appointments.id, status: appointments.status });
  return row ?? null;
}

/** Sets a message's status; read is implied by every status but new, and the first reply is timed. */
export async function updateMessageStatus(db: DbExecutor, id: number, status: string, at: Date) {
  const [row] = await db
    .update(messages)
    .set({
      status,
      isRead: status !== 'new',
      respondedAt: status === 'replied' ? sql`coalesce(${messages.respondedAt}, ${at.toISOString()}::timestamptz)` : messages.respondedAt,
      updatedAt: at,
    })
    .where(eq(messages.id, id))
    .returning({ id: messages.id, status: messages.status });
  return row ?? null;
}

const contactAddressColumns = { id: customers.id, email: customers.email, address: customers.address, city: customers.city, postalCode: customers.postalCode };

/** The customer's address (and email) as stored; null when there is no such customer. */
export async function selectCustomerAddress(db: DbExecutor, id: number) {
  const [row] = await db.select(contactAddressColumns).from(customers).where(eq(customers.id, id));
  return row ?? null;
}

/** The same and whether the customer was erased (0049), row-locked for the rest of the transaction. */
export async function lockCustomerAddress(db: DbExecutor, id: number) {
  const [row] = await db.select({ ...contactAddressColumns, erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, id)).for('update');
  return row ?? null;
}

/** Whether another customer already has this email (compared in lower case, as bookings find customers). */
export async function emailBelongsToAnotherCustomer(db: DbExecutor, email: string, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, ne(customers.id, customerId)))
    .limit(1);
  return row !== undefined;
}

export async function updateCustomerContact(
  db: DbExecutor,
  id: number,
  values: { firstName: string; lastName: string; email: string; phone: string; address: string | null; city: string | null; postalCode: string | null; latitude?: number | null; longitude?: number | null },
  at: Date,
) {
  await db.update(customers).set({ ...values, updatedAt: at }).where(eq(customers.id, id));
}
