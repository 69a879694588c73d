import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { localePath } from '@/components/site/locale-paths';
import { getEnv } from '@/env';
import { deriveLinkKey } from '@/server/link-key';

/**
 * The link of "Email a booking link" (docs/decisions/0105): the booking page with the customer's
 * details already in its form. The URL carries no personal data, only
 * `{customer id in base 36}.{last valid day in base 36}.{HMAC}`: the HMAC-SHA256 of both under a
 * key derived (HKDF) from `BOOKING_LINK_SECRET` with its own label, cut to 128 bits, so nobody
 * without the key can make one for another customer or a later day. The page reads the customer's
 * current record (an erased one gives nothing). No table: the outbox keeps what was sent.
 */
const TOKEN_SHAPE = /^([0-9a-z]{1,10})\.([0-9a-z]{1,6})\.([A-Za-z0-9_-]{22})$/;
const MAC_BYTES = 16;
const DAY_MS = 86_400_000;
/** How long a link fills the form in: a month to decide; after that it opens the form empty. */
export const BOOKING_INVITE_VALID_DAYS = 30;

/** Local runs only: production refuses to start without BOOKING_LINK_SECRET (src/env.ts). */
const DEVELOPMENT_SECRET = 'local-development-only: booking links of the demo site';

function macFor(customerId: number, lastDay: number): Buffer {
  return createHmac('sha256', deriveLinkKey('booking:invite', DEVELOPMENT_SECRET)).update(`booking-invite:v1:${customerId}:${lastDay}`, 'utf8').digest().subarray(0, MAC_BYTES);
}

const dayNumber = (at: Date) => Math.floor(at.getTime() / DAY_MS);

const lastDayOf = (now: Date) => dayNumber(now) + BOOKING_INVITE_VALID_DAYS;

/** The last day (UTC, `YYYY-MM-DD`) a link made at `now` fills the form in, as its email says. */
export function findBookingInviteLastDay(now: Date): string {
  return new Date(lastDayOf(now) * DAY_MS).toISOString().slice(0, 10);
}

export function createBookingInviteToken(customerId: number, now: Date): string {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) throw new RangeError(`not a customer id: ${customerId}`);
  const lastDay = lastDayOf(now);
  return `${customerId.toString(36)}.${lastDay.toString(36)}.${macFor(customerId, lastDay).toString('base64url')}`;
}

/** The customer a token was made for, while it is valid; null for an expired one or one this server did not make. */
export function readBookingInviteToken(token: string, now: Date): number | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const customerId = parseInt(match[1]!, 36);
  const lastDay = parseInt(match[2]!, 36);
  // Only the one spelling this server writes.
  if (!Number.isSafeInteger(customerId) || customerId <= 0 || customerId.toString(36) !== match[1] || lastDay.toString(36) !== match[2]) return null;
  if (dayNumber(now) > lastDay) return null;
  const given = Buffer.from(match[3]!, 'base64url');
  if (given.length !== MAC_BYTES || given.toString('base64url') !== match[3]) return null;
  return timingSafeEqual(given, macFor(customerId, lastDay)) ? customerId : null;
}

/** The booking page in the customer's language with their link: /book?invite=…, /fr/book?invite=… */
export function buildBookingInviteUrl(locale: string, customerId: number, now: Date, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  const url = new URL(localePath(locale, '/book'), siteUrl);
  url.searchParams.set('invite', createBookingInviteToken(customerId, now));
  return url.toString();
}
