/**
 * A payment's receipt as a Canadian customer files it (docs/decisions/0040): who sold (legal name,
 * business address, GST/HST registration number), when it was paid (the branch's calendar day, in
 * America/Toronto), to whom and where, what was bought, the amount before tax, the HST and its
 * rate, the total paid, the card when the gateway recorded one, and the refunds made on it. Each
 * item carries the amount it was charged when the payment kept its lines (0060).
 *
 * Pure: the rows come from the repository, the words from the caller's translator (a root one:
 * keys name their namespace). The email (`receipt-email.ts`) and the printable page
 * (`components/receipt-document.tsx`) both show what this returns and nothing else, so the two
 * never disagree on a label, an amount or a date.
 */
import { findServiceAddress } from '@/features/booking/service-address';
import type { EmailBranch } from '@/features/email/email-layout';
import { shareRefundTax, splitPaymentTax } from '@/features/payments/payment-tax';
import { OFFLINE_PROVIDER, paymentMethodKey, refundMethodKey } from '@/features/payments/offline-payment';
import { findRefundDate } from '@/features/payments/refund-state';
import { type ChargedBreakdown, formatTaxRatePercent, PRICE_LINE_CODES, type PriceLineCode, resolveSizeTier } from '@/features/pricing/pricing';
import { findToday } from '@/features/scheduling/available-dates';
import { formatLongDate } from '@/lib/format';
import { formatDeduction, formatMoney } from '@/lib/money';
import { readHstNumber } from './hst-number';
import { describeReceiptSeller, type ReceiptSeller } from './receipt-seller';
import { formatAddressLine } from '@/lib/address-line';

/** Translates a key of any namespace (`receipts.total`, `booking.services.onetime`). */
export type ReceiptTranslate = (key: string, values?: Record<string, string | number>) => string;

/** What the payment's metadata recorded at checkout (all optional: older rows hold less). */
export type ReceiptPaymentFacts = {
  serviceType?: string;
  /** The lot size priced, in acres. */
  propertySize?: number | null;
  includeTick?: boolean;
  includeStandingWater?: boolean;
  extras?: string[];
  subtotalCents?: number;
  taxCents?: number;
  discountCents?: number;
  taxRateBps?: number;
  /** The lines charged (0060), as the payment stored them; read with `readChargedBreakdown` (older rows have none). */
  breakdown?: unknown;
  /** The visits the payment paid for (their ids). */
  appointmentIds?: unknown;
};

/** One of the booking's visits as it stands now (`selectReceiptVisits`). */
export type ReceiptVisit = {
  id: number;
  serviceType: string;
  /** The Friday it is on now. */
  date: string;
  /** The Friday it was first booked on, when it was moved since (a move keeps the first one). */
  originalDate: string | null;
  status: string;
};

export type ReceiptRefundRow = {
  id: number;
  amountCents: number;
  /** 'succeeded' (money sent back), 'pending' (on its way) or 'failed' (nothing moved: left out). */
  status: string;
  refundedAt: Date | null;
  createdAt: Date;
  /** Money taken by hand goes back by hand (0103): the refund's provider ('office') and, once handed back, how. */
  provider?: string;
  method?: string | null;
};

export type ReceiptInput = {
  locale: string;
  translate: ReceiptTranslate;
  /** The branch row: its identity and mailing address (as every email's footer), and: */
  seller: EmailBranch & {
    legalName: string | null;
    hstNumber: string | null;
    /** The branch's time zone: the day paid is the branch's calendar day. */
    timezone: string;
    /** The branch's rate, for a payment that did not record its own. */
    taxRateBps: number;
  };
  payment: {
    id: number;
    bookingRef: string;
    amountCents: number;
    paidAt: Date;
    /** As the gateway recorded it: `card_4242` from the built-in gateway, a Stripe `pm_...` id, or null. */
    paymentMethod: string | null;
    /** 'office' for money taken by hand (0103), with its cheque number or e-transfer reference; else the gateway's. */
    provider?: string;
    reference?: string | null;
    discountCode: string | null;
    facts: ReceiptPaymentFacts;
  };
  customer: { firstName: string; lastName: string };
  /** The paid visit's address and the customer's on file (used when the visit has none). */
  address: Parameters<typeof findServiceAddress>[0];
  refunds: readonly ReceiptRefundRow[];
  /** The booking's visits, as they stand now (0092); none for a payment whose visits are gone. */
  visits?: readonly ReceiptVisit[];
};

