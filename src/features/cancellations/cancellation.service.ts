import 'server-only';
import { getDb, type DbExecutor } from '@/db/client';
import type { RefundStatus } from '@/db/schema/refunds';
import { countPaymentLinkEmails } from '@/features/booking/appointment.repository';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { calendarSequenceAt } from '@/features/email/visit-calendar';
import { getEnv } from '@/env';
import { getPaymentGateway } from '@/features/payments/get-payment-gateway';
import type { GatewayRefundUpdate } from '@/features/payments/payment-gateway';
import { findRefundedAmounts, shareRefundTax, splitPaymentTax } from '@/features/payments/payment-tax';
import { CLOSED_DAY_REFUND_REASON } from '@/features/payments/payment-outcome';
import { describePaymentStatus, findRefundDate } from '@/features/payments/refund-state';
import { hasHoldLapsed, isAwaitingPayment } from '@/features/payments/lapsed-holds';
import { EXTRA_CODES, type ExtraCode } from '@/features/pricing/price-table';
import { isPricedServiceType, type PriceInput } from '@/features/pricing/pricing';
import { loadPriceContext } from '@/features/pricing/pricing.service';
import { reviseWaitingReminders } from '@/features/reminders/reminder.service';
import { keepPaidVisits } from '@/features/scheduling/visit-kinds';
import { toLocale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { OFFLINE_PROVIDER } from '@/features/payments/offline-payment';
import { getLogger } from '@/server/logger';
import { localePath } from '@/components/site/locale-paths';
import { renderBookingCancelledEmail, renderLatePaymentRefundEmail, renderRefundFailedStaffEmail } from './cancellation-email';
import {
  type CancellationVisit, cancelVisits, claimRefundForRetry, insertRefundOnce, insertRefunds, markPaymentCanceled, recordRefundOutcome, removeStopsFromRoutes,
  type RefundRow, selectBookingCustomer, selectBookingVisits, selectCustomerBookings, selectOpenPayments, selectRefundablePayments, selectRefundByProviderIdForUpdate,
  selectRefundForUpdate, selectRefundsByIds,
} from './cancellation.repository';
import type { CancelBookingInput, CustomerReason } from './cancellation.schema';
import { allocateRefund, computeRefundPolicy, describeCancelRefund, type RefundBreakdown } from './refund-policy';
import { decideRefundUpdate, isRefundOfCurrentAttempt } from './refund-updates';
import { formatAddressLine } from '@/lib/address-line';

/** Visits a cancellation calls off: everything not carried out and not already over. Completed visits never change. */
const CANCELLABLE_STATUSES = new Set(['pending', 'pending-payment', 'confirmed', 'expired']);
export const isCancellableVisit = (status: string) => CANCELLABLE_STATUSES.has(status);

/**
 * A refund still `pending` without a provider id this long after its last change was never
 * answered (the process stopped between the commit and the provider's answer): staff may send it
 * again, with the same attempt key, so a refund that did reach the provider is not made twice.
 */
export const STALE_PENDING_REFUND_MS = 5 * 60_000;

export function canRetryRefund(refund: { status: string; providerRefundId: string | null; updatedAt?: Date; createdAt: Date }, now: Date): boolean {
  if (refund.status === 'failed') return true;
  const changed = refund.updatedAt ?? refund.createdAt;
  return refund.status === 'pending' && refund.providerRefundId === null && now.getTime() - changed.getTime() > STALE_PENDING_REFUND_MS;
}

/** The visit row that carries the plan's pricing inputs (add-on visits are priced with it); never a free re-treatment's. */
function findPlanVisit(visits: CancellationVisit[]) {
  return keepPaidVisits(visits).sort((a, b) => a.visitNumber - b.visitNumber || a.id - b.id).find((v) => isPricedServiceType(v.serviceType));
}

function describeOrder(plan: CancellationVisit | undefined): PriceInput | null {
  if (!plan || plan.propertySize === null || !isPricedServiceType(plan.serviceType)) return null;
  return {
    serviceType: plan.serviceType,
    propertySize: plan.propertySize,
    includeTick: plan.includeTick,
    includeTargetedInsects: plan.includeTargetedInsects,
    extras: (plan.extras ?? []).filter((e): e is ExtraCode => (EXTRA_CODES as readonly string[]).includes(e)),
    address: formatAddressLine(plan.address, plan.city),
  };
}

/** The booking's refund under the terms, read through `db` (the cancellation's transaction, under its locks). */
async function assessBooking(db: DbExecutor, visits: CancellationVisit[]) {
  const first = visits[0]!;
  const payments = await selectRefundablePayments(db, first.bookingRef);
  const { priceTable, taxRate: branchRate } = await loadPriceContext(first.branchId, db);
  // The HST of a refund is the HST that was charged: the payment keeps the rate it was taxed at.
  const paidRateBps = payments.find((p) => p.taxRateBps !== null)?.taxRateBps;
  const plan = findPlanVisit(visits);
  const breakdown = computeRefundPolicy({
    paidCents: payments.reduce((sum, p) => sum + p.amountCents, 0),
    alreadyRefundedCents: payments.reduce((sum, p) => sum + Math.min(p.refundedCents, p.amountCents), 0),
    visits,
    order: describeOrder(plan),
    snapshot: plan ? { subtotalCents: plan.subtotalCents, totalCents: plan.totalCents } : null,
    priceTable,
    taxRate: paidRateBps != null ? paidRateBps / 10_000 : branchRate,
  });
  return { payments, breakdown };
}

const toVisitView = (v: CancellationVisit) => ({ id: v.id, date: v.date, time: v.time, serviceType: v.serviceType, kind: v.kind, status: v.status, visitNumber: v.visitNumber });

export type CancellationPreview = {
  bookingRef: string;
  customer: { id: number; name: string; email: string } | null;
  toCancel: ReturnType<typeof toVisitView>[];
  completed: ReturnType<typeof toVisitView>[];
  breakdown: RefundBreakdown;
  /** Paid to the office by hand (0103): the refund is handed back by the office, not sent to a card. */
  refundByHand: boolean;
};

/** Every payment of the booking was taken by the office by hand (0103): its refund goes back by hand too. */
const isPaidByHand = (payments: { provider: string }[]) => payments.length > 0 && payments.every((p) => p.provider === OFFLINE_PROVIDER);

/**
 * GET /api/admin/bookings/{ref}/cancel: what cancelling now would do: the visits called off, the
 * visits carried out that stay, and the terms' refund with its figures.
 *
 * @throws AppError 404 for an unknown booking, 409 when nothing is left to cancel
 */
export async function previewCancellation(bookingRef: string): Promise<CancellationPreview> {
  const db = await getDb();
  const visits = await selectBookingVisits(db, bookingRef);
  if (visits.length === 0) throw new AppError('not_found', 'cancellations.errors.bookingNotFound');
  const toCancel = visits.filter((v) => isCancellableVisit(v.status));
  if (toCancel.length === 0) throw nothingToCancel(visits);
  const { payments, breakdown } = await assessBooking(db, visits);
  const customer = await selectBookingCustomer(db, visits[0]!.customerId);
  return {
    bookingRef,
    customer: customer ? { id: customer.id, name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email } : null,
    toCancel: toCancel.map(toVisitView),
    completed: visits.filter((v) => v.status === 'completed').map(toVisitView),
    breakdown,
    refundByHand: isPaidByHand(payments),
  };
}

function nothingToCancel(visits: CancellationVisit[]): AppError {
  return visits.some((v) => v.status === 'cancelled')
    ? new AppError('conflict', 'cancellations.errors.alreadyCancelled', { status: 'cancelled' })
    : new AppError('conflict', 'cancellations.errors.nothingToCancel', { status: visits[0]?.status });
}

export type RefundView = { id: number; paymentId: number; amountCents: number; status: RefundStatus; failureReason: string | null; providerRefundId: string | null };

const toRefundView = (r: RefundRow): RefundView => ({
  id: r.id, paymentId: r.paymentId, amountCents: r.amountCents, status: r.status as RefundStatus, failureReason: r.failureReason, providerRefundId: r.providerRefundId,
});

export type CancellationResult = {
  bookingRef: string;
  cancelledIds: number[];
  refundCents: number;
  /** The refund as a whole: succeeded, pending (not settled yet), failed (staff may retry), or none. */
  refundStatus: RefundStatus | 'none';
  refunds: RefundView[];
  breakdown: RefundBreakdown;
  /** The refund is the office's to hand back (0103): no gateway was asked. */
  refundByHand: boolean;
};

/** Asks the provider for one pending refund (outside any transaction) and records its answer. */
async function sendRefund(row: RefundRow, now: Date): Promise<RefundRow> {
  const db = await getDb();
  const gateway = getPaymentGateway();
  let outcome: { status: RefundStatus; providerRefundId: string | null; failureReason: string | null; attempts: number };
  if (gateway.provider !== row.provider) {
    outcome = { status: 'failed', providerRefundId: null, failureReason: 'provider_unavailable', attempts: row.attempts };
  } else {
    try {
      const answer = await gateway.refundPayment({
        paymentIntentId: row.paymentIntentId,
        amountCents: row.amountCents,
        // One key per attempt: a double click repeats this attempt, a retry after a refusal is a new request.
        idempotencyKey: `${row.idempotencyKey}:${row.attempts}`,
        // Read back from the provider's later reports (webhooks), to find this row before its provider id is recorded.
        metadata: { bookingRef: row.bookingRef ?? '', refundId: String(row.id), attempt: String(row.attempts) },
      });
      // After a refusal the next try is a new request; after success or pending the key stays.
      outcome = { status: answer.status, providerRefundId: answer.id, failureReason: answer.failureReason, attempts: answer.status === 'failed' ? row.attempts + 1 : row.attempts };
    } catch (error) {
      // Unknown outcome (network, timeout): the retry repeats this very attempt, so the provider answers with the refund if it was made.
      getLogger().error({ err: error, refundId: row.id }, 'refund request failed');
      outcome = { status: 'failed', providerRefundId: null, failureReason: 'provider_unreachable', attempts: row.attempts };
    }
  }
  await recordRefundOutcome(db, row.id, outcome, now);
  getLogger().info({ refundId: row.id, bookingRef: row.bookingRef, status: outcome.status, failureReason: outcome.failureReason }, 'refund answered');
  const [updated] = await selectRefundsByIds(db, [row.id]);
  return updated ?? row;
}

/**
 * Sends refunds written `pending` (by a cancellation, or by a payment that arrived after one) and
 * records each answer. Call it after the transaction that wrote them has committed.
 */
export async function sendPendingRefunds(refundIds: number[], now: Date): Promise<RefundView[]> {
  const sent: RefundView[] = [];
  for (const row of await selectRefundsByIds(await getDb(), refundIds)) {
    // Money the office took by hand goes back by hand (0103): no gateway is asked; the office records the hand-back.
    sent.push(toRefundView(row.provider === OFFLINE_PROVIDER ? row : await sendRefund(row, now)));
  }
  return sent;
}

type OpenPayment = Awaited<ReturnType<typeof selectOpenPayments>>[number];

/**
 * Cancels, at the provider, the intents of a cancelled booking that could still be paid (a checkout
 * left open in another tab), outside any transaction. A refusal (already paid or processing) or an
 * unreachable provider is logged: if that money does arrive, `markPaymentSucceeded` refunds it.
 */
export async function cancelOpenIntents(open: OpenPayment[], bookingRef: string, now: Date): Promise<void> {
  const gateway = getPaymentGateway();
  for (const payment of open) {
    if (payment.provider !== gateway.provider) {
      getLogger().warn({ bookingRef, paymentId: payment.id, provider: payment.provider }, 'open intent of a cancelled booking left: its provider is not configured');
      continue;
    }
    try {
      const answer = await gateway.cancelIntent(payment.paymentIntentId);
      if (answer.canceled) await markPaymentCanceled(await getDb(), payment.id, now);
      else getLogger().warn({ bookingRef, paymentId: payment.id, reason: answer.failureReason }, 'open intent of a cancelled booking could not be cancelled');
    } catch (error) {
      getLogger().error({ err: error, bookingRef, paymentId: payment.id }, 'intent cancel request failed');
    }
  }
}

function summariseRefunds(refunds: RefundView[]): RefundStatus | 'none' {
  if (refunds.length === 0) return 'none';
  if (refunds.some((r) => r.status === 'failed')) return 'failed';
  if (refunds.some((r) => r.status === 'pending')) return 'pending';
  return 'succeeded';
}

/**
 * Cancels a booking for the office (or for the customer, through `cancelForCustomer`), as the
 * published terms promise (docs/decisions/0017).
 *
 * In one transaction, under the booking's row locks (id order, like payments and staff moves):
 * the visits not carried out become `cancelled` (they stop taking their Friday stops at once, and
 * leave any stored route), the refund rows are written `pending` (one per payment, a unique key
 * per booking and payment), and the customer's email is queued. Then, outside the transaction,
 * the provider is asked and each refund row gets its answer. A provider that fails leaves the
 * cancellation in place and the refund `failed`, for `retryRefund`.
 *
 * @throws AppError 404 unknown booking, 409 already cancelled or nothing left to cancel,
 *   400 'validation' (`fields.refundCents`) for a refund above what the booking can give back,
 *   403 'forbidden' (`fields.refundCents`) for one above the terms' amount without `mayExceedTerms` (0082)
 */
export async function cancelBooking(
  bookingRef: string,
  input: CancelBookingInput,
  /**
   * `byCustomer`: the customer's own cancellation through their booking's link; their email confirms it (0060).
   * `mayExceedTerms`: the caller may refund more than the terms give (an administrator's goodwill, 0082).
   */
  options: { staffUserId: number | null; by?: string; byCustomer?: boolean; mayExceedTerms?: boolean; now?: Date },
): Promise<CancellationResult> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const committed = await db.transaction(async (tx) => {
    const visits = await selectBookingVisits(tx, bookingRef, { lock: true });
    if (visits.length === 0) throw new AppError('not_found', 'cancellations.errors.bookingNotFound');
    const toCancel = visits.filter((v) => isCancellableVisit(v.status));
    if (toCancel.length === 0) throw nothingToCancel(visits);

    const { payments, breakdown } = await assessBooking(tx, visits);
    const refundCents = input.refundCents ?? breakdown.policyRefundCents;
    if (refundCents > breakdown.refundableCents) {
      throw new AppError('validation', 'cancellations.errors.refundTooHigh', {
        fields: { refundCents: 'cancellations.errors.refundTooHigh' },
        refundableCents: breakdown.refundableCents,
      });
    }
    if (refundCents > breakdown.policyRefundCents && !options.mayExceedTerms) {
      throw new AppError('forbidden', 'cancellations.errors.refundAboveTerms', {
        fields: { refundCents: 'cancellations.errors.refundAboveTerms' },
        policyRefundCents: breakdown.policyRefundCents,
      });
    }

    const cancelledBy = options.byCustomer ? 'customer' : 'office';
    const cancelled = await cancelVisits(tx, toCancel.map((v) => v.id), now, cancelledBy);
    // Under the row locks nothing else can have changed them; if something did, write nothing at all.
    if (cancelled.length !== toCancel.length) throw new AppError('conflict', 'cancellations.errors.alreadyCancelled');
    const first = visits[0]!;
    await removeStopsFromRoutes(tx, first.branchId, [...new Set(toCancel.map((v) => v.date))], toCancel.map((v) => v.id), now);
    // A reminder of these Fridays still waiting in the outbox is withdrawn, or rewritten without these visits (0034).
    await reviseWaitingReminders(tx, toCancel.map((v) => v.id), toCancel.map((v) => v.date), now);

    const parts = allocateRefund(refundCents, payments.map((p) => ({ id: p.id, refundableCents: p.amountCents - p.refundedCents })));
    const inserted = await insertRefunds(tx, parts.map((part) => ({
      paymentId: part.paymentId,
      bookingRef,
      amountCents: part.amountCents,
      status: 'pending',
      provider: payments.find((p) => p.id === part.paymentId)!.provider,
      reason: input.reason,
      issuedByStaffUserId: options.staffUserId,
      idempotencyKey: `cancel:${bookingRef}:payment:${part.paymentId}`,
      createdAt: now,
      updatedAt: now,
    })));

    // Paid to the office by hand (0103): the email says the office hands the money back, not the card.
    const refundByHand = isPaidByHand(payments);
    await queueCancellationEmail(tx, { visits, toCancel, breakdown, refundCents, now, cancelledBy, refundByHand, reason: options.byCustomer ? null : input.customerReason ?? null });
    getLogger().info({
      bookingRef, cancelled: toCancel.map((v) => v.id), refundCents, policyRefundCents: breakdown.policyRefundCents, by: options.by, cancelledBy, customerReason: input.customerReason,
    }, 'booking cancelled');
    const openPayments = await selectOpenPayments(tx, bookingRef);
    return { cancelledIds: toCancel.map((v) => v.id), refundIds: inserted.map((r) => r.id), refundCents, breakdown, openPayments, refundByHand };
  });

  // First stop a checkout still open from being paid, then give back what was paid.
  await cancelOpenIntents(committed.openPayments, bookingRef, now);
  const refunds = await sendPendingRefunds(committed.refundIds, now);
  return { bookingRef, cancelledIds: committed.cancelledIds, refundCents: committed.refundCents, refundStatus: summariseRefunds(refunds), refunds, breakdown: committed.breakdown, refundByHand: committed.refundByHand };
}

