/**
 * The rows of the office's CSV exports (docs/decisions/0036): payments received and refunds made
 * for the accountant (0075), and the customer list. Pure: the rows come from the repository, the labels from the
 * caller's translator, the time zone and tax rate from the branch.
 *
 * Amounts are integer cents until they are written, with two decimals (`formatDollars`). Dates are
 * the branch's calendar days (America/Toronto) as YYYY-MM-DD, which every spreadsheet reads as a
 * date whatever its language; headers, plan names and statuses are in the staff member's language.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { findToday, readBranchClock } from '@/features/scheduling/available-dates';
import { readConsentStatus } from '@/features/marketing-email/consent';
import { formatReceiptNumber } from '@/features/receipts/receipt';
import { buildCsv, formatDollars } from './csv';
import { formatAddressLine } from '@/lib/address-line';
import { describeRefundState } from '@/features/payments/refund-state';
import { findRefundedAmounts, shareRefundTax, splitPaymentTax } from '@/features/payments/payment-tax';

/** One payment received, as the repository reads it. */
export type PaidPayment = {
  succeededAt: Date;
  bookingRef: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** The plan bought (`onetime`, `seasonal`, ...); null when neither the payment nor its visit says. */
  serviceType: string | null;
  /** What was charged, tax included. */
  amountCents: number;
  /** The split the engine computed at checkout (the payment's metadata); null on a row without it. */
  subtotalCents: number | null;
  taxCents: number | null;
  /** The rate the payment was taxed at, in basis points; null on a row without it. */
  taxRateBps: number | null;
  /**
   * Refunds the provider has made on this payment (succeeded) by the end of the export's range;
   * pending or failed ones are not money back yet, later ones belong to a later period (0075).
   */
  refundedCents: number;
  paymentIntentId: string;
  /** How it was paid (0103): 'card', or the office's 'cash' | 'cheque' | 'e-transfer'. */
  method: string;
  /** A payment taken by hand: its cheque number or e-transfer reference. */
  reference: string | null;
};

/**
 * One refund the provider has made (succeeded), as the repository reads it, with the payment it
 * gave money back on (docs/decisions/0075).
 */
export type MadeRefund = {
  id: number;
  /** When the money went back: the refunds export's date. */
  refundedAt: Date;
  /** Given back, tax included. */
  amountCents: number;
  /** The provider's id for the refund (Stripe's `re_...`); null when the gateway gave none. */
  providerRefundId: string | null;
  /** How it went back (0103): 'card', or handed back by the office in 'cash' | 'cheque' | 'e-transfer'. */
  method: string;
  reference: string | null;
  payment: Omit<PaidPayment, 'refundedCents'> & { id: number };
};

/** One customer with what the list needs about their bookings and money. */
export type CustomerSummary = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  createdAt: Date;
  /** Distinct booking references among the customer's visits. */
  bookings: number;
  /** Payments received less refunds made. */
  paidCents: number;
  /** The Friday of the customer's latest visit done, and of their next confirmed visit from today on (0095); null when none. */
  lastVisit: string | null;
  nextVisit: string | null;
  /** Consent to promotional email (docs/decisions/0043): when it was given, and when the customer unsubscribed. */
  consentAt: Date | null;
  unsubscribedAt: Date | null;
  /** When the customer's email address unsubscribed through a quote email's link (0066), if it did. */
  addressUnsubscribedAt: Date | null;
};

/** Translates a key of the `exports` namespace. */
export type ExportTranslate = (key: string) => string;

export const PAYMENT_COLUMNS = [
  'datePaid', 'bookingRef', 'customer', 'email', 'plan', 'subtotal', 'hst', 'total', 'refunded', 'hstRefunded', 'net', 'status', 'paymentId', 'method', 'methodReference',
] as const;

export const REFUND_COLUMNS = [
  'dateRefunded', 'receiptNumber', 'datePaid', 'bookingRef', 'customer', 'email', 'plan', 'subtotal', 'hst', 'total', 'refundId', 'paymentId', 'method', 'methodReference',
] as const;

