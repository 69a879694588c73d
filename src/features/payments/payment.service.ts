import 'server-only';
import { randomUUID } from 'node:crypto';
import { getDb, type DbExecutor } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { escapeHtml, formatLabelled, renderEmailLayout } from '@/features/email/email-layout';
import { customerEmailFooter } from '@/features/email/email-footer';
import { enqueueEmail } from '@/features/email/outbox.service';
import { buildVisitCalendarEvent, describeArrivalWindow, formatVisitLocation } from '@/features/email/visit-calendar';
import { countDiscountUse } from '@/features/pricing/discount.repository';
import { describeChargedBreakdown, isPricedServiceType } from '@/features/pricing/pricing';
import { priceBooking } from '@/features/pricing/pricing.service';
import { getEnv } from '@/env';
import { renderManageLink } from '@/features/manage-booking/manage-link-email';
import { renderReceiptBlock, renderReceiptLink } from '@/features/receipts/receipt-email';
import { buildReceiptPageUrl } from '@/features/receipts/receipt-links';
import { loadReceiptForEmail } from '@/features/receipts/receipt.service';
import { listServiceDayExceptions } from '@/features/scheduling/capacity.repository';
import { cancelVisits } from '@/features/cancellations/cancellation.repository';
import { keepPaidVisits } from '@/features/scheduling/visit-kinds';
import { getTranslator } from '@/i18n/messages';
import { type Locale, toLocale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { formatLongDate } from '@/lib/format';
import { centsToDollars, dollarsToCents, formatMoney } from '@/lib/money';
import { getLogger } from '@/server/logger';
import { applyRefundUpdate, recordLatePaymentRefund, sendPendingRefunds } from '@/features/cancellations/cancellation.service';
import { lockCustomerForBusiness } from '@/features/booking/customer.repository';
import { doesClientAmountMatch, hasClientAmount } from './amount-check';
import { getPaymentGateway, getPublicGatewayConfig, isTestGatewayMode, requireRealGatewayInProduction } from './get-payment-gateway';
import type { GatewayEvent, GatewayIntent, GatewayIntentStatus } from './payment-gateway';
import { describeBookingEnd, listRainMoves } from './payment-outcome';
import {
  type BookingAppointment,
  confirmBookingAppointments,
  findBookingCancellation,
  findPaymentByIdempotencyKey,
  findPaymentByIntentId,
  findSucceededPaymentForBooking,
  findTestPageIntents,
  hasCustomer,
  insertPayment,
  listBookingAppointments,
  listPaymentsForStaff,
  lockBookingVisits,
  markPaymentRowSucceeded,
  markVisitsUnplaced,
  markQuoteBooked,
  type PaymentMetadata,
  type PaymentRow,
  recordPaymentEvent,
  REUSABLE_TEST_INTENT_STATUSES,
  renewVisitHolds,
  updateOpenPaymentStatus,
} from './payment.repository';
import type { CreatePaymentIntentInput, TestCardConfirmInput } from './payment.schema';
import type { CreatedPaymentIntent, OrderSummary, PaymentStatusView } from './payment.types';
import { findLapsedVisits, isAwaitingPayment, keepsNothing, type UnplacedReason } from './lapsed-holds';
import { placeWaitingVisits } from './hold-placement.service';
import { evaluateTestCard, TEST_PROCESSING_SETTLE_MS } from './test-cards';
import { formatAddressLine } from '@/lib/address-line';

/** The payment test page's largest free amount: it exists to try the card form, not to bill. */
const MAX_TEST_AMOUNT_CENTS = 100_000;

function gatewayResponse(intent: { id: string; clientSecret: string; amountCents: number }, summary: OrderSummary | null): CreatedPaymentIntent {
  const { provider, publishableKey } = getPublicGatewayConfig();
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: intent.amountCents,
    provider,
    ...(publishableKey ? { publishableKey } : {}),
    summary,
  };
}

/** The visit whose row carries the plan's pricing inputs (add-on visits are priced with it); never a free re-treatment's (0047). */
function findPlanVisit(visits: BookingAppointment[]): BookingAppointment | undefined {
  return keepPaidVisits(visits).sort((a, b) => a.visitNumber - b.visitNumber || a.id - b.id).find((v) => isPricedServiceType(v.serviceType));
}

/**
 * The engine's price for a stored booking, as the checkout charges it and the office's "Record a
 * payment" expects it (0103): its plan visit's inputs, the discount code it was booked with.
 *
 * @throws AppError 'bad_request' ('payments.errors.nothingToPay') for a booking with no price (a custom quote, nothing due)
 */
export async function priceStoredBooking(visits: BookingAppointment[], now: Date) {
  const plan = findPlanVisit(visits);
  if (!plan || plan.propertySize === null) throw new AppError('bad_request', 'payments.errors.nothingToPay');
  const priced = await priceBooking(
    {
      serviceType: plan.serviceType,
      propertySize: plan.propertySize,
      includeTick: plan.includeTick,
      includeTargetedInsects: plan.includeTargetedInsects,
      extras: plan.extras ?? [],
      address: formatAddressLine(plan.address, plan.city),
      discountCode: plan.discountCode,
    },
    { now, branchId: plan.branchId },
  );
  if (priced.result.customQuote || priced.result.totalCents <= 0) throw new AppError('bad_request', 'payments.errors.nothingToPay');
  // Narrowed above: the plan visit has a lot size.
  return { plan: plan as BookingAppointment & { propertySize: number }, ...priced };
}

type PricedBooking = Omit<Awaited<ReturnType<typeof priceStoredBooking>>, 'plan'>;

/** What the checkout's summary shows and the payment row records: the plan, the engine's figures, the Fridays. */
export function summarizeCharge(plan: BookingAppointment & { propertySize: number }, { result, discount, taxRate }: PricedBooking, visits: BookingAppointment[]): OrderSummary {
  return {
    serviceType: plan.serviceType,
    propertySize: plan.propertySize,
    includeTick: plan.includeTick,
    includeStandingWater: plan.includeTargetedInsects,
    extras: plan.extras ?? [],
    subtotalCents: result.subtotalCents,
    taxCents: result.taxCents,
    totalCents: result.totalCents,
    discountCents: result.discountCents,
    // The code the engine applied to the stored booking, never one the browser names.
    discountCode: discount.applied && result.discountCents > 0 ? (discount.code ?? null) : null,
    taxRate,
    dates: [...new Set(visits.filter((v) => v.status !== 'cancelled').map((v) => v.date))].sort(),
    movedForRain: listRainMoves(visits),
  };
}

