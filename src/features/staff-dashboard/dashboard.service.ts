import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { readBookingRefQuery } from '@/features/booking/booking-ref';
import { locate } from '@/features/booking/booking.service';
import { describeCancelledBooking, describeUnpaidBooking } from '@/features/quotes/quote-state';
import { selectMessagesByEmail } from '@/features/contact/contact.repository';
import { findRefundedAmounts } from '@/features/payments/payment-tax';
import { carryAddressUnsubscribe, findSeasonYear, lockAddressForCustomerEmail } from '@/features/marketing-email/consent.service';
import { findToday } from '@/features/scheduling/available-dates';
import { checkServiceArea, findOutsideServiceArea, formatPostalCode, type ServedPrefix } from '@/features/service-area/postal-code';
import { queueVisitReport } from '@/features/visit-reports/visit-report.service';
import { AppError } from '@/lib/errors';
import { encodeAppointmentCursor } from './appointment-list';
import {
  emailBelongsToAnotherCustomer, lockCustomerAddress, selectCustomerAddress, updateCustomerContact,
  findAppointmentStatus, searchCustomers, selectCustomerByBookingRef, updateAppointmentStatus, updateMessageStatus,
  selectAppointmentPage, selectCustomerDetails, selectDashboardTotals, selectMessagePage, selectOutboxBody, selectOutboxPage,
  selectNothingBookedAheadPage, selectPaymentPage, selectQuotePage, selectQuotesByEmail, selectRecentCustomers,
} from './dashboard.repository';
import { readListRange } from './dashboard-filters';
import { type ExportRange, findRangeInstants } from '@/features/exports/export-range';
import type {
  AppointmentChange, AppointmentListQuery, AppointmentStatusChange, CustomerContact, MessageStatusChange, NothingBookedAheadListQuery,
  PaymentListQuery, QuoteListQuery, RecordListQuery,
} from './dashboard.schema';
import { LIST_PAGE_SIZE, takePage } from './list-paging';
import { encodeRecordCursor } from './record-list';
import { moveAppointment } from './reschedule.service';

/** Visits still to come or to be paid: where the crew will go. Done, cancelled and lapsed ones are history. */
const UPCOMING_STATUSES = new Set(['pending', 'pending-payment', 'confirmed']);

/**
 * One page of the Appointments tab (GET /api/admin/appointments): upcoming visits by default,
 * "today" being the branch's calendar day (America/Toronto), and the cursor of the next page
 * (null on the last one). `today` comes with the page: a visit can be marked completed from its
 * day on (0057), and the tab offers "Mark completed" by the day of its latest read.
 */
export async function listAppointments(query: Partial<AppointmentListQuery> = {}, options: { now?: Date; branchId?: number } = {}) {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const branch = await getBranch(branchId);
  const limit = query.limit ?? LIST_PAGE_SIZE;
  const today = findToday(options.now ?? new Date(), branch.timezone);
  const rows = await selectAppointmentPage(await getDb(), {
    branchId,
    today,
    view: query.view ?? 'upcoming',
    date: query.date,
    status: query.status,
    after: query.cursor,
    limit: limit + 1,
  });
  const { page, nextCursor } = takePage(rows, limit, encodeAppointmentCursor);
  // The branch's prefixes read once for the page (0096): each visit still to come checked against
  // them; done, cancelled and lapsed visits are history and are not flagged.
  const { servedPrefixes } = branch.settings;
  const flag = (a: (typeof page)[number]) => (UPCOMING_STATUSES.has(a.status) ? findOutsideServiceArea(a.postalCode, servedPrefixes) : null);
  return { appointments: page.map((a) => ({ ...a, outsideServiceArea: flag(a) })), nextCursor, today };
}

export type AppointmentPage = Awaited<ReturnType<typeof listAppointments>>;

/** One page of records read one row beyond it, as JSON-safe rows and the cursor after the last. */
function toRecordPage<T extends { id: number; cursorAt: string }, R>(rows: T[], limit: number, toJson: (row: Omit<T, 'cursorAt'>) => R) {
  const { page, nextCursor } = takePage(rows, limit, (row) => encodeRecordCursor({ createdAt: row.cursorAt, id: row.id }));
  return { rows: page.map(({ cursorAt: _cursorAt, ...row }) => toJson(row)), nextCursor };
}

const pageQuery = (query: Partial<RecordListQuery>) => {
  const limit = query.limit ?? LIST_PAGE_SIZE;
  return { limit, read: { after: query.cursor, limit: limit + 1 } };
};

