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
  /**
   * `false`: this prefix's codes are not served, though a shorter prefix around it is (Vineland's
   * L0R 2C… inside a served L0R; docs/decisions/0088). Absent or `true`: served, as every row was
   * before the flag existed.
   */
  served?: boolean;
}

export type ServiceAreaCheck =
  | { valid: true; inServiceArea: boolean; postalCode: string; area: string | null }
  | { valid: false; reason: 'invalid-postal-code'; postalCode: string };

/** What a letter typed where Canada Post always puts a digit stands for. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * Removes spaces (and the hyphens people sometimes type) and uppercases:
 * `' l8p 4r5 '` → `'L8P4R5'`. In a six-character code, a letter O, I or l where the code has a
 * digit (second, fourth and sixth place) is read as that digit: rural codes such as Beamsville's
 * L0R 1B0 are often typed "LOR 1BO", and no code has a letter there. Does not validate.
 */
export function normalisePostalCode(input: string): string {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== 6) return code;
  return [...code].map((char, i) => (i % 2 === 1 ? DIGIT_LOOKALIKES[char] ?? char : char)).join('');
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

/** Canada's provinces and territories by their Canada Post abbreviations, in the order Canada Post lists them. */
export const CANADIAN_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type CanadianProvince = (typeof CANADIAN_PROVINCES)[number];

export function isCanadianProvince(value: string): value is CanadianProvince {
  return (CANADIAN_PROVINCES as readonly string[]).includes(value);
}

/**
 * The province a postal code's first letter belongs to (Canada Post assigns the letters by
 * province: K, L, M, N and P are Ontario; G, H and J Quebec; X is shared by the Northwest
 * Territories and Nunavut). A code and a province that disagree are a typo in one of them.
 */
const POSTAL_DISTRICTS: Record<string, readonly CanadianProvince[]> = {
  A: ['NL'], B: ['NS'], C: ['PE'], E: ['NB'], G: ['QC'], H: ['QC'], J: ['QC'],
  K: ['ON'], L: ['ON'], M: ['ON'], N: ['ON'], P: ['ON'],
  R: ['MB'], S: ['SK'], T: ['AB'], V: ['BC'], X: ['NT', 'NU'], Y: ['YT'],
};

/** True when a valid postal code can be an address in `province` (`'L8N 3W1'` and `'ON'`). */
export function isPostalCodeInProvince(postalCode: string, province: string): boolean {
  const districts = POSTAL_DISTRICTS[normalisePostalCode(postalCode).charAt(0)] ?? [];
  return (districts as readonly string[]).includes(province);
}

/** Whether a row's codes are served: only an explicit `served: false` takes a prefix out. */
export function isServedRow(row: ServedPrefix): boolean {
  return row.served !== false;
}

/**
 * The row with the longest prefix a normalised, valid postal code starts with, served or not;
 * null when no row matches. Blank prefixes match nothing.
 */
export function findLongestPrefix<T extends ServedPrefix>(postalCode: string, rows: readonly T[]): T | null {
  let best: T | null = null;
  let bestLength = 0;
  for (const row of rows) {
    const prefix = normalisePostalCode(row.prefix);
    if (prefix.length > bestLength && postalCode.startsWith(prefix)) {
      best = row;
      bestLength = prefix.length;
    }
  }
  return best;
}

/**
 * Checks whether a postal code is served. The longest matching prefix decides, so a branch can
 * carve a town out of a larger FSA, and a row marked not served (`served: false`) takes its codes
 * out of a served FSA around it (docs/decisions/0088).
 *
 * @returns `valid: false` for a malformed code (the API answers 400); otherwise
 *   `inServiceArea` with the normalised code and the matching area (null when not served)
 */
export function checkServiceArea(input: string, servedPrefixes: readonly ServedPrefix[]): ServiceAreaCheck {
  const postalCode = normalisePostalCode(input);
  if (!POSTAL_CODE.test(postalCode)) return { valid: false, reason: 'invalid-postal-code', postalCode };

  const best = findLongestPrefix(postalCode, servedPrefixes);
  const served = best !== null && isServedRow(best);
  return { valid: true, inServiceArea: served, postalCode, area: served ? best.area : null };
}

/** A stored code the branch does not serve now, as Canada Post writes it, and the community marked not served (0088). */
export interface OutsideServiceArea {
  postalCode: string;
  area: string | null;
}

/**
 * For the office (docs/decisions/0088): a stored code the branch does not serve now, with the
 * community its longest row names when that row is marked not served (null when no row matches).
 * Null for a served code, a blank one or one too malformed to tell.
 */
export function findOutsideServiceArea(input: string | null, servedPrefixes: readonly ServedPrefix[]): OutsideServiceArea | null {
  if (!input) return null;
  const check = checkServiceArea(input, servedPrefixes);
  if (!check.valid || check.inServiceArea) return null;
  return { postalCode: formatPostalCode(check.postalCode), area: findLongestPrefix(check.postalCode, servedPrefixes)?.area ?? null };
}

/** FSA → area, for FSAs DECISIONS §4 lists under several towns the more specific town wins. */
const HAMILTON_FSAS = ['L8H', 'L8K', 'L8L', 'L8M', 'L8N', 'L8P', 'L8R', 'L8S', 'L8T', 'L8V', 'L8W', 'L9A', 'L9B', 'L9C'];

/**
 * The communities inside L0R, a rural FSA that runs from Flamborough through Glanbrook to Lincoln
 * and West Lincoln. Canada Post gives each rural post office its own first two LDU characters
 * (Beamsville L0R 1B0, 1B1 … 1B9), so the community is known from five characters. Without these
 * rows every L0R code was "Flamborough": a Beamsville homeowner was told we serve Flamborough, and
 * their booking's town (and its route point) said so too (docs/decisions/0078). Codes of L0R not
 * listed here keep the FSA's row.
 */
export const L0R_COMMUNITIES: ServedPrefix[] = [
  { prefix: 'L0R1B', area: 'Beamsville' },
  { prefix: 'L0R1C', area: 'Binbrook' },
  { prefix: 'L0R1H', area: 'Carlisle' },
  { prefix: 'L0R1J', area: 'Copetown' },
  { prefix: 'L0R1K', area: 'Freelton' },
  { prefix: 'L0R1S', area: 'Jordan Station' },
  { prefix: 'L0R1T', area: 'Lynden' },
  { prefix: 'L0R1V', area: 'Millgrove' },
  { prefix: 'L0R1W', area: 'Mount Hope' },
  { prefix: 'L0R1X', area: 'Rockton' },
  { prefix: 'L0R1Z', area: 'Sheffield' },
  { prefix: 'L0R2A', area: 'Smithville' },
  { prefix: 'L0R2B', area: 'Troy' },
  { prefix: 'L0R2C', area: 'Vineland' },
  { prefix: 'L0R2E', area: 'Vineland Station' },
  { prefix: 'L0R2H', area: 'Waterdown' },
  { prefix: 'L0R2J', area: 'Wellandport' },
];

/**
 * DECISIONS §4's served FSAs, one row per FSA, then L0R's communities. Hamilton's L8E–L8W range
 * skips the letters Canada Post never uses (F, I, O, Q, U). Where DECISIONS lists an FSA twice the
 * more specific town is the area: L8E/L8G/L8J Stoney Creek (not Hamilton), L9K Ancaster (not
 * Hamilton), L0R Flamborough for the codes `L0R_COMMUNITIES` does not name.
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
  ...L0R_COMMUNITIES,
];
