import 'server-only';
import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { getEnv } from '@/env';
import { deriveLinkKey } from '@/server/link-key';
import { localePath } from '@/components/site/locale-paths';

/**
 * The customer's private "Manage your booking" link (docs/decisions/0032, 0050).
 *
 * The token is the booking reference and the booking's link generation sealed with a server key:
 * AES-256-GCM whose nonce is an HMAC of what is sealed (a synthetic IV, as in SIV modes), so one
 * booking has one token per generation and no token table is needed. Every email that names a
 * booking prints its link from the reference and the generation on the booking's rows, and the
 * page opens the token back into both; the booking opens only while the generation is its current
 * one (`openManageToken`), which the office raises to cut a link off. Without the key a token can
 * be neither made nor read (128-bit tag); nothing in it shows the reference.
 *
 * Version 1 (0032, the links emailed before 0050) sealed the reference alone: it still reads, as
 * generation 0, so those links work until their booking's link is first replaced.
 */
export type ManageLink = { bookingRef: string; generation: number };

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const GENERATION_BYTES = 4;
/** Base64url of nonce + sealed text + tag; references are short, so tokens are 40-80 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{40,120}$/;

/** Local runs (APP_ENV=local) only: production refuses to start without BOOKING_LINK_SECRET (src/env.ts). */
const DEVELOPMENT_SECRET = 'local-development-only: manage-booking links of the demo site';

/** One token format: its keys (each version its own, from the same secret) and what its plaintext holds. */
type Format = {
  aad: Buffer;
  seal: Buffer;
  nonce: Buffer;
  encode: (link: ManageLink) => Buffer;
  decode: (plain: Buffer) => ManageLink | null;
};

/** Today's format: the generation (uint32, big-endian) then the reference. */
const V2 = 'v2';
/** 0032's format: the reference alone, read as generation 0. Never written any more. */
const V1 = 'v1';

let cached: { secret: string; formats: Record<typeof V1 | typeof V2, Format> } | undefined;

function readFormats() {
  const secret = getEnv().BOOKING_LINK_SECRET ?? DEVELOPMENT_SECRET;
  if (cached?.secret !== secret) {
    const derive = (label: string) => deriveLinkKey(label, DEVELOPMENT_SECRET);
    cached = {
      secret,
      formats: {
        [V1]: {
          aad: Buffer.from('escarpment manage-booking link v1'),
          seal: derive('manage-booking:seal'),
          nonce: derive('manage-booking:nonce'),
          encode: (link) => Buffer.from(link.bookingRef, 'utf8'),
          decode: (plain) => ({ bookingRef: plain.toString('utf8'), generation: 0 }),
        },
        [V2]: {
          aad: Buffer.from('escarpment manage-booking link v2'),
          seal: derive('manage-booking:v2:seal'),
          nonce: derive('manage-booking:v2:nonce'),
          encode: (link) => {
            const generation = Buffer.alloc(GENERATION_BYTES);
            generation.writeUInt32BE(link.generation);
            return Buffer.concat([generation, Buffer.from(link.bookingRef, 'utf8')]);
          },
          decode: (plain) => plain.length > GENERATION_BYTES
            ? { bookingRef: plain.subarray(GENERATION_BYTES).toString('utf8'), generation: plain.readUInt32BE(0) }
            : null,
        },
      },
    };
  }
  return cached.formats;
}

const nonceFor = (plain: Buffer, format: Format) => createHmac('sha256', format.nonce).update(plain).digest().subarray(0, NONCE_BYTES);

function seal(plain: Buffer, format: Format): string {
  const nonce = nonceFor(plain, format);
  const cipher = createCipheriv('aes-256-gcm', format.seal, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(format.aad);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
}

function unseal(raw: Buffer, format: Format): ManageLink | null {
  const nonce = raw.subarray(0, NONCE_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', format.seal, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(format.aad);
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    // Only the token we hand out opens the booking, not another nonce sealed by the same key.
    return timingSafeEqual(nonce, nonceFor(plain, format)) ? format.decode(plain) : null;
  } catch {
    return null;
  }
}

/** The token of a booking's link generation: the same for the same reference, generation and key. */
export function createManageToken(link: ManageLink): string {
  if (!Number.isInteger(link.generation) || link.generation < 0 || link.generation > 0xffffffff) {
    throw new RangeError(`manage-booking link generation out of range: ${link.generation}`);
  }
  const format = readFormats()[V2];
  return seal(format.encode(link), format);
}

/**
 * The booking reference and link generation a token was made for (a version 1 token: generation
 * 0); null for anything this server did not make. Whether the generation is still the booking's
 * is the database's answer: callers use `openManageToken`.
 */
export function readManageToken(token: string): ManageLink | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length <= NONCE_BYTES + TAG_BYTES || raw.toString('base64url') !== token) return null;
  // Each version has its own keys and associated data, so a token authenticates under one at most.
  const formats = readFormats();
  return unseal(raw, formats[V2]) ?? unseal(raw, formats[V1]);
}

/** The page's path in the customer's language: /manage-booking/{token}, /fr/manage-booking/{token}... */
export function manageBookingPath(locale: string, link: ManageLink): string {
  return localePath(locale, `/manage-booking/${createManageToken(link)}`);
}

/** The absolute link the emails carry. */
export function buildManageBookingUrl(locale: string, link: ManageLink, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  return new URL(manageBookingPath(locale, link), siteUrl).toString();
}

/** A token where a link carries one: the page's path and everything under it (receipts, the API). */
const LINK_TOKEN = /(?<=\/manage-booking\/)[A-Za-z0-9_-]{40,120}(?![A-Za-z0-9_-])/g;

/**
 * `content` (an email's subject, text or HTML) with every link to `link`'s booking made in another
 * generation (an earlier one, or 0032's format) carrying `link`'s token instead; links to other
 * bookings and anything else are left as they are. What an email still waiting in the outbox is
 * rewritten with when the office replaces the booking's link (docs/decisions/0056).
 */
export function carryCurrentLink(content: string, link: ManageLink): string {
  let current: string | undefined;
  return content.replace(LINK_TOKEN, (token) => {
    const printed = readManageToken(token);
    if (printed?.bookingRef !== link.bookingRef || printed.generation === link.generation) return token;
    current ??= createManageToken(link);
    return current;
  });
}
