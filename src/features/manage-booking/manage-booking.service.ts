import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getEnv } from '@/env';
import { type Branch, getBranch } from '@/features/branch/branch.service';
import { previewCancellation, cancelBooking } from '@/features/cancellations/cancellation.service';
import { escapeHtml, renderEmailLayout } from '@/features/email/email-layout';
import { enqueueEmail } from '@/features/email/outbox.service';
import { type BookingAppointment as ManagedVisitRow, listBookingAppointments } from '@/features/payments/payment.repository';
import { describeArrivalWindow } from '@/features/email/visit-calendar';
import { listServiceDayExceptions } from '@/features/scheduling/capacity.repository';
import { isClosedDayRefusal } from '@/features/scheduling/day-closure';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { spacingMessageValues, type SpacingWindow } from '@/features/scheduling/visit-spacing';
import { listMoveDates, moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { localePath } from '@/components/site/locale-paths';
import type { Locale } from '@/i18n/routing';
import { AppError, isAppError } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { getLogger } from '@/server/logger';
import { consumeRateLimit } from '@/server/rate-limit';
import { decideBookingCancel, decideVisitChange, keepDatesBeforeCutoff, type BookingCancel, type VisitChange } from './customer-changes';
import { describeCancelRefund, type CancelRefundFigures } from '@/features/cancellations/refund-policy';
import { openManageToken } from './manage-link.service';
import { selectBookingMoney } from './manage-booking.repository';

/**
 * The customer's side of a booking, opened by the private link's token (docs/decisions/0032).
 * Moves and cancellations go through the office's own services (`moveAppointment`,
 * `cancelBooking`), so capacity, emails, routes and refunds follow the same rules; this module
 * adds only who may do what and when (`customer-changes.ts`), and tells the office.
 *
 * Every refusal about the token itself is the same 404, whether the token is malformed, sealed
 * with another key, names a booking that no longer exists or is a link the office has replaced
 * (0050). Tokens are never logged.
 */

const NOT_FOUND = () => new AppError('not_found', 'manageBooking.errors.notFound');
/** Who the office's logs and notices name for a change made through the link. */
const BY_CUSTOMER = 'customer (manage-booking link)';
export const CUSTOMER_CANCEL_REASON = 'Cancelled online by the customer (Manage your booking)';

/** Lookups (the page and every API call), per client address: a person needs a handful, a token guesser is stopped. */
export const LOOKUP_LIMIT = { points: 60, durationSec: 10 * 60 };
/** Changes (moves, cancellations), per client address and per booking. */
export const ACTION_LIMIT = { points: 10, durationSec: 60 * 60 };

export async function limitLookups(clientIp: string): Promise<void> {
  await consumeRateLimit('manage-booking-lookup', clientIp, LOOKUP_LIMIT);
}

/** Changes made through the link (moves, cancellations, re-treatment requests), per client address and per booking. */
export async function limitActions(clientIp: string, bookingRef: string): Promise<void> {
  await consumeRateLimit('manage-booking-action-ip', clientIp, ACTION_LIMIT);
  await consumeRateLimit('manage-booking-action-booking', bookingRef, ACTION_LIMIT);
}

async function openBooking(token: string): Promise<{ bookingRef: string; visits: ManagedVisitRow[] }> {
  const db = await getDb();
  const bookingRef = (await openManageToken(db, token))?.bookingRef;
  if (!bookingRef) throw NOT_FOUND();
  const visits = await listBookingAppointments(db, { bookingRef });
  if (visits.length === 0) throw NOT_FOUND();
  return { bookingRef, visits };
}

export type ManagedVisitGroup = {
  /** The visit the move goes through (its same-day companions move with it, as for the office). */
  id: number;
  visitIds: number[];
  date: string;
  status: string;
  /** Paid with no stop ('expired') on a Friday closed to bookings now (a rain day): the page says closed, not full (0099). */
  dayClosed: boolean;
  /** What the visits are, as the `services` messages name them: service types, or 'retreatment' for a free re-treatment (0047). */
  serviceTypes: string[];
  arrival: string;
  change: VisitChange;
};

export type ManagedBooking = {
  bookingRef: string;
  customerFirstName: string;
  address: { address: string | null; city: string | null; postalCode: string | null };
  visits: ManagedVisitGroup[];
  money: { paidCents: number; refundedCents: number; refundPendingCents: number; paidByHand: boolean };
  cancel: BookingCancel;
  /** While the booking can be cancelled online: what that gives back under the terms, and why (0108). */
  cancelRefund: CancelRefundFigures | null;
};

/** The booking as the customer's page shows it, in `locale` (the arrival windows' wording). */
export async function loadManagedBooking(token: string, locale: Locale, now = new Date()): Promise<ManagedBooking> {
  const { bookingRef, visits } = await openBooking(token);
  const first = visits[0]!;
  const branch = await getBranch(first.branchId);
  const money = await selectBookingMoney(await getDb(), bookingRef);
  // Read only for a visit waiting for a date, which is rare: the closures from its earliest Friday on.
  const waiting = visits.filter((v) => v.status === 'expired').map((v) => v.date).sort();
  const closed = waiting.length === 0 ? new Set<string>()
    : new Set((await listServiceDayExceptions(await getDb(), first.branchId, waiting[0]!)).filter((d) => d.isClosed).map((d) => d.date));
  // A treatment and its standing-water visit share a Friday and move together: one row on the page.
  // A free re-treatment (0047) is a row of its own, as it moves on its own.
  const groups = new Map<string, ManagedVisitRow[]>();
  for (const visit of visits) {
    const key = `${visit.date} ${visit.status} ${visit.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), visit]);
  }
  const cancel = decideBookingCancel(visits, money.paidCents, now, branch.timezone);
  return {
    bookingRef,
    customerFirstName: first.customerFirstName,
    address: { address: first.address, city: first.city, postalCode: first.postalCode },
    visits: [...groups.values()].map((rows) => {
      const lead = rows[0]!;
      return {
        id: lead.id,
        visitIds: rows.map((r) => r.id),
        date: lead.date,
        status: lead.status,
        dayClosed: lead.status === 'expired' && closed.has(lead.date),
        serviceTypes: [...new Set(rows.map(serviceLabelKey))],
        arrival: describeArrivalWindow(lead.time, branch.settings, locale),
        change: decideVisitChange(lead, now, branch.timezone),
      };
    }),
    money,
    cancel,
    cancelRefund: cancel.kind === 'cancel' ? describeCancelRefund((await previewCancellation(bookingRef)).breakdown) : null,
  };
}

/** The visit `visitId` of the token's booking, if the customer may still move it; otherwise a translated refusal. */
async function requireMovableVisit(token: string, visitId: number | null, now: Date) {
  const { bookingRef, visits } = await openBooking(token);
  const visit = visits.find((v) => v.id === visitId);
  // Another booking's visit id is the same answer as an unknown one: nothing about it is told.
  if (!visit) throw new AppError('not_found', 'manageBooking.errors.visitNotFound');
  const branch = await getBranch(visit.branchId);
  const change = decideVisitChange(visit, now, branch.timezone);
  if (change.kind === 'call') throw new AppError('conflict', 'manageBooking.errors.tooLateToMove', { reason: 'cutoff' }, { phone: branch.phone });
  if (change.kind !== 'move') throw new AppError('conflict', 'manageBooking.errors.notMovable', { status: visit.status }, { phone: branch.phone });
  return { bookingRef, visit, visits, branch };
}

/**
 * The Fridays the customer may move a visit to: the office's list (`listMoveDates`: room, season,
 * and the plan's spacing, 0035), less those past their own cut-off. `spacing` says why a plan's
 * list is narrower (null for a one-visit booking).
 */
export async function listCustomerMoveDates(token: string, visitId: number | null, now = new Date()) {
  const { visit, branch } = await requireMovableVisit(token, visitId, now);
  const listed = await listMoveDates(visit.id, now);
  return { id: visit.id, date: visit.date, dates: keepDatesBeforeCutoff(listed.dates, now, branch.timezone), spacing: listed.spacing };
}

/** The office's refusal, in the customer's words (the office's keys speak to staff). */
function toCustomerError(error: unknown, phone: string): unknown {
  if (!isAppError(error)) return error;
  if (error.code === 'day_full') return new AppError('day_full', isClosedDayRefusal(error.details) ? 'manageBooking.errors.dayClosed' : 'manageBooking.errors.dayFull', error.details);
  if (error.code === 'visit_spacing') {
    const refusal = error.details as { side: 'previous' | 'next'; window: SpacingWindow };
    const { variant, values } = spacingMessageValues(refusal);
    return new AppError('visit_spacing', `manageBooking.errors.spacing.${variant}`, { reason: 'spacing', side: refusal.side, window: refusal.window }, { ...values, phone });
  }
  if (error.code === 'validation') return new AppError('validation', 'manageBooking.errors.dateUnavailable', { fields: { date: 'manageBooking.errors.dateUnavailable' }, reason: error.details?.reason });
  if (error.code === 'conflict') return new AppError('conflict', 'manageBooking.errors.notMovable', { status: error.details?.status }, { phone });
  if (error.code === 'not_found') return new AppError('not_found', 'manageBooking.errors.visitNotFound');
  return error;
}

/**
 * Moves a visit of the token's booking (and its same-day companions) to `date`, through the
 * office's `moveAppointment`: the day's capacity under lock, the customer's email with calendar
 * updates, the route assignment dropped. The office gets a notice.
 *
 * @throws AppError 404 bad token or a visit not of this booking, 409 past the cut-off or not
 *   movable, 409 'day_full', 409 'visit_spacing' a Friday too close to (or past) another visit of
 *   the plan, 400 a Friday that cannot be chosen (or is past its own cut-off), 429
 */
export async function moveVisitForCustomer(token: string, visitId: number | null, date: string, options: { clientIp: string; now?: Date }) {
  const now = options.now ?? new Date();
  const { bookingRef, visit, visits, branch } = await requireMovableVisit(token, visitId, now);
  await limitActions(options.clientIp, bookingRef);
  if (keepDatesBeforeCutoff([date], now, branch.timezone).length === 0) {
    throw new AppError('validation', 'manageBooking.errors.dateUnavailable', { fields: { date: 'manageBooking.errors.dateUnavailable' }, reason: 'cutoff' });
  }
  let moved: Awaited<ReturnType<typeof moveAppointment>>;
  try {
    moved = await moveAppointment(visit.id, date, { now, by: BY_CUSTOMER, byCustomer: true });
  } catch (error) {
    throw toCustomerError(error, branch.phone);
  }
  if (moved.movedIds.length > 0) {
    getLogger().info({ bookingRef, appointmentIds: moved.movedIds, from: visit.date, to: date }, 'customer moved a visit online');
    await queueOfficeNotice({
      visit,
      branch,
      subject: `Customer moved a visit online: ${bookingRef} from ${visit.date} to ${date}`,
      heading: 'A customer moved a visit online',
      lines: [
        `Booking ${bookingRef}: the customer moved their visit of ${visit.date} to ${date} through their Manage your booking link (appointment${moved.movedIds.length > 1 ? 's' : ''} #${moved.movedIds.join(', #')}).`,
        'The new Friday had room; the customer got the usual "visit moved" email with calendar updates, and the old day\'s route no longer includes the visit.',
        ...(visits.some((v) => v.date === visit.date && !moved.movedIds.includes(v.id) && v.status === 'confirmed') ? ['Other visits of this booking on the old Friday were not moved.'] : []),
      ],
    });
  }
  return { id: visit.id, date: moved.date, movedIds: moved.movedIds };
}

