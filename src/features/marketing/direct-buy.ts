/**
 * SPEC "Direct-buy mode": `/?directBuy=true&service=…&size=…` (links in quote emails) shows a
 * toast and forwards the same values to /checkout-new. Pure parsing, so it is unit-tested.
 */

/**
 * SPEC's keys, plus `quoteToken` from a quote email so /checkout-new charges that saved quote, and
 * `firstName`/`lastName`, the name as typed in two fields, which /checkout-new prefers to splitting
 * `name` at its first space (0070).
 */
export const DIRECT_BUY_KEYS = ['service', 'size', 'includeTick', 'includeStandingWater', 'address', 'email', 'name', 'firstName', 'lastName', 'price', 'quoteToken'] as const;
export type DirectBuyKey = (typeof DIRECT_BUY_KEYS)[number];
export type DirectBuyRequest = Partial<Record<DirectBuyKey, string>> & { service: string; size: string };

/** SPEC's time the toast stays up and the delay before the redirect. */
export const DIRECT_BUY_TOAST_MS = 3000;
export const DIRECT_BUY_REDIRECT_MS = 1500;

/** Null unless `directBuy=true`; otherwise the values with SPEC's defaults (service onetime, size 0.5). */
export function parseDirectBuy(search: URLSearchParams): DirectBuyRequest | null {
  if (search.get('directBuy') !== 'true') return null;
  const request: DirectBuyRequest = { service: 'onetime', size: '0.5' };
  for (const key of DIRECT_BUY_KEYS) {
    const value = search.get(key)?.trim();
    if (value) request[key] = value;
  }
  return request;
}

/** The query string /checkout-new receives: the same keys and values, in a stable order. */
export function buildDirectBuyQuery(request: DirectBuyRequest): string {
  const query = new URLSearchParams();
  for (const key of DIRECT_BUY_KEYS) {
    const value = request[key];
    if (value !== undefined) query.set(key, value);
  }
  return query.toString();
}
