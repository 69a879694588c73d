import 'server-only';
import { getDb, type DbExecutor } from '@/db/client';
import { getEnv } from '@/env';
import { lockCustomerForBusiness } from '@/features/booking/customer.repository';
import { type Branch, getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { selectAddressUnsubscribedAt } from '@/features/marketing-email/marketing.repository';
import { normaliseEmailAddress } from '@/features/marketing-email/unsubscribe-token';
import { priceBooking, type PricedBooking } from '@/features/pricing/pricing.service';
import { findToday } from '@/features/scheduling/available-dates';
import { findOutsideServiceArea } from '@/features/service-area/postal-code';
import { buildPricingAddress } from '@/features/service-area/pricing-address';
import { getTranslator } from '@/i18n/messages';
import { type Locale, toLocale } from '@/i18n/routing';
import { AppError, type ErrorCode } from '@/lib/errors';
import { formatLongDate, formatShortDate, formatShortDateTime } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { getLogger } from '@/server/logger';
import { findFollowUpRefusal, type FollowUpRefusal, type FollowUpRefusalReason } from './quote-follow-up';
import {
  type FollowUpQuoteRow, insertFollowUp, markQuoteFollowedUp, selectFollowUpQuote, selectFollowUpSummary, selectQuoteCustomer,
} from './quote-follow-up.repository';
import type { QuoteFollowUpRequest } from './quote.schema';
import { renderQuoteEmail } from './quote-email';
import { selectQuoteState } from './quote.repository';
import type { QuoteState } from './quote-state';
import { findQuotePostalCode, quoteAmountsOf } from './quote.service';

/**
 * The office follows up a quote that did not turn into a booking: "Send again" on /quotes-admin
 * (docs/decisions/0059). The quote email is queued again to the customer's address now, in the
 * language the quote was made in, at today's prices (what its links charge), after the office saw
 * them; each follow-up is recorded with who sent it.
 */

const NOT_FOUND = () => new AppError('not_found', 'quotesAdmin.followUp.errors.notFound');

const REFUSAL_KEYS: Record<FollowUpRefusalReason, { code: ErrorCode; key: string }> = {
  erased: { code: 'conflict', key: 'erased' },
  booked: { code: 'conflict', key: 'booked' },
  carried_out: { code: 'conflict', key: 'carriedOut' },
  outside_area: { code: 'conflict', key: 'outsideArea' },
  no_email: { code: 'conflict', key: 'noEmail' },
  custom_quote: { code: 'conflict', key: 'customQuote' },
  unsubscribed: { code: 'conflict', key: 'unsubscribed' },
  consent_lapsed: { code: 'conflict', key: 'consentLapsed' },
  too_soon: { code: 'rate_limited', key: 'tooSoon' },
};

/** A refusal as the office reads it: its message key and the values it names, in `locale`. */
function describeRefusal(refusal: FollowUpRefusal, locale: Locale): { code: ErrorCode; key: string; params: Record<string, string> } {
  const { code, key } = REFUSAL_KEYS[refusal.reason];
  const params: Record<string, string> = {};
  if (refusal.reason === 'unsubscribed') params.date = formatShortDate(refusal.since, locale) ?? '';
  if (refusal.reason === 'consent_lapsed') params.date = formatLongDate(refusal.lastDay, locale, { weekday: false });
  if (refusal.reason === 'too_soon') params.time = formatShortDateTime(refusal.nextAt, locale) ?? '';
  if (refusal.reason === 'outside_area') params.postalCode = refusal.postalCode;
  return { code, key: `quotesAdmin.followUp.errors.${key}`, params };
}

function translateRefusal(refusal: FollowUpRefusal, locale: Locale): string {
  const { key, params } = describeRefusal(refusal, locale);
  return getTranslator(locale)(key, params);
}

function refusalError(refusal: FollowUpRefusal, locale: Locale): AppError {
  const { code, key, params } = describeRefusal(refusal, locale);
  // The code and community go with an "outside the area" refusal, for a screen that shows them.
  const area = refusal.reason === 'outside_area' ? { postalCode: refusal.postalCode, area: refusal.area } : {};
  return new AppError(code, key, { reason: refusal.reason, ...area }, params);
}

/**
 * Everything a follow-up decides on, read in `db` (the caller's transaction when sending): the
 * quote's state (booked, or its booking cancelled since, 0073), the customer record, the follow-ups
 * so far, today's price of the quote's options, whether the code its link would book is still
 * served (0104), and why it may not go, if it may not.
 */
async function readFollowUpState(db: DbExecutor, quote: NonNullable<FollowUpQuoteRow>, now: Date, branch: Pick<Branch, 'timezone' | 'settings'>) {
  // The state the card shows (0073): a quote whose bookings were all cancelled is followed up again.
  const found = await selectQuoteState(db, quote.id, now);
  const quoteState = found?.state ?? (quote.status as QuoteState);
  const customer = await selectQuoteCustomer(db, quote);
  const summary = await selectFollowUpSummary(db, quote.id);
  // Priced as a booking of this quote is: the same options, the street with its town, its discount code.
  const priced: PricedBooking = await priceBooking({
    serviceType: quote.serviceType,
    propertySize: quote.propertySize,
    includeTick: quote.includeTick,
    includeTargetedInsects: quote.includeStandingWater,
    extras: quote.additionalServices ?? [],
    address: buildPricingAddress(quote.address ?? '', quote.city),
    discountCode: quote.discountCode,
  }, { now, branchId: quote.branchId, db });
  const recipient = customer?.erasedAt ? null : (customer?.email ?? quote.customerEmail?.trim() ?? null) || null;
  // An unsubscribe from a quote email's link (0066), for the address it would go to or the quote's own.
  const addresses = [...new Set([recipient, quote.customerEmail].filter((a): a is string => !!a?.trim()).map(normaliseEmailAddress))];
  const addressUnsubscribedAt = await selectAddressUnsubscribedAt(db, addresses);
  // The code /book-quote would book with (0087): an email whose link cannot book is not sent.
  const { postalCode } = await findQuotePostalCode(db, quote);
  const refusal = findFollowUpRefusal({
    quote: {
      state: quoteState, carriedOut: found?.carriedOut ?? false,
      createdAt: quote.createdAt, email: recipient, customQuote: priced.result.customQuote,
      outsideServiceArea: findOutsideServiceArea(postalCode, branch.settings.servedPrefixes),
    },
    customer,
    addressUnsubscribedAt,
    lastSentAt: summary.lastSentAt,
    now,
    timezone: branch.timezone,
  });
  return { recipient, summary, priced, refusal, quoteState };
}

export type QuoteFollowUpPreview = {
  quoteId: number;
  /** Where the email would go: the customer's address now. */
  to: string | null;
  /** The language of the email: the quote's. */
  locale: Locale;
  /** The total the quote holds, and the one today's prices give (null for a custom quote). */
  quotedTotalCents: number;
  currentTotalCents: number | null;
  followUpCount: number;
  lastSentAt: string | null;
  lastSentByName: string | null;
  /** Why it cannot be sent now, in the office's language; null when it can. */
  refusal: { reason: FollowUpRefusalReason; message: string } | null;
};

/** GET: what "Send again" would do now, for the confirmation dialog. Nothing is written. */
export async function previewQuoteFollowUp(quoteId: number | null, options: { now: Date; locale: Locale }): Promise<QuoteFollowUpPreview> {
  if (quoteId === null) throw NOT_FOUND();
  const db = await getDb();
  const quote = await selectFollowUpQuote(db, quoteId);
  if (!quote) throw NOT_FOUND();
  const branch = await getBranch(quote.branchId);
  const state = await readFollowUpState(db, quote, options.now, branch);
  return {
    quoteId: quote.id,
    to: state.recipient,
    locale: toLocale(quote.locale),
    quotedTotalCents: quote.totalCents,
    currentTotalCents: state.priced.result.customQuote ? null : state.priced.result.totalCents,
    followUpCount: state.summary.count,
    lastSentAt: state.summary.lastSentAt?.toISOString() ?? null,
    lastSentByName: state.summary.lastSentByName,
    refusal: state.refusal ? { reason: state.refusal.reason, message: translateRefusal(state.refusal, options.locale) } : null,
  };
}

export type QuoteFollowUpResult = {
  quoteId: number;
  /** The quote's state after it (0073, 0080): sent, or still what became of a booking made from it. */
  status: Exclude<QuoteState, 'pending' | 'booked'>;
  to: string;
  locale: Locale;
  /** The total the email shows; `quotedTotalCents` is the one the quote held before, when it was another (else null). */
  totalCents: number;
  quotedTotalCents: number | null;
  followUpCount: number;
  lastSentAt: string;
  lastSentByName: string;
};

/**
 * POST: queues the quote email again and records the follow-up, in one transaction. Refused with a
 * translated 404, 409 or 429 (`findFollowUpRefusal`), and with 409 `price_changed` when today's
 * total is not the one the office confirmed (`expectedTotalCents`): the answer carries the new one.
 * When today's total differs from the quote's, the email shows today's (the checkout charges
 * today's prices, DECISIONS §1), says the price changed, and the quote takes the new amounts.
 */
export async function sendQuoteFollowUp(
  quoteId: number | null,
  input: QuoteFollowUpRequest,
  options: { now: Date; locale: Locale; staff: { staffUserId: number; username: string; displayName: string } },
): Promise<QuoteFollowUpResult> {
  if (quoteId === null) throw NOT_FOUND();
  const { now, locale, staff } = options;
  const db = await getDb();
  const siteUrl = getEnv().PUBLIC_SITE_URL;
  const result = await db.transaction(async (tx) => {
    const found = await selectFollowUpQuote(tx, quoteId);
    if (!found) throw NOT_FOUND();
    // The customer's row first, as an erasure takes it (0055): an erasure under way finishes
    // before this reads anything, and then the quote is gone with it or the customer reads erased.
    const owner = await selectQuoteCustomer(tx, found);
    if (owner && !(await lockCustomerForBusiness(tx, owner.id, 'key share'))) throw refusalError({ reason: 'erased' }, locale);
    // Two admins pressing "Send again" on one quote queue here: the second sees the first's follow-up.
    const quote = await selectFollowUpQuote(tx, quoteId, { lock: true });
    if (!quote) throw NOT_FOUND();
    const branch = await getBranch(quote.branchId, tx);
    const state = await readFollowUpState(tx, quote, now, branch);
    if (state.refusal) throw refusalError(state.refusal, locale);
    const { result } = state.priced;
    const to = state.recipient!;
    if (result.totalCents !== input.expectedTotalCents) {
      throw new AppError('price_changed', 'quotesAdmin.followUp.errors.priceChanged', {
        currentTotalCents: result.totalCents, quotedTotalCents: quote.totalCents,
      }, { price: formatMoney(result.totalCents, locale) });
    }
    const repriced = result.totalCents !== quote.totalCents;
    const quotedTotalCents = repriced ? quote.totalCents : null;
    const emailLocale = toLocale(quote.locale);
    const amounts = quoteAmountsOf(state.priced);
    const email = renderQuoteEmail({
      locale: emailLocale,
      branch,
      siteUrl,
      taxRateBps: branch.taxRateBps,
      quote: {
        id: quote.id,
        token: quote.token,
        customerName: quote.customerName ?? '',
        customerFirstName: quote.customerFirstName,
        customerLastName: quote.customerLastName,
        customerEmail: to,
        serviceType: quote.serviceType,
        propertySize: quote.propertySize,
        includeTick: quote.includeTick,
        includeTargetedInsects: quote.includeStandingWater,
        address: quote.address ?? '',
        city: quote.city,
        postalCode: quote.postalCode,
        discountCode: amounts.discountCode,
        notes: quote.notes,
      },
      priced: result,
      followUp: { requestedOn: findToday(quote.createdAt, branch.timezone), quotedTotalCents },
    });
    const { id: emailId } = await enqueueEmail(tx, { kind: 'quote-follow-up', to, locale: emailLocale, ...email, relatedType: 'quote', relatedId: quote.id });
    await markQuoteFollowedUp(tx, quote.id, { at: now, amounts: repriced ? amounts : null });
    await insertFollowUp(tx, { quoteId: quote.id, sentAt: now, sentById: staff.staffUserId, locale: emailLocale, totalCents: result.totalCents, quotedTotalCents });
    return {
      emailId,
      answer: {
        quoteId: quote.id,
        status: state.quoteState === 'pending' || state.quoteState === 'booked' ? 'sent' as const : state.quoteState,
        to,
        locale: emailLocale,
        totalCents: result.totalCents,
        quotedTotalCents,
        followUpCount: state.summary.count + 1,
        lastSentAt: now.toISOString(),
        lastSentByName: staff.displayName,
      },
    };
  });
  getLogger().info({ quoteId, by: staff.username, emailId: result.emailId, repriced: result.answer.quotedTotalCents !== null }, 'staff followed up a quote');
  return result.answer;
}