/** The payment row's record of what it paid (the receipt's figures and lines). */
export function describeChargeMetadata(summary: OrderSummary, result: PricedBooking['result'], taxRate: number, appointmentIds: number[]): PaymentMetadata {
  return {
    purpose: 'booking',
    serviceType: summary.serviceType,
    propertySize: summary.propertySize,
    includeTick: summary.includeTick,
    includeStandingWater: summary.includeStandingWater,
    extras: summary.extras,
    subtotalCents: summary.subtotalCents,
    taxCents: summary.taxCents,
    totalCents: summary.totalCents,
    discountCents: summary.discountCents,
    breakdown: describeChargedBreakdown(result),
    taxRateBps: Math.round(taxRate * 10_000),
    appointmentIds,
    dates: summary.dates,
  };
}

/**
 * The booking a checkout pays, found only by its reference (docs/decisions/0025). Appointment and
 * quote ids are sequential, so anyone could walk them; the reference is random. An `appointmentId`
 * or `quoteId` must come with the reference and belong to that booking. Without a reference nothing
 * is looked up at all, so an id that exists and one that does not get the same 404, just as fast.
 */
async function loadBooking(input: CreatePaymentIntentInput) {
  const notFound = () => new AppError('not_found', 'payments.errors.bookingNotFound');
  if (!input.bookingRef) throw notFound();
  const visits = await listBookingAppointments(await getDb(), { bookingRef: input.bookingRef });
  if (visits.length === 0) throw notFound();
  // The customer's personal data was erased (0049): the booking's address is gone and it is not paid for (0055).
  if (visits[0]!.customerErasedAt) throw notFound();
  if (input.appointmentId !== undefined && !visits.some((v) => v.id === input.appointmentId)) throw notFound();
  if (input.quoteId !== undefined && !visits.some((v) => v.quoteId === input.quoteId)) throw notFound();
  return visits;
}

/**
 * POST /api/create-payment-intent. The booking is named by its reference (`bookingRef`, with an
 * optional `appointmentId` / `quoteId` of the same booking; an id alone is an unknown booking). The
 * amount is always the engine's price for the stored booking
 * (DECISIONS §1, §6); a different client amount fails with 409 and the current price. The same
 * booking and amount reuse one intent (idempotency key `booking:<ref>:<cents>`), and the payments
 * row is written with it. A free amount is accepted only from the payment test page, and only in
 * test-gateway mode or for staff.
 *
 * @throws AppError 'price_changed' (with `currentTotalCents`, `currentPrice`), 'not_found',
 *   'conflict' (already paid), 'gone' (hold released), 'forbidden' (free amount not allowed)
 */
export async function createPaymentIntentForBooking(
  input: CreatePaymentIntentInput,
  options: { now?: Date; isStaff: boolean; locale: Locale },
): Promise<CreatedPaymentIntent> {
  const now = options.now ?? new Date();
  requireRealGatewayInProduction();
  const hasBooking = input.appointmentId !== undefined || input.bookingRef !== undefined || input.quoteId !== undefined;
  if (!hasBooking) return createTestPageIntent(input, options);

  let visits = await loadBooking(input);
  const bookingRef = visits[0]!.bookingRef;
  const db = await getDb();
  // `reason` lets the checkout tell "already paid" and "cancelled" (friendly states) from any other
  // failure. A cancelled booking says so even when it was paid first: its refund is on its way, and
  // "already paid" would send the customer looking for visits that will not happen.
  if (visits.every((v) => v.status === 'cancelled')) throw new AppError('gone', 'payments.errors.bookingCancelled', { reason: 'booking_cancelled' });
  if (await findSucceededPaymentForBooking(db, bookingRef)) throw new AppError('conflict', 'payments.errors.alreadyPaid', { reason: 'already_paid' });
  if (visits.every((v) => v.status === 'confirmed' || v.status === 'completed')) throw new AppError('conflict', 'payments.errors.alreadyPaid', { reason: 'already_paid' });

  const { plan, result, discount, taxRate } = await priceStoredBooking(visits, now);
  if (hasClientAmount(input) && !doesClientAmountMatch(input, result)) {
    throw new AppError(
      'price_changed',
      'payments.errors.priceChanged',
      { currentTotalCents: result.totalCents, currentPrice: centsToDollars(result.totalCents), currentSubtotalCents: result.subtotalCents, currentTaxCents: result.taxCents },
      { price: formatMoney(result.totalCents, options.locale) },
    );
  }

  // A hold that ran out is taken again (and extended) before any intent, or refused if the day
  // filled; visits on a Friday closed for rain move to another Friday first (0072), so the summary
  // shows the Friday paid for.
  if (findLapsedVisits(visits, now).length > 0 || (await hasWaitingVisitOnClosedDay(visits))) {
    await prepareCheckoutHolds(bookingRef, { branchId: plan.branchId, customerId: plan.customerId }, options.locale, now);
    visits = await listBookingAppointments(db, { bookingRef });
  }

  const summary = summarizeCharge(plan, { result, discount, taxRate }, visits);

  // One intent per booking and amount: a reload, a double click or a second tab get the same one.
  let idempotencyKey = `booking:${bookingRef}:${result.totalCents}`;
  const existing = await findPaymentByIdempotencyKey(db, idempotencyKey);
  if (existing && existing.status !== 'canceled') {
    const intent = await getPaymentGateway().retrieveIntent(existing.paymentIntentId);
    if (intent.clientSecret && intent.status !== 'canceled') {
      return gatewayResponse({ id: intent.id, clientSecret: intent.clientSecret, amountCents: existing.amount }, summary);
    }
  }
  if (existing) idempotencyKey = `${idempotencyKey}:${randomUUID()}`;

  const appointmentIds = visits.map((v) => v.id);
  const gateway = getPaymentGateway();
  const intent = await gateway.createIntent({
    amountCents: result.totalCents,
    currency: 'cad',
    idempotencyKey,
    customerEmail: plan.customerEmail,
    description: `Booking ${bookingRef}`,
    metadata: {
      bookingRef,
      appointmentIds: appointmentIds.join(','),
      customerId: String(plan.customerId),
      ...(plan.quoteId ? { quoteId: String(plan.quoteId) } : {}),
    },
  });
  if (!intent.clientSecret) throw new AppError('unavailable', 'payments.errors.intentFailed');

  const metadata: PaymentMetadata = {
    ...describeChargeMetadata(summary, result, taxRate, appointmentIds),
    ...(gateway.provider === 'test' ? { testGateway: { clientSecret: intent.clientSecret, lastError: null } } : {}),
  };
  try {
    await insertPayment(db, {
      appointmentId: plan.id,
      customerId: plan.customerId,
      quoteId: plan.quoteId,
      bookingRef,
      provider: gateway.provider,
      paymentIntentId: intent.id,
      idempotencyKey,
      amount: result.totalCents,
      currency: 'cad',
      status: intent.status === 'succeeded' ? 'requires_payment_method' : intent.status,
      discountCode: result.discount?.applied ? result.discount.code : null,
      metadata,
    });
  } catch (error) {
    // Two requests raced with the same key: Stripe returned the same intent to both; keep the first row.
    const raced = await findPaymentByIdempotencyKey(db, idempotencyKey);
    if (!raced) throw error;
    const winner = await gateway.retrieveIntent(raced.paymentIntentId);
    return gatewayResponse({ id: winner.id, clientSecret: winner.clientSecret ?? intent.clientSecret, amountCents: raced.amount }, summary);
  }
  return gatewayResponse({ id: intent.id, clientSecret: intent.clientSecret, amountCents: result.totalCents }, summary);
}