export type ReceiptRow = { label: string; value: string };

/** One thing bought: its name, and what it was charged when the payment kept its lines (else null: totals only). */
export type ReceiptItem = { label: string; amount: string | null };

export type ReceiptRefundLine = {
  status: 'succeeded' | 'pending';
  /** 'Refunded on June 20, 2027' / 'Refund requested on ...'. */
  label: string;
  amount: string;
  hstLabel: string;
  hst: string;
};

/** Why the seller's GST/HST number is not on the receipt; the caller logs it. */
export type ReceiptProblem = 'hst-number-missing' | 'hst-number-invalid';

export type Receipt = {
  number: string;
  title: string;
  headings: { seller: string; billedTo: string; description: string; amounts: string; refunds: string };
  seller: ReceiptSeller;
  /** Receipt number, date paid, booking reference and (when recorded) the card. */
  facts: ReceiptRow[];
  billedTo: { name: string; address: ReceiptRow | null };
  /**
   * What was bought. Itemised (each with its amount, the premium-area adjustment as a line of its
   * own) when the payment kept the lines it charged and they add up to its subtotal; otherwise the
   * names alone, as payments made before 0060 recorded no lines.
   */
  items: ReceiptItem[];
  itemised: boolean;
  /** What the items were for (0092): the lot size priced and the Friday of each visit, as they stand now. */
  service: ReceiptRow[];
  /**
   * Itemised: the discount (when one applied), subtotal, HST, total paid. Otherwise the price
   * before discount and the discount (when one applied), subtotal, HST, total paid. The total last.
   */
  amounts: ReceiptRow[];
  refunds: ReceiptRefundLine[];
  /** Total and HST after the refunds made; empty when nothing came back yet. */
  afterRefunds: ReceiptRow[];
  currencyNote: string;
  problems: ReceiptProblem[];
  /** `items`: each item's cents, in order (null when not itemised); itemised, Σ items − discount = subtotal. */
  cents: { items: number[] | null; discount: number; subtotal: number; tax: number; total: number; refunded: number; refundedTax: number };
};

/** The receipt's number: the booking's reference and the payment's id, the same every time it is shown. */
export function formatReceiptNumber(bookingRef: string, paymentId: number): string {
  return `${bookingRef}-${paymentId}`;
}

/**
 * The card as the gateway recorded it, or null. The built-in gateway stores `card_` and the last
 * four digits; Stripe's row holds only a payment-method id, with no brand or digits, so nothing is
 * said rather than something guessed.
 */
export function readCardLastFour(paymentMethod: string | null): string | null {
  return /^card_(\d{4})$/.exec(paymentMethod ?? '')?.[1] ?? null;
}

/** How the customer paid: the office's method and reference (0103), or the card when the gateway recorded its digits; else nothing. */
function describePaymentMethod(payment: ReceiptInput['payment'], t: ReceiptTranslate): ReceiptRow[] {
  const label = t('receipts.paymentMethod');
  const key = paymentMethodKey({ provider: payment.provider ?? '', paymentMethod: payment.paymentMethod });
  if (key !== 'card') {
    const method = t(`offlinePayments.methods.${key}`);
    return [{ label, value: payment.reference ? t('receipts.methodWithReference', { method, reference: payment.reference }) : method }];
  }
  const lastFour = readCardLastFour(payment.paymentMethod);
  return lastFour ? [{ label, value: t('receipts.cardEnding', { last4: lastFour }) }] : [];
}