/** What cancelling now would give back, for the confirmation dialog. */
export async function previewCustomerCancellation(token: string, now = new Date()) {
  const { bookingRef, visits } = await openBooking(token);
  const branch = await getBranch(visits[0]!.branchId);
  await requireCancellable(bookingRef, visits, branch, now);
  const preview = await previewCancellation(bookingRef);
  return { ...describeCancelRefund(preview.breakdown), visitCount: preview.toCancel.length };
}

async function requireCancellable(bookingRef: string, visits: ManagedVisitRow[], branch: { timezone: string; phone: string }, now: Date) {
  const money = await selectBookingMoney(await getDb(), bookingRef);
  const decision = decideBookingCancel(visits, money.paidCents, now, branch.timezone);
  if (decision.kind === 'none') throw new AppError('conflict', 'manageBooking.errors.nothingToCancel');
  if (decision.kind === 'call') throw new AppError('conflict', `manageBooking.errors.cancelByPhone.${decision.reason}`, { reason: decision.reason }, { phone: branch.phone });
}

/**
 * Cancels what is left of the token's booking with the refund the terms give (all of it before the
 * first visit; the visits not yet carried out once a plan has started, 0108), through the office's `cancelBooking`: visits freed, the customer's email, the refund sent
 * to the gateway. The office gets a notice.
 *
 * @throws AppError 404 bad token, 409 past the cut-off, unpaid or nothing left, 429
 */
