/**
 * When the office may email a quote again ("Send again" on /quotes-admin, docs/decisions/0059),
 * pure: the clock, the branch's time zone, the quote, its customer's record and the last email are
 * arguments.
 *
 * The first quote email answers the person's own request. A follow-up is the office writing
 * unasked to invite a purchase: a commercial electronic message under CASL, which needs consent.
 * The request for the quote is an inquiry, and an inquiry gives implied consent for six months
 * (CASL s. 10(10)(d)); after that only express consent (the booking form's box, 0043) allows it.
 * An unsubscribe that stands withdraws both. So a follow-up is refused:
 * - when the customer's record was erased (0049): there is nobody to write to;
 * - when the quote is booked: a booking paid from it is going ahead, there is nothing to follow up
 *   (one whose bookings were all cancelled since is an open lead again, 0073);
 * - when a visit of a booking made from it was carried out before that booking was cancelled: the
 *   person was served, and "still want to book?" would be wrong; the office calls instead;
 * - when the postal code its link would book is one the branch no longer serves (0088, 0104): the
 *   customer could not book what the email offers; the office calls instead;
 * - when the quote has no email address, or is a custom (acreage) quote, whose email only says the
 *   office will call: there is no price to send again;
 * - when the customer unsubscribed and did not agree again since (0043's rule), or the address the
 *   follow-up would go to (or the quote's own) unsubscribed through a quote email's link (0066)
 *   and no consent of the customer's came after it;
 * - after the six months of the inquiry, unless the customer gave express consent;
 * - within 24 hours of the last email about the quote (the quote itself, or a follow-up).
 */
import { addMonths, format } from 'date-fns';
import { findStandingUnsubscribe, isSubscribed, type ConsentState } from '@/features/marketing-email/consent';
import { findToday, type IsoDate } from '@/features/scheduling/available-dates';
import type { OutsideServiceArea } from '@/features/service-area/postal-code';
import type { QuoteState } from './quote-state';

/** No two emails about one quote closer together than this. */
export const FOLLOW_UP_GAP_HOURS = 24;
/** CASL's implied consent from an inquiry or application: the six months after it. */
export const IMPLIED_CONSENT_MONTHS = 6;

export type FollowUpQuote = {
  /** The state the office is shown (`quote-state.ts`), derived from the bookings paid from the quote. */
  state: QuoteState;
  /** A visit of a cancelled booking paid from it was carried out (0073). */
  carriedOut: boolean;
  /** When the customer asked for it, and its first email was queued. */
  createdAt: Date;
  email: string | null;
  customQuote: boolean;
  /** The code its link would book, when the branch no longer serves it (`findOutsideServiceArea`, 0096); null otherwise. */
  outsideServiceArea: OutsideServiceArea | null;
};

/** The customer record the quote belongs to (linked, or the one with its address); null when there is none. */
export type FollowUpCustomer = (Pick<ConsentState, 'consentAt' | 'unsubscribedAt'> & { erasedAt: Date | null }) | null;

export type FollowUpRefusal =
  | { reason: 'erased' }
  | { reason: 'booked' }
  | { reason: 'carried_out' }
  | { reason: 'outside_area'; postalCode: string; area: string | null }
  | { reason: 'no_email' }
  | { reason: 'custom_quote' }
  | { reason: 'unsubscribed'; since: Date }
  | { reason: 'consent_lapsed'; lastDay: IsoDate }
  | { reason: 'too_soon'; nextAt: Date };

export type FollowUpRefusalReason = FollowUpRefusal['reason'];

/** A calendar day as a floating local date, for month arithmetic that never crosses a DST seam. */
function floating(day: IsoDate): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/**
 * The last branch calendar day a follow-up may go on implied consent: the inquiry's day plus six
 * months (31 August gives the last day of February), so that the inquiry falls within the six
 * months before the day the message is sent.
 */
export function findImpliedConsentLastDay(createdAt: Date, timezone: string): IsoDate {
  return format(addMonths(floating(findToday(createdAt, timezone)), IMPLIED_CONSENT_MONTHS), 'yyyy-MM-dd');
}

/** The first instant the quote may be emailed again: 24 hours after the later of its own email and the last follow-up. */
export function findNextFollowUpAt(createdAt: Date, lastSentAt: Date | null): Date {
  const last = lastSentAt && lastSentAt.getTime() > createdAt.getTime() ? lastSentAt : createdAt;
  return new Date(last.getTime() + FOLLOW_UP_GAP_HOURS * 3_600_000);
}

/** Why the quote may not be emailed again now, the first reason in the order above; null when it may. */
export function findFollowUpRefusal(input: {
  quote: FollowUpQuote;
  customer: FollowUpCustomer;
  /** The latest unsubscribe recorded for the recipient's or the quote's address by a quote email's link (0066); null when none. */
  addressUnsubscribedAt: Date | null;
  lastSentAt: Date | null;
  now: Date;
  timezone: string;
}): FollowUpRefusal | null {
  const { quote, customer, now } = input;
  if (customer?.erasedAt) return { reason: 'erased' };
  if (quote.state === 'booked') return { reason: 'booked' };
  if (quote.state === 'booking-cancelled' && quote.carriedOut) return { reason: 'carried_out' };
  // Before the consent and timing rules: those pass with time, this one only when the owner serves the area again.
  if (quote.outsideServiceArea) return { reason: 'outside_area', ...quote.outsideServiceArea };
  if (!quote.email?.trim()) return { reason: 'no_email' };
  if (quote.customQuote) return { reason: 'custom_quote' };
  const subscribed = customer !== null && isSubscribed(customer);
  // The customer's own unsubscribe and the address's, each unless consent came after it; the office is told the first.
  const standing = [
    customer?.unsubscribedAt && !subscribed ? customer.unsubscribedAt : null,
    findStandingUnsubscribe(input.addressUnsubscribedAt, customer?.consentAt ?? null),
  ].filter((date): date is Date => date !== null).sort((a, b) => a.getTime() - b.getTime());
  if (standing[0]) return { reason: 'unsubscribed', since: standing[0] };
  const lastDay = findImpliedConsentLastDay(quote.createdAt, input.timezone);
  if (!subscribed && findToday(now, input.timezone) > lastDay) return { reason: 'consent_lapsed', lastDay };
  const nextAt = findNextFollowUpAt(quote.createdAt, input.lastSentAt);
  if (now.getTime() < nextAt.getTime()) return { reason: 'too_soon', nextAt };
  return null;
}
