/**
 * Postal-code rules and the service-area check (DECISIONS §4), pure: the served prefixes are branch
 * data passed in; `DEFAULT_SERVED_PREFIXES` is what the seed stores for the Hamilton branch.
 */

/**
 * Canada Post format `A1A 1A1` without the space. D, F, I, O, Q and U never appear (they read like
 * digits or each other); W and Z are never the first letter.
 */
const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;

export interface ServedPrefix {
  /** Usually an FSA (`'L8P'`); a longer prefix is allowed and wins over a shorter one. */
  prefix: string;
  /** Town shown to the customer and staff, e.g. `'Stoney Creek'`. */
  area: string;
}

export type ServiceAreaCheck =
  | { valid: true; inServiceArea: boolean; postalCode: string; area: string | null }
  | { valid: false; reason: 'invalid-postal-code'; postalCode: string };

/**
 * Removes spaces (and the hyphens people sometimes type) and uppercases:
 * `' l8p 4r5 '` → `'L8P4R5'`. Does not validate.
 */
export function normalisePostalCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** True for a Canadian postal code in any spacing or case (`'L8P 4R5'`, `'l8p4r5'`). */
export function isValidPostalCode(input: string): boolean {
  return POSTAL_CODE.test(normalisePostalCode(input));
}

/** The forward sortation area: the first three characters of a normalised postal code. */
export function extractFsa(postalCode: string): string {
  return normalisePostalCode(postalCode).slice(0, 3);
}

/** Formats a valid code the way Canada Post writes it: `'L8P4R5'` → `'L8P 4R5'`. */
export function formatPostalCode(postalCode: string): string {
  const code = normalisePostalCode(postalCode);
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/**
 * Checks whether a postal code is served. The longest matching prefix decides the area, so a
 * branch can carve a town out of a larger FSA.
 *
 * @returns `valid: false` for a malformed code (the API answers 400); otherwise
 *   `inServiceArea` with the normalised code and the matching area (null when not served)
 */
export function checkServiceArea(input: string, servedPrefixes: readonly ServedPrefix[]): ServiceAreaCheck {
  const postalCode = normalisePostalCode(input);
  if (!POSTAL_CODE.test(postalCode)) return { valid: false, reason: 'invalid-postal-code', postalCode };

  let best: ServedPrefix | null = null;
  for (const served of servedPrefixes) {
    const prefix = normalisePostalCode(served.prefix);
    if (prefix.length > 0 && postalCode.startsWith(prefix) && prefix.length > normalisePostalCode(best?.prefix ?? '').length) {
      best = served;
    }
  }
  return { valid: true, inServiceArea: best !== null, postalCode, area: best?.area ?? null };
}

/** FSA → area, for FSAs DECISIONS §4 lists under several towns the more specific town wins. */
const HAMILTON_FSAS = ['L8H', 'L8K', 'L8L', 'L8M', 'L8N', 'L8P', 'L8R', 'L8S', 'L8T', 'L8V', 'L8W', 'L9A', 'L9B', 'L9C'];

/**
 * DECISIONS §4's served FSAs, one row per FSA. Hamilton's L8E–L8W range skips the letters Canada
 * Post never uses (F, I, O, Q, U). Where DECISIONS lists an FSA twice the more specific town is the
 * area: L8E/L8G/L8J Stoney Creek (not Hamilton), L9K Ancaster (not Hamilton), L0R Flamborough
 * (also Binbrook; L0R is a large rural FSA).
 */
export const DEFAULT_SERVED_PREFIXES: ServedPrefix[] = [
  ...HAMILTON_FSAS.map((prefix) => ({ prefix, area: 'Hamilton' })),
  { prefix: 'L8E', area: 'Stoney Creek' },
  { prefix: 'L8G', area: 'Stoney Creek' },
  { prefix: 'L8J', area: 'Stoney Creek' },
  { prefix: 'L9G', area: 'Ancaster' },
  { prefix: 'L9K', area: 'Ancaster' },
  { prefix: 'L9H', area: 'Dundas' },
  { prefix: 'L8B', area: 'Waterdown' },
  { prefix: 'L0R', area: 'Flamborough' },
  { prefix: 'L3M', area: 'Grimsby' },
  { prefix: 'N3W', area: 'Caledonia' },
];
