import 'server-only';
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, notExists, or, type SQL, sql, type SQLWrapper, sum } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '@/db/client';
import { bookingAnalytics } from '@/db/schema/analytics';
import { applicationRecords } from '@/db/schema/applications';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox, messages } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { quotes } from '@/db/schema/quotes';
import { refunds } from '@/db/schema/refunds';
import { retreatmentRequests } from '@/db/schema/retreatments';
import { staffUsers } from '@/db/schema/staff';
import { selectAddressUnsubscribedAt } from '@/features/marketing-email/marketing.repository';
import { isPaymentReceived } from '@/features/payments/payment.repository';
import { quoteStateSql } from '@/features/quotes/quote.repository';
import { buildErasedCustomerFields, type OpenBusiness } from './erasure-rules';
import { emailKey } from '@/db/email-key';

/**
 * The people a privacy query is about: customer ids, and their email addresses in lower case (a
 * quote or a contact message is theirs by address as well as by link).
 */
export type DataSubject = { ids: number[]; emails: string[] };

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const lower = (column: SQLWrapper) => sql`lower(${column})`;

// ---------------------------------------------------------------------------------------------
// What belongs to a customer. The export lists exactly what the erasure deletes or anonymises.

function visitIdsOf(db: DbExecutor, subject: DataSubject) {
  return db.select({ id: appointments.id }).from(appointments).where(inArray(appointments.customerId, subject.ids));
}

/** Their payments: every payment row names its customer (the customer page lists them the same way). */
const paymentCondition = (subject: DataSubject): SQL => inArray(payments.customerId, subject.ids);

function paymentIdsOf(db: DbExecutor, subject: DataSubject) {
  return db.select({ id: payments.id }).from(payments).where(paymentCondition(subject));
}

/** Their quotes: linked to them, sent to their address, or booked as one of their visits or payments. */
function quoteCondition(db: DbExecutor, subject: DataSubject): SQL {
  return or(
    inArray(quotes.customerId, subject.ids),
    inArray(emailKey(quotes.customerEmail), subject.emails),
    inArray(quotes.id, db.select({ id: sql<number>`${appointments.quoteId}` }).from(appointments).where(and(inArray(appointments.customerId, subject.ids), isNotNull(appointments.quoteId)))),
    inArray(quotes.id, db.select({ id: sql<number>`${payments.quoteId}` }).from(payments).where(and(paymentCondition(subject), isNotNull(payments.quoteId)))),
  )!;
}

/** Their contact messages: linked to them or sent from their address. */
const messageCondition = (subject: DataSubject): SQL => or(inArray(messages.customerId, subject.ids), inArray(lower(messages.email), subject.emails))!;

/**
 * Emails that hold their data: every email names the record it is about (`related_type`,
 * `related_id`), so theirs are the emails about their customer row, visits (a booking's emails name
 * its first visit), payments, refunds, re-treatment requests, quotes and messages; the office's
 * notices about those are among them. Asked as one list of (type, id) pairs, which the database
 * looks up through `email_outbox_related_idx` instead of reading the whole outbox.
 */
function emailCondition(db: DbExecutor, subject: DataSubject): SQL {
  const kind = (type: string) => sql<string>`${type}::text`.as('type');
  const pairs = unionAll(
    db.select({ type: kind('customer'), id: customers.id }).from(customers).where(inArray(customers.id, subject.ids)),
    db.select({ type: kind('appointment'), id: appointments.id }).from(appointments).where(inArray(appointments.customerId, subject.ids)),
    db.select({ type: kind('booking'), id: appointments.id }).from(appointments).where(inArray(appointments.customerId, subject.ids)),
    db.select({ type: kind('payment'), id: payments.id }).from(payments).where(paymentCondition(subject)),
    db.select({ type: kind('refund'), id: refunds.id }).from(refunds).where(inArray(refunds.paymentId, paymentIdsOf(db, subject))),
    db.select({ type: kind('retreatment-request'), id: retreatmentRequests.id }).from(retreatmentRequests).where(inArray(retreatmentRequests.customerId, subject.ids)),
    db.select({ type: kind('quote'), id: quotes.id }).from(quotes).where(quoteCondition(db, subject)),
    db.select({ type: kind('message'), id: messages.id }).from(messages).where(messageCondition(subject)),
  );
  return sql`(${emailOutbox.relatedType}, ${emailOutbox.relatedId}) in (${pairs})`;
}