export const CUSTOMER_COLUMNS = [
  'name', 'email', 'phone', 'address', 'city', 'postalCode', 'created', 'bookings', 'totalPaid', 'lastVisit', 'nextVisit',
  'marketingEmail', 'consentAt', 'unsubscribedAt', 'addressUnsubscribedAt',
] as const;

/** One product applied at a visit marked done, as the record keeps it (docs/decisions/0042). */
export type AppliedProduct = {
  /** The visit's Friday, YYYY-MM-DD (the branch's calendar day). */
  appliedOn: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  productName: string;
  pcpNumber: string;
  /** Hundredths of the unit, as money is cents. */
  amountHundredths: number;
  /** `ml-concentrate`, `l-mix` or `g`. */
  unit: string;
  technicianName: string | null;
  licenceNumber: string | null;
};

export const APPLICATION_COLUMNS = ['date', 'address', 'product', 'pcpNumber', 'amount', 'unit', 'technician', 'licence'] as const;

/** One address on the do-not-email list, as the office's list reads it (docs/decisions/0074). */
export type UnsubscribedAddressRow = {
  address: string;
  unsubscribedAt: Date;
  /** 'link', 'one-click', 'office', or null when it was recorded before how was kept. */
  source: string | null;
  recordedByName: string | null;
  note: string | null;
  customerName: string | null;
};

export const UNSUBSCRIBED_COLUMNS = ['address', 'date', 'time', 'how', 'recordedBy', 'note', 'customer'] as const;

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

export type PaymentRowContext = {
  timezone: string;
  taxRateBps: number;
  t: ExportTranslate;
  /** A plan's name in the staff member's language. */
  describePlan: (serviceType: string) => string;
  /** How money came in or went back ('card', 'cash', 'cheque', 'e-transfer'), in the staff member's language (0103). */
  describeMethod: (method: string) => string;
};

/** One payment as the export's cells, in `PAYMENT_COLUMNS` order. */
export function buildPaymentRow(payment: PaidPayment, context: PaymentRowContext): string[] {
  const { subtotalCents, taxCents } = splitPaymentTax(payment, context.taxRateBps);
  const refunded = findRefundedAmounts(payment, context.taxRateBps);
  return [
    findToday(payment.succeededAt, context.timezone),
    payment.bookingRef ?? '',
    fullName(payment.firstName, payment.lastName),
    payment.email ?? '',
    payment.serviceType ? context.describePlan(payment.serviceType) : '',
    formatDollars(subtotalCents),
    formatDollars(taxCents),
    formatDollars(payment.amountCents),
    formatDollars(refunded.refundedCents),
    formatDollars(refunded.taxCents),
    formatDollars(payment.amountCents - payment.refundedCents),
    context.t(`payments.statuses.${describeRefundState(payment.amountCents, payment.refundedCents)}`),
    payment.paymentIntentId,
    context.describeMethod(payment.method),
    payment.reference ?? '',
  ];
}

/** The payments export: translated headers, then one row per payment in the order given. */
export function buildPaymentsCsv(payments: readonly PaidPayment[], context: PaymentRowContext): string {
  return buildCsv(
    PAYMENT_COLUMNS.map((column) => context.t(`payments.columns.${column}`)),
    payments.map((payment) => buildPaymentRow(payment, context)),
  );
}

/**
 * A refund's amount before tax, its HST and its total. The HST is the refund's share of its
 * payment's (`shareRefundTax`), as the receipt states it: `refunds` are all the refunds made on
 * the payment up to this one, so the earlier ones outside the range still come first.
 */
function splitRefund(refund: MadeRefund, refunds: readonly MadeRefund[], taxRateBps: number) {
  const { payment } = refund;
  const { taxCents } = splitPaymentTax(payment, taxRateBps);
  const shares = shareRefundTax(
    refunds.filter((r) => r.payment.id === payment.id).map((r) => ({ id: r.id, amountCents: r.amountCents, status: 'succeeded', refundedAt: r.refundedAt })),
    { totalCents: payment.amountCents, taxCents, taxRate: (payment.taxRateBps ?? taxRateBps) / 10_000 },
  );
  const hst = shares.get(refund.id)!;
  return { subtotalCents: refund.amountCents - hst, taxCents: hst, totalCents: refund.amountCents };
}

