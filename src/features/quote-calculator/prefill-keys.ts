/**
 * The query parameters the calculator prefills from (SPEC "Prefill"), plus `firstName` and
 * `lastName`, the two name fields a link may carry beside SPEC's `name` (0070). Kept apart from the
 * parser so the page's always-loaded island can check for them without pulling in the pricing engine.
 */
export const PREFILL_KEYS = ['serviceType', 'propertySize', 'includeTick', 'includeTargetedInsects', 'name', 'firstName', 'lastName', 'address', 'email'] as const;

/** True when the query holds anything the calculator reads, so the page can load it right away. */
export function hasPrefill(search: URLSearchParams): boolean {
  return PREFILL_KEYS.some((key) => search.has(key));
}
