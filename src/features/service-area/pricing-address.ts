/**
 * The address string every price is computed on: the street line, a comma, and the town. The
 * town comes from the form, else from the postal code's served area, else Hamilton. A Dundas (L9H)
 * or Ancaster (L9G) postal code therefore carries the premium-area multiplier even when the street
 * line names no town, and the calculator, checkout, emailed quote and booking all agree on it.
 */
import { checkServiceArea, type ServedPrefix } from './postal-code';

/** The branch's home town, used when neither the form nor the postal code names one. */
export const DEFAULT_PRICING_CITY = 'Hamilton';

/** The served area of a postal code (its FSA), else Hamilton. */
export function cityForPostalCode(postalCode: string, servedPrefixes: readonly ServedPrefix[]): string {
  const check = checkServiceArea(postalCode, servedPrefixes);
  return check.valid && check.area ? check.area : DEFAULT_PRICING_CITY;
}

/** Exactly the string handed to the pricing engine. */
export function buildPricingAddress(address: string, city: string | null | undefined): string {
  return `${address.trim()}, ${city?.trim() || DEFAULT_PRICING_CITY}`;
}