/**
 * One page of the Payments tab (GET /api/admin/payments), newest first, and the cursor of the next
 * page (null on the last). With From/To (0101), the payments received on those days in the
 * branch's time zone, by the day they succeeded, newest paid first: the payments file's rows, which
 * sum to the range's "Show totals" (0109); under the exports' range rule, a bad range refused as
 * theirs is. A payment with refunds made says how much came back and the HST in it, as its receipt does
 * (`findRefundedAmounts`, 0075); the tax facts it is worked out from stay here.
 *
 * @throws AppError 'bad_request' (`exports.errors.*`) for a bad, reversed or too long range
 */
export async function listPayments(query: Partial<PaymentListQuery> = {}) {
  const { limit, read } = pageQuery(query);
  const checked = readListRange(query.from, query.to);
  if (!checked.ok) throw new AppError('bad_request', checked.messageKey, { field: checked.field }, { days: checked.days });
  const { taxRateBps, timezone } = await getBranch();
  const range = checked.range ? findRangeInstants(checked.range, timezone) : undefined;
  const { rows, nextCursor } = toRecordPage(
    await selectPaymentPage(await getDb(), { ...read, range }),
    limit,
    ({ subtotalCents, taxCents, taxRateBps: paymentRateBps, ...p }) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      succeededAt: p.succeededAt?.toISOString() ?? null,
      refundedTaxCents: findRefundedAmounts({ ...p, subtotalCents, taxCents, taxRateBps: paymentRateBps }, taxRateBps).taxCents,
    }),
  );
  return { payments: rows, nextCursor };
}

/**
 * One page of the Customers tab's "Nothing booked ahead" (GET /api/admin/customers?filter=, 0101):
 * customers with a paid visit before today (the branch's calendar day) and nothing booked from
 * today on, each with the Friday of their last visit, the most recent last visit first (0109), and
 * the next cursor (the last row's visit, as the Appointments tab's cursor reads).
 */
export async function listNothingBookedAhead(query: Partial<NothingBookedAheadListQuery> = {}, options: { now?: Date } = {}) {
  const limit = query.limit ?? LIST_PAGE_SIZE;
  const { id: branchId, timezone } = await getBranch(DEFAULT_BRANCH_ID);
  const today = findToday(options.now ?? new Date(), timezone);
  const rows = await selectNothingBookedAheadPage(await getDb(), { after: query.cursor, limit: limit + 1, branchId, today });
  const { page, nextCursor } = takePage(rows, limit, (c) => encodeAppointmentCursor({ date: c.lastVisit, time: c.visitTime, id: c.visitId }));
  return { customers: page.map(({ visitTime: _time, visitId: _visit, ...c }) => c), nextCursor };
}

export type NothingBookedAheadPage = Awaited<ReturnType<typeof listNothingBookedAhead>>;

/** One page of the Messages tab (GET /api/admin/messages), newest first. */
export async function listMessages(query: Partial<RecordListQuery> = {}) {
  const { limit, read } = pageQuery(query);
  const { rows, nextCursor } = toRecordPage(await selectMessagePage(await getDb(), read), limit, (m) => ({
    ...m, createdAt: m.createdAt.toISOString(), respondedAt: m.respondedAt?.toISOString() ?? null,
  }));
  return { messages: rows, nextCursor };
}

/** One page of the Emails tab (GET /api/admin/outbox), newest first. */
export async function listOutbox(query: Partial<RecordListQuery> = {}) {
  const { limit, read } = pageQuery(query);
  const { rows, nextCursor } = toRecordPage(
    await selectOutboxPage(await getDb(), read), limit,
    (o) => ({ ...o, createdAt: o.createdAt.toISOString(), sentAt: o.sentAt?.toISOString() ?? null }),
  );
  return { outbox: rows, nextCursor };
}

export type PaymentPage = Awaited<ReturnType<typeof listPayments>>;
export type MessagePage = Awaited<ReturnType<typeof listMessages>>;
export type OutboxPage = Awaited<ReturnType<typeof listOutbox>>;

/**
 * Everything the staff dashboard shows, as plain JSON-safe data (dates as ISO strings). The
 * appointments, payments, messages and emails are their tabs' first pages (appointments in the
 * default view, upcoming; payments of `paymentsRange` when given, 0101), each with the cursor its
 * "Load more" continues from.
 */