/** How many of a test group's open intents are asked about at the gateway before a new one is made. */
const TEST_INTENTS_TRIED = 3;

/**
 * The payment test page (SPEC "Payment test page"): a free amount, test mode or staff only.
 * Opening the page must not write a payments row each time (docs/decisions/0028): the same test
 * customer, plan and amount take their newest intent that can still be paid (the gateway is asked,
 * since a Stripe payment may have succeeded before its webhook). Only when there is none is a new
 * intent made, with a key naming the group and its newest row, so two tabs opened at once get one
 * intent (Stripe's idempotency) and one row (the key is unique).
 */
async function createTestPageIntent(input: CreatePaymentIntentInput, options: { isStaff: boolean }): Promise<CreatedPaymentIntent> {
  if (input.amount === undefined) throw new AppError('bad_request', 'payments.errors.bookingRequired');
  // The office's test page only, with or without real keys: nobody else fills the Payments tab (0028).
  if (!options.isStaff) throw new AppError('forbidden', 'payments.errors.freeAmountNotAllowed');
  const amountCents = dollarsToCents(input.amount);
  if (amountCents < 50 || amountCents > MAX_TEST_AMOUNT_CENTS) throw new AppError('bad_request', 'payments.errors.invalidAmount');
  const db = await getDb();
  const gateway = getPaymentGateway();
  // A customer id that does not exist must not stop a test payment: it is made without one.
  const customerId = input.customerId !== undefined && (await hasCustomer(db, input.customerId)) ? input.customerId : null;
  const serviceType = input.serviceType ?? null;
  const group = { customerId, serviceType, amountCents, provider: gateway.provider };

  const { newestId, open } = await findTestPageIntents(db, group);
  for (const row of open.slice(0, TEST_INTENTS_TRIED)) {
    const reused = await retrieveReusableTestIntent(row.paymentIntentId);
    if (reused) return gatewayResponse({ id: reused.id, clientSecret: reused.clientSecret, amountCents: row.amount }, null);
  }

  const idempotencyKey = `payment-test:${gateway.provider}:${customerId ?? 'none'}:${serviceType ?? 'none'}:${amountCents}:after-${newestId ?? 0}`;
  const intent = await gateway.createIntent({
    amountCents,
    currency: 'cad',
    idempotencyKey,
    description: 'Office payment test',
    metadata: { purpose: 'payment-test', ...(customerId !== null ? { customerId: String(customerId) } : {}) },
  });
  if (!intent.clientSecret) throw new AppError('unavailable', 'payments.errors.intentFailed');
  try {
    await insertPayment(db, {
      customerId,
      provider: gateway.provider,
      paymentIntentId: intent.id,
      idempotencyKey,
      amount: amountCents,
      currency: 'cad',
      status: 'requires_payment_method',
      metadata: {
        purpose: 'payment-test',
        ...(serviceType !== null ? { serviceType } : {}),
        ...(gateway.provider === 'test' ? { testGateway: { clientSecret: intent.clientSecret, lastError: null } } : {}),
      } satisfies PaymentMetadata,
    });
  } catch (error) {
    // Two visits raced with the same key: keep the first row and answer with its intent.
    const raced = await findPaymentByIdempotencyKey(db, idempotencyKey);
    const winner = raced ? await retrieveReusableTestIntent(raced.paymentIntentId) : null;
    if (!raced || !winner) throw error;
    return gatewayResponse({ id: winner.id, clientSecret: winner.clientSecret, amountCents: raced.amount }, null);
  }
  return gatewayResponse({ id: intent.id, clientSecret: intent.clientSecret, amountCents }, null);
}

/** A test-page intent the gateway still takes a card for, with its client secret; null otherwise (paid, processing, cancelled, gone). */
async function retrieveReusableTestIntent(paymentIntentId: string): Promise<{ id: string; clientSecret: string } | null> {
  // An intent the provider no longer knows (another Stripe account's keys, say) or cannot tell about
  // now is simply not taken again; a new one is made, and that call reports a provider that is down.
  const intent = await getPaymentGateway().retrieveIntent(paymentIntentId).catch((error: unknown) => {
    getLogger().warn({ paymentIntentId, err: error instanceof Error ? error.message : String(error) }, 'payment test intent not reused: the gateway did not return it');
    return null;
  });
  const reusable: readonly string[] = REUSABLE_TEST_INTENT_STATUSES;
  if (!intent?.clientSecret || !reusable.includes(intent.status)) return null;
  return { id: intent.id, clientSecret: intent.clientSecret };
}

/**
 * Before an intent for a booking whose hold lapsed or one of whose Fridays was closed for rain:
 * its waiting visits get their Fridays (`placeWaitingVisits`: a lapsed stop taken again, a closed
 * Friday's visits moved to the Friday the rain day sent its visits to or the next with room, 0072)
 * and those get a fresh hold, in one transaction (re-read under lock: a concurrent request may have
 * done it). The checkout then shows the Friday the customer pays for, and why it changed.
 * A lapsed booking is no open business, so its customer may have been erased since the checkout
 * read it: the customer's row is locked first (as the erasure locks it) and an erased one's booking
 * is not brought back (0055).
 *
 * @throws AppError 'day_full' ('payments.errors.dayClosedNoRoom', `reason: 'closed'`) when a
 *   closed Friday's visits fit on no other Friday of the season; ('payments.errors.holdExpiredDayFull',
 *   with `fullDates`) when a lapsed visit's day filled up meanwhile; nothing is changed then;
 *   'not_found' when the customer was erased
 */
async function prepareCheckoutHolds(bookingRef: string, booking: { branchId: number; customerId: number }, locale: Locale, now: Date): Promise<void> {
  const branch = await getBranch(booking.branchId);
  const holdExpiresAt = new Date(now.getTime() + branch.settings.holdMinutes * 60_000);
  await (await getDb()).transaction(async (tx) => {
    if (!(await lockCustomerForBusiness(tx, booking.customerId, 'key share'))) throw new AppError('not_found', 'payments.errors.bookingNotFound');
    const { retaken, moved, unplaced } = await placeWaitingVisits(tx, bookingRef, now);
    const closedDates = [...new Set(unplaced.filter((v) => v.reason === 'closed').map((v) => v.date))];
    if (closedDates.length > 0) {
      throw new AppError('day_full', 'payments.errors.dayClosedNoRoom', { fullDates: closedDates, closedDates, reason: 'closed' }, {
        date: formatLongDate(closedDates[0]!, locale), phone: branch.phone,
      });
    }
    if (unplaced.length > 0) {
      throw new AppError('day_full', 'payments.errors.holdExpiredDayFull', { fullDates: [...new Set(unplaced.map((v) => v.date))] });
    }
    const held = [...retaken.map((v) => v.id), ...moved.flatMap((m) => m.ids)];
    if (held.length === 0) return;
    await renewVisitHolds(tx, held, holdExpiresAt, now);
    getLogger().info({ bookingRef, retaken: retaken.length, moved }, 'booking hold renewed for payment');
  });
}