export async function cancelForCustomer(token: string, options: { clientIp: string; now?: Date }) {
  const now = options.now ?? new Date();
  const { bookingRef, visits } = await openBooking(token);
  const branch = await getBranch(visits[0]!.branchId);
  await limitActions(options.clientIp, bookingRef);
  await requireCancellable(bookingRef, visits, branch, now);
  let result: Awaited<ReturnType<typeof cancelBooking>>;
  try {
    result = await cancelBooking(bookingRef, { reason: CUSTOMER_CANCEL_REASON }, { staffUserId: null, by: BY_CUSTOMER, byCustomer: true, now });
  } catch (error) {
    // A second click, or the office cancelling at the same moment: nothing left to cancel.
    if (isAppError(error) && error.code === 'conflict') throw new AppError('conflict', 'manageBooking.errors.nothingToCancel');
    throw error;
  }
  getLogger().info({ bookingRef, cancelled: result.cancelledIds, refundCents: result.refundCents, refundStatus: result.refundStatus }, 'customer cancelled a booking online');
  await queueOfficeNotice({
    visit: visits[0]!,
    branch,
    subject: `Customer cancelled booking ${bookingRef} online (refund ${formatMoney(result.refundCents, 'en')})`,
    heading: 'A customer cancelled their booking online',
    lines: [
      `Booking ${bookingRef}: the customer cancelled through their Manage your booking link. Visits called off: #${result.cancelledIds.join(', #')}.`,
      `Refund under the terms: ${formatMoney(result.refundCents, 'en')}, ${result.refundStatus === 'succeeded' ? 'sent to the card' : `status ${result.refundStatus}`}.`,
      ...(result.refundStatus === 'failed' ? ['The refund failed: please retry it from the customer\'s page in the staff area.'] : []),
      'The customer was emailed a confirmation of their own cancellation, with calendar cancellations.',
    ],
  });
  return { bookingRef, refundCents: result.refundCents, refundStatus: result.refundStatus };
}

