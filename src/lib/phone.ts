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
 * Customers' phones are checked only and stored as typed. The business's own public number
 * (docs/decisions/0076) is stored in one canonical form, E.164 (`+19055550134`), and shown
 * formatted: `formatPhone`, `toTelHref`, `formatPhoneInternational` read either form.
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

/** The ten digits of a North American number without extension (country code dropped), or null. */
function readNanpDigits(value: string): string | null {
  const text = value.trim();
  if (!isValidPhone(text) || EXTENSION.test(text)) return null;
  return text.replace(/\D/g, '').slice(-10);
}

/**
 * What two customers' phones are compared by (docs/decisions/0105): the line's ten digits, however
 * they were grouped and with or without the country code; an extension is left off (it reaches
 * someone on the same line). `905-555-0101`, `(905) 555 0101` and `+1 905 555 0101` all give
 * `9055550101`. Null for anything `isValidPhone` refuses. `customers.phone_key` is the same rule
 * in SQL (src/db/schema/customers.ts), so a stored phone is compared without reading every row.
 */
export function toPhoneKey(value: string): string | null {
  const text = value.trim();
  if (!isValidPhone(text)) return null;
  return text.replace(EXTENSION, '').replace(/\D/g, '').slice(-10);
}

/** True when `value` ends with an extension (`x123`, `ext. 123`). */
export function hasPhoneExtension(value: string): boolean {
  return EXTENSION.test(value.trim());
}

/**
 * The canonical, stored form of a North American number without extension: E.164, `+19055550134`,
 * whatever grouping was typed. Null for anything `isValidPhone` refuses, or one with an extension.
 */
export function toE164Phone(value: string): string | null {
  const digits = readNanpDigits(value);
  return digits ? `+1${digits}` : null;
}

/**
 * How the site, emails and receipts show a number: `(905) 555-0134`. A value that is not a North
 * American number without extension (a row written before the canonical form) is shown as stored.
 */
export function formatPhone(value: string): string {
  const digits = readNanpDigits(value);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value.trim();
}

/** With the country code, as search engines ask of a business's number: `+1 905-555-0134`. */
export function formatPhoneInternational(value: string): string {
  const digits = readNanpDigits(value);
  return digits ? `+1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : value.trim();
}

/**
 * A `tel:` link that dials from anywhere: `tel:+19055550134`. An extension in a value stored before
 * the canonical form is left off (a phone would dial its digits as part of the number); anything
 * else keeps its digits and `+`.
 */
export function toTelHref(value: string): string {
  const number = value.trim().replace(EXTENSION, '');
  return `tel:${toE164Phone(number) ?? number.replace(/[^\d+]/g, '')}`;
}