/**
 * The refunds export (docs/decisions/0075): translated headers, then one row per refund made from
 * `since` on, in the order given, each on the Toronto day the money went back, with its HST and the
 * receipt number and date of the payment it gave money back on. `refunds` also holds the earlier
 * refunds of the same payments (before `since`): they come first in sharing the HST, and are not
 * listed.
 */
export function buildRefundsCsv(refunds: readonly MadeRefund[], context: PaymentRowContext & { since: Date }): string {
  const listed = refunds.filter((r) => r.refundedAt.getTime() >= context.since.getTime());
  return buildCsv(
    REFUND_COLUMNS.map((column) => context.t(`refunds.columns.${column}`)),
    listed.map((refund) => {
      const { payment } = refund;
      const split = splitRefund(refund, refunds, context.taxRateBps);
      return [
        findToday(refund.refundedAt, context.timezone),
        payment.bookingRef ? formatReceiptNumber(payment.bookingRef, payment.id) : '',
        findToday(payment.succeededAt, context.timezone),
        payment.bookingRef ?? '',
        fullName(payment.firstName, payment.lastName),
        payment.email ?? '',
        payment.serviceType ? context.describePlan(payment.serviceType) : '',
        formatDollars(split.subtotalCents),
        formatDollars(split.taxCents),
        formatDollars(split.totalCents),
        refund.providerRefundId ?? '',
        payment.paymentIntentId,
        context.describeMethod(refund.method),
        refund.reference ?? '',
      ];
    }),
  );
}

/** Before tax, HST and total of a group of rows, in cents. */
export type AmountSums = { count: number; subtotalCents: number; taxCents: number; totalCents: number };

/**
 * A range's figures for the year-end and the HST return (docs/decisions/0095): the payments file's
 * "Amount before tax", "HST" and "Total" columns summed, the refunds file's "Refund before tax",
 * "HST refunded" and "Refund total" summed, and the first less the second. Computed row by row as
 * the two files write them, so each figure is a spreadsheet's SUM of a column to the cent.
 * `refunds` holds what `buildRefundsCsv` is given (earlier refunds of the same payments too); only
 * those from `since` on are counted.
 */
export function summarizePaymentsAndRefunds(
  payments: readonly PaidPayment[],
  refunds: readonly MadeRefund[],
  context: { taxRateBps: number; since: Date },
): { payments: AmountSums; refunds: AmountSums; net: Omit<AmountSums, 'count'> } {
  const empty = (): AmountSums => ({ count: 0, subtotalCents: 0, taxCents: 0, totalCents: 0 });
  const add = (sums: AmountSums, part: { subtotalCents: number; taxCents: number; totalCents: number }) => {
    sums.count += 1;
    sums.subtotalCents += part.subtotalCents;
    sums.taxCents += part.taxCents;
    sums.totalCents += part.totalCents;
  };
  const paid = empty();
  for (const payment of payments) add(paid, { ...splitPaymentTax(payment, context.taxRateBps), totalCents: payment.amountCents });
  const back = empty();
  for (const refund of refunds) {
    if (refund.refundedAt.getTime() >= context.since.getTime()) add(back, splitRefund(refund, refunds, context.taxRateBps));
  }
  return {
    payments: paid,
    refunds: back,
    net: { subtotalCents: paid.subtotalCents - back.subtotalCents, taxCents: paid.taxCents - back.taxCents, totalCents: paid.totalCents - back.totalCents },
  };
}