/** Whether any of the booking's visits waiting for payment is on a Friday closed to bookings (read without a lock; the checkout's transaction asks again). */
async function hasWaitingVisitOnClosedDay(visits: BookingAppointment[]): Promise<boolean> {
  const waiting = visits.filter((v) => isAwaitingPayment(v.status));
  if (waiting.length === 0) return false;
  const dates = new Set(waiting.map((v) => v.date));
  const from = [...dates].sort()[0]!;
  const exceptions = await listServiceDayExceptions(await getDb(), waiting[0]!.branchId, from);
  return exceptions.some((d) => d.isClosed && dates.has(d.date));
}

export type SuccessSource = 'webhook' | 'status-check' | 'test-gateway' | 'office';

export type SuccessResult = {
  applied: boolean;
  /** Refunds written for a payment whose booking was cancelled: send them (`sendPendingRefunds`) after the commit. */
  refundsToSend: number[];
};

const NOT_APPLIED: SuccessResult = { applied: false, refundsToSend: [] };

/**
 * Applies a verified success, in one transaction: payment 'succeeded', every visit of the booking
 * 'confirmed' (hold cleared), the discount use counted, the quote 'booked' and the receipt queued.
 * A second call for the same intent changes nothing.
 *
 * A booking whose visits were all cancelled before the money arrived stays cancelled: the payment
 * is still recorded 'succeeded' (the money was taken), a full refund is written with it, and the
 * customer and the office are told (docs/decisions/0017). Without `tx` the refund is sent after
 * this function's commit; with `tx` the caller sends `refundsToSend` after its own commit.
 *
 * @returns applied: false when the payment was already succeeded or is unknown
 */
export async function markPaymentSucceeded(
  paymentIntentId: string,
  options: {
    source: SuccessSource; paymentMethod?: string | null; amountCents?: number; now?: Date; tx?: DbExecutor;
    /** When the money came in, if not `now`: a cheque the office received yesterday (0103) is dated, and its receipt issued, for that day. */
    paidAt?: Date;
  },
): Promise<SuccessResult> {
  const now = options.now ?? new Date();
  const paidAt = options.paidAt ?? now;
  const run = async (tx: DbExecutor): Promise<SuccessResult> => {
    // The customer's row before the payment's, in the order an erasure takes them (0055): an erasure
    // under way finishes first, and one that comes later finds the booking paid and is refused.
    const customerId = (await findPaymentByIntentId(tx, paymentIntentId))?.customerId ?? null;
    const customerErased = customerId !== null && !(await lockCustomerForBusiness(tx, customerId, 'key share'));
    const payment = await findPaymentByIntentId(tx, paymentIntentId, { forUpdate: true });
    if (!payment) {
      getLogger().warn({ paymentIntentId, source: options.source }, 'success for an unknown payment intent ignored');
      return NOT_APPLIED;
    }
    if (payment.status === 'succeeded') return NOT_APPLIED;
    // The test gateway is its own provider: an intent it cancelled can no longer be paid.
    if (payment.status === 'canceled' && options.source === 'test-gateway') return NOT_APPLIED;
    if (options.amountCents !== undefined && options.amountCents !== payment.amount) {
      // Never confirm a booking for less than its price, whatever the provider reports.
      getLogger().error({ paymentIntentId, expected: payment.amount, got: options.amountCents }, 'payment amount mismatch: not applied');
      return NOT_APPLIED;
    }
    if (!(await markPaymentRowSucceeded(tx, payment.id, paidAt, options.paymentMethod ?? null))) return NOT_APPLIED;
    if (payment.bookingRef) {
      // Under the booking's row locks (a cancellation takes them first): a cancelled booking is not
      // brought back, nor one whose customer was erased (an intent made before the erasure, paid
      // after it: the visits' address is gone, 0055). The money goes back either way.
      const locked = await lockBookingVisits(tx, payment.bookingRef);
      const cancelled = locked.length > 0 && locked.every((v) => v.status === 'cancelled');
      if (cancelled || customerErased) {
        const why = cancelled ? 'cancelled' : 'erased';
        const refundId = await recordLatePaymentRefund(tx, { id: payment.id, provider: payment.provider, bookingRef: payment.bookingRef, amountCents: payment.amount }, now, why);
        if (refundId !== null) await queueStaffLatePaymentAlert(tx, payment, why);
        getLogger().info({ paymentIntentId, source: options.source, why }, 'payment succeeded for a booking that will not go ahead: refunded');
        return { applied: true, refundsToSend: refundId !== null ? [refundId] : [] };
      }
      const alreadyPaid = await findOtherSucceededPayment(tx, payment);
      if (alreadyPaid) {
        // Money was taken twice (two tabs, each with an intent from before and after a price change):
        // the office must refund one, so it hears of it now, not from a log.
        getLogger().warn({ bookingRef: payment.bookingRef, paymentIntentId }, 'a booking was paid twice: refund one');
        await queueStaffDoublePaymentAlert(tx, payment, alreadyPaid);
      }
      // Visits whose hold lapsed take their stop again where the day still has room; visits on a
      // Friday closed for rain move to where the rain day sent the day's visits, or the next Friday
      // with room (0072); the rest are never overbooked and never confirmed on a closed day.
      const placement = await placeWaitingVisits(tx, payment.bookingRef, now);
      const { unplaced } = placement;
      if (keepsNothing(placement.waiting, unplaced)) {
        // Every visit it paid for sits on a Friday closed for rain and no Friday of the season has room:
        // the booking does not go ahead and the money goes back in full, as for a cancelled booking.
        // The business, not the customer, could not keep it: the quote's card says the office cancelled (0073).
        await cancelVisits(tx, unplaced.map((v) => v.id), now, 'office');
        const refundId = await recordLatePaymentRefund(tx, { id: payment.id, provider: payment.provider, bookingRef: payment.bookingRef, amountCents: payment.amount }, now, 'closed');
        if (refundId !== null) await queueStaffLatePaymentAlert(tx, payment, 'closed');
        getLogger().info({ paymentIntentId, source: options.source, dates: unplaced.map((v) => v.date) }, 'payment succeeded for a Friday closed for rain with no Friday left: refunded');
        return { applied: true, refundsToSend: refundId !== null ? [refundId] : [] };
      }
      await confirmBookingAppointments(tx, payment.bookingRef, now, unplaced.map((v) => v.id));
      if (unplaced.length > 0) {
        await markVisitsUnplaced(tx, unplaced.map((v) => v.id), now);
        getLogger().warn({ bookingRef: payment.bookingRef, paymentIntentId, unplaced: unplaced.map((v) => ({ date: v.date, reason: v.reason })) }, 'paid, but some visits have no Friday stop: left for staff');
      }
      if (placement.moved.length > 0) getLogger().info({ bookingRef: payment.bookingRef, paymentIntentId, moved: placement.moved }, 'paid visits moved off a Friday closed for rain');
      // Read once, after the visits' new statuses are written: both emails describe this booking.
      const visits = await listBookingAppointments(tx, { bookingRef: payment.bookingRef });
      if (unplaced.length > 0) await queueStaffUnplacedAlert(tx, payment, unplaced, visits);
      if (payment.discountCode && !alreadyPaid) await countDiscountUse(tx, payment.discountCode);
      if (payment.quoteId) await markQuoteBooked(tx, payment.quoteId, now);
      if (!alreadyPaid) await queueReceipt(tx, payment, visits, unplaced, paidAt);
    }
    getLogger().info({ paymentIntentId, source: options.source }, 'payment succeeded');
    return { applied: true, refundsToSend: [] };
  };
  if (options.tx) return run(options.tx);
  const result = await (await getDb()).transaction(run);
  await sendLatePaymentRefunds(result, now);
  return result;
}

