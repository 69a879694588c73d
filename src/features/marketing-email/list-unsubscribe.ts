import 'server-only';
import { buildAddressOneClickUnsubscribeUrl, buildOneClickUnsubscribeUrl, normaliseEmailAddress } from './unsubscribe-token';

/**
 * Outbox kinds that are promotional (CASL "commercial electronic messages" sent on consent): the
 * season opener (0043) and the office's follow-up of a quote (0059). An unsubscribe withdraws those
 * still waiting for its address, and the outbox asks again just before sending one (0074). Emails
 * about bookings, payments, replies and the quote a person asked for are never among them.
 */
export const PROMOTIONAL_EMAIL_KINDS: readonly string[] = ['season-opener', 'quote-follow-up'];

/** Outbox kinds unsubscribed by the customer they are related to (0043): their link names the customer. */
const CUSTOMER_UNSUBSCRIBE_EMAIL_KINDS: readonly string[] = ['season-opener'];

/**
 * Outbox kinds whose recipient may have no customer record, unsubscribed by their address
 * (docs/decisions/0066): the quote email and the office's follow-up of it (0059), which invite a purchase.
 */
export const ADDRESS_UNSUBSCRIBE_EMAIL_KINDS: readonly string[] = ['quote', 'quote-follow-up'];

const ONE_CLICK = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } as const;

/**
 * The headers an email that can be unsubscribed from carries when it is sent (RFC 2369
 * List-Unsubscribe and RFC 8058 one-click): mail clients then show their own "Unsubscribe" button,
 * which POSTs to our address. Worked out at delivery from the outbox row, so the outbox needs no
 * column for them: a promotional email by the customer it is related to (0043), a quote email by
 * the address it goes to (0066). Null for every other email (bookings, receipts, reminders...).
 */
export function buildListUnsubscribeHeaders(
  email: { kind: string; relatedType: string | null; relatedId: number | null; toAddress: string },
  siteUrl?: string,
): Record<string, string> | null {
  if (CUSTOMER_UNSUBSCRIBE_EMAIL_KINDS.includes(email.kind)) {
    if (email.relatedType !== 'customer' || !email.relatedId) return null;
    return { 'List-Unsubscribe': `<${buildOneClickUnsubscribeUrl(email.relatedId, siteUrl)}>`, ...ONE_CLICK };
  }
  if (ADDRESS_UNSUBSCRIBE_EMAIL_KINDS.includes(email.kind)) {
    // An address no token can be made for (it would never have passed the quote form) goes without them, never stuck.
    let url: string;
    try {
      url = buildAddressOneClickUnsubscribeUrl(normaliseEmailAddress(email.toAddress), siteUrl);
    } catch {
      return null;
    }
    return { 'List-Unsubscribe': `<${url}>`, ...ONE_CLICK };
  }
  return null;
}