/** An instant as the branch's local date and time, `YYYY-MM-DD HH:MM` (24-hour), which spreadsheets read as a date and time. */
export function formatLocalDateTime(at: Date | null, timezone: string): string {
  if (!at) return '';
  const { today, minuteOfDay } = readBranchClock(at, timezone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today} ${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;
}

/** One customer as the export's cells, in `CUSTOMER_COLUMNS` order. */
export function buildCustomerRow(customer: CustomerSummary, context: { timezone: string; t: ExportTranslate }): string[] {
  const { timezone } = context;
  // The customer page's words for their consent (0043): agreed, unsubscribed or not agreed; the dates beside it are the record.
  const consent = readConsentStatus({ consentAt: customer.consentAt, consentText: null, unsubscribedAt: customer.unsubscribedAt }).status;
  return [
    fullName(customer.firstName, customer.lastName),
    customer.email,
    customer.phone,
    customer.address ?? '',
    customer.city ?? '',
    customer.postalCode ?? '',
    findToday(customer.createdAt, timezone),
    String(customer.bookings),
    formatDollars(customer.paidCents),
    customer.lastVisit ?? '',
    customer.nextVisit ?? '',
    context.t(`customers.consent.${consent}`),
    formatLocalDateTime(customer.consentAt, timezone),
    formatLocalDateTime(customer.unsubscribedAt, timezone),
    formatLocalDateTime(customer.addressUnsubscribedAt, timezone),
  ];
}

/** The customer list: translated headers, then one row per customer in the order given. */
export function buildCustomersCsv(customers: readonly CustomerSummary[], context: { timezone: string; t: ExportTranslate }): string {
  return buildCsv(
    CUSTOMER_COLUMNS.map((column) => context.t(`customers.columns.${column}`)),
    customers.map((customer) => buildCustomerRow(customer, context)),
  );
}

/**
 * One application as the export's cells, in `APPLICATION_COLUMNS` order: the address in one cell
 * (street, town, postal code), the amount with two decimals and a point like money, the unit in
 * the staff member's language.
 */
export function buildApplicationRow(application: AppliedProduct, describeUnit: (unit: string) => string): string[] {
  return [
    application.appliedOn,
    formatAddressLine(application.address, application.city, application.postalCode),
    application.productName,
    application.pcpNumber,
    // Hundredths to two decimals: the same integer arithmetic as cents to dollars.
    formatDollars(application.amountHundredths),
    describeUnit(application.unit),
    application.technicianName ?? '',
    application.licenceNumber ?? '',
  ];
}

/** The application records export: translated headers, then one row per product applied, in the order given. */
export function buildApplicationsCsv(applications: readonly AppliedProduct[], context: { t: ExportTranslate; describeUnit: (unit: string) => string }): string {
  return buildCsv(
    APPLICATION_COLUMNS.map((column) => context.t(`applications.columns.${column}`)),
    applications.map((application) => buildApplicationRow(application, context.describeUnit)),
  );
}

/**
 * One address on the do-not-email list as the export's cells, in `UNSUBSCRIBED_COLUMNS` order: the
 * day and the minute it unsubscribed in the branch's time zone (24-hour `HH:mm`, which spreadsheets
 * read as a time), how in the staff member's language, and for the office's own records who and the note.
 */
export function buildUnsubscribedRow(entry: UnsubscribedAddressRow, context: { timezone: string; describeHow: (source: string | null) => string }): string[] {
  return [
    entry.address,
    findToday(entry.unsubscribedAt, context.timezone),
    format(new TZDate(entry.unsubscribedAt.getTime(), context.timezone), 'HH:mm'),
    context.describeHow(entry.source),
    entry.recordedByName ?? '',
    entry.note ?? '',
    entry.customerName ?? '',
  ];
}

/** The do-not-email list: translated headers, then one row per address in the order given. */
export function buildUnsubscribedCsv(entries: readonly UnsubscribedAddressRow[], context: { timezone: string; t: ExportTranslate; describeHow: (source: string | null) => string }): string {
  return buildCsv(
    UNSUBSCRIBED_COLUMNS.map((column) => context.t(`unsubscribed.columns.${column}`)),
    entries.map((entry) => buildUnsubscribedRow(entry, context)),
  );
}