/** "Refunded on …", or for money taken by hand "Handed back by cheque on …" / "to be handed back by the office" (0103). */
function describeRefundLine(refund: ReceiptRefundRow, t: ReceiptTranslate, date: string): string {
  const made = refund.status === 'succeeded';
  if (refund.provider === OFFLINE_PROVIDER) {
    return made
      ? t('receipts.refundHandedBack', { date, method: t(`offlinePayments.methods.${refundMethodKey({ method: refund.method ?? null })}`) })
      : t('receipts.refundToHandBack', { date });
  }
  return t(made ? 'receipts.refundMade' : 'receipts.refundPending', { date });
}

/**
 * What was bought, in the words the booking emails use (docs/decisions/0038): the plan's name
 * (`booking.services`), then the add-ons as the quote names them (`pricing.lines`). A tick plan
 * is not also called a tick add-on.
 */
export function listReceiptItems(facts: ReceiptPaymentFacts, translate: ReceiptTranslate): string[] {
  const items: string[] = [];
  if (facts.serviceType) items.push(translate(`booking.services.${facts.serviceType}`));
  if (facts.includeTick && facts.serviceType !== 'tick-seasonal') items.push(translate('pricing.lines.tick-addon'));
  if (facts.includeStandingWater) items.push(translate('pricing.lines.targeted-insects-addon'));
  for (const extra of facts.extras ?? []) items.push(translate(`pricing.lines.${extra}`));
  return items;
}

/**
 * The lines a payment kept (`PaymentMetadata.breakdown`), checked as the jsonb they come from:
 * every line a known code with whole cents and quantity times unit equal to its amount. Null for
 * a payment that kept none (made before 0060) or anything malformed, which the receipt then shows
 * as totals only rather than guess.
 */
export function readChargedBreakdown(value: unknown): ChargedBreakdown | null {
  if (!value || typeof value !== 'object') return null;
  const { lines, premiumArea, premiumCents } = value as Record<string, unknown>;
  if (!Array.isArray(lines) || lines.length === 0 || typeof premiumArea !== 'boolean' || !Number.isSafeInteger(premiumCents)) return null;
  const codes: readonly string[] = PRICE_LINE_CODES;
  const read: ChargedBreakdown['lines'] = [];
  for (const line of lines as unknown[]) {
    if (!line || typeof line !== 'object') return null;
    const { code, quantity, unitAmountCents, amountCents } = line as Record<string, unknown>;
    if (typeof code !== 'string' || !codes.includes(code)) return null;
    if (!Number.isSafeInteger(quantity) || (quantity as number) < 1 || !Number.isSafeInteger(unitAmountCents) || !Number.isSafeInteger(amountCents)) return null;
    if ((quantity as number) * (unitAmountCents as number) !== amountCents) return null;
    read.push({ code: code as PriceLineCode, quantity: quantity as number, unitAmountCents: unitAmountCents as number, amountCents: amountCents as number });
  }
  return { lines: read, premiumArea, premiumCents: premiumCents as number };
}

/** An item as charged, in cents: an engine line, or what the premium-area multiplier or the rounding added. */
export type ChargedItem = { code: PriceLineCode | 'premium-area' | 'rounding'; quantity: number; cents: number };

/**
 * The receipt's items with their amounts, in cents, from the lines the payment kept, or null when
 * they cannot stand on the receipt: no lines kept, or lines that with the premium adjustment and
 * the discount do not come to the subtotal charged (never shown, so the items always add up).
 */
export function itemiseCharge(breakdown: ChargedBreakdown | null, charged: { discountCents: number; subtotalCents: number }): ChargedItem[] | null {
  if (!breakdown) return null;
  const items: ChargedItem[] = breakdown.lines.map((l) => ({ code: l.code, quantity: l.quantity, cents: l.amountCents }));
  // The multiplier and its rounding are one line in a premium area; elsewhere only a rounding, when there was one.
  if (breakdown.premiumCents !== 0) items.push({ code: breakdown.premiumArea ? 'premium-area' : 'rounding', quantity: 1, cents: breakdown.premiumCents });
  const sum = items.reduce((total, item) => total + item.cents, 0);
  return sum - charged.discountCents === charged.subtotalCents ? items : null;
}

