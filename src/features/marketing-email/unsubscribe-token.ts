import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { localePath } from '@/components/site/locale-paths';
import { getEnv } from '@/env';
import { deriveLinkKey } from '@/server/link-key';

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

const readKey = () => deriveLinkKey('marketing-email:unsubscribe', DEVELOPMENT_SECRET);

function macFor(customerId: number): Buffer {
  return macOf(`unsubscribe:v1:${customerId}`);
}

/** The same HMAC for both kinds of link; their messages start differently, so one never passes for the other. */
function macOf(message: string): Buffer {
  return createHmac('sha256', readKey()).update(message, 'utf8').digest().subarray(0, MAC_BYTES);
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

/**
 * An email address's unsubscribe link (docs/decisions/0066), for the quote email and the office's
 * follow-up, whose recipient usually has no customer record: `e.{address in base64url}.{HMAC}`, the
 * same HMAC under the same key as a customer's, over `unsubscribe-address:v1:{address}`. The
 * address is written as `normaliseEmailAddress` gives it, so one address always has one token. It
 * carries the address the email was sent to and nothing else (no name, quote or customer).
 */
const ADDRESS_TOKEN_SHAPE = /^e\.([A-Za-z0-9_-]{4,400})\.([A-Za-z0-9_-]{22})$/;
/** RFC 5321's longest forward path, less its angle brackets. */
const MAX_ADDRESS_LENGTH = 254;

/** An address as unsubscribes store and compare it: trimmed, in lower case (customers' addresses are compared so, 0059). */
export function normaliseEmailAddress(address: string): string {
  return address.trim().toLowerCase();
}

function isAddressLike(address: string): boolean {
  return address.length > 0 && address.length <= MAX_ADDRESS_LENGTH && /^[^\s@]+@[^\s@]+$/.test(address);
}

function addressMac(address: string): Buffer {
  return macOf(`unsubscribe-address:v1:${address}`);
}

export function createAddressUnsubscribeToken(address: string): string {
  const normalised = normaliseEmailAddress(address);
  if (!isAddressLike(normalised)) throw new RangeError('not an email address');
  return `e.${Buffer.from(normalised, 'utf8').toString('base64url')}.${addressMac(normalised).toString('base64url')}`;
}

/** The (normalised) address a token was made for; null for anything this server did not make. */
export function readAddressUnsubscribeToken(token: string): string | null {
  const match = ADDRESS_TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const encoded = Buffer.from(match[1]!, 'base64url');
  // Only the one spelling this server writes: no padding, no other bytes that decode the same.
  if (encoded.toString('base64url') !== match[1]) return null;
  const address = encoded.toString('utf8');
  if (Buffer.from(address, 'utf8').compare(encoded) !== 0 || address !== normaliseEmailAddress(address) || !isAddressLike(address)) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  if (given.length !== MAC_BYTES || given.toString('base64url') !== match[2]) return null;
  return timingSafeEqual(given, addressMac(address)) ? address : null;
}

/** Whom an unsubscribe link is for: a customer (0043) or an email address (0066); null for a link this server did not make. */
export type UnsubscribeSubjectRef = { kind: 'customer'; customerId: number } | { kind: 'address'; address: string };

export function readAnyUnsubscribeToken(token: string): UnsubscribeSubjectRef | null {
  const customerId = readUnsubscribeToken(token);
  if (customerId !== null) return { kind: 'customer', customerId };
  const address = readAddressUnsubscribeToken(token);
  return address === null ? null : { kind: 'address', address };
}

/** An address's unsubscribe page in the email's language: /unsubscribe/e.…, /fr/unsubscribe/e.… */
export function buildAddressUnsubscribePageUrl(locale: string, address: string, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  return new URL(localePath(locale, `/unsubscribe/${createAddressUnsubscribeToken(address)}`), siteUrl).toString();
}

/** An address's RFC 8058 one-click address (List-Unsubscribe). */
export function buildAddressOneClickUnsubscribeUrl(address: string, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  return new URL(`/api/unsubscribe/${createAddressUnsubscribeToken(address)}`, siteUrl).toString();
}
