/**
 * One line for a stored address, its town and its postal code, wherever one is shown: customer
 * pages and emails, receipts, staff screens, exports. The booking forms take the street address as
 * typed, and the town often comes from the postal code, so a customer who typed
 * '12 Wilson St E, Ancaster' is not shown '12 Wilson St E, Ancaster, Ancaster'. Pure: the browser
 * uses it too.
 */

/** Lowercase, single spaces, no surrounding punctuation: 'Ancaster,  ON ' → 'ancaster on'. */
const simplify = (value: string) => value.toLowerCase().replace(/[\s.]+/g, ' ').replace(/^[\s,]+|[\s,]+$/g, '');

/** Postal codes compared without spaces, hyphens or case: 'l9g-2b5' and 'L9G 2B5' are the same. */
const compact = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/**
 * A part of an address without the country, province and postal code people add after the town:
 * 'Ancaster ON L9G 2B5' → 'ancaster'; a part that is only 'ON' or 'Canada' becomes ''.
 */
const withoutProvinceAndCode = (part: string) =>
  ` ${simplify(part)}`
    .replace(/\s+canada$/, '')
    .replace(/\s+[a-z]\d[a-z]\s?-?\d[a-z]\d$/, '')
    .replace(/\s+(on|ont|ontario)$/, '')
    .trim();

/**
 * True when the address already names the town: as one of its comma-separated parts after the
 * street ('45 Wilson St, Ancaster, ON') or as the last words of its last part ('45 Wilson St
 * Ancaster'), in any case. A street named after the town ('12 Hamilton Rd') does not count.
 */
export function addressNamesCity(address: string, city: string): boolean {
  const town = simplify(city);
  if (!town) return false;
  const parts = address.split(',').map(withoutProvinceAndCode).filter(Boolean);
  if (parts.slice(1).includes(town)) return true;
  const last = parts.at(-1) ?? '';
  return last === town || last.endsWith(` ${town}`);
}

/**
 * 'address, city, postal code', naming the town and the postal code once even when the stored
 * address already holds them: ('45 Wilson St, Ancaster', 'Ancaster', 'L9G 2B5') →
 * '45 Wilson St, Ancaster, L9G 2B5'.
 */
export function formatAddressLine(address: string | null | undefined, city?: string | null, postalCode?: string | null): string {
  const street = (address ?? '').trim().replace(/[\s,]+$/, '');
  const town = (city ?? '').trim();
  const code = (postalCode ?? '').trim();
  const parts = [street];
  if (town && !addressNamesCity(street, town)) parts.push(town);
  if (code && !compact(street).includes(compact(code))) parts.push(code);
  return parts.filter(Boolean).join(', ');
}

/**
 * True when two addresses name the same street address (their first comma-separated parts, in any
 * case, spacing or dots): '12 King St. W, Hamilton' and '12 king st w' are the same. False when
 * either is blank.
 */
export function isSameStreet(a: string | null | undefined, b: string | null | undefined): boolean {
  const street = (value: string | null | undefined) => simplify((value ?? '').split(',')[0] ?? '');
  return street(a) !== '' && street(a) === street(b);
}

/** The first postal code written in an address ('12 King St W, Hamilton ON L8P 1A1' → 'L8P 1A1'); null when none. */
export function findPostalCodeIn(address: string | null | undefined): string | null {
  const match = /\b([a-z]\d[a-z])[\s-]?(\d[a-z]\d)\b/i.exec(address ?? '');
  return match ? `${match[1]} ${match[2]}`.toUpperCase() : null;
}