export async function loadDashboard(options: { now?: Date; paymentsRange?: ExportRange | null } = {}) {
  const db = await getDb();
  const [totals, appointmentPage, customerRows, paymentPage, messagePage, outboxPage] = await Promise.all([
    selectDashboardTotals(db),
    listAppointments({}, { now: options.now }),
    selectRecentCustomers(db),
    // The page's address may ask for the Payments tab's From/To (0101).
    listPayments(options.paymentsRange ?? {}),
    listMessages(),
    listOutbox(),
  ]);
  return {
    totals,
    appointments: appointmentPage.appointments,
    appointmentsNextCursor: appointmentPage.nextCursor,
    appointmentsToday: appointmentPage.today,
    customers: customerRows,
    payments: paymentPage.payments,
    paymentsNextCursor: paymentPage.nextCursor,
    messages: messagePage.messages,
    messagesNextCursor: messagePage.nextCursor,
    outbox: outboxPage.outbox,
    outboxNextCursor: outboxPage.nextCursor,
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;

/** The HTML of one outbox email, for staff to read as the customer would; null when unknown. */
export async function readOutboxEmail(id: number): Promise<string | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return selectOutboxBody(await getDb(), id);
}

/**
 * A card's or row's quote with its state as the office is shown it, derived from the bookings made
 * from the quote (0073, 0080): `status`, the paid booking cancelled since, and the unpaid booking
 * the state is about with its times for the branch's time zone (0087); the state's columns dropped.
 */
function describeQuoteState<Q extends Parameters<typeof describeUnpaidBooking>[0] & Parameters<typeof describeCancelledBooking>[0] & { extras: string[] | null }>(
  row: Q, timeZone: string,
) {
  const { state, cancelledRef, cancelledAt, cancelledBy, carriedOut, unpaidRef, unpaidCustomerId, unpaidHoldExpiresAt, unpaidCancelledAt, unpaidCancelledBy, ...q } = row;
  return {
    ...q,
    status: state,
    extras: q.extras ?? [],
    cancelledBooking: describeCancelledBooking({ state, cancelledRef, cancelledAt, cancelledBy, carriedOut }),
    unpaidBooking: describeUnpaidBooking({ state, unpaidRef, unpaidCustomerId, unpaidHoldExpiresAt, unpaidCancelledAt, unpaidCancelledBy }, timeZone),
  };
}

/**
 * One page of /quotes-admin (GET /api/admin/quotes): every quote or one state (as it is at `now`),
 * newest first, matching the search if any, and the cursor of the next page (null on the last).
 */
export async function listQuotesForStaff(query: Partial<QuoteListQuery> = {}, options: { now?: Date } = {}) {
  const { limit, read } = pageQuery(query);
  const { timezone, settings: { servedPrefixes } } = await getBranch(DEFAULT_BRANCH_ID);
  const { rows, nextCursor } = toRecordPage(
    await selectQuotePage(await getDb(), { ...read, status: query.status, search: query.q, email: query.email, now: options.now ?? new Date() }), limit,
    ({ customerRecordId, customerFirstName, customerLastName, ...q }) => ({
      ...describeQuoteState(q, timezone),
      createdAt: q.createdAt.toISOString(),
      lastSentAt: q.lastSentAt?.toISOString() ?? null,
      // The live customer record with the quote's address, for the card's link to it (0068); null when there is none.
      customer: customerRecordId === null ? null : { id: customerRecordId, name: `${customerFirstName ?? ''} ${customerLastName ?? ''}`.trim() },
      // Sent to a code the owner has stopped serving since (0096): a new booking of it is refused. A
      // booked one is history here; its visits carry the flag.
      outsideServiceArea: q.state === 'booked' ? null : findOutsideServiceArea(q.postalCode, servedPrefixes),
    }),
  );
  return { quotes: rows, nextCursor };
}

export type QuotePage = Awaited<ReturnType<typeof listQuotesForStaff>>;

/** The most quotes a customer's page lists; past it, the page says so and links to /quotes-admin narrowed to the address (0073). */
export const CUSTOMER_QUOTES_SHOWN = 50;

/** The most contact messages a customer's page lists, newest first; past it, the page says how many there are (0112). */
export const CUSTOMER_MESSAGES_SHOWN = 10;

/**
 * The codes of a customer's address and of their visits still to come that the branch does not
 * serve now (docs/decisions/0088): a community the owner marked not served after they booked.
 * Their bookings stand; the office sees this on the customer's page. Each code once.
 */
function findCustomerOutsideArea(
  customerPostalCode: string | null,
  visits: readonly { status: string; postalCode: string | null }[],
  servedPrefixes: readonly ServedPrefix[],
): { postalCode: string; area: string | null }[] {
  const codes = [customerPostalCode, ...visits.filter((v) => UPCOMING_STATUSES.has(v.status)).map((v) => v.postalCode)];
  const found = new Map<string, { postalCode: string; area: string | null }>();
  for (const code of codes) {
    const outside = findOutsideServiceArea(code, servedPrefixes);
    if (outside && !found.has(outside.postalCode)) found.set(outside.postalCode, outside);
  }
  return [...found.values()];
}

/**
 * A customer's page: contact details, visits, payments, and the quotes sent to their current
 * address, newest first (0068). An erased customer (0049) has no quotes to show: their address is gone.
 */
export async function loadCustomerDetails(customerId: number, options: { now?: Date } = {}) {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return null;
  const db = await getDb();
  const details = await selectCustomerDetails(db, customerId);
  if (!details) return null;
  const { erasedAt, ...customer } = details.customer;
  const found = erasedAt ? [] : await selectQuotesByEmail(db, customer.email, CUSTOMER_QUOTES_SHOWN + 1, options.now ?? new Date());
  const sent = erasedAt ? [] : await selectMessagesByEmail(db, customer.email, CUSTOMER_MESSAGES_SHOWN);
  const branch = await getBranch(DEFAULT_BRANCH_ID, db);
  return {
    ...details,
    customer,
    outsideServiceArea: findCustomerOutsideArea(customer.postalCode, details.appointments, branch.settings.servedPrefixes),
    quotes: found.slice(0, CUSTOMER_QUOTES_SHOWN).map((q) => ({ ...describeQuoteState(q, branch.timezone), createdAt: q.createdAt.toISOString() })),
    moreQuotes: found.length > CUSTOMER_QUOTES_SHOWN,
    // The contact messages written from the customer's address and the office's replies (0112); none once erased.
    messages: sent.map(({ total: _total, ...m }) => ({ ...m, createdAt: m.createdAt.toISOString(), respondedAt: m.respondedAt?.toISOString() ?? null })),
    messageCount: sent[0]?.total ?? 0,
  };
}

const blankToNull = (value: string) => (value === '' ? null : value);
const sameText = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Staff correct a customer's contact details. The email stays unique in any case (bookings find
 * customers by it), a new address is located again for the route planner, and the visits already
 * booked keep the address they were booked for (each visit carries its own). A new email address
 * that is on the do-not-email list marks the customer unsubscribed (`carryAddressUnsubscribe`, 0074):
 * no promotional email reaches it on the strength of a consent given for another address.
 */