/**
 * After the success's commit: the refund of a payment for a cancelled booking goes to the
 * provider. A failure leaves the refund row failed (or pending) for staff to retry; it never
 * undoes the recorded payment.
 */
async function sendLatePaymentRefunds(result: SuccessResult, now: Date): Promise<void> {
  if (result.refundsToSend.length === 0) return;
  try {
    await sendPendingRefunds(result.refundsToSend, now);
  } catch (error) {
    getLogger().error({ err: error, refundIds: result.refundsToSend }, 'refund of a payment for a cancelled booking not sent: staff can retry it');
  }
}

async function findOtherSucceededPayment(tx: DbExecutor, payment: PaymentRow) {
  return payment.bookingRef ? findSucceededPaymentForBooking(tx, payment.bookingRef, { excludeId: payment.id }) : null;
}

/** Who booked, as a staff alert names them. */
function describeBookingCustomer(visits: BookingAppointment[]): string {
  const first = visits[0];
  return first ? `${first.customerFirstName} ${first.customerLastName} <${first.customerEmail}>` : 'unknown customer';
}

/** Queues a staff notification (English, to STAFF_NOTIFY_EMAIL) about one payment: a heading, a subject and plain lines. */
async function queueStaffPaymentAlert(
  tx: DbExecutor,
  payment: PaymentRow,
  visits: BookingAppointment[],
  alert: { heading: string; subject: string; lines: string[] },
) {
  const branch = await getBranch(visits[0]?.branchId ?? 1, tx);
  const { html, text } = renderEmailLayout({
    branch,
    locale: 'en',
    heading: alert.heading,
    bodyHtml: alert.lines.map((l) => `<p style="margin:0 0 8px">${escapeHtml(l)}</p>`).join('\n'),
    bodyText: alert.lines.join('\n'),
    footer: branch.displayName,
  });
  await enqueueEmail(tx, {
    kind: 'staff-notification',
    to: getEnv().STAFF_NOTIFY_EMAIL,
    locale: 'en',
    subject: alert.subject,
    html,
    text,
    relatedType: 'payment',
    relatedId: payment.id,
  });
}

/** A second payment for an already paid booking: the office must refund one. */
async function queueStaffDoublePaymentAlert(tx: DbExecutor, payment: PaymentRow, earlier: PaymentRow) {
  const visits = await listBookingAppointments(tx, { bookingRef: payment.bookingRef! });
  await queueStaffPaymentAlert(tx, payment, visits, {
    heading: 'Booking paid twice: refund one payment',
    subject: `Action needed: booking ${payment.bookingRef} was paid twice`,
    lines: [
      `Booking ${payment.bookingRef} (${describeBookingCustomer(visits)}) has been paid twice:`,
      `- ${formatMoney(earlier.amount, 'en')}, intent ${earlier.paymentIntentId} (${earlier.provider})`,
      `- ${formatMoney(payment.amount, 'en')}, intent ${payment.paymentIntentId} (${payment.provider})`,
      'The booking is confirmed once and the customer got one receipt. Please refund one of the payments in the payment provider\'s dashboard.',
    ],
  });
}

/**
 * Money arrived for a booking already cancelled, whose customer's personal data was erased (0055),
 * or whose Friday was closed for rain with no other Friday with room (0072): it is refunded
 * automatically, the office should know and check.
 */
async function queueStaffLatePaymentAlert(tx: DbExecutor, payment: PaymentRow, why: 'cancelled' | 'erased' | 'closed') {
  const visits = await listBookingAppointments(tx, { bookingRef: payment.bookingRef! });
  const lines = why === 'closed'
    ? {
        heading: 'Payment received for a Friday closed for rain: refunded',
        subject: `Booking ${payment.bookingRef} was paid after its Friday was closed for rain, and no Friday has room: full refund sent`,
        intro: `Booking ${payment.bookingRef} (${describeBookingCustomer(visits)}) was paid after its Friday (${[...new Set(visits.map((v) => v.originalDate ?? v.date))].join(', ')}) was closed for rain, and no later Friday of the season has room for it:`,
        outcome: 'The booking is cancelled and the full amount is being refunded to the card automatically; the customer has been told by email. If you add room on a Friday, they can book it again.',
      }
    : why === 'cancelled'
    ? {
        heading: 'Payment received for a cancelled booking: refunded',
        subject: `Booking ${payment.bookingRef} was paid after it was cancelled: full refund sent`,
        intro: `Booking ${payment.bookingRef} (${describeBookingCustomer(visits)}) had been cancelled, but a payment went through afterwards:`,
        outcome: 'The booking stays cancelled. The full amount is being refunded to the card automatically and the customer has been told by email.',
      }
    : {
        heading: 'Payment received after the customer\'s data was deleted: refunded',
        subject: `Booking ${payment.bookingRef} was paid after the customer's personal data was deleted: full refund sent`,
        intro: `Booking ${payment.bookingRef} (${describeBookingCustomer(visits)}) belongs to a customer whose personal data was deleted, but a payment for it went through afterwards (a checkout opened before the deletion):`,
        outcome: 'The booking is not confirmed: its address is gone. The full amount is being refunded to the card automatically; no email could go to the customer. If they book again, it is a new booking.',
      };
  await queueStaffPaymentAlert(tx, payment, visits, {
    heading: lines.heading,
    subject: lines.subject,
    lines: [
      lines.intro,
      `- ${formatMoney(payment.amount, 'en')}, intent ${payment.paymentIntentId} (${payment.provider})`,
      lines.outcome,
      'Please check the refund on the customer\'s page in the staff area; if it failed, retry it there.',
    ],
  });
}