/** Booking-step analytics rows carrying their address in the contact details typed in. */
const analyticsCondition = (subject: DataSubject): SQL => inArray(sql`lower(${bookingAnalytics.customerInfo}->>'email')`, subject.emails);

// ---------------------------------------------------------------------------------------------
// One customer: their state, what is open, what an erasure would touch, and the export.

/** The customer's row locked `FOR UPDATE` for a deletion request, as `lockCustomersToErase` locks the sweep's (why that mode: there). */
export async function lockCustomerForErasure(db: DbExecutor, customerId: number): Promise<{ id: number; email: string; erasedAt: Date | null } | null> {
  const [row] = await db.select({ id: customers.id, email: customers.email, erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, customerId)).for('update');
  return row ?? null;
}

export async function selectCustomerSubject(db: DbExecutor, customerId: number) {
  const [row] = await db.select({ id: customers.id, email: customers.email, erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, customerId));
  return row ?? null;
}

/** When and by whom a customer's data was erased, and why; null when it was not. */
export async function selectErasure(db: DbExecutor, customerId: number) {
  const [row] = await db
    .select({ erasedAt: customers.erasedAt, reason: customers.erasureReason, byName: staffUsers.displayName })
    .from(customers)
    .leftJoin(staffUsers, eq(staffUsers.id, customers.erasedById))
    .where(eq(customers.id, customerId));
  return row?.erasedAt ? { erasedAt: row.erasedAt, reason: row.reason as 'request' | 'retention', byName: row.byName } : null;
}

export async function selectOpenBusiness(db: DbExecutor, customerId: number): Promise<OpenBusiness> {
  const subject = { ids: [customerId], emails: [] };
  const [visits] = await db.select({ n: count() }).from(appointments)
    .where(and(eq(appointments.customerId, customerId), inArray(appointments.status, ['pending', 'pending-payment', 'confirmed'])));
  const [inFlight] = await db.select({ n: count() }).from(payments)
    .where(and(paymentCondition(subject), inArray(payments.status, ['requires_action', 'processing'])));
  const [refundsOpen] = await db.select({ n: count() }).from(refunds)
    .where(and(inArray(refunds.paymentId, paymentIdsOf(db, subject)), inArray(refunds.status, ['pending', 'failed'])));
  const [retreatments] = await db.select({ n: count() }).from(retreatmentRequests)
    .where(and(eq(retreatmentRequests.customerId, customerId), eq(retreatmentRequests.status, 'open')));
  return { openVisits: visits?.n ?? 0, paymentsInFlight: inFlight?.n ?? 0, refundsOpen: refundsOpen?.n ?? 0, openRetreatments: retreatments?.n ?? 0 };
}

export type ErasureScope = {
  deleted: { quotes: number; messages: number; emails: number; retreatmentRequests: number };
  anonymised: { visits: number; applicationRecords: number };
  kept: { paymentsReceived: number; receivedCents: number; refundsMade: number; refundedCents: number };
};

/** What erasing `subject` would delete, anonymise and keep, counted. */
export async function countErasureScope(db: DbExecutor, subject: DataSubject): Promise<ErasureScope> {
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [received] = await db.select({ n: count(), cents: sum(payments.amount) }).from(payments).where(and(paymentCondition(subject), isPaymentReceived()));
  const [refunded] = await db.select({ n: count(), cents: sum(refunds.amountCents) }).from(refunds)
    .where(and(inArray(refunds.paymentId, paymentIdsOf(db, subject)), eq(refunds.status, 'succeeded')));
  return {
    deleted: {
      quotes: await n(db.select({ n: count() }).from(quotes).where(quoteCondition(db, subject))),
      messages: await n(db.select({ n: count() }).from(messages).where(messageCondition(subject))),
      emails: await n(db.select({ n: count() }).from(emailOutbox).where(emailCondition(db, subject))),
      retreatmentRequests: await n(db.select({ n: count() }).from(retreatmentRequests).where(inArray(retreatmentRequests.customerId, subject.ids))),
    },
    anonymised: {
      visits: await n(db.select({ n: count() }).from(appointments).where(inArray(appointments.customerId, subject.ids))),
      applicationRecords: await n(db.select({ n: count() }).from(applicationRecords).where(inArray(applicationRecords.appointmentId, visitIdsOf(db, subject)))),
    },
    kept: {
      paymentsReceived: received?.n ?? 0,
      receivedCents: Number(received?.cents ?? 0),
      refundsMade: refunded?.n ?? 0,
      refundedCents: Number(refunded?.cents ?? 0),
    },
  };
}

