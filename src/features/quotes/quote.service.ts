import 'server-only';
import { randomBytes } from 'node:crypto';
import { getDb, type DbExecutor } from '@/db/client';
import { getEnv } from '@/env';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { priceBooking, type DiscountSummary, type PriceBookingInput } from '@/features/pricing/pricing.service';
import { describeLotSize, lotSizeLabel, type PriceResult } from '@/features/pricing/pricing';
import { checkServiceArea, findOutsideServiceArea, formatPostalCode, type ServedPrefix } from '@/features/service-area/postal-code';
import { buildPricingAddress, cityForPostalCode } from '@/features/service-area/pricing-address';
import { getTranslator } from '@/i18n/messages';
import { type Locale, toLocale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { findPostalCodeIn, isSameStreet } from '@/lib/address-line';
import { splitFullName } from '@/lib/person-name';
import { findQuoteByTokenRow, insertQuote, listQuoteRows, selectQuoteCustomerPostalCode } from './quote.repository';
import type { CalculateQuoteRequest, SecondContact, SendQuoteRequest } from './quote.schema';
import { renderCustomQuoteStaffEmail, renderQuoteEmail } from './quote-email';

/** 'hamilton mountain' → 'Hamilton Mountain', for sentences shown to people. */
const titleCase = (value: string) => value.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/** The calculator's discount answer, with the reason in the caller's language. */
function describeDiscount(discount: DiscountSummary, locale: Locale) {
  if (!discount.code) return { applied: false };
  const t = getTranslator(locale);
  return discount.applied
    ? { applied: true, code: discount.code, message: t('pricing.discount.applied', { code: discount.code }) }
    : { applied: false, code: discount.code, reason: discount.reason, message: t(`pricing.discount.reason.${discount.reason ?? 'unknown'}`) };
}

/**
 * POST /api/calculate-quote: the engine's price with the fields SPEC's screens read (totalPrice,
 * estimatedLotSize, lotSizeDescription, lotSizeDisplay) plus the itemised breakdown.
 */
export async function calculateQuote(input: CalculateQuoteRequest, options: { now: Date; locale: string; branchId?: number }) {
  const locale = toLocale(options.locale);
  const t = getTranslator(locale);
  const { result, discount } = await priceBooking(input, { now: options.now, branchId: options.branchId });
  const estimate = describeLotSize(input.address, input.propertySize);
  const acres = estimate.estimatedAcres ?? input.propertySize;
  return {
    totalPrice: result.totalPrice,
    estimatedLotSize: estimate.estimatedAcres,
    lotSizeDescription: t(estimate.descriptionKey, { acres, keyword: titleCase(estimate.matchedKeyword ?? '') }),
    lotSizeDisplay: result.customQuote ? t('pricing.lotSize.customQuote') : t(`pricing.lotSize.label.${lotSizeLabel(input.propertySize)}`),
    customQuote: result.customQuote,
    lines: result.lines.map((line) => ({
      code: line.code,
      label: t(line.labelKey, { quantity: line.quantity }),
      quantity: line.quantity,
      unitAmountCents: line.unitAmountCents,
      amountCents: line.amountCents,
    })),
    premiumArea: result.premiumArea,
    premiumCents: result.premiumCents,
    discountCents: result.discountCents,
    subtotalCents: result.subtotalCents,
    taxCents: result.taxCents,
    totalCents: result.totalCents,
    visits: result.visits,
    discount: describeDiscount(discount, locale),
  };
}

export type SaveQuoteInput = {
  /** `firstName`/`lastName`: the two fields `name` was typed in, when the caller has them (0070). */
  customer: { name: string; firstName?: string | null; lastName?: string | null; email: string; phone?: string | null };
  secondContact?: SecondContact | null;
  /** The customer's own words for the office (0084). */
  notes?: string | null;
  details: PriceBookingInput & { address: string; city?: string | null; postalCode?: string | null };
  locale: string;
  status?: 'pending' | 'sent';
  branchId?: number;
  customerId?: number | null;
};

/** A token nobody can guess or enumerate: 192 random bits, URL-safe. */
function createQuoteToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What a quote row stores of the engine's answer: its amounts, breakdown and the discount code applied. */
export function quoteAmountsOf(priced: { result: PriceResult; discount: DiscountSummary }) {
  const { result, discount } = priced;
  return {
    discountCode: discount.applied ? (discount.code ?? null) : null,
    totalPrice: result.totalPrice,
    subtotalCents: result.subtotalCents,
    taxCents: result.taxCents,
    totalCents: result.totalCents,
    breakdown: { lines: result.lines, premiumCents: result.premiumCents, discountCents: result.discountCents, customQuote: result.customQuote, visits: result.visits },
  };
}

/**
 * Prices (on the server) and stores a quote in the caller's transaction. The stored amounts are
 * the engine's, never the browser's.
 */
export async function saveQuote(tx: DbExecutor, input: SaveQuoteInput, priced: { result: PriceResult; discount: DiscountSummary }) {
  const row = await insertQuote(tx, {
    branchId: input.branchId ?? DEFAULT_BRANCH_ID,
    token: createQuoteToken(),
    customerId: input.customerId ?? null,
    customerName: input.customer.name,
    customerFirstName: input.customer.firstName ?? null,
    customerLastName: input.customer.lastName ?? null,
    customerEmail: input.customer.email,
    customerPhone: input.customer.phone ?? null,
    serviceType: input.details.serviceType,
    propertySize: input.details.propertySize,
    includeTick: input.details.includeTick ?? false,
    includeStandingWater: input.details.includeTargetedInsects ?? false,
    additionalServices: [...(input.details.extras ?? [])],
    address: input.details.address,
    city: input.details.city ?? null,
    postalCode: input.details.postalCode ?? null,
    secondContact: input.secondContact ?? null,
    notes: input.notes ?? null,
    ...quoteAmountsOf(priced),
    status: input.status ?? 'pending',
    locale: toLocale(input.locale),
  });
  return row;
}

/**
 * A postal code given with a quote must pass booking's service-area check (same rule, same
 * messages), so "Book this quote" never leads to a booking the area check refuses. No code at
 * all is allowed: SPEC §7 callers send only the address, and /book-quote asks for the code.
 *
 * A code outside the area is told with the branch's phone (0104): the visitor is not sent an offer
 * they could not book, and learns whom to call instead.
 *
 * @returns the code as booking stores it ('L9G 2B5'), or null when none was given
 * @throws AppError('validation') for a malformed code or one outside the served area
 */
function requireServedPostalCode(input: string | null, branch: { phone: string; settings: { servedPrefixes: readonly ServedPrefix[] } }): string | null {
  if (input === null) return null;
  const field = 'quoteDetails.postalCode';
  const area = checkServiceArea(input, branch.settings.servedPrefixes);
  if (!area.valid) throw new AppError('validation', 'errors.validation', { fields: { [field]: 'booking.validation.invalidPostalCode' } });
  const postalCode = formatPostalCode(area.postalCode);
  if (!area.inServiceArea) {
    const phone = branch.phone.trim();
    const fields = { fields: { [field]: 'booking.errors.outsideAreaShort' }, reason: 'outside_area', postalCode };
    throw phone
      ? new AppError('validation', 'quotes.outsideAreaCall', fields, { postalCode, phone })
      : new AppError('validation', 'booking.errors.outsideArea', fields, { postalCode });
  }
  return postalCode;
}

/**
 * POST /api/send-quote: stores the quote and queues its email in ONE transaction, so the answer
 * "sent" means both are committed; the outbox worker delivers the email later. A custom quote
 * (acreage: no price online) also queues a notification to the office in the same transaction, as
 * the customer is told we will contact them. Priced quotes do not: the customer books or buys
 * them online, and staff see them in /quotes-admin.
 */
export async function sendQuote(request: SendQuoteRequest, options: { now: Date; locale: string; branchId?: number }): Promise<{ quoteId: number }> {
  const locale = toLocale(options.locale);
  const branch = await getBranch(options.branchId ?? DEFAULT_BRANCH_ID);
  const postalCode = requireServedPostalCode(request.quoteDetails.postalCode, branch);
  // Priced on the street and town exactly as a booking of this quote will be: the town from the
  // form, else from the postal code, so an Ancaster or Dundas quote carries the premium it will cost.
  const city = request.quoteDetails.city ?? cityForPostalCode(postalCode ?? '', branch.settings.servedPrefixes);
  const details = { ...request.quoteDetails, city, postalCode };
  const priced = await priceBooking({ ...details, address: buildPricingAddress(details.address, city) }, { now: options.now, branchId: options.branchId });
  const db = await getDb();
  const { PUBLIC_SITE_URL: siteUrl, STAFF_NOTIFY_EMAIL: staffEmail } = getEnv();
  return db.transaction(async (tx) => {
    const saved = await saveQuote(tx, {
      customer: { name: request.name, firstName: request.firstName, lastName: request.lastName, email: request.email, phone: request.phone },
      secondContact: request.secondContact ?? null,
      notes: request.notes ?? null,
      details,
      locale,
      status: 'sent',
      branchId: options.branchId,
    }, priced);
    const quote = {
      id: saved.id,
      token: saved.token,
      customerName: request.name,
      customerFirstName: request.firstName ?? null,
      customerLastName: request.lastName ?? null,
      customerEmail: request.email,
      serviceType: details.serviceType,
      propertySize: details.propertySize,
      includeTick: details.includeTick,
      includeTargetedInsects: details.includeTargetedInsects,
      address: details.address,
      city: details.city,
      postalCode: details.postalCode,
      discountCode: priced.discount.applied ? (priced.discount.code ?? null) : null,
      notes: request.notes ?? null,
    };
    const email = renderQuoteEmail({ locale, branch, siteUrl, taxRateBps: branch.taxRateBps, quote, priced: priced.result });
    await enqueueEmail(tx, { kind: 'quote', to: request.email, locale, ...email, relatedType: 'quote', relatedId: saved.id });
    if (priced.result.customQuote) {
      const staff = renderCustomQuoteStaffEmail({
        branch,
        siteUrl,
        customerLocale: locale,
        quote: {
          ...quote,
          customerPhone: request.phone ?? null,
          extras: details.extras,
          secondContact: request.secondContact ?? null,
        },
      });
      await enqueueEmail(tx, {
        kind: 'staff-notification', to: staffEmail, replyTo: request.email, locale: staff.locale,
        subject: staff.subject, html: staff.html, text: staff.text, relatedType: 'quote', relatedId: saved.id,
      });
    }
    return { quoteId: saved.id };
  });
}

/** Where /book-quote's postal code comes from (0087): the quote, the street the quote was asked for, or the customer's record. */
export type QuotePostalCodeSource = 'quote' | 'address' | 'customer';

/**
 * The postal code /book-quote offers for a quote (0087): the one the quote kept; else one written in
 * the quote's street address; else the customer record's with the quote's address, only when that
 * record's street is the quote's (another property's code would book the wrong place). Only a
 * well-formed code is offered; the page still checks the area, and the booking checks it again.
 * "Send again" asks it too (0104): a follow-up is refused when this code is no longer served.
 */
export async function findQuotePostalCode(db: DbExecutor, row: { postalCode: string | null; address: string | null; customerEmail: string | null }) {
  const wellFormed = (code: string | null | undefined) => {
    const area = code ? checkServiceArea(code, []) : null;
    return area?.valid ? formatPostalCode(area.postalCode) : null;
  };
  const kept = wellFormed(row.postalCode);
  if (kept) return { postalCode: kept, postalCodeFrom: 'quote' as QuotePostalCodeSource };
  const written = wellFormed(findPostalCodeIn(row.address));
  if (written) return { postalCode: written, postalCodeFrom: 'address' as QuotePostalCodeSource };
  const customer = row.customerEmail ? await selectQuoteCustomerPostalCode(db, row.customerEmail) : null;
  const recorded = customer && isSameStreet(customer.address, row.address) ? wellFormed(customer.postalCode) : null;
  return recorded ? { postalCode: recorded, postalCodeFrom: 'customer' as QuotePostalCodeSource } : { postalCode: null, postalCodeFrom: null };
}

/**
 * A quote for /book-quote, found by its secret token (the holder is the customer it was sent to),
 * with the postal code to offer and where it comes from (`findQuotePostalCode`, 0087), and
 * `outsideServiceArea` when the branch no longer serves that code (0096): the page says so, with the
 * phone to call, before the customer fills in the form, instead of only when the booking is refused.
 *
 * @throws AppError('not_found', 'quotes.notFound') for an unknown token
 */
export async function findQuoteByToken(token: string) {
  const db = await getDb();
  const row = /^[\w-]{16,64}$/.test(token) ? await findQuoteByTokenRow(db, token) : null;
  if (!row) throw new AppError('not_found', 'quotes.notFound');
  const [postal, branch] = await Promise.all([findQuotePostalCode(db, row), getBranch(DEFAULT_BRANCH_ID, db)]);
  // The two fields the customer typed (0070); a quote sent without them splits its name at the first space.
  const stored = row.customerFirstName && row.customerLastName ? { firstName: row.customerFirstName, lastName: row.customerLastName } : null;
  const split = splitFullName(row.customerName ?? '');
  const { firstName, lastName } = stored ?? { firstName: split.firstName, lastName: split.lastName === '-' ? '' : split.lastName };
  return {
    id: row.id,
    token,
    status: row.status,
    customerName: row.customerName,
    firstName,
    lastName,
    email: row.customerEmail,
    phone: row.customerPhone,
    serviceType: row.serviceType,
    propertySize: row.propertySize,
    includeTick: row.includeTick,
    includeTargetedInsects: row.includeStandingWater,
    includeStandingWater: row.includeStandingWater,
    extras: row.additionalServices ?? [],
    address: row.address,
    city: row.city,
    ...postal,
    outsideServiceArea: findOutsideServiceArea(postal.postalCode, branch.settings.servedPrefixes),
    discountCode: row.discountCode,
    totalPrice: row.totalPrice,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Staff list for /quotes-admin (GET /api/quotes), each quote's state as it is at `now`. */
export async function listQuotes(options: { limit?: number; now?: Date } = {}) {
  const rows = await listQuoteRows(await getDb(), Math.min(Math.max(options.limit ?? 200, 1), 1000), options.now ?? new Date());
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The sample quote email staff see at /email-preview; nothing is stored or sent. */
export async function renderSampleQuoteEmail(options: { now: Date; locale: string }) {
  const locale = toLocale(options.locale);
  const branch = await getBranch();
  const sample = { serviceType: 'seasonal', propertySize: 0.5, includeTick: true, includeTargetedInsects: false, extras: [], address: '123 Main St W, Hamilton, ON', city: 'Hamilton', postalCode: 'L8P 4R5', discountCode: null };
  const priced = await priceBooking(sample, { now: options.now });
  return renderQuoteEmail({
    locale,
    branch,
    siteUrl: getEnv().PUBLIC_SITE_URL,
    taxRateBps: branch.taxRateBps,
    quote: { ...sample, id: 1, token: 'sample-quote-token', customerName: 'Alex Sample', customerEmail: 'alex@example.com', notes: null },
    priced: priced.result,
  });
}
