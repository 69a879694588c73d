import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { localePath } from '@/components/site/locale-paths';
import { getEnv } from '@/env';

/**
 * A customer's unsubscribe link (docs/decisions/0043): `{id in base 36}.{HMAC}`, the HMAC-SHA256 of
 * the id under a key derived (HKDF) from the same server secret as the "Manage your booking" links
 * (`BOOKING_LINK_SECRET`, 0032), cut to 128 bits. The same customer always has the same token, so
 * every promotional email prints it from the id alone, with no table; without the key none can be
 * made. The id in it is no secret: the link only ever unsubscribes that one customer.
 */
const TOKEN_SHAPE = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;
const MAC_BYTES = 16;

/** Local runs only: production refuses to start without BOOKING_LINK_SECRET (src/env.ts). */
const DEVELOPMENT_SECRET = 'local-development-only: unsubscribe links of the demo site';

let cached: { secret: string; key: Buffer } | undefined;

function readKey(): Buffer {
  const secret = getEnv().BOOKING_LINK_SECRET ?? DEVELOPMENT_SECRET;
  if (cached?.secret !== secret) cached = { secret, key: Buffer.from(hkdfSync('sha256', secret, '', 'marketing-email:unsubscribe', 32)) };
  return cached.key;
}

function macFor(customerId: number): Buffer {
  return createHmac('sha256', readKey()).update(`unsubscribe:v1:${customerId}`, 'utf8').digest().subarray(0, MAC_BYTES);
}

export function createUnsubscribeToken(customerId: number): string {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) throw new RangeError(`not a customer id: ${customerId}`);
  return `${customerId.toString(36)}.${macFor(customerId).toString('base64url')}`;
}

/** The customer id a token was made for; null for anything this server did not make. */
export function readUnsubscribeToken(token: string): number | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const customerId = parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(customerId) || customerId <= 0 || customerId.toString(36) !== match[1]) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  if (given.length !== MAC_BYTES || given.toString('base64url') !== match[2]) return null;
  return timingSafeEqual(given, macFor(customerId)) ? customerId : null;
}

/** The page a person opens from the email, in the email's language: /unsubscribe/{token}, /fr/unsubscribe/{token}… */
export function buildUnsubscribePageUrl(locale: string, customerId: number, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  return new URL(localePath(locale, `/unsubscribe/${createUnsubscribeToken(customerId)}`), siteUrl).toString();
}

/** RFC 8058's one-click address (List-Unsubscribe): a POST there unsubscribes, with no page. */
export function buildOneClickUnsubscribeUrl(customerId: number, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  return new URL(`/api/unsubscribe/${createUnsubscribeToken(customerId)}`, siteUrl).toString();
}