/**
 * Everything held about `subject`, for an access request. Secrets that are not theirs to hold are
 * left out (a quote's booking token, payment idempotency keys and provider metadata); everything
 * else a row says about them is in. A quote's `status` is its state at `now` as the office is shown
 * it (`quoteStateSql`, 0073, 0080), not the stored status that a cancellation or an unpaid booking
 * leaves behind.
 */
export async function selectCustomerData(db: DbExecutor, subject: DataSubject, now: Date) {
  const customer = await db.select({
    id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone,
    address: customers.address, city: customers.city, postalCode: customers.postalCode, latitude: customers.latitude, longitude: customers.longitude,
    propertySize: customers.propertySize, locale: customers.locale, createdAt: customers.createdAt, updatedAt: customers.updatedAt,
    marketingConsentAt: customers.marketingConsentAt, marketingConsentText: customers.marketingConsentText, marketingUnsubscribedAt: customers.marketingUnsubscribedAt,
    erasedAt: customers.erasedAt, erasureReason: customers.erasureReason,
  }).from(customers).where(inArray(customers.id, subject.ids)).orderBy(asc(customers.id));
  const visits = await db.select({
    id: appointments.id, bookingRef: appointments.bookingRef, visitNumber: appointments.visitNumber, serviceType: appointments.serviceType, kind: appointments.kind,
    date: appointments.date, time: appointments.time, status: appointments.status, address: appointments.address, city: appointments.city,
    postalCode: appointments.postalCode, phone: appointments.phone, latitude: appointments.latitude, longitude: appointments.longitude,
    propertySize: appointments.propertySize, includeTick: appointments.includeTick, includeTargetedInsects: appointments.includeTargetedInsects,
    extras: appointments.extras, discountCode: appointments.discountCode, notes: appointments.notes, subtotalCents: appointments.subtotalCents,
    taxCents: appointments.taxCents, totalCents: appointments.totalCents, locale: appointments.locale, isRescheduled: appointments.isRescheduled,
    originalDate: appointments.originalDate, rescheduledReason: appointments.rescheduledReason, completedAt: appointments.completedAt,
    visitNote: appointments.visitNote, createdAt: appointments.createdAt, updatedAt: appointments.updatedAt,
  }).from(appointments).where(inArray(appointments.customerId, subject.ids)).orderBy(asc(appointments.date), asc(appointments.id));
  const paymentRows = await db.select({
    id: payments.id, bookingRef: payments.bookingRef, provider: payments.provider, paymentIntentId: payments.paymentIntentId, amountCents: payments.amount,
    currency: payments.currency, status: payments.status, paymentMethod: payments.paymentMethod, discountCode: payments.discountCode,
    succeededAt: payments.succeededAt, createdAt: payments.createdAt,
  }).from(payments).where(paymentCondition(subject)).orderBy(asc(payments.createdAt), asc(payments.id));
  const refundRows = await db.select({
    id: refunds.id, paymentId: refunds.paymentId, bookingRef: refunds.bookingRef, amountCents: refunds.amountCents, status: refunds.status,
    reason: refunds.reason, refundedAt: refunds.refundedAt, createdAt: refunds.createdAt,
  }).from(refunds).where(inArray(refunds.paymentId, paymentIdsOf(db, subject))).orderBy(asc(refunds.createdAt), asc(refunds.id));
  const quoteRows = await db.select({
    id: quotes.id, customerName: quotes.customerName, customerFirstName: quotes.customerFirstName, customerLastName: quotes.customerLastName,
    customerEmail: quotes.customerEmail, customerPhone: quotes.customerPhone,
    serviceType: quotes.serviceType, propertySize: quotes.propertySize, includeTick: quotes.includeTick, includeStandingWater: quotes.includeStandingWater,
    additionalServices: quotes.additionalServices, address: quotes.address, city: quotes.city, postalCode: quotes.postalCode,
    discountCode: quotes.discountCode, secondContact: quotes.secondContact, notes: quotes.notes, subtotalCents: quotes.subtotalCents, taxCents: quotes.taxCents,
    totalCents: quotes.totalCents, status: quoteStateSql(now), locale: quotes.locale, createdAt: quotes.createdAt,
  }).from(quotes).where(quoteCondition(db, subject)).orderBy(asc(quotes.createdAt), asc(quotes.id));
  const messageRows = await db.select({
    id: messages.id, type: messages.type, subject: messages.subject, name: messages.name, email: messages.email, phone: messages.phone,
    content: messages.content, status: messages.status, responseContent: messages.responseContent, respondedAt: messages.respondedAt,
    locale: messages.locale, createdAt: messages.createdAt,
  }).from(messages).where(messageCondition(subject)).orderBy(asc(messages.createdAt), asc(messages.id));
  const emailRows = await db.select({
    id: emailOutbox.id, kind: emailOutbox.kind, to: emailOutbox.toAddress, replyTo: emailOutbox.replyTo, subject: emailOutbox.subject,
    body: emailOutbox.text, attachments: sql<string[] | null>`case when jsonb_typeof(${emailOutbox.attachments}) = 'array' then (select jsonb_agg(a->>'filename') from jsonb_array_elements(${emailOutbox.attachments}) as a) end`,
    locale: emailOutbox.locale, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt,
  }).from(emailOutbox).where(emailCondition(db, subject)).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  const applicationRows = await db.select({
    id: applicationRecords.id, visitId: applicationRecords.appointmentId, appliedOn: applicationRecords.appliedOn, productName: applicationRecords.productName,
    pcpNumber: applicationRecords.pcpNumber, amountHundredths: applicationRecords.amountHundredths, unit: applicationRecords.unit,
    technicianName: applicationRecords.technicianName, licenceNumber: applicationRecords.licenceNumber, address: applicationRecords.address,
    city: applicationRecords.city, postalCode: applicationRecords.postalCode, recordedAt: applicationRecords.recordedAt,
  }).from(applicationRecords).where(inArray(applicationRecords.appointmentId, visitIdsOf(db, subject))).orderBy(asc(applicationRecords.appliedOn), asc(applicationRecords.id));
  const retreatmentRows = await db.select({
    id: retreatmentRequests.id, bookingRef: retreatmentRequests.bookingRef, reason: retreatmentRequests.reason, note: retreatmentRequests.note,
    status: retreatmentRequests.status, visitId: retreatmentRequests.appointmentId, declineReason: retreatmentRequests.declineReason,
    handledAt: retreatmentRequests.handledAt, createdAt: retreatmentRequests.createdAt,
  }).from(retreatmentRequests).where(inArray(retreatmentRequests.customerId, subject.ids)).orderBy(asc(retreatmentRequests.createdAt), asc(retreatmentRequests.id));
  const analyticsRows = await db.select({
    id: bookingAnalytics.id, step: bookingAnalytics.conversionStage, planType: bookingAnalytics.planType, propertySize: bookingAnalytics.propertySize,
    location: bookingAnalytics.location, page: bookingAnalytics.pageSource, contactDetails: bookingAnalytics.customerInfo, createdAt: bookingAnalytics.createdAt,
  }).from(bookingAnalytics).where(analyticsCondition(subject)).orderBy(asc(bookingAnalytics.createdAt), asc(bookingAnalytics.id));
  // The do-not-email list's entry for the customer's address (0066): kept through an erasure; not one the office took off the list (0074).
  const addressUnsubscribedAt = await selectAddressUnsubscribedAt(db, subject.emails);
  return {
    customer, visits, payments: paymentRows, refunds: refundRows, quotes: quoteRows, messages: messageRows, emails: emailRows,
    applicationRecords: applicationRows, retreatmentRequests: retreatmentRows, analytics: analyticsRows,
    addressUnsubscribedAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Erasure: in the caller's transaction, the customers' rows locked first.

export type ErasureCounts = ErasureScope['deleted'] & { analytics: number; visits: number; payments: number };

/**
 * Deletes what is not required (quotes, messages, emails, re-treatment requests) and clears the
 * personal fields of what is (the customer row, their visits, their payments' card digits, the
 * analytics contact details). Amounts, dates, statuses and booking references stay, so every
 * total reads the same. The emails go first: they are found through the rows deleted after them.
 */
export async function eraseSubjectRows(
  db: DbExecutor, subject: DataSubject, erasure: { at: Date; byId: number | null; reason: 'request' | 'retention' },
): Promise<ErasureCounts> {
  const rows = async (query: Promise<unknown[]>) => (await query).length;
  const emails = await rows(db.delete(emailOutbox).where(emailCondition(db, subject)).returning({ id: emailOutbox.id }));
  const quoteCount = await rows(db.delete(quotes).where(quoteCondition(db, subject)).returning({ id: quotes.id }));
  const messageCount = await rows(db.delete(messages).where(messageCondition(subject)).returning({ id: messages.id }));
  const retreatments = await rows(db.delete(retreatmentRequests).where(inArray(retreatmentRequests.customerId, subject.ids)).returning({ id: retreatmentRequests.id }));
  const analytics = await rows(db.update(bookingAnalytics)
    .set({ customerInfo: null, location: sql`${bookingAnalytics.location} - 'postalCode'` })
    .where(analyticsCondition(subject)).returning({ id: bookingAnalytics.id }));
  const paymentCount = await rows(db.update(payments).set({ paymentMethod: null }).where(paymentCondition(subject)).returning({ id: payments.id }));
  // The town, the lot size and the prices stay: they identify nobody and the visit's sale needs them.
  const visits = await rows(db.update(appointments)
    .set({ address: null, postalCode: null, phone: null, notes: null, visitNote: null, rescheduledReason: null })
    .where(inArray(appointments.customerId, subject.ids)).returning({ id: appointments.id }));
  for (const id of subject.ids) {
    await db.update(customers).set({
      ...buildErasedCustomerFields(id),
      address: null, city: null, postalCode: null, latitude: null, longitude: null, propertySize: null,
      marketingConsentAt: null, marketingConsentText: null, marketingUnsubscribedAt: null,
      erasedAt: erasure.at, erasedById: erasure.byId, erasureReason: erasure.reason, updatedAt: erasure.at,
    }).where(eq(customers.id, id));
  }
  return { quotes: quoteCount, messages: messageCount, emails, retreatmentRequests: retreatments, analytics, visits, payments: paymentCount };
}

/**
 * What an erasure leaves for later, for every erased customer, at most `limit` rows of each kind:
 * the coordinates of their visits and of those visits' stops in route plans once the visit's day is
 * over (a route of today may still place a late visit after them), and the street address on
 * application records past the pesticide record's period.
 */
export async function clearErasedLeftovers(db: DbExecutor, query: { today: string; pesticideAddressBefore: string; limit: number }) {
  const erasedVisitIds = sql`select ${appointments.id} from ${appointments} inner join ${customers} on ${customers.id} = ${appointments.customerId} where ${customers.erasedAt} is not null`;
  const located = db.select({ id: appointments.id }).from(appointments).where(and(
    inArray(appointments.customerId, db.select({ id: customers.id }).from(customers).where(isNotNull(customers.erasedAt))),
    lt(appointments.date, query.today),
    or(isNotNull(appointments.latitude), isNotNull(appointments.longitude)),
  )).limit(query.limit);
  const coordinates = await db.update(appointments).set({ latitude: null, longitude: null }).where(inArray(appointments.id, located)).returning({ id: appointments.id });

  const stops = sql`jsonb_array_elements(${serviceRoutes.routeData}->'stops')`;
  const plans = db.select({ id: serviceRoutes.id }).from(serviceRoutes).where(and(
    lt(serviceRoutes.date, query.today),
    sql`jsonb_typeof(${serviceRoutes.routeData}->'stops') = 'array'`,
    sql`exists (select 1 from ${stops} as s(stop) where s.stop->'latitude' is not null and (s.stop->>'appointmentId')::int in (${erasedVisitIds}))`,
  )).limit(query.limit);
  const routes = await db.update(serviceRoutes)
    .set({
      routeData: sql`jsonb_set(${serviceRoutes.routeData}, '{stops}', (
        select coalesce(jsonb_agg(case when (e.stop->>'appointmentId')::int in (${erasedVisitIds}) then e.stop - 'latitude' - 'longitude' else e.stop end order by e.n), '[]'::jsonb)
        from ${stops} with ordinality as e(stop, n)))`,
    })
    .where(inArray(serviceRoutes.id, plans))
    .returning({ id: serviceRoutes.id });

  const recorded = db.select({ id: applicationRecords.id }).from(applicationRecords).where(and(
    inArray(applicationRecords.appointmentId, sql`(${erasedVisitIds})`),
    lt(applicationRecords.appliedOn, query.pesticideAddressBefore),
    or(isNotNull(applicationRecords.address), isNotNull(applicationRecords.postalCode)),
  )).limit(query.limit);
  const addresses = await db.update(applicationRecords).set({ address: null, postalCode: null }).where(inArray(applicationRecords.id, recorded)).returning({ id: applicationRecords.id });
  return { visitCoordinates: coordinates.length, routePlans: routes.length, applicationAddresses: addresses.length };
}

// ---------------------------------------------------------------------------------------------
// The retention sweep's questions, a batch at a time.

/** Quotes written before `before` that did not lead to a booking: not booked, and no visit or payment names them. */
export async function selectDueQuotes(db: DbExecutor, query: { before: Date; after: { createdAt: Date; id: number } | null; limit: number }) {
  return db.select({ id: quotes.id, createdAt: quotes.createdAt }).from(quotes)
    .where(and(
      lt(quotes.createdAt, query.before),
      ne(quotes.status, 'booked'),
      notExists(db.select({ one: sql`1` }).from(appointments).where(eq(appointments.quoteId, quotes.id))),
      notExists(db.select({ one: sql`1` }).from(payments).where(eq(payments.quoteId, quotes.id))),
      query.after ? sql`(${quotes.createdAt}, ${quotes.id}) > (${at(query.after.createdAt)}, ${query.after.id})` : undefined,
    ))
    .orderBy(asc(quotes.createdAt), asc(quotes.id))
    .limit(query.limit);
}

/** Deletes quotes and the emails about them (the customer's copy and the office's notice). */
export async function deleteQuotesAndEmails(db: DbExecutor, ids: number[]): Promise<{ quotes: number; emails: number }> {
  const emails = await db.delete(emailOutbox).where(and(eq(emailOutbox.relatedType, 'quote'), inArray(emailOutbox.relatedId, ids))).returning({ id: emailOutbox.id });
  const deleted = await db.delete(quotes).where(inArray(quotes.id, ids)).returning({ id: quotes.id });
  return { quotes: deleted.length, emails: emails.length };
}

export async function selectDueMessageIds(db: DbExecutor, query: { before: Date; limit: number }): Promise<number[]> {
  const rows = await db.select({ id: messages.id }).from(messages).where(lt(messages.createdAt, query.before)).orderBy(asc(messages.createdAt), asc(messages.id)).limit(query.limit);
  return rows.map((r) => r.id);
}

/** Deletes contact messages and the emails about them (acknowledgement, office notice, reply). */
export async function deleteMessagesAndEmails(db: DbExecutor, ids: number[]): Promise<{ messages: number; emails: number }> {
  const emails = await db.delete(emailOutbox).where(and(eq(emailOutbox.relatedType, 'message'), inArray(emailOutbox.relatedId, ids))).returning({ id: emailOutbox.id });
  const deleted = await db.delete(messages).where(inArray(messages.id, ids)).returning({ id: messages.id });
  return { messages: deleted.length, emails: emails.length };
}

/**
 * Emails written before `before` that belong to no kept record: about a quote or message no longer
 * there, or about nothing. Every email today names its record; this catches any that do not.
 */
export async function deleteUnattachedEmails(db: DbExecutor, query: { before: Date; limit: number }): Promise<number> {
  const due = db.select({ id: emailOutbox.id }).from(emailOutbox).where(and(
    lt(emailOutbox.createdAt, query.before),
    or(
      isNull(emailOutbox.relatedType),
      and(eq(emailOutbox.relatedType, 'quote'), notExists(db.select({ one: sql`1` }).from(quotes).where(eq(quotes.id, emailOutbox.relatedId)))),
      and(eq(emailOutbox.relatedType, 'message'), notExists(db.select({ one: sql`1` }).from(messages).where(eq(messages.id, emailOutbox.relatedId)))),
    ),
  )).limit(query.limit);
  return (await db.delete(emailOutbox).where(inArray(emailOutbox.id, due)).returning({ id: emailOutbox.id })).length;
}

/** Clears the contact details (and the full postal code) typed into booking steps recorded before `before`; the step itself stays. */
export async function clearAnalyticsContacts(db: DbExecutor, query: { before: Date; limit: number }): Promise<number> {
  const due = db.select({ id: bookingAnalytics.id }).from(bookingAnalytics).where(and(
    lt(bookingAnalytics.createdAt, query.before),
    or(isNotNull(bookingAnalytics.customerInfo), sql`${bookingAnalytics.location}->>'postalCode' is not null`),
  )).limit(query.limit);
  const rows = await db.update(bookingAnalytics)
    .set({ customerInfo: null, location: sql`${bookingAnalytics.location} - 'postalCode'` })
    .where(inArray(bookingAnalytics.id, due))
    .returning({ id: bookingAnalytics.id });
  return rows.length;
}

/**
 * Customers not yet erased whose every record is older than `activeBefore` (their visits' days
 * before `visitBefore`): nothing of theirs, visit, payment, refund or re-treatment request, was
 * written or changed since. In id order after `afterId`; only among `among` when given (the
 * question asked again under the rows' locks).
 */
export async function selectInactiveCustomerIds(db: DbExecutor, query: { activeBefore: Date; visitBefore: string; afterId: number; limit: number; among?: number[] }): Promise<number[]> {
  if (query.among?.length === 0) return [];
  const since = query.activeBefore;
  const theirPayments = eq(payments.customerId, customers.id);
  const rows = await db.select({ id: customers.id }).from(customers)
    .where(and(
      isNull(customers.erasedAt),
      gt(customers.id, query.afterId),
      query.among ? inArray(customers.id, query.among) : undefined,
      lt(customers.createdAt, since),
      lt(customers.updatedAt, since),
      notExists(db.select({ one: sql`1` }).from(appointments).where(and(
        eq(appointments.customerId, customers.id),
        or(gte(appointments.date, query.visitBefore), gte(appointments.createdAt, since), gte(appointments.updatedAt, since)),
      ))),
      notExists(db.select({ one: sql`1` }).from(payments).where(and(theirPayments, or(gte(payments.createdAt, since), gte(payments.updatedAt, since))))),
      notExists(db.select({ one: sql`1` }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(and(
        theirPayments, or(gte(refunds.createdAt, since), gte(refunds.updatedAt, since)),
      ))),
      notExists(db.select({ one: sql`1` }).from(retreatmentRequests).where(and(
        eq(retreatmentRequests.customerId, customers.id), or(gte(retreatmentRequests.createdAt, since), gte(retreatmentRequests.updatedAt, since)),
      ))),
    ))
    .orderBy(asc(customers.id))
    .limit(query.limit);
  return rows.map((r) => r.id);
}

/**
 * The customers' ids and addresses (lower case), locked `FOR UPDATE` for their erasure in id order;
 * ones erased meanwhile are left out. `FOR UPDATE` and no weaker: it is the one row lock that
 * conflicts with every other, so it waits for a booking (`FOR NO KEY UPDATE`) and for a writer that
 * only adds rows naming the customer (`FOR KEY SHARE`) until they commit, and makes those that come
 * later wait for the erasure (docs/decisions/0055).
 */
export async function lockCustomersToErase(db: DbExecutor, ids: number[]): Promise<{ id: number; email: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: customers.id, email: customers.email }).from(customers)
    .where(and(inArray(customers.id, ids), isNull(customers.erasedAt)))
    .orderBy(asc(customers.id))
    .for('update');
  return rows.map((r) => ({ id: r.id, email: r.email.toLowerCase() }));
}

/** A transaction-scoped lock: two servers' sweeps take turns batch by batch instead of racing. */
export async function lockRetentionSweep(db: DbExecutor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('privacy-retention-sweep'))`);
}
