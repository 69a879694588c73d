import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/**
 * A new booking reference, `BK-` and eight characters: about 39 bits of randomness from an alphabet
 * without look-alikes (no I, L, O, U, 0 or 1), short enough to read out on the phone. Checkout
 * addresses carry it as proof of holding the booking (decision 0025).
 */
export function newBookingRef(): string {
  return `BK-${Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

const PREFIXED = /^BK([A-Z0-9]{8})$/;
const ISSUED_BODY = new RegExp(`^[${ALPHABET}]{8}$`);

/**
 * The booking reference a staff search names, as references are stored, or null (decision 0064).
 * Case, spaces and hyphens do not count: 'bk 7h3k-9qz2' is BK-7H3K9QZ2. After `BK` come any eight
 * letters or digits; without the prefix only what `newBookingRef` makes is read as a reference,
 * eight characters of its alphabet, since any reference can be written so and the prefix adds
 * nothing to tell two apart. Such a word can also be a name ('Hartmann'): the caller searches for both.
 */
export function readBookingRefQuery(text: string): string | null {
  if (text.length > 40) return null;
  const compact = text.replace(/[\s-]+/g, '').toUpperCase();
  const prefixed = PREFIXED.exec(compact);
  if (prefixed) return `BK-${prefixed[1]}`;
  return ISSUED_BODY.test(compact) ? `BK-${compact}` : null;
}