export async function changeCustomerContact(customerId: number | null, input: CustomerContact, now = new Date()) {
  if (customerId === null) throw new AppError('not_found', 'adminDashboard.customerNotFound');
  const db = await getDb();
  const email = input.email.toLowerCase();
  const postalCode = input.postalCode === '' ? null : formatPostalCode((checkServiceArea(input.postalCode, []) as { postalCode: string }).postalCode);
  const values = {
    firstName: input.firstName, lastName: input.lastName, email, phone: input.phone,
    address: blankToNull(input.address), city: blankToNull(input.city), postalCode,
  };
  const current = await selectCustomerAddress(db, customerId);
  if (!current) throw new AppError('not_found', 'adminDashboard.customerNotFound');
  const moved = !sameText(current.address, values.address) || !sameText(current.city, values.city) || !sameText(current.postalCode, values.postalCode);
  // Outside the transaction: a slow geocoder must not hold the customer's row.
  const coordinates = moved ? (values.address || values.postalCode ? await locate(values.address ?? '', values.city ?? '', values.postalCode ?? '') : null) : undefined;
  const seasonYear = await findSeasonYear(now);
  await db.transaction(async (tx) => {
    // The new address's lock before the customer's row, in the order an unsubscribe takes them.
    const addressStanding = await lockAddressForCustomerEmail(tx, email);
    const locked = await lockCustomerAddress(tx, customerId);
    if (!locked) throw new AppError('not_found', 'adminDashboard.customerNotFound');
    // Erased while the form was open (the page hides it after): the erased details never come back (0055).
    if (locked.erasedAt) throw new AppError('conflict', 'privacy.refusals.alreadyErased');
    if (await emailBelongsToAnotherCustomer(tx, email, customerId)) {
      throw new AppError('conflict', 'adminDashboard.customerEdit.emailTaken', { fields: { email: 'adminDashboard.customerEdit.emailTaken' } });
    }
    await updateCustomerContact(tx, customerId, coordinates === undefined ? values : { ...values, latitude: coordinates?.latitude ?? null, longitude: coordinates?.longitude ?? null }, now);
    if (!sameText(locked.email, email)) await carryAddressUnsubscribe(tx, { customerId, standing: addressStanding, now, seasonYear });
  });
  return { id: customerId, ...values };
}