/** The terms' figures with their visits carried out (present whenever the rule is 'visits-carried-out'). */
function withCarriedOut(figures: ReturnType<typeof describeCancelRefund>) {
  return figures.carriedOut ? { ...figures, carriedOut: figures.carriedOut } : null;
}

async function queueCancellationEmail(
  tx: DbExecutor,
  input: {
    visits: CancellationVisit[]; toCancel: CancellationVisit[]; breakdown: RefundBreakdown; refundCents: number; now: Date;
    cancelledBy: 'customer' | 'office'; reason: CustomerReason | null; refundByHand: boolean;
  },
) {
  const first = input.toCancel[0]!;
  const customer = await selectBookingCustomer(tx, first.customerId);
  if (!customer) return;
  const locale = toLocale(first.locale);
  const branch = await getBranch(first.branchId, tx);
  const email = renderBookingCancelledEmail({
    locale,
    // The whole row: its mailing address ends the email, its working day sets the calendar events' times.
    branch,
    customerFirstName: customer.firstName,
    bookingRef: first.bookingRef,
    cancelledBy: input.cancelledBy,
    reason: input.reason,
    visits: [...input.toCancel].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id),
    // Confirmed visits got a calendar event with the receipt (or a move); unpaid and unplaced ones never did.
    calendarVisitIds: input.toCancel.filter((v) => v.status === 'confirmed').map((v) => v.id),
    address: first,
    completedCount: input.breakdown.completedCount,
    wasPaid: input.breakdown.paidCents > 0,
    refundCents: input.refundCents,
    // The terms' working only when the refund is the terms' amount (the office may give another).
    refundWorking: input.breakdown.rule === 'visits-carried-out' && input.refundCents === input.breakdown.policyRefundCents ? withCarriedOut(describeCancelRefund(input.breakdown)) : null,
    refundByHand: input.refundByHand,
    calendarSequence: calendarSequenceAt(input.now),
  });
  await enqueueEmail(tx, { kind: 'booking-cancelled', to: customer.email, locale, ...email, relatedType: 'booking', relatedId: first.id });
}

