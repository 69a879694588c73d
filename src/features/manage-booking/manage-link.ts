import 'server-only';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { getEnv } from '@/env';
import { localePath } from '@/components/site/locale-paths';

/**
 * The customer's private "Manage your booking" link (docs/decisions/0032).
 *
 * The token is the booking reference sealed with a server key: AES-256-GCM whose nonce is an
 * HMAC of the reference (a synthetic IV, as in SIV modes), so one booking always has the same
 * token and no database row is needed. Every email that names a booking can print its link
 * from the reference alone (bookings made before this feature included), and the page opens
 * the token back into the reference. Without the key a token can be neither made nor read
 * (128-bit tag); nothing in it shows the reference.
 */
const AAD = Buffer.from('escarpment manage-booking link v1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Base64url of nonce + reference + tag; references are short, so tokens are 40-80 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{40,120}$/;

/** Local runs (APP_ENV=local) only: production refuses to start without BOOKING_LINK_SECRET (src/env.ts). */
const DEVELOPMENT_SECRET = 'local-development-only: manage-booking links of the demo site';

type LinkKeys = { seal: Buffer; nonce: Buffer };
let cachedKeys: { secret: string; keys: LinkKeys } | undefined;

function readKeys(): LinkKeys {
  const secret = getEnv().BOOKING_LINK_SECRET ?? DEVELOPMENT_SECRET;
  if (cachedKeys?.secret !== secret) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, '', info, 32));
    cachedKeys = { secret, keys: { seal: derive('manage-booking:seal'), nonce: derive('manage-booking:nonce') } };
  }
  return cachedKeys.keys;
}

function nonceFor(bookingRef: string, keys: LinkKeys): Buffer {
  return createHmac('sha256', keys.nonce).update(bookingRef, 'utf8').digest().subarray(0, NONCE_BYTES);
}

/** The booking's token: the same for the same reference and key. */
export function createManageToken(bookingRef: string): string {
  const keys = readKeys();
  const nonce = nonceFor(bookingRef, keys);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(AAD);
  const sealed = Buffer.concat([cipher.update(bookingRef, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The booking reference a token was made for; null for anything this server did not make. */
export function readManageToken(token: string): string | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length <= NONCE_BYTES + TAG_BYTES || raw.toString('base64url') !== token) return null;
  const keys = readKeys();
  const nonce = raw.subarray(0, NONCE_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.seal, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(AAD);
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const bookingRef = Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    // Only the token we hand out opens the booking, not another nonce sealed by the same key.
    return timingSafeEqual(nonce, nonceFor(bookingRef, keys)) ? bookingRef : null;
  } catch {
    return null;
  }
}

/** The page's path in the customer's language: /manage-booking/{token}, /fr/manage-booking/{token}... */
export function manageBookingPath(locale: string, bookingRef: string): string {
  return localePath(locale, `/manage-booking/${createManageToken(bookingRef)}`);
}

/** The absolute link the emails carry. */
export function buildManageBookingUrl(locale: string, bookingRef: string, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  return new URL(manageBookingPath(locale, bookingRef), siteUrl).toString();
}
