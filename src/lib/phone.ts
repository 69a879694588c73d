/**
 * The one phone rule for customer phone numbers (every form and API that takes one).
 *
 * A North American (NANP) number, written the way people write it:
 * - 10 digits: a 3-digit area code and a 3-digit exchange that each start with 2-9, then 4 digits;
 * - optionally preceded by the country code `1` or `+1`;
 * - digits may be grouped with spaces, dots, hyphens and parentheses: `905-555-0134`,
 *   `(905) 555-0134`, `905.555.0134`, `+1 905 555 0134`, `19055550134`;
 * - optionally followed by an extension of 1 to 6 digits: `x123`, `ext 123`, `ext. 123`,
 *   `extension 123`.
 * Letters anywhere else, other symbols, too few or too many digits are refused.
 *
 * Checking only: what the customer typed is stored as typed (the codebase does not normalise phones).
 */

/** Longest phone a form accepts, extension included: '+1 (905) 555-0134 ext. 123456' is 29. */
export const PHONE_MAX_LENGTH = 30;

const EXTENSION = /\s*(?:x|ext\.?|extension)\s*\d{1,6}$/i;
const GROUPED_DIGITS = /^\+?[\d\s.()-]+$/;
const NANP = /^1?[2-9]\d{2}[2-9]\d{6}$/;

/** True when `value` is a North American phone number as described above (surrounding spaces ignored). */
export function isValidPhone(value: string): boolean {
  const text = value.trim();
  if (text === '' || text.length > PHONE_MAX_LENGTH) return false;
  const number = text.replace(EXTENSION, '').trim();
  if (!GROUPED_DIGITS.test(number)) return false;
  // A '+' is only the country-code prefix: '+1', nothing else.
  if (number.includes('+') && !/^\+\s*1/.test(number)) return false;
  return NANP.test(number.replace(/\D/g, ''));
}
