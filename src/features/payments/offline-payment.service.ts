import 'server-only';
import { getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { lockCustomerForBusiness } from '@/features/booking/customer.repository';
import { cancelOpenIntents } from '@/features/cancellations/cancellation.service';
import { markRefundHandedBack, selectOpenPayments, selectRefundForUpdate } from '@/features/cancellations/cancellation.repository';
import { formatReceiptNumber } from '@/features/receipts/receipt';
import { findToday } from '@/features/scheduling/available-dates';
import type { Locale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { getLogger } from '@/server/logger';
import {
  findReceivedInstant,
  type HandBackInput,
  OFFLINE_PROVIDER,
  type OfflinePaymentInput,
  parseTypedAmount,
} from './offline-payment';
import {
  findSucceededPaymentForBooking,
  insertPayment,
  listBookingAppointments,
  lockBookingVisits,
  type PaymentRow,
} from './payment.repository';
import { describeChargeMetadata, markPaymentSucceeded, priceStoredBooking, summarizeCharge } from './payment.service';

export type RecordedOfflinePayment = {
  paymentId: number;
  receiptNumber: string;
  amountCents: number;
  /** True when this press found the same payment already recorded (a double click, a second screen): nothing new was written. */
  repeated: boolean;
};

const bookingNotFound = () => new AppError('not_found', 'offlinePayments.errors.bookingNotFound');

/** A day after today is refused on the field that names it. */
function requireReceivedInstant(day: string, field: string, now: Date, timezone: string): Date {
  const at = findReceivedInstant(day, findToday(now, timezone), now, timezone);
  if (!at) throw new AppError('validation', 'offlinePayments.errors.dateInFuture', { fields: { [field]: 'offlinePayments.errors.dateInFuture' } });
  return at;
}

/** The booking's unpaid visits and what it costs, for the form's "Amount due". Null when there is nothing to record (paid, cancelled, no price). */
export async function findOfflinePaymentDue(bookingRef: string, now = new Date()): Promise<{ amountDueCents: number } | null> {
  const db = await getDb();
  const visits = await listBookingAppointments(db, { bookingRef });
  if (visits.length === 0 || visits[0]!.customerErasedAt || visits.every((v) => v.status === 'cancelled')) return null;
  if (await findSucceededPaymentForBooking(db, bookingRef)) return null;
  const priced = await priceStoredBooking(visits, now).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  return priced ? { amountDueCents: priced.result.totalCents } : null;
}

/** The same payment pressed twice: how, how much, the day and the reference all alike. */
function isSamePayment(existing: PaymentRow, input: OfflinePaymentInput, amountCents: number, timezone: string): boolean {
  return existing.provider === OFFLINE_PROVIDER
    && existing.paymentMethod === input.method
    && existing.amount === amountCents
    && (existing.reference ?? '') === (input.reference ?? '')
    && existing.succeededAt !== null && findToday(existing.succeededAt, timezone) === input.receivedOn;
}

/**
 * "Record a payment" (docs/decisions/0103): the office took the booking's price in cash, by cheque
 * or by e-transfer. The amount must be the engine's price for the stored booking to the cent (as
 * the checkout charges it); the day received is today or earlier (branch time).
 *
 * In one transaction, under the customer's and the booking's row locks (the order a card payment
 * and a cancellation take them): a payment row (provider 'office', the method, reference and who
 * recorded it) is written and goes through the card payment's own success (`markPaymentSucceeded`):
 * the visits confirmed, the discount use counted, the quote booked, the receipt queued. The same
 * press again (a double click, a second screen with the same entry) answers the payment recorded;
 * a booking paid otherwise is a 409. After the commit, a checkout the customer left open is
 * cancelled at the gateway, so the booking is not paid twice.
 *
 * @throws AppError 404 unknown or erased booking, 409 ('offlinePayments.errors.alreadyPaid') paid,
 *   409 ('offlinePayments.errors.bookingCancelled') cancelled, 400 'validation' (`fields.amount`,
 *   `amountDueCents`) for another amount, (`fields.receivedOn`) for a day after today, 400 nothing to pay
 */
export async function recordOfflinePayment(
  bookingRef: string,
  input: OfflinePaymentInput,
  options: { staffUserId: number; locale: Locale; now?: Date },
): Promise<RecordedOfflinePayment> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const visits = await listBookingAppointments(db, { bookingRef });
  if (visits.length === 0 || visits[0]!.customerErasedAt) throw bookingNotFound();
  const { timezone } = await getBranch(visits[0]!.branchId);
  const paidAt = requireReceivedInstant(input.receivedOn, 'receivedOn', now, timezone);
  const amountCents = parseTypedAmount(input.amount);

  const recorded = await db.transaction(async (tx) => {
    // The customer's row first, then the booking's, as a card payment and an erasure take them (0055).
    if (!(await lockCustomerForBusiness(tx, visits[0]!.customerId, 'key share'))) throw bookingNotFound();
    const locked = await lockBookingVisits(tx, bookingRef);
    const existing = await findSucceededPaymentForBooking(tx, bookingRef);
    if (existing) {
      if (isSamePayment(existing, input, amountCents, timezone)) {
        return { paymentId: existing.id, receiptNumber: formatReceiptNumber(bookingRef, existing.id), amountCents, repeated: true };
      }
      throw new AppError('conflict', 'offlinePayments.errors.alreadyPaid', { reason: 'already_paid' });
    }
    if (locked.every((v) => v.status === 'cancelled')) throw new AppError('conflict', 'offlinePayments.errors.bookingCancelled', { reason: 'booking_cancelled' });

    // Priced under the locks, from the visits as they are now: what a card would be charged.
    const current = await listBookingAppointments(tx, { bookingRef });
    const priced = await priceStoredBooking(current, now);
    const due = priced.result.totalCents;
    if (amountCents !== due) {
      throw new AppError(
        'validation',
        'offlinePayments.errors.amountMismatch',
        { fields: { amount: 'offlinePayments.errors.amountNotDue' }, amountDueCents: due },
        { due: formatMoney(due, options.locale) },
      );
    }
    const { plan } = priced;
    const paymentIntentId = `office_${bookingRef}`;
    const paymentId = await insertPayment(tx, {
      appointmentId: plan.id,
      customerId: plan.customerId,
      quoteId: plan.quoteId,
      bookingRef,
      provider: OFFLINE_PROVIDER,
      // One payment taken by hand per booking: the unique keys refuse a second row whatever got past the locks.
      paymentIntentId,
      idempotencyKey: `office:${bookingRef}`,
      amount: due,
      currency: 'cad',
      status: 'processing',
      paymentMethod: input.method,
      reference: input.reference || null,
      recordedByStaffUserId: options.staffUserId,
      discountCode: priced.result.discount?.applied ? priced.result.discount.code : null,
      metadata: describeChargeMetadata(summarizeCharge(plan, priced, current), priced.result, priced.taxRate, current.map((v) => v.id)),
      createdAt: now,
      updatedAt: now,
    });
    // The card payment's own success: visits confirmed, discount counted, quote booked, receipt queued.
    await markPaymentSucceeded(paymentIntentId, { source: 'office', paymentMethod: input.method, now, paidAt, tx });
    getLogger().info({ bookingRef, paymentId, method: input.method, staffUserId: options.staffUserId }, 'payment recorded by the office');
    return { paymentId, receiptNumber: formatReceiptNumber(bookingRef, paymentId), amountCents: due, repeated: false };
  });

  if (!recorded.repeated) await cancelOpenIntents(await selectOpenPayments(db, bookingRef), bookingRef, now);
  return recorded;
}

/**
 * "Record the money handed back" (0103): a refund of a payment the office took by hand is written
 * `pending` by the cancellation (no gateway can send it); once the office has given the money back,
 * it records how and on which day, and the refund is made: the refunds CSV, the totals and the
 * receipt date it by that day. The same entry twice answers the refund as made; another is a 409.
 *
 * @throws AppError 404 unknown refund or another booking's, 409 a card refund or one already handed
 *   back otherwise, 400 'validation' (`fields.handedBackOn`) for a day after today or before the payment
 */
export async function recordHandBack(
  bookingRef: string,
  refundId: number | null,
  input: HandBackInput,
  options: { now?: Date },
): Promise<{ refundId: number; repeated: boolean }> {
  const now = options.now ?? new Date();
  if (refundId === null) throw new AppError('not_found', 'cancellations.errors.refundNotFound');
  const { timezone } = await getBranch();
  const handedBackAt = requireReceivedInstant(input.handedBackOn, 'handedBackOn', now, timezone);
  return (await getDb()).transaction(async (tx) => {
    const refund = await selectRefundForUpdate(tx, refundId);
    if (!refund || refund.bookingRef !== bookingRef) throw new AppError('not_found', 'cancellations.errors.refundNotFound');
    if (refund.provider !== OFFLINE_PROVIDER) throw new AppError('conflict', 'offlinePayments.errors.cardRefund');
    if (refund.status === 'succeeded') {
      const same = refund.method === input.method && (refund.reference ?? '') === (input.reference ?? '')
        && refund.refundedAt !== null && findToday(refund.refundedAt, timezone) === input.handedBackOn;
      if (same) return { refundId, repeated: true };
      throw new AppError('conflict', 'offlinePayments.errors.alreadyHandedBack');
    }
    if (refund.paidAt && findToday(refund.paidAt, timezone) > input.handedBackOn) {
      throw new AppError('validation', 'offlinePayments.errors.handBackBeforePayment', { fields: { handedBackOn: 'offlinePayments.errors.handBackBeforePayment' } });
    }
    await markRefundHandedBack(tx, refundId, { method: input.method, reference: input.reference || null, handedBackAt, at: now });
    getLogger().info({ bookingRef, refundId, method: input.method }, 'refund handed back by the office');
    return { refundId, repeated: false };
  });
}