/** A paid visit has no stop (its Friday filled while the hold had lapsed, or was closed for rain with no Friday to take it, 0072) and needs a new Friday. */
async function queueStaffUnplacedAlert(tx: DbExecutor, payment: PaymentRow, unplaced: { id: number; date: string; reason: UnplacedReason }[], visits: BookingAppointment[]) {
  const why = (reason: UnplacedReason) => (reason === 'closed' ? 'closed for rain, and no later Friday within its plan\'s spacing has room' : 'full by then, its hold having lapsed');
  await queueStaffPaymentAlert(tx, payment, visits, {
    heading: 'Paid booking needs a new date',
    subject: `Action needed: paid booking ${payment.bookingRef} has no Friday stop`,
    lines: [
      `Booking ${payment.bookingRef} was paid (${formatMoney(payment.amount, 'en')}, intent ${payment.paymentIntentId}), but these visits have no Friday stop:`,
      ...unplaced.map((v) => `- appointment #${v.id} on ${v.date}: ${why(v.reason)}`),
      'The visits were not confirmed (the day would have been overbooked); they are listed as expired with "needs staff attention" in the appointments list.',
      `Please call ${describeBookingCustomer(visits)} to choose another Friday, or add capacity to that day.`,
    ],
  });
}

/**
 * The receipt: the tax receipt itself (`buildReceipt`, docs/decisions/0040: seller, GST/HST
 * number, receipt number, date paid, amounts, the visits' Fridays), the arrival window, an .ics file,
 * and links to the printable receipt and the booking's page, in the customer's language. Visits in
 * `unplacedVisits` (their day filled up, or was closed for rain with no Friday to take them) get no
 * calendar file, and a note that the office will call to set their date; a visit moved off a Friday
 * closed for rain is said first, with both Fridays (0072).
 */
async function queueReceipt(tx: DbExecutor, payment: PaymentRow, bookingVisits: BookingAppointment[], unplacedVisits: { id: number; reason: UnplacedReason }[], paidAt: Date) {
  const allVisits = bookingVisits.filter((v) => v.status !== 'cancelled');
  const reasonOf = new Map(unplacedVisits.map((v) => [v.id, v.reason]));
  const unplaced = allVisits.filter((v) => reasonOf.get(v.id) === 'full');
  const unplacedClosed = allVisits.filter((v) => reasonOf.get(v.id) === 'closed');
  const visits = allVisits.filter((v) => !reasonOf.has(v.id));
  const first = allVisits[0];
  if (!first) return;
  const locale = toLocale(first.locale);
  const t = getTranslator(locale, 'payments');
  const branch = await getBranch(first.branchId, tx);
  const m = payment.metadata;
  const service = t(`services.${m.serviceType ?? first.serviceType}`);
  const receipt = await loadReceiptForEmail(tx, payment.id, locale, paidAt);
  if (!receipt) return;
  // The receipt's Description is the one list of the visits' Fridays (0092, 0099): the email adds
  // the arrival window and the notes beside it, not a second list of the same dates.
  const document = renderReceiptBlock(receipt, locale);
  const arrival = formatLabelled(locale, getTranslator(locale, 'email')('arrival.label'), describeArrivalWindow(first.time, branch.settings, locale));
  const rescheduleNote = unplaced.length > 0
    ? t('receipt.rescheduleNote', { dates: [...new Set(unplaced.map((v) => formatLongDate(v.date, locale)))].join(', '), phone: branch.phone })
    : null;
  // Said first and plainly: the Friday the customer chose was closed for rain before the money arrived (0072).
  const rainNotes = [
    ...listRainMoves(visits).map((move) => t('receipt.rainMoveNote', { from: formatLongDate(move.from, locale), to: formatLongDate(move.to, locale) })),
    ...(unplacedClosed.length > 0
      ? [t('receipt.rainClosedNote', { dates: [...new Set(unplacedClosed.map((v) => formatLongDate(v.date, locale)))].join(', '), phone: branch.phone })]
      : []),
  ];
  // The customer's own page for this booking: see it, move a visit or cancel before the cut-off (0032),
  // at the booking's current link generation (0050).
  const link = { bookingRef: payment.bookingRef!, generation: first.manageLinkGeneration };
  const receiptLink = renderReceiptLink(locale, buildReceiptPageUrl(locale, link, payment.id));
  const manage = renderManageLink({ locale, link, context: 'receipt' });
  // One calendar file per visit with a date (below); none when every visit waits for the office's call.
  const calendarNote = visits.length > 0 ? t('receipt.calendarNote', { count: visits.length }) : null;
  const bodyHtml = `<p>${escapeHtml(t('receipt.greeting', { name: first.customerFirstName }))}</p>
<p>${escapeHtml(t('receipt.intro'))}</p>
${rainNotes.map((note) => `<p style="font-weight:bold">${escapeHtml(note)}</p>`).join('\n')}
${document.html}
<p>${escapeHtml(arrival)}</p>
${rescheduleNote ? `<p style="font-weight:bold">${escapeHtml(rescheduleNote)}</p>` : ''}
${calendarNote ? `<p>${escapeHtml(calendarNote)}</p>` : ''}
${receiptLink.html}
${manage.html}`;
  const bodyText = [
    t('receipt.greeting', { name: first.customerFirstName }),
    t('receipt.intro'),
    ...rainNotes,
    document.text,
    arrival,
    ...(rescheduleNote ? [rescheduleNote] : []),
    ...(calendarNote ? [calendarNote] : []),
    receiptLink.text,
    manage.text,
  ].join('\n\n');
  const { html, text } = renderEmailLayout({
    branch,
    locale,
    heading: t('receipt.heading'),
    bodyHtml,
    bodyText,
    footer: customerEmailFooter(locale, branch),
  });
  const attachments = visits.map((v, i) =>
    buildVisitCalendarEvent({ locale, branch, visit: v, location: formatVisitLocation(first), filename: visits.length > 1 ? `visit-${i + 1}.ics` : 'appointment.ics' }),
  );
  await enqueueEmail(tx, {
    kind: 'receipt',
    to: first.customerEmail,
    locale,
    // The reference in the subject: the customer finds the receipt when the office asks for it.
    subject: t('receipt.subject', { service, reference: payment.bookingRef! }),
    html,
    text,
    attachments,
    relatedType: 'payment',
    relatedId: payment.id,
  });
}

