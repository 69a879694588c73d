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