/** The payment's visit ids as its metadata recorded them, or null (older rows, malformed jsonb). */
function readAppointmentIds(value: unknown): Set<number> | null {
  return Array.isArray(value) && value.length > 0 && value.every(Number.isSafeInteger) ? new Set(value as number[]) : null;
}

/**
 * What the items were for (0092): the lot size the price was for (its tier's label, as the booking
 * form offers it), then the Friday of each visit paid: "Service date" for a single visit, "Visit n"
 * for a plan's. A visit's Friday is the one it is on now, with the Friday it was booked on when it
 * was moved since, and "cancelled" for a visit called off; the amounts above stay as charged. An
 * add-on's own visit on the plan's Friday is not listed twice.
 */
export function describeReceiptService(facts: ReceiptPaymentFacts, visits: readonly ReceiptVisit[], locale: string, t: ReceiptTranslate): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  const acres = facts.propertySize;
  if (typeof acres === 'number' && acres > 0) {
    const tier = resolveSizeTier(acres);
    rows.push({ label: t('receipts.propertySize'), value: tier === 'custom' ? t('quotes.email.acres', { acres }) : t(`booking.sizes.${tier.replace('.', '_')}`) });
  }
  const paid = readAppointmentIds(facts.appointmentIds);
  const ofPayment = visits.filter((v) => (paid ? paid.has(v.id) : true) && v.status !== 'expired');
  const main = ofPayment.filter((v) => v.serviceType === facts.serviceType);
  const listed = main.length > 0 ? main : ofPayment;
  const date = (day: string) => formatLongDate(day, locale);
  listed.forEach((visit, index) => {
    const label = listed.length === 1 ? t('receipts.serviceDate') : t('receipts.visit', { number: index + 1 });
    const value = visit.status === 'cancelled'
      ? t('receipts.visitCancelled', { date: date(visit.date) })
      : visit.originalDate && visit.originalDate !== visit.date
        ? t('receipts.visitMoved', { date: date(visit.date), from: date(visit.originalDate) })
        : date(visit.date);
    rows.push({ label, value });
  });
  return rows;
}