export const LATE_PAYMENT_REFUND_REASON = 'Booking cancelled before payment';
/** The same refund when the booking's customer had their personal data erased before the money arrived (0055). */
export const ERASED_CUSTOMER_REFUND_REASON = 'Customer\'s personal data deleted before payment';

/**
 * A payment that succeeded after its booking was cancelled (an intent paid in another tab, a
 * 3-D Secure or bank answer that came late): inside the success's transaction, a full refund is
 * written `pending` (key `late-payment:{paymentId}`, no staff user) and the customer is told in
 * their booking's language. The caller sends the refund with `sendPendingRefunds` after commit.
 * `reason: 'erased'`: the booking's customer was erased meanwhile (0055); nobody is emailed.
 * `reason: 'closed'`: the booking's Friday was closed for rain and no Friday had room (0072); the
 * caller cancelled its visits, and the email says why.
 *
 * @returns the refund's id, or null when this payment already has one (a second delivery)
 */
export async function recordLatePaymentRefund(
  tx: DbExecutor,
  payment: { id: number; provider: string; bookingRef: string; amountCents: number },
  now: Date,
  reason: 'cancelled' | 'erased' | 'closed' = 'cancelled',
): Promise<number | null> {
  if (payment.amountCents <= 0) return null;
  const refundId = await insertRefundOnce(tx, {
    paymentId: payment.id,
    bookingRef: payment.bookingRef,
    amountCents: payment.amountCents,
    status: 'pending',
    provider: payment.provider,
    reason: reason === 'erased' ? ERASED_CUSTOMER_REFUND_REASON : reason === 'closed' ? CLOSED_DAY_REFUND_REASON : LATE_PAYMENT_REFUND_REASON,
    issuedByStaffUserId: null,
    idempotencyKey: `late-payment:${payment.id}`,
    createdAt: now,
    updatedAt: now,
  });
  if (refundId === null) return null;
  const bookingVisits = await selectBookingVisits(tx, payment.bookingRef);
  const first = bookingVisits[0];
  const customer = first ? await selectBookingCustomer(tx, first.customerId) : null;
  // An erased customer's placeholder address receives nothing (0049, 0055); the office is told instead.
  if (first && customer && !customer.erasedAt) {
    const locale = toLocale(first.locale);
    const branch = await getBranch(first.branchId, tx);
    const email = renderLatePaymentRefundEmail({
      locale,
      branch,
      customerFirstName: customer.firstName,
      bookingRef: payment.bookingRef,
      amountCents: payment.amountCents,
      // Closed for rain (0072): the Fridays it was booked for, which the email names.
      ...(reason === 'closed' ? { closedDates: [...new Set(bookingVisits.map((v) => v.date))].sort() } : {}),
    });
    await enqueueEmail(tx, { kind: 'booking-cancelled', to: customer.email, locale, ...email, relatedType: 'payment', relatedId: payment.id });
  }
  getLogger().warn({ bookingRef: payment.bookingRef, paymentId: payment.id, refundId, amountCents: payment.amountCents }, 'payment for a cancelled booking: full refund written');
  return refundId;
}