/**
 * One English notice to the office (STAFF_NOTIFY_EMAIL) naming the customer (from the booking's
 * own rows) and linking their page; "Reply" in the office's mailbox writes to the customer (0030).
 * Queued through `db` when given (a caller's transaction: a re-treatment request, 0047).
 */
export async function queueOfficeNotice(notice: {
  visit: ManagedVisitRow; branch: Branch; subject: string; heading: string; lines: string[]; db?: DbExecutor;
}) {
  const { visit, branch } = notice;
  const { PUBLIC_SITE_URL: siteUrl, STAFF_NOTIFY_EMAIL: to } = getEnv();
  const lines = [
    ...notice.lines,
    `Customer: ${`${visit.customerFirstName} ${visit.customerLastName ?? ''}`.trim()} <${visit.customerEmail}>`,
    `Customer page: ${new URL(localePath('en', `/customer-details?id=${visit.customerId}`), siteUrl).toString()}`,
  ];
  const { html, text } = renderEmailLayout({
    branch,
    locale: 'en',
    heading: notice.heading,
    bodyHtml: lines.map((l) => `<p style="margin:0 0 8px">${escapeHtml(l)}</p>`).join('\n'),
    bodyText: lines.join('\n'),
    footer: branch.displayName,
  });
  await enqueueEmail(notice.db ?? await getDb(), {
    kind: 'staff-notification', to, replyTo: visit.customerEmail, locale: 'en', subject: notice.subject, html, text, relatedType: 'appointment', relatedId: visit.id,
  });
}
