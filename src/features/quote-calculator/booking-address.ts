/**
 * The address string the server prices a booking on. POST /api/appointments prices
 * `${address}, ${city}` (booking.service), and the calculator sends the city it derives from the
 * postal code, so the preview must price the very same string: a Dundas (L9H) or Ancaster (L9G)
 * postal code carries the premium-area multiplier even when the street line names no town.
 */
import { checkServiceArea, type ServedPrefix } from '@/features/service-area/postal-code';

/** The server's default city, used when the postal code names no served area. */
export const DEFAULT_BOOKING_CITY = 'Hamilton';

/** The served area of a postal code (its FSA), else Hamilton, as the calculator sends it. */
export function cityForPostalCode(postalCode: string, servedPrefixes: readonly ServedPrefix[]): string {
  const check = checkServiceArea(postalCode, servedPrefixes);
  return check.valid && check.area ? check.area : DEFAULT_BOOKING_CITY;
}

/** Exactly the string the booking service hands to the pricing engine. */
export function buildPricingAddress(address: string, city: string): string {
  return `${address.trim()}, ${city}`;
}

export interface SecondContact {
  name: string;
  email: string;
  phone: string;
}

/** The optional second contact as a line for staff in the appointment notes; null when empty. */
export function describeSecondContact(contact: SecondContact | null | undefined): string | null {
  if (!contact) return null;
  const parts = [contact.name, contact.email, contact.phone].map((p) => p.trim()).filter(Boolean);
  return parts.length ? `Second contact: ${parts.join(' · ')}` : null;
}