/**
 * The provider's later report about a refund (a webhook), inside the webhook's transaction
 * (docs/decisions/0017, "Asynchronous refund updates"). The row is found by the provider's refund
 * id, or, when that id is not recorded yet, by the row id and attempt `sendRefund` attached as
 * metadata. A `pending` row becomes succeeded or failed; anything else changes nothing (a final
 * row never moves, so a repeated or out-of-order report is harmless). A refund that failed is
 * counted as an attempt (staff's Retry is then a new request, not the failed one again) and the
 * office gets one English alert, queued in this transaction.
 *
 * @returns whether the row changed
 */
export async function applyRefundUpdate(tx: DbExecutor, provider: string, update: GatewayRefundUpdate, now: Date): Promise<{ applied: boolean; refundId: number | null }> {
  let row = await selectRefundByProviderIdForUpdate(tx, provider, update.id);
  if (!row && update.origin) {
    const candidate = await selectRefundForUpdate(tx, update.origin.refundId);
    if (candidate && isRefundOfCurrentAttempt(candidate, { provider, attempt: update.origin.attempt, amountCents: update.amountCents, paymentIntentId: update.paymentIntentId })) row = candidate;
  }
  const log = getLogger();
  if (!row) {
    log.info({ providerRefundId: update.id, status: update.status, origin: update.origin }, 'refund update for a refund we do not know: ignored');
    return { applied: false, refundId: null };
  }
  const decision = decideRefundUpdate(row, update);
  if (decision.kind === 'none') {
    const fields = { refundId: row.id, providerRefundId: update.id, rowStatus: row.status, reported: update.status, why: decision.why };
    if (decision.why === 'reversed-after-success') log.error(fields, 'provider reports a refund failed after it had succeeded: row left succeeded, check it in the provider dashboard');
    else log.info(fields, 'refund update changes nothing');
    return { applied: false, refundId: row.id };
  }
  const failed = decision.kind === 'failed';
  const changed = await recordRefundOutcome(tx, row.id, {
    status: decision.kind,
    providerRefundId: update.id,
    failureReason: failed ? decision.failureReason : null,
    attempts: failed ? row.attempts + 1 : row.attempts,
  }, now);
  if (!changed) return { applied: false, refundId: row.id };
  if (failed) await queueRefundFailedStaffAlert(tx, row, update.id, decision.failureReason);
  log.info({ refundId: row.id, bookingRef: row.bookingRef, providerRefundId: update.id, status: decision.kind, failureReason: failed ? decision.failureReason : null }, 'refund updated by the provider');
  return { applied: true, refundId: row.id };
}

