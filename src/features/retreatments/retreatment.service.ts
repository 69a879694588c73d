import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getEnv } from '@/env';
import { type Branch, DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { enqueueEmail, lockWaitingEmails, withdrawWaitingEmails } from '@/features/email/outbox.service';
import { limitActions, queueOfficeNotice } from '@/features/manage-booking/manage-booking.service';
import { openManageToken } from '@/features/manage-booking/manage-link.service';
import { lockCustomerForBusiness } from '@/features/booking/customer.repository';
import { listBookingAppointments } from '@/features/payments/payment.repository';
import { findToday } from '@/features/scheduling/available-dates';
import { checkAvailableDate, getAvailableDates } from '@/features/scheduling/available-dates.service';
import { reserveFridayStops } from '@/features/scheduling/capacity.service';
import { isClosedDayRefusal } from '@/features/scheduling/day-closure';
import { keepPaidVisits, RETREATMENT_KIND } from '@/features/scheduling/visit-kinds';
import { localePath } from '@/components/site/locale-paths';
import { getTranslator } from '@/i18n/messages';
import { type Locale, toLocale } from '@/i18n/routing';
import { AppError, isAppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { decideRetreatment, findGuaranteedPlan, type RetreatmentEligibility, type RetreatmentReason } from './retreatment-eligibility';
import {
  describeRequestNotice, describeWithdrawalNotice, renderRetreatmentDeclinedEmail, renderRetreatmentRequestedEmail, renderRetreatmentScheduledEmail,
} from './retreatment-email';
import {
  answerOpenRequest, countOpenRequests, insertRequest, insertVisit, type RetreatmentBookingVisit, selectBookingRequests, selectBookingVisits,
  selectCustomerContact, selectOfficeRequests, selectRequest, selectVisitsOfBookings, withdrawOpenRequest,
} from './retreatment.repository';
import type { RequestRetreatmentValues } from './retreatment.schema';
import { formatAddressLine } from '@/lib/address-line';

/**
 * Free re-treatments under the guarantee (docs/decisions/0047): the customer asks from their
 * Manage your booking page, the office books a free visit on a Friday or declines with a reason.
 *
 * The re-treatment is a visit row of the booking (kind 'retreatment', confirmed, $0, the plan
 * visit's address and options): it takes a Friday stop, joins planned routes, gets a reminder and a
 * visit report like any visit, and no price, refund or visit count reads it (`keepPaidVisits`).
 */

const NOT_FOUND = () => new AppError('not_found', 'manageBooking.errors.notFound');
const REQUEST_NOT_FOUND = () => new AppError('not_found', 'retreatments.errors.requestNotFound');
/** The office's refusal of an answer to a request that is no longer open: another admin answered it, or the customer withdrew it (0051). */
const ALREADY_ANSWERED = (status: string) =>
  new AppError('conflict', status === 'withdrawn' ? 'retreatments.errors.withdrawnByCustomer' : 'retreatments.errors.alreadyAnswered', { status });
/** Visit statuses that hold the booking's Friday: a re-treatment is not booked on top of one. */
const HOLDS_FRIDAY = new Set(['pending', 'pending-payment', 'confirmed', 'completed']);
/** Answered requests the office's list keeps showing. */
const HANDLED_LIST_DAYS = 60;
const HANDLED_LIST_LIMIT = 50;

/**
 * The outbox topic (0034) of a request's acknowledgement to the customer: what a withdrawal of the
 * request finds it by, while it still waits, to withdraw it (docs/decisions/0056).
 */
export const retreatmentAckTopic = (requestId: number) => `retreatment-request:${requestId}`;

/** What the customer's page shows, for the token's booking (the page has checked the token already). */
export async function loadRetreatmentOffer(token: string, now = new Date()): Promise<RetreatmentEligibility> {
  const db = await getDb();
  const bookingRef = (await openManageToken(db, token))?.bookingRef;
  if (!bookingRef) throw NOT_FOUND();
  const visits = await selectBookingVisits(db, bookingRef);
  if (visits.length === 0) throw NOT_FOUND();
  const branch = await getBranch(visits[0]!.branchId);
  return decideRetreatment({ visits, requests: await selectBookingRequests(db, bookingRef), now, timezone: branch.timezone });
}

/** A refusal the customer can read, from a decision that is not 'eligible'. */
function toRefusal(decision: Exclude<RetreatmentEligibility, { kind: 'eligible' }>, phone: string): AppError {
  if (decision.kind === 'requested') return new AppError('conflict', 'retreatments.errors.alreadyRequested', { reason: 'requested' });
  if (decision.kind === 'none') return new AppError('conflict', 'retreatments.errors.notYet', { reason: 'none' }, { phone });
  return new AppError('conflict', `retreatments.errors.notEligible.${decision.why}`, { reason: decision.why }, { phone });
}


/**
 * The customer asks for a free re-treatment of the token's booking. Under the booking's row locks
 * the rule is read again (a second click, two tabs: the second finds the first's request), the
 * request is written, and the customer's acknowledgement and the office's notice are queued in the
 * same transaction: they exist exactly when the request does.
 *
 * @throws AppError 404 bad token, 409 not eligible (with `reason`), 400 a reason the plan does not
 *   have (heavy rain on a one-time treatment, `fields.reason`), 429
 */
export async function requestRetreatment(token: string, input: RequestRetreatmentValues, options: { clientIp: string; locale: Locale; now?: Date }) {
  const now = options.now ?? new Date();
  const db = await getDb();
  const bookingRef = (await openManageToken(db, token))?.bookingRef;
  if (!bookingRef) throw NOT_FOUND();
  const [first] = await selectBookingVisits(db, bookingRef);
  if (!first) throw NOT_FOUND();
  await limitActions(options.clientIp, bookingRef);
  const locale = input.locale ?? options.locale;
  const note = input.note.trim();

  const created = await db.transaction(async (tx) => {
    // The customer's row first, as an erasure takes it (0055): once their personal data is erased
    // the booking has no address to treat and no one to answer, so there is nothing to ask for.
    if (!(await lockCustomerForBusiness(tx, first.customerId, 'key share'))) throw NOT_FOUND();
    const visits = await selectBookingVisits(tx, bookingRef, { lock: true });
    const branch = await getBranch(visits[0]!.branchId, tx);
    const decision = decideRetreatment({ visits, requests: await selectBookingRequests(tx, bookingRef), now, timezone: branch.timezone });
    if (decision.kind !== 'eligible') throw toRefusal(decision, branch.phone);
    if (!decision.reasons.includes(input.reason)) {
      throw new AppError('validation', 'retreatments.errors.rainSeasonalOnly', { fields: { reason: 'retreatments.errors.rainSeasonalOnly' } });
    }
    const rows = await listBookingAppointments(tx, { bookingRef });
    const lead = rows[0]!;
    const request = await insertRequest(tx, {
      branchId: lead.branchId, bookingRef, customerId: lead.customerId, reason: input.reason, note: note || null, locale, createdAt: now, updatedAt: now,
    });
    const email = renderRetreatmentRequestedEmail({
      locale, branch, customerFirstName: lead.customerFirstName, bookingRef, linkGeneration: lead.manageLinkGeneration, reason: input.reason, note,
    });
    await enqueueEmail(tx, {
      kind: 'retreatment', to: lead.customerEmail, locale, ...email, relatedType: 'retreatment-request', relatedId: request.id, topic: retreatmentAckTopic(request.id),
    });
    const lastVisit = latestDone(visits);
    await queueOfficeNotice({
      db: tx,
      visit: lead,
      branch,
      ...describeRequestNotice({
        bookingRef, reason: input.reason, note, planLabel: getTranslator('en', 'payments')(`services.${decision.plan}`), lastVisitDate: lastVisit,
        requestsUrl: new URL(localePath('en', '/retreatments'), getEnv().PUBLIC_SITE_URL).toString(),
      }),
    });
    return { id: request.id, requestedAt: request.createdAt };
  });
  getLogger().info({ bookingRef, requestId: created.id, reason: input.reason }, 'customer asked for a free re-treatment online');
  return { id: created.id, status: 'open' as const, requestedAt: created.requestedAt.toISOString() };
}

/**
 * The customer withdraws their open request from their Manage your booking page (0051). In one
 * transaction, taking the locks in the order the office's Schedule takes them (the booking's visit
 * rows, then the request row), the request's status is read again: an answer the office gave
 * first (scheduled, declined) wins and the withdrawal is refused with 409, writing nothing; a
 * withdrawal that comes first makes the office's answer find the request withdrawn (409 there).
 * The request is kept, `withdrawn`, with when; the office's notice is queued with it, and the
 * customer's acknowledgement, when it has not gone yet, is withdrawn (0056). The booking
 * may then ask again while its window is open (a withdrawn request uses nothing).
 *
 * @throws AppError 404 bad token or a request that is not this booking's, 409 answered or withdrawn
 *   already (with `status`), 429
 */
export async function withdrawRetreatment(token: string, requestId: number, options: { clientIp: string; now?: Date }) {
  const now = options.now ?? new Date();
  const db = await getDb();
  const bookingRef = (await openManageToken(db, token))?.bookingRef;
  if (!bookingRef) throw NOT_FOUND();
  if ((await selectBookingVisits(db, bookingRef)).length === 0) throw NOT_FOUND();
  await limitActions(options.clientIp, bookingRef);

  const result = await db.transaction(async (tx) => {
    const visits = await selectBookingVisits(tx, bookingRef, { lock: true });
    const request = await selectRequest(tx, requestId, { lock: true });
    if (!request || request.bookingRef !== bookingRef) throw REQUEST_NOT_FOUND();
    const branch = await getBranch(request.branchId, tx);
    if (request.status !== 'open') {
      throw new AppError('conflict', `retreatments.errors.cannotWithdraw.${request.status}`, { status: request.status }, { phone: branch.phone });
    }
    const withdrawn = await withdrawOpenRequest(tx, request.id, now);
    if (withdrawn.length !== 1) throw new AppError('conflict', 'retreatments.errors.cannotWithdraw.withdrawn', { status: 'withdrawn' }, { phone: branch.phone });
    // "We have your request" must not arrive after the customer took it back: still waiting, it never goes (0056).
    const acknowledgements = await withdrawWaitingEmails(tx, await lockWaitingEmails(tx, retreatmentAckTopic(request.id)), now);
    const [lead] = await listBookingAppointments(tx, { bookingRef });
    const plan = findGuaranteedPlan(visits);
    await queueOfficeNotice({
      db: tx,
      visit: lead!,
      branch,
      ...describeWithdrawalNotice({
        bookingRef,
        reason: request.reason as RetreatmentReason,
        planLabel: plan ? getTranslator('en', 'payments')(`services.${plan}`) : null,
        requestedOn: findToday(request.createdAt, branch.timezone),
        requestsUrl: new URL(localePath('en', '/retreatments'), getEnv().PUBLIC_SITE_URL).toString(),
      }),
    });
    return { id: request.id, status: 'withdrawn' as const, acknowledgementsWithdrawn: acknowledgements.length };
  });
  const { acknowledgementsWithdrawn, ...answer } = result;
  getLogger().info({ bookingRef, requestId: answer.id, acknowledgementsWithdrawn }, 'customer withdrew a free re-treatment request online');
  return answer;
}

/**
 * The staff bar's count of requests waiting for an answer (0051): one indexed count, read by the
 * staff layout on each page an admin opens.
 */
export async function countOpenRetreatmentRequests(branchId: number = DEFAULT_BRANCH_ID): Promise<number> {
  return countOpenRequests(await getDb(), branchId);
}

/** The Friday of the booking's last visit carried out (any kind), or null. */
function latestDone(visits: readonly { status: string; date: string }[]): string | null {
  return visits.filter((v) => v.status === 'completed').map((v) => v.date).sort().at(-1) ?? null;
}

/** The visit whose address and options a re-treatment copies: the plan's own first visit. */
function findTemplateVisit(visits: RetreatmentBookingVisit[]): RetreatmentBookingVisit | undefined {
  const plan = findGuaranteedPlan(visits);
  return keepPaidVisits(visits).filter((v) => v.serviceType === plan).sort((a, b) => a.visitNumber - b.visitNumber || a.id - b.id)[0];
}

export type OfficeRetreatmentRequest = {
  id: number;
  status: string;
  reason: string;
  note: string | null;
  requestedAt: string;
  bookingRef: string;
  customer: { id: number; name: string; email: string; phone: string };
  address: string;
  /** The plan's service type (`services` messages), null when the booking has none left to read. */
  plan: string | null;
  /** The Friday of the booking's last visit carried out. */
  lastVisitDate: string | null;
  handledAt: string | null;
  handledBy: string | null;
  declineReason: string | null;
  /** The free visit booked for a scheduled request: its Friday and status now. */
  visitDate: string | null;
  visitStatus: string | null;
};

/**
 * The office's list (admins): every open request, oldest first, then the ones answered or withdrawn
 * by the customer (0051) in the last 60 days (at most 50), latest first.
 */
export async function listOfficeRetreatmentRequests(options: { branchId?: number; now?: Date } = {}): Promise<{ open: OfficeRetreatmentRequest[]; handled: OfficeRetreatmentRequest[] }> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const { open, handled } = await selectOfficeRequests(db, options.branchId ?? DEFAULT_BRANCH_ID, new Date(now.getTime() - HANDLED_LIST_DAYS * 86_400_000), HANDLED_LIST_LIMIT);
  const visits = await selectVisitsOfBookings(db, [...new Set([...open, ...handled].map((r) => r.bookingRef))]);
  const byRef = new Map<string, RetreatmentBookingVisit[]>();
  for (const v of visits) byRef.set(v.bookingRef, [...(byRef.get(v.bookingRef) ?? []), v]);
  const toView = (r: (typeof open)[number]): OfficeRetreatmentRequest => {
    const booking = byRef.get(r.bookingRef) ?? [];
    const template = findTemplateVisit(booking);
    const own = template && (template.address || template.city || template.postalCode);
    const address = own
      ? formatAddressLine(template.address, template.city, template.postalCode)
      : formatAddressLine(r.customerAddress, r.customerCity, r.customerPostalCode);
    return {
      id: r.id,
      status: r.status,
      reason: r.reason,
      note: r.note,
      requestedAt: r.createdAt.toISOString(),
      bookingRef: r.bookingRef,
      customer: { id: r.customerId, name: `${r.customerFirstName} ${r.customerLastName}`.trim(), email: r.customerEmail, phone: r.customerPhone },
      address,
      plan: findGuaranteedPlan(booking),
      lastVisitDate: latestDone(booking),
      handledAt: r.handledAt?.toISOString() ?? null,
      handledBy: r.handledBy,
      declineReason: r.declineReason,
      visitDate: r.visitDate,
      visitStatus: r.visitStatus,
    };
  };
  return { open: open.map(toView), handled: handled.map(toView) };
}

async function requireOpenRequest(db: DbExecutor, id: number | null, options: { lock?: boolean } = {}) {
  if (id === null) throw REQUEST_NOT_FOUND();
  const request = await selectRequest(db, id, options);
  if (!request) throw REQUEST_NOT_FOUND();
  if (request.status !== 'open') throw ALREADY_ANSWERED(request.status);
  return request;
}

const holdsFriday = (visits: readonly RetreatmentBookingVisit[], date: string) => visits.some((v) => v.date === date && HOLDS_FRIDAY.has(v.status));

/**
 * The Fridays an open request can be booked on: the bookable Fridays with a stop free (the
 * available-dates rule and counts a booking and a staff move use), less those the booking already
 * has a visit on.
 *
 * @throws AppError 404 unknown request, 409 already answered
 */
export async function listRetreatmentDates(id: number | null, now = new Date()) {
  const db = await getDb();
  const request = await requireOpenRequest(db, id);
  const visits = await selectBookingVisits(db, request.bookingRef);
  const dates = await getAvailableDates({ now, branchId: request.branchId, stopsNeeded: 1 });
  return { id: request.id, dates: dates.filter((d) => !holdsFriday(visits, d)) };
}

/**
 * The visit's notes for the crew: the customer's own words about the problem, quoted, then the
 * booking's notes (gate codes, pets). That it is a free re-treatment the screens say from the
 * visit's kind, in the reader's language.
 */
function composeVisitNotes(note: string | null, bookingNotes: string | null): string | null {
  return [note ? `"${note}"` : null, bookingNotes?.trim()].filter(Boolean).join(' · ') || null;
}

/**
 * The office books the request's free re-treatment on `date`, in one transaction: the booking's
 * visit rows are locked (as moves, payments and cancellations lock them), then the request row,
 * whose status is read again, so two admins answering at once are serialised and the second is
 * refused (409) without writing anything. The Friday's row is locked and its stops counted
 * (`reserveFridayStops`) before the visit is written, so the last stop cannot be taken twice.
 * The visit: the booking's reference, the plan visit's address and options, confirmed, $0, kind
 * 'retreatment', in the request's language. The customer's email is queued with it.
 *
 * @throws AppError 404 unknown request, 409 already answered or booking cancelled, 400 a Friday that
 *   cannot be booked or that the booking already has a visit on (`fields.date`), 409 'day_full'
 *   (a closed Friday too, `details.reason` 'closed', 0071)
 */
export async function scheduleRetreatment(id: number | null, date: string, options: { staffUserId: number | null; by?: string; now?: Date }) {
  const now = options.now ?? new Date();
  const db = await getDb();
  const request = await requireOpenRequest(db, id);

  // The list's rule and counts first, for a precise answer; the locked count below is the one that decides.
  const check = await checkAvailableDate({ date, now, branchId: request.branchId, stopsNeeded: 1 });
  if (!check.ok && check.reason === 'closed') throw new AppError('day_full', 'retreatments.errors.dayClosed', { fullDates: check.fullDates, reason: 'closed' });
  if (!check.ok && check.reason === 'full') throw new AppError('day_full', 'retreatments.errors.dayFull', { fullDates: check.fullDates });
  if (!check.ok) throw new AppError('validation', 'retreatments.errors.dateUnavailable', { fields: { date: 'retreatments.errors.dateUnavailable' }, reason: check.reason });

  const result = await db.transaction(async (tx) => {
    // The customer's row first, as an erasure takes it (0055); an erasure that got there first deleted the request.
    if (!(await lockCustomerForBusiness(tx, request.customerId, 'key share'))) throw REQUEST_NOT_FOUND();
    const visits = await selectBookingVisits(tx, request.bookingRef, { lock: true });
    const locked = await requireOpenRequest(tx, request.id, { lock: true });
    if (keepPaidVisits(visits).some((v) => v.status === 'cancelled')) throw new AppError('conflict', 'retreatments.errors.bookingCancelled', { reason: 'cancelled' });
    const template = findTemplateVisit(visits);
    if (!template) throw new AppError('conflict', 'retreatments.errors.bookingCancelled', { reason: 'no-plan' });
    if (holdsFriday(visits, date)) throw new AppError('validation', 'retreatments.errors.sameDay', { fields: { date: 'retreatments.errors.sameDay' } });
    try {
      await reserveFridayStops(tx, { branchId: locked.branchId, dates: [date], stopsPerDate: 1, now });
    } catch (error) {
      if (isAppError(error) && error.code === 'day_full') {
        throw new AppError('day_full', isClosedDayRefusal(error.details) ? 'retreatments.errors.dayClosed' : 'retreatments.errors.dayFull', error.details);
      }
      throw error;
    }
    const visit = await insertVisit(tx, {
      branchId: template.branchId,
      customerId: template.customerId,
      planId: template.planId,
      bookingRef: template.bookingRef,
      // After the plan's own numbers: "visit N of the plan" never names a re-treatment.
      visitNumber: Math.max(...visits.map((v) => v.visitNumber)) + 1,
      serviceType: template.serviceType,
      kind: RETREATMENT_KIND,
      date,
      status: 'confirmed',
      address: template.address,
      city: template.city,
      postalCode: template.postalCode,
      phone: template.phone,
      latitude: template.latitude,
      longitude: template.longitude,
      propertySize: template.propertySize,
      includeTick: template.includeTick,
      includeTargetedInsects: template.includeTargetedInsects,
      extras: template.extras,
      notes: composeVisitNotes(locked.note, template.notes),
      subtotalCents: 0,
      taxCents: 0,
      totalCents: 0,
      locale: locked.locale,
      // The booking's link (0050): the new visit's emails print the same one as its other visits'.
      manageLinkGeneration: Math.max(...visits.map((v) => v.manageLinkGeneration)),
      createdAt: now,
      updatedAt: now,
    });
    const answered = await answerOpenRequest(tx, locked.id, { status: 'scheduled', appointmentId: visit.id, staffUserId: options.staffUserId, at: now });
    if (answered.length !== 1) throw ALREADY_ANSWERED('open');
    await queueScheduledEmail(tx, { request: locked, visitId: visit.id, date, template });
    return { id: locked.id, status: 'scheduled' as const, appointmentId: visit.id, date };
  });
  getLogger().info({ requestId: result.id, bookingRef: request.bookingRef, appointmentId: result.appointmentId, date, by: options.by }, 'staff scheduled a free re-treatment');
  return result;
}

async function queueScheduledEmail(tx: DbExecutor, input: {
  request: NonNullable<Awaited<ReturnType<typeof selectRequest>>>; visitId: number; date: string; template: RetreatmentBookingVisit;
}) {
  const { request, template } = input;
  const customer = await selectCustomerContact(tx, request.customerId);
  if (!customer) return;
  const locale = toLocale(request.locale);
  const branch: Branch = await getBranch(request.branchId, tx);
  const email = renderRetreatmentScheduledEmail({
    locale,
    branch,
    customerFirstName: customer.firstName,
    bookingRef: request.bookingRef,
    linkGeneration: template.manageLinkGeneration,
    visit: { id: input.visitId, bookingRef: request.bookingRef, serviceType: template.serviceType, kind: RETREATMENT_KIND, date: input.date, time: '09:00' },
    address: { address: template.address, city: template.city, postalCode: template.postalCode },
  });
  await enqueueEmail(tx, { kind: 'retreatment', to: customer.email, locale, ...email, relatedType: 'appointment', relatedId: input.visitId });
}

/**
 * The office declines an open request with a reason the customer reads, in one transaction with
 * the customer's email; a request answered meanwhile (another admin) is refused with 409.
 *
 * @throws AppError 404 unknown request, 409 already answered
 */
export async function declineRetreatment(id: number | null, declineReason: string, options: { staffUserId: number | null; by?: string; now?: Date }) {
  const now = options.now ?? new Date();
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const request = await requireOpenRequest(tx, id, { lock: true });
    const answered = await answerOpenRequest(tx, request.id, { status: 'declined', declineReason, staffUserId: options.staffUserId, at: now });
    if (answered.length !== 1) throw ALREADY_ANSWERED('open');
    const customer = await selectCustomerContact(tx, request.customerId);
    if (customer) {
      const locale = toLocale(request.locale);
      const email = renderRetreatmentDeclinedEmail({ locale, branch: await getBranch(request.branchId, tx), customerFirstName: customer.firstName, bookingRef: request.bookingRef, declineReason });
      await enqueueEmail(tx, { kind: 'retreatment', to: customer.email, locale, ...email, relatedType: 'retreatment-request', relatedId: request.id });
    }
    return { id: request.id, status: 'declined' as const, bookingRef: request.bookingRef };
  });
  getLogger().info({ requestId: result.id, bookingRef: result.bookingRef, by: options.by }, 'staff declined a free re-treatment request');
  return { id: result.id, status: result.status };
}