/** Records a non-success status; a succeeded payment never goes back (out-of-order events). */
async function applyOpenStatus(db: DbExecutor, payment: PaymentRow, intent: GatewayIntent, status: Exclude<GatewayIntentStatus, 'succeeded'>) {
  if (payment.status === 'succeeded' || payment.status === status) return;
  await updateOpenPaymentStatus(db, payment.paymentIntentId, { status, paymentMethod: intent.paymentMethod });
}

/**
 * GET /api/payment-status/{id}: asks the provider (never the query string), applies a success,
 * and answers what the success and confirmation pages show. Unknown ids are 404.
 */
export async function getPaymentStatus(paymentIntentId: string, options: { locale: Locale; now?: Date }): Promise<PaymentStatusView> {
  const db = await getDb();
  let payment = await findPaymentByIntentId(db, paymentIntentId);
  if (!payment) throw new AppError('not_found', 'payments.errors.paymentNotFound');
  if (payment.provider === 'test' && payment.status === 'processing') {
    if (await settleTestPaymentIfDue(payment, options.now ?? new Date())) payment = (await findPaymentByIntentId(db, paymentIntentId))!;
  }
  const intent = await getPaymentGateway().retrieveIntent(paymentIntentId);
  let status: GatewayIntentStatus = intent.status;
  if (status === 'succeeded') {
    await markPaymentSucceeded(paymentIntentId, { source: 'status-check', paymentMethod: intent.paymentMethod, amountCents: intent.amountCents });
  } else if (payment.status === 'succeeded') {
    status = 'succeeded';
  } else {
    await applyOpenStatus(db, payment, intent, status);
  }
  const t = getTranslator(options.locale, 'payments');
  // Paid for a booking that had been cancelled or could not be kept: the money goes back, the page must not say "booked".
  const cancellation = status === 'succeeded' && payment.bookingRef ? await findBookingCancellation(db, payment.bookingRef, payment.id) : null;
  // The booking as it stands: a visit moved off a Friday closed for rain (0072) shows its new Friday and why.
  const bookingVisits = payment.bookingRef ? (await listBookingAppointments(db, { bookingRef: payment.bookingRef })).filter((v) => v.status !== 'cancelled') : [];
  const bookingEnd = cancellation?.end ?? null;
  const bookingCancelled = bookingEnd !== null;
  const refundedCents = cancellation?.refundedCents ?? 0;
  const message = bookingEnd
    ? t(`status.${describeBookingEnd(bookingEnd, refundedCents).body}`, { amount: formatMoney(refundedCents, options.locale) })
    : status === 'succeeded'
      ? t('status.succeeded')
      : status === 'processing'
        ? t('status.processing')
        : status === 'requires_action'
          ? t('status.requiresAction')
          : status === 'canceled'
            ? t('status.canceled')
            : intent.lastError
              ? translateGatewayError(intent.lastError, options.locale)
              : t('status.requiresPaymentMethod');
  return {
    status,
    success: status === 'succeeded' && !bookingCancelled,
    bookingCancelled,
    bookingEnd,
    refundedCents,
    message,
    amount: payment.amount,
    currency: payment.currency.toUpperCase(),
    serviceType: payment.metadata.serviceType ?? null,
    serviceDate: bookingVisits[0]?.date ?? payment.metadata.dates?.[0] ?? null,
    movedForRain: status === 'succeeded' && !bookingCancelled ? listRainMoves(bookingVisits) : [],
    bookingRef: payment.bookingRef,
    appointmentId: payment.appointmentId,
  };
}

/**
 * The test gateway's stand-in for a bank that answers later: a processing test payment whose time
 * has come is settled as its card says (paid through `markPaymentSucceeded`, like a webhook, or
 * declined). Settled lazily when someone asks for its status, which is when anyone can notice.
 *
 * @returns whether it settled now
 */
async function settleTestPaymentIfDue(payment: PaymentRow, now: Date): Promise<boolean> {
  const pending = payment.metadata.testGateway;
  if (!pending?.settlesAt || !pending.settlesAs || new Date(pending.settlesAt).getTime() > now.getTime()) return false;
  const settled: PaymentMetadata = { ...payment.metadata, testGateway: { clientSecret: pending.clientSecret, lastError: null } };
  if (pending.settlesAs === 'succeeded') {
    const success = await (await getDb()).transaction(async (tx) => {
      await updateOpenPaymentStatus(tx, payment.paymentIntentId, { status: 'processing', metadata: settled });
      return markPaymentSucceeded(payment.paymentIntentId, { source: 'test-gateway', paymentMethod: payment.paymentMethod, now, tx });
    });
    await sendLatePaymentRefunds(success, now);
  } else {
    await updateOpenPaymentStatus(await getDb(), payment.paymentIntentId, {
      status: 'requires_payment_method',
      metadata: { ...settled, testGateway: { ...settled.testGateway!, lastError: 'payments.card.declined' } },
    });
  }
  getLogger().info({ paymentIntentId: payment.paymentIntentId, outcome: pending.settlesAs }, 'processing test payment settled');
  return true;
}

/** Test-gateway errors are stored as message keys; Stripe's arrive as text already. */
function translateGatewayError(error: string, locale: Locale): string {
  return error.startsWith('payments.') ? getTranslator(locale)(error) : error;
}

/**
 * The Stripe webhook: the event id is recorded and the state change made in one transaction, so a
 * redelivery changes nothing. Success goes through `markPaymentSucceeded`; failures never undo a
 * success (events can arrive out of order). Refund events update the refund they name
 * (`applyRefundUpdate`). Unknown events, intents and refunds are acknowledged and ignored.
 */
export async function handleGatewayEvent(event: GatewayEvent): Promise<{ received: true; applied: boolean }> {
  const db = await getDb();
  let success: SuccessResult = NOT_APPLIED;
  const answer = await db.transaction(async (tx) => {
    const isNew = await recordPaymentEvent(tx, { id: event.id, provider: 'stripe', type: event.type, paymentIntentId: event.intent?.id ?? event.refund?.paymentIntentId ?? null });
    if (!isNew) return { received: true as const, applied: false };
    // A refund that answered `pending` settles later (docs/decisions/0017, "Asynchronous refund updates").
    if (event.refund) return { received: true as const, applied: (await applyRefundUpdate(tx, 'stripe', event.refund, new Date())).applied };
    if (!event.intent) return { received: true as const, applied: false };
    const intent = event.intent;
    // A success locks the payment itself, after its customer's row (`markPaymentSucceeded`, 0055):
    // taking the payment's lock here first would order the two locks against an erasure's.
    const payment = await findPaymentByIntentId(tx, intent.id, { forUpdate: event.type !== 'payment_intent.succeeded' });
    if (!payment) return { received: true as const, applied: false };
    switch (event.type) {
      case 'payment_intent.succeeded': {
        success = await markPaymentSucceeded(intent.id, { source: 'webhook', paymentMethod: intent.paymentMethod, amountCents: intent.amountCents, tx });
        return { received: true as const, applied: success.applied };
      }
      case 'payment_intent.payment_failed':
        await applyOpenStatus(tx, payment, intent, 'failed');
        return { received: true as const, applied: payment.status !== 'succeeded' };
      case 'payment_intent.processing':
      case 'payment_intent.requires_action':
      case 'payment_intent.canceled': {
        const status = intent.status === 'succeeded' ? 'processing' : intent.status;
        await applyOpenStatus(tx, payment, intent, status);
        return { received: true as const, applied: payment.status !== 'succeeded' };
      }
      default:
        return { received: true as const, applied: false };
    }
  });
  await sendLatePaymentRefunds(success, new Date());
  return answer;
}