async function queueRefundFailedStaffAlert(tx: DbExecutor, row: RefundRow, providerRefundId: string, failureReason: string) {
  const [first] = row.bookingRef ? await selectBookingVisits(tx, row.bookingRef) : [];
  const customer = first ? await selectBookingCustomer(tx, first.customerId) : null;
  const branch = await getBranch(first?.branchId, tx);
  const { PUBLIC_SITE_URL: siteUrl, STAFF_NOTIFY_EMAIL: staffEmail } = getEnv();
  const email = renderRefundFailedStaffEmail({
    branch,
    bookingRef: row.bookingRef,
    customer: customer ? { name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email } : null,
    amountCents: row.amountCents,
    failureReason,
    providerRefundId,
    paymentIntentId: row.paymentIntentId,
    customerPageUrl: customer ? new URL(localePath('en', `/customer-details?id=${customer.id}`), siteUrl).toString() : null,
  });
  await enqueueEmail(tx, { kind: 'staff-notification', to: staffEmail, locale: 'en', ...email, relatedType: 'refund', relatedId: row.id });
}

/**
 * Sends a failed refund again (or one left pending by a stopped process). The row is claimed under
 * its lock, so a double click sends it once; the second request gets 409.
 *
 * @throws AppError 404 unknown refund (or of another booking), 409 when it succeeded or is under way
 */