export function buildReceipt(input: ReceiptInput): Receipt {
  const { locale, translate: t, seller, payment } = input;
  const money = (cents: number) => formatMoney(cents, locale);
  const day = (at: Date) => formatLongDate(findToday(at, seller.timezone), locale, { weekday: false });
  const number = formatReceiptNumber(payment.bookingRef, payment.id);
  const problems: ReceiptProblem[] = [];

  const hst = readHstNumber(seller.hstNumber);
  if (hst.kind !== 'valid') problems.push(hst.kind === 'missing' ? 'hst-number-missing' : 'hst-number-invalid');

  const rateBps = payment.facts.taxRateBps ?? seller.taxRateBps;
  const taxRate = rateBps / 10_000;
  const split = splitPaymentTax(
    { amountCents: payment.amountCents, subtotalCents: payment.facts.subtotalCents ?? null, taxCents: payment.facts.taxCents ?? null, taxRateBps: rateBps },
    seller.taxRateBps,
  );
  // The discount and the lines are shown only beside the split they were part of (the one recorded at checkout).
  const recordedSplit = split.subtotalCents === payment.facts.subtotalCents;
  const discountCents = recordedSplit ? payment.facts.discountCents ?? 0 : 0;
  // Amounts as they were charged (0060), never priced again from today's table.
  const charged = recordedSplit ? itemiseCharge(readChargedBreakdown(payment.facts.breakdown), { discountCents, subtotalCents: split.subtotalCents }) : null;
  const discountRow = { label: payment.discountCode ? t('receipts.discountCode', { code: payment.discountCode }) : t('receipts.discount'), value: formatDeduction(discountCents, locale) };
  const amounts: ReceiptRow[] = [
    ...(discountCents > 0
      ? charged ? [discountRow] : [{ label: t('receipts.beforeDiscount'), value: money(split.subtotalCents + discountCents) }, discountRow]
      : []),
    { label: t('receipts.subtotal'), value: money(split.subtotalCents) },
    { label: t('receipts.hst', { rate: formatTaxRatePercent(taxRate, locale) }), value: money(split.taxCents) },
    { label: t('receipts.total'), value: money(payment.amountCents) },
  ];

  // Failed refunds sent nothing back; pending ones are on their way and shown as such.
  const counted = [...input.refunds].filter((r) => r.status === 'succeeded' || r.status === 'pending').sort((a, b) => a.id - b.id);
  // Each refund's HST as the refunds CSV states it (0075): shared out in the order the money went back.
  const refundTax = shareRefundTax(counted, { totalCents: payment.amountCents, taxCents: split.taxCents, taxRate });
  const refunds: ReceiptRefundLine[] = counted.map((r) => {
    const made = r.status === 'succeeded';
    return {
      status: made ? 'succeeded' : 'pending',
      label: describeRefundLine(r, t, day(findRefundDate(r))),
      amount: formatDeduction(r.amountCents, locale),
      hstLabel: t('receipts.refundHst'),
      hst: formatDeduction(refundTax.get(r.id)!, locale),
    };
  });
  const refunded = counted.reduce((sum, r) => (r.status === 'succeeded' ? { cents: sum.cents + r.amountCents, tax: sum.tax + refundTax.get(r.id)! } : sum), { cents: 0, tax: 0 });
  const afterRefunds: ReceiptRow[] = refunded.cents > 0
    ? [
      { label: t('receipts.totalAfterRefunds'), value: money(payment.amountCents - refunded.cents) },
      { label: t('receipts.hstAfterRefunds'), value: money(split.taxCents - refunded.tax) },
    ]
    : [];

  const address = findServiceAddress(input.address);
  const location = formatAddressLine(address.address, address.city, address.postalCode);

  return {
    number,
    title: t('receipts.title'),
    headings: {
      seller: t('receipts.soldBy'),
      billedTo: t('receipts.billedTo'),
      description: t('receipts.description'),
      amounts: t('receipts.amounts'),
      refunds: t('receipts.refunds'),
    },
    seller: describeReceiptSeller(seller, t),
    facts: [
      { label: t('receipts.receiptNumber'), value: number },
      { label: t('receipts.datePaid'), value: day(payment.paidAt) },
      { label: t('receipts.reference'), value: payment.bookingRef },
      ...describePaymentMethod(payment, t),
    ],
    billedTo: {
      name: `${input.customer.firstName} ${input.customer.lastName}`.trim(),
      address: location ? { label: t('receipts.serviceAddress'), value: location } : null,
    },
    items: charged
      ? charged.map((item) => ({
        label: item.code === 'premium-area' ? t('pricing.premiumArea') : item.code === 'rounding' ? t('receipts.rounding') : t(`pricing.lines.${item.code}`, { quantity: item.quantity }),
        amount: item.cents < 0 ? formatDeduction(item.cents, locale) : money(item.cents),
      }))
      : listReceiptItems(payment.facts, t).map((label) => ({ label, amount: null })),
    itemised: charged !== null,
    service: describeReceiptService(payment.facts, input.visits ?? [], locale, t),
    amounts,
    refunds,
    afterRefunds,
    currencyNote: t('receipts.currencyNote'),
    problems,
    cents: {
      items: charged ? charged.map((item) => item.cents) : null,
      discount: discountCents,
      subtotal: split.subtotalCents,
      tax: split.taxCents,
      total: payment.amountCents,
      refunded: refunded.cents,
      refundedTax: refunded.tax,
    },
  };
}