export type TestConfirmResult =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'processing'; paymentIntentId: string }
  | { status: 'requires_action'; paymentIntentId: string; authenticatePath: string };

async function requireTestPayment(paymentIntentId: string, clientSecret: string) {
  requireRealGatewayInProduction();
  if (!isTestGatewayMode()) throw new AppError('not_found', 'payments.errors.paymentNotFound');
  const payment = await findPaymentByIntentId(await getDb(), paymentIntentId);
  if (!payment || payment.provider !== 'test' || payment.metadata.testGateway?.clientSecret !== clientSecret) {
    throw new AppError('not_found', 'payments.errors.paymentNotFound');
  }
  return payment;
}

/**
 * The built-in gateway's "confirm card payment": card rules as Stripe's test mode (`test-cards`).
 * A decline keeps the intent open for another card, like Stripe does.
 *
 * @throws AppError 'validation' (bad card fields), 'payment_failed' (declined)
 */
export async function confirmTestPayment(input: TestCardConfirmInput, options: { now?: Date } = {}): Promise<TestConfirmResult> {
  const now = options.now ?? new Date();
  const payment = await requireTestPayment(input.paymentIntentId, input.clientSecret);
  if (payment.status === 'succeeded') return { status: 'succeeded', paymentIntentId: payment.paymentIntentId };
  // Staff cancelled the booking while this checkout was open: its intent was cancelled with it.
  if (payment.status === 'canceled') throw new AppError('gone', 'payments.errors.paymentCanceled');
  // Like Stripe, a payment the bank is still processing cannot be paid a second time meanwhile.
  if (payment.status === 'processing') return { status: 'processing', paymentIntentId: payment.paymentIntentId };
  const outcome = evaluateTestCard(input, now);
  const db = await getDb();
  const withError = (lastError: string | null): PaymentMetadata => ({ ...payment.metadata, testGateway: { clientSecret: input.clientSecret, lastError } });
  switch (outcome.kind) {
    case 'invalid':
      throw new AppError('validation', outcome.messageKey, { fields: { [outcome.field]: outcome.messageKey } });
    case 'declined':
      await updateOpenPaymentStatus(db, payment.paymentIntentId, { status: 'requires_payment_method', metadata: withError(outcome.messageKey) });
      throw new AppError('payment_failed', outcome.messageKey, { declineCode: 'card_declined' });
    case 'requires_action':
      await updateOpenPaymentStatus(db, payment.paymentIntentId, { status: 'requires_action', metadata: withError(null), paymentMethod: 'card_3155' });
      return {
        status: 'requires_action',
        paymentIntentId: payment.paymentIntentId,
        authenticatePath: `/test-gateway/authenticate?payment_intent=${encodeURIComponent(payment.paymentIntentId)}&payment_intent_client_secret=${encodeURIComponent(input.clientSecret)}`,
      };
    case 'processing':
      await updateOpenPaymentStatus(db, payment.paymentIntentId, {
        status: 'processing',
        paymentMethod: `card_${input.number.replace(/\D/g, '').slice(-4)}`,
        metadata: {
          ...payment.metadata,
          testGateway: { clientSecret: input.clientSecret, lastError: null, settlesAt: new Date(now.getTime() + TEST_PROCESSING_SETTLE_MS).toISOString(), settlesAs: outcome.settlesAs },
        },
      });
      return { status: 'processing', paymentIntentId: payment.paymentIntentId };
    case 'succeeded': {
      const { applied } = await markPaymentSucceeded(payment.paymentIntentId, { source: 'test-gateway', paymentMethod: `card_${input.number.replace(/\D/g, '').slice(-4)}`, now });
      // Cancelled between the read above and the success's lock: nothing was taken.
      if (!applied && (await findPaymentByIntentId(db, payment.paymentIntentId))?.status === 'canceled') throw new AppError('gone', 'payments.errors.paymentCanceled');
      return { status: 'succeeded', paymentIntentId: payment.paymentIntentId };
    }
  }
}

/** The test gateway's authentication page: Complete succeeds the payment, Fail leaves it unpaid. */
export async function completeTestAuthentication(
  input: { paymentIntentId: string; clientSecret: string; outcome: 'complete' | 'fail' },
): Promise<{ redirectStatus: 'succeeded' | 'failed'; paymentIntentId: string }> {
  const payment = await requireTestPayment(input.paymentIntentId, input.clientSecret);
  if (payment.status === 'succeeded') return { redirectStatus: 'succeeded', paymentIntentId: payment.paymentIntentId };
  if (payment.status === 'canceled') throw new AppError('gone', 'payments.errors.paymentCanceled');
  if (payment.status !== 'requires_action') throw new AppError('conflict', 'payments.errors.notAwaitingAuthentication');
  if (input.outcome === 'complete') {
    await markPaymentSucceeded(payment.paymentIntentId, { source: 'test-gateway', paymentMethod: payment.paymentMethod });
    return { redirectStatus: 'succeeded', paymentIntentId: payment.paymentIntentId };
  }
  await updateOpenPaymentStatus(await getDb(), payment.paymentIntentId, {
    status: 'requires_payment_method',
    metadata: { ...payment.metadata, testGateway: { clientSecret: input.clientSecret, lastError: 'payments.card.authenticationFailed' } },
  });
  return { redirectStatus: 'failed', paymentIntentId: payment.paymentIntentId };
}

/**
 * For the authentication page: the amount being authenticated, only with the right secret. The
 * booking's appointment id and reference let a page reached again after the step ended lead back
 * to its checkout (which needs the reference, docs/decisions/0025).
 */
export async function findTestPaymentForAuthentication(paymentIntentId: string, clientSecret: string) {
  const payment = await requireTestPayment(paymentIntentId, clientSecret).catch(() => null);
  return payment
    ? { paymentIntentId: payment.paymentIntentId, amount: payment.amount, status: payment.status, appointmentId: payment.appointmentId, bookingRef: payment.bookingRef }
    : null;
}

/** GET /api/payments (staff). Amounts in cents, plus dollars as SPEC's list shows them. */
export async function listPayments() {
  const rows = await listPaymentsForStaff(await getDb());
  return rows.map((r) => ({ ...r, amountCents: r.amount, amountDollars: centsToDollars(r.amount) }));
}
