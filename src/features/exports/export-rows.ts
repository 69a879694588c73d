/**
 * The rows of the office's CSV exports (docs/decisions/0036): payments received for the
 * accountant, and the customer list. Pure: the rows come from the repository, the labels from the
 * caller's translator, the time zone and tax rate from the branch.
 *
 * Amounts are integer cents until they are written, with two decimals (`formatDollars`). Dates are
 * the branch's calendar days (America/Toronto) as YYYY-MM-DD, which every spreadsheet reads as a
 * date whatever its language; headers, plan names and statuses are in the staff member's language.
 */
import { splitTaxIncluded } from '@/lib/money';
import { findToday } from '@/features/scheduling/available-dates';
import { buildCsv, formatDollars } from './csv';
import { formatAddressLine } from '@/lib/address-line';
import { describeRefundState } from '@/features/payments/refund-state';

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
  /** Refunds the provider has made on this payment (succeeded); pending or failed ones are not money back yet. */
  refundedCents: number;
  paymentIntentId: string;
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
};

/** Translates a key of the `exports` namespace. */
export type ExportTranslate = (key: string) => string;

export const PAYMENT_COLUMNS = [
  'datePaid', 'bookingRef', 'customer', 'email', 'plan', 'subtotal', 'hst', 'total', 'refunded', 'hstRefunded', 'net', 'status', 'paymentId',
] as const;

export const CUSTOMER_COLUMNS = ['name', 'email', 'phone', 'address', 'city', 'postalCode', 'created', 'bookings', 'totalPaid'] as const;

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

/**
 * A payment's amount before tax and its HST. The split recorded at checkout when the payment has
 * one that adds up to what was charged; otherwise the charge is split at the rate it was taxed at
 * (the branch's rate for a row that does not say), with the one rule `splitTaxIncluded` has.
 */
export function splitPaymentTax(payment: Pick<PaidPayment, 'amountCents' | 'subtotalCents' | 'taxCents' | 'taxRateBps'>, branchTaxRateBps: number) {
  const { amountCents, subtotalCents, taxCents } = payment;
  if (subtotalCents !== null && taxCents !== null && subtotalCents + taxCents === amountCents) return { subtotalCents, taxCents };
  const split = splitTaxIncluded(amountCents, (payment.taxRateBps ?? branchTaxRateBps) / 10_000);
  return { subtotalCents: split.preTaxCents, taxCents: split.taxCents };
}

/**
 * The HST inside `refundedCents` given back on a payment, as the receipt states it: all the HST
 * charged once the refunds reach the total, else the tax part of their sum (`splitTaxIncluded`),
 * never more than was charged. The receipt shares each refund's part out of this (`splitRefundTax`),
 * so the accountant's file and the customer's receipt give the same "HST refunded".
 */
export function findRefundedTax(refundedCents: number, payment: { totalCents: number; taxCents: number; taxRate: number }): number {
  if (refundedCents <= 0) return 0;
  if (refundedCents >= payment.totalCents) return payment.taxCents;
  return Math.min(payment.taxCents, splitTaxIncluded(refundedCents, payment.taxRate).taxCents);
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

export type PaymentRowContext = {
  timezone: string;
  taxRateBps: number;
  t: ExportTranslate;
  /** A plan's name in the staff member's language. */
  describePlan: (serviceType: string) => string;
};

/** One payment as the export's cells, in `PAYMENT_COLUMNS` order. */
export function buildPaymentRow(payment: PaidPayment, context: PaymentRowContext): string[] {
  const { subtotalCents, taxCents } = splitPaymentTax(payment, context.taxRateBps);
  const taxRate = (payment.taxRateBps ?? context.taxRateBps) / 10_000;
  return [
    findToday(payment.succeededAt, context.timezone),
    payment.bookingRef ?? '',
    fullName(payment.firstName, payment.lastName),
    payment.email ?? '',
    payment.serviceType ? context.describePlan(payment.serviceType) : '',
    formatDollars(subtotalCents),
    formatDollars(taxCents),
    formatDollars(payment.amountCents),
    formatDollars(payment.refundedCents),
    formatDollars(findRefundedTax(payment.refundedCents, { totalCents: payment.amountCents, taxCents, taxRate })),
    formatDollars(payment.amountCents - payment.refundedCents),
    context.t(`payments.statuses.${describeRefundState(payment.amountCents, payment.refundedCents)}`),
    payment.paymentIntentId,
  ];
}

/** The payments export: translated headers, then one row per payment in the order given. */
export function buildPaymentsCsv(payments: readonly PaidPayment[], context: PaymentRowContext): string {
  return buildCsv(
    PAYMENT_COLUMNS.map((column) => context.t(`payments.columns.${column}`)),
    payments.map((payment) => buildPaymentRow(payment, context)),
  );
}

/** One customer as the export's cells, in `CUSTOMER_COLUMNS` order. */
export function buildCustomerRow(customer: CustomerSummary, timezone: string): string[] {
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
  ];
}

/** The customer list: translated headers, then one row per customer in the order given. */
export function buildCustomersCsv(customers: readonly CustomerSummary[], context: { timezone: string; t: ExportTranslate }): string {
  return buildCsv(
    CUSTOMER_COLUMNS.map((column) => context.t(`customers.columns.${column}`)),
    customers.map((customer) => buildCustomerRow(customer, context.timezone)),
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
