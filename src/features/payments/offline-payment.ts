/**
 * Money the office takes by hand (docs/decisions/0103): cash, a cheque or an Interac e-transfer
 * for a booking, and the money it hands back when such a booking is cancelled. Pure, so the
 * staff forms and the API refuse the same input alike; messages are translation keys.
 */
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';

/** The `payments.provider` (and `refunds.provider`) of money taken by the office, not a card gateway. */
export const OFFLINE_PROVIDER = 'office';

export const OFFLINE_METHODS = ['cash', 'cheque', 'e-transfer'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];

export function isOfflineMethod(value: string | null | undefined): value is OfflineMethod {
  return (OFFLINE_METHODS as readonly string[]).includes(value ?? '');
}

/**
 * How a payment was paid, as a key of `offlinePayments.methods`: the office's method for money
 * taken by hand, else 'card' (every gateway payment is a card payment).
 */
export function paymentMethodKey(payment: { provider: string; paymentMethod: string | null }): OfflineMethod | 'card' {
  return payment.provider === OFFLINE_PROVIDER && isOfflineMethod(payment.paymentMethod) ? payment.paymentMethod : 'card';
}

/** A refund's "how", as a key of `offlinePayments.methods`: handed back by the office, else to the card. */
export function refundMethodKey(refund: { method: string | null }): OfflineMethod | 'card' {
  return isOfflineMethod(refund.method) ? refund.method : 'card';
}

/** The hour (branch time) a payment received on an earlier day is dated at: that day whatever the clock's zone. */
const EARLIER_DAY_HOUR = 12;

const day = (key: string) => z.string(key).regex(/^\d{4}-\d{2}-\d{2}$/, key);
const reference = z.string().trim().max(60, 'offlinePayments.errors.referenceTooLong').optional();

/** What "Record a payment" sends: how, the day the money came in, its reference, and the amount (dollars as typed). */
export const OfflinePaymentSchema = z.object({
  method: z.enum(OFFLINE_METHODS, 'offlinePayments.errors.methodRequired'),
  receivedOn: day('offlinePayments.errors.dateRequired'),
  reference,
  amount: z.string('offlinePayments.errors.amountInvalid').trim().regex(/^\d{1,6}([.,]\d{1,2})?$/, 'offlinePayments.errors.amountInvalid'),
});
export type OfflinePaymentInput = z.output<typeof OfflinePaymentSchema>;
export type OfflinePaymentFormValues = z.input<typeof OfflinePaymentSchema>;

/** "Record the money handed back" on a refund of a payment taken by hand: how and when it went back. */
export const HandBackSchema = z.object({
  method: z.enum(OFFLINE_METHODS, 'offlinePayments.errors.methodRequired'),
  handedBackOn: day('offlinePayments.errors.dateRequired'),
  reference,
});
export type HandBackInput = z.output<typeof HandBackSchema>;
export type HandBackFormValues = z.input<typeof HandBackSchema>;

/** The amount typed ("847.50", "847,5", "847") in cents; a comma is a decimal point, as French and German clerks type it. */
export function parseTypedAmount(amount: string): number {
  const [whole, fraction = ''] = amount.trim().replace(',', '.').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The instant a payment (or a hand-back) is dated by: now when it came in today (branch time), else
 * noon of that day in the branch's zone, so the receipt, the CSVs and the totals put it on the day
 * the office says. Null for a day after today: money not yet received is not recorded.
 */
export function findReceivedInstant(receivedOn: string, today: string, now: Date, timezone: string): Date | null {
  if (receivedOn > today) return null;
  if (receivedOn === today) return now;
  const [year, month, date] = receivedOn.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, EARLIER_DAY_HOUR, 0, 0, timezone).getTime());
}
