import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { enqueueEmail } from '@/features/email/outbox.service';
import { openManageToken } from '@/features/manage-booking/manage-link.service';
import { getTranslator } from '@/i18n/messages';
import { type Locale, toLocale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { formatLongDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { formatPhone } from '@/lib/phone';
import { getLogger } from '@/server/logger';
import { findToday } from '@/features/scheduling/available-dates';
import { buildReceipt, formatReceiptNumber, type Receipt, type ReceiptPaymentFacts } from './receipt';
import { renderReceiptCopyEmail } from './receipt-email';
import { buildReceiptPageUrl, receiptPagePath } from './receipt-links';
import { type ReceiptPaymentRow, selectBookingReceipts, selectPaymentRefunds, selectReceiptPayment, selectReceiptVisits } from './receipt.repository';

/**
 * Receipts (docs/decisions/0040): the customer's, under their booking's private link; the
 * office's, behind the admin role; and a copy sent again through the outbox. Every one is built by
 * `buildReceipt` from the rows as they are now, so a refund made since shows on the next view; the
 * seller is the one the payment kept when it succeeded (0076).
 */

const NOT_FOUND = () => new AppError('not_found', 'receipts.errors.notFound');

/** The receipt of a payment row, in `locale`; a missing or malformed GST/HST number is logged, never fatal. */
async function composeReceipt(db: DbExecutor, row: ReceiptPaymentRow & { bookingRef: string }, locale: Locale, paidAt?: Date): Promise<Receipt> {
  const refunds = await selectPaymentRefunds(db, row.id);
  // The visits as they stand now (0092): a receipt read after a move names the Friday the visit is on.
  const visits = await selectReceiptVisits(db, row.bookingRef);
  const receipt = buildReceipt({
    locale,
    translate: getTranslator(locale),
    // The seller as at the payment (0076): an issued receipt is not rewritten by a later change at
    // /business. The branch as it is now only for a row from before sellers were kept.
    seller: { ...(row.receiptSeller ?? row.branch), timezone: row.branch.timezone, taxRateBps: row.branch.taxRateBps },
    payment: {
      id: row.id,
      bookingRef: row.bookingRef,
      amountCents: row.amountCents,
      paidAt: row.succeededAt ?? paidAt ?? new Date(),
      paymentMethod: row.paymentMethod,
      provider: row.provider,
      reference: row.paymentReference,
      discountCode: row.discountCode,
      facts: (row.metadata ?? {}) as ReceiptPaymentFacts,
    },
    customer: { firstName: row.customerFirstName ?? '', lastName: row.customerLastName ?? '' },
    address: row,
    refunds,
    visits,
  });
  for (const problem of receipt.problems) {
    getLogger().warn({ paymentId: row.id, problem }, 'receipt shown without the GST/HST registration number: set branches.hst_number to the CRA number (123456789 RT0001)');
  }
  return receipt;
}

const hasBooking = (row: ReceiptPaymentRow | null): row is ReceiptPaymentRow & { bookingRef: string } => row?.bookingRef != null;

/**
 * The receipt the payment email carries, read in the success's own transaction (the payment is
 * already `succeeded` there). Null only for a payment that is not a booking's.
 */
export async function loadReceiptForEmail(tx: DbExecutor, paymentId: number, locale: Locale, paidAt: Date): Promise<Receipt | null> {
  const row = await selectReceiptPayment(tx, paymentId);
  return hasBooking(row) ? composeReceipt(tx, row, locale, paidAt) : null;
}

/** The payment behind a receipt: received and of a booking; anything else is not found. */
async function requireReceivedPayment(db: DbExecutor, paymentId: number | null) {
  const row = paymentId === null ? null : await selectReceiptPayment(db, paymentId);
  if (!hasBooking(row) || !row.received) throw NOT_FOUND();
  return row;
}

/**
 * A receipt for the customer's page: the token's booking's payment `paymentId`, received. A bad
 * token, another booking's payment, an unknown id or a payment not received are all the same 404,
 * so the page tells nothing about payments outside the booking.
 */
export async function loadCustomerReceipt(token: string, paymentId: number | null, locale: Locale): Promise<{ receipt: Receipt; bookingRef: string }> {
  const db = await getDb();
  const bookingRef = (await openManageToken(db, token))?.bookingRef;
  if (!bookingRef) throw NOT_FOUND();
  const row = await requireReceivedPayment(db, paymentId);
  if (row.bookingRef !== bookingRef) throw NOT_FOUND();
  return { receipt: await composeReceipt(db, row, locale), bookingRef };
}

/** A receipt for the office (the caller checked the admin role), in the staff member's language; null when there is none. */
export async function loadStaffReceipt(paymentId: number | null, locale: Locale): Promise<{ receipt: Receipt; bookingRef: string } | null> {
  const db = await getDb();
  const row = await requireReceivedPayment(db, paymentId).catch(() => null);
  return row ? { receipt: await composeReceipt(db, row, locale), bookingRef: row.bookingRef } : null;
}

export type BookingReceiptLink = { paymentId: number; number: string; amount: string; paidOn: string | null; path: string };

/** The token's booking's receipts for its page, one per payment received, oldest first; none for a bad token. */
export async function listBookingReceipts(token: string, locale: Locale, timezone: string): Promise<BookingReceiptLink[]> {
  const db = await getDb();
  const link = await openManageToken(db, token);
  if (!link) return [];
  const rows = await selectBookingReceipts(db, link.bookingRef);
  return rows.map((r) => ({
    paymentId: r.id,
    number: formatReceiptNumber(link.bookingRef, r.id),
    amount: formatMoney(r.amountCents, locale),
    paidOn: r.succeededAt ? formatLongDate(findToday(r.succeededAt, timezone), locale, { weekday: false }) : null,
    path: receiptPagePath(locale, link, r.id),
  }));
}

/**
 * The office sends a receipt again: a copy in the booking's language, to the customer's email on
 * file, queued in the outbox like every email (sent by the worker, retried, listed in the Emails
 * tab). Each click queues one copy.
 *
 * @throws AppError 404 unknown payment, 409 'receipts.errors.notReceived' (not paid, or an office
 *   test payment), 409 'receipts.errors.noEmail' (the customer's record is gone)
 */
export async function resendReceipt(paymentId: number | null): Promise<{ queued: true; emailId: number; to: string; number: string }> {
  const db = await getDb();
  const row = paymentId === null ? null : await selectReceiptPayment(db, paymentId);
  if (!row) throw NOT_FOUND();
  if (!hasBooking(row) || !row.received) throw new AppError('conflict', 'receipts.errors.notReceived', { reason: 'not_received' });
  if (!row.customerEmail) throw new AppError('conflict', 'receipts.errors.noEmail', { reason: 'no_email' });
  const locale = toLocale(row.locale);
  const receipt = await composeReceipt(db, row, locale);
  const email = renderReceiptCopyEmail({
    locale,
    // The email is written today: its footer gives today's contact details, its receipt the seller's at the payment.
    branch: { ...row.branch, phone: formatPhone(row.branch.phone) },
    customerFirstName: row.customerFirstName ?? '',
    receipt,
    bookingRef: row.bookingRef,
    pageUrl: buildReceiptPageUrl(locale, { bookingRef: row.bookingRef, generation: row.linkGeneration }, row.id),
  });
  const { id } = await enqueueEmail(db, {
    kind: 'receipt', to: row.customerEmail, locale, subject: email.subject, html: email.html, text: email.text, relatedType: 'payment', relatedId: row.id,
  });
  getLogger().info({ paymentId: row.id, emailId: id }, 'receipt sent again by the office');
  return { queued: true, emailId: id, to: row.customerEmail, number: receipt.number };
}