/** The one status each staff status may be set from (completed <- confirmed, and back). */
const APPOINTMENT_STATUS_FROM: Record<AppointmentStatusChange['status'], string> = { completed: 'confirmed', confirmed: 'completed' };

/**
 * Staff mark a confirmed visit completed, or take a completion back. Unpaid, cancelled or expired
 * appointments belong to the booking and payment flows: 409 with the current status. `tx` is the
 * caller's transaction when the change must happen with its checks (the day sheet's, 0006);
 * without one the change opens its own. A visit marked done stores the technician's note when one
 * comes (`visitNote`, the day sheet's) and queues the customer's visit report in the same
 * transaction when the booking's Friday is done (`queueVisitReport`, 0038): the dashboard and the
 * day sheet both come through here, so the report has one place.
 */
export async function changeAppointmentStatus(
  id: number | null, change: AppointmentStatusChange & { visitNote?: string | null }, now = new Date(), tx?: DbExecutor,
): Promise<{ id: number; status: string }> {
  if (id === null) throw new AppError('not_found', 'errors.notFound');
  if (!tx) return (await getDb()).transaction((own) => changeAppointmentStatus(id, change, now, own));
  const current = await findAppointmentStatus(tx, id);
  if (!current) throw new AppError('not_found', 'errors.notFound');
  if (current.status === change.status) return current;
  const from = APPOINTMENT_STATUS_FROM[change.status];
  const updated = current.status === from ? await updateAppointmentStatus(tx, id, from, change.status, now, change.visitNote) : null;
  if (!updated) {
    const latest = (await findAppointmentStatus(tx, id))?.status ?? current.status;
    throw new AppError('conflict', change.status === 'completed' ? 'adminDashboard.onlyConfirmedCanComplete' : 'adminDashboard.onlyCompletedCanReopen', { status: latest });
  }
  if (updated.status === 'completed') await queueVisitReport(tx, id, now);
  return updated;
}

/**
 * PATCH /api/admin/appointments/{id}: a move to another Friday, or a completion taken back. The
 * completion itself comes with its application record and goes through the day sheet's
 * `changeStopStatusWithRecord` (application-records), which the route handler calls (0046).
 */
export async function changeAppointment(id: number | null, change: Exclude<AppointmentChange, { kind: 'complete' }>, options: { by?: string } = {}) {
  if (change.kind === 'move') return moveAppointment(id, change.date, { by: options.by });
  return changeAppointmentStatus(id, { status: change.status });
}

/** Staff file a contact message: read, replied or archived (or back to new). */
export async function changeMessageStatus(id: number | null, change: MessageStatusChange, now = new Date()) {
  if (id === null) throw new AppError('not_found', 'errors.notFound');
  const updated = await updateMessageStatus(await getDb(), id, change.status, now);
  if (!updated) throw new AppError('not_found', 'errors.notFound');
  return updated;
}

const SEARCH_LIMIT = 50;

/** A customer the Customers search found; `booking` when found by the reference of this booking of theirs (0064). */
export type FoundCustomer = DashboardData['customers'][number] & { booking?: { reference: string; date: string; fridays: number } };

/**
 * The dashboard's customer search over every customer, not only the newest the list holds. A query
 * that reads as a booking reference (`readBookingRefQuery`, 0064) also finds the customer who holds
 * that booking, listed first with the booking; the words are searched as ever, since a word shaped
 * like a reference can be a name.
 */
export async function findCustomers(query: string): Promise<{ customers: FoundCustomer[] }> {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 6).map((w) => w.slice(0, 100));
  if (words.length === 0) return { customers: [] };
  const db = await getDb();
  const reference = readBookingRefQuery(query);
  const [holder, matches] = await Promise.all([
    reference ? selectCustomerByBookingRef(db, reference) : null,
    searchCustomers(db, words, SEARCH_LIMIT),
  ]);
  if (!holder) return { customers: matches };
  const others = matches.filter((c) => c.id !== holder.customer.id);
  return { customers: [{ ...holder.customer, booking: holder.booking }, ...others].slice(0, SEARCH_LIMIT) };
}