export async function retryRefund(
  bookingRef: string,
  refundId: number | null,
  options: { now?: Date; by?: string; /** The failed attempts the office saw; another count means someone retried meanwhile. */ seenAttempts?: number } = {},
): Promise<{ refund: RefundView }> {
  const now = options.now ?? new Date();
  if (refundId === null) throw new AppError('not_found', 'cancellations.errors.refundNotFound');
  const db = await getDb();
  const claimed = await db.transaction(async (tx) => {
    const row = await selectRefundForUpdate(tx, refundId);
    if (!row || row.bookingRef !== bookingRef) throw new AppError('not_found', 'cancellations.errors.refundNotFound');
    if (row.status === 'succeeded') throw new AppError('conflict', 'cancellations.errors.refundAlreadyDone', { status: row.status });
    // Money taken by hand goes back by hand (0103): no gateway to send it to.
    if (row.provider === OFFLINE_PROVIDER) throw new AppError('conflict', 'offlinePayments.errors.handBackNotRetried', { status: row.status });
    if (!canRetryRefund(row, now)) throw new AppError('conflict', 'cancellations.errors.refundInProgress', { status: row.status });
    // A double click whose first request already ran (and failed again) answers an older attempt.
    if (options.seenAttempts !== undefined && options.seenAttempts !== row.attempts) throw new AppError('conflict', 'cancellations.errors.refundRetriedMeanwhile', { status: row.status });
    if (!(await claimRefundForRetry(tx, row.id, now, new Date(now.getTime() - STALE_PENDING_REFUND_MS)))) throw new AppError('conflict', 'cancellations.errors.refundInProgress', { status: row.status });
    return row;
  });
  getLogger().info({ refundId, bookingRef, by: options.by }, 'staff retried a refund');
  return { refund: toRefundView(await sendRefund({ ...claimed, status: 'pending' }, now)) };
}

/**
 * Until when an unpaid booking still holds its Fridays (the payment link's deadline, 0091): the
 * earliest hold of its visits waiting for payment, when none has lapsed; null for a paid, cancelled
 * or lapsed booking.
 */
function findHeldUntil(rows: { id: number; date: string; status: string; holdExpiresAt: Date | null }[], now: Date): Date | null {
  const held = rows.filter((v) => isAwaitingPayment(v.status));
  if (held.length === 0 || held.some((v) => hasHoldLapsed(v, now) || v.holdExpiresAt === null)) return null;
  return new Date(Math.min(...held.map((v) => v.holdExpiresAt!.getTime())));
}

/** The customer details page: the customer's visits grouped by booking, and payments with their refunds. */
export async function loadCustomerBookings(customerId: number, now = new Date()) {
  const db = await getDb();
  const { visits, payments, refunds } = await selectCustomerBookings(db, customerId);
  const byRef = new Map<string, typeof visits>();
  for (const visit of visits) byRef.set(visit.bookingRef, [...(byRef.get(visit.bookingRef) ?? []), visit]);
  const bookings = (await Promise.all([...byRef.entries()]
    .map(async ([bookingRef, rows]) => {
      const heldUntil = findHeldUntil(rows, now);
      return {
        bookingRef,
        firstDate: rows[0]!.date,
        visits: rows,
        canCancel: rows.some((v) => isCancellableVisit(v.status)),
        heldUntil,
        // The payment-link emails sent so far, which "Resend the payment link" names (0097); only while held.
        linksSent: heldUntil ? await countPaymentLinkEmails(db, rows.map((v) => v.id)) : 0,
      };
    })))
    .sort((a, b) => b.firstDate.localeCompare(a.firstDate));
  const { taxRateBps } = await getBranch();
  return {
    bookings,
    payments: payments.map(({ subtotalCents, taxCents, taxRateBps: paymentRateBps, ...p }) => {
      const own = refunds.filter((r) => r.paymentId === p.id);
      // Refunds made (succeeded) count, as on the Payments tab and in the CSV: "Paid", "Partly refunded", "Refunded".
      const refundedCents = own.reduce((sum, r) => (r.status === 'succeeded' ? sum + r.amountCents : sum), 0);
      // The HST of what came back and of each refund, to the cent, as the receipt and the refunds CSV state it (0075).
      const facts = { amountCents: p.amountCents, subtotalCents, taxCents, taxRateBps: paymentRateBps };
      const split = splitPaymentTax(facts, taxRateBps);
      const refundTax = shareRefundTax(own, { totalCents: p.amountCents, taxCents: split.taxCents, taxRate: (facts.taxRateBps ?? taxRateBps) / 10_000 });
      return {
        ...p,
        listStatus: describePaymentStatus({ status: p.status, amountCents: p.amountCents, refundedCents }),
        refundedCents,
        refundedTaxCents: findRefundedAmounts({ ...facts, refundedCents }, taxRateBps).taxCents,
        // Dated as the receipt dates it (0081): a refund made by when the money went back.
        refunds: own.map((r) => ({ ...r, datedAt: findRefundDate(r), taxCents: refundTax.get(r.id) ?? null, bookingRef: p.bookingRef, canRetry: p.bookingRef !== null && r.provider !== OFFLINE_PROVIDER && canRetryRefund(r, now),
          // Money taken by hand, still to give back: the office records the hand-back (0103).
          canHandBack: p.bookingRef !== null && r.provider === OFFLINE_PROVIDER && r.status === 'pending',
        })),
      };
    }),
  };
}
