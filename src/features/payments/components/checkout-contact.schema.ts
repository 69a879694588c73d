/**
 * The contact block of /checkout-new (SPEC §5: name, email, phone, city and postal code are
 * required). Messages are translation keys from the root; the length limits and the phone rule are
 * the ones POST /api/customers applies to the same values (src/lib/field-limits.ts), so nothing the
 * page accepts is refused there.
 */
import { z } from 'zod';
import { isValidPostalCode } from '@/features/service-area/postal-code';
import { limitedText, requiredPhone } from '@/lib/field-limits';

const REQUIRED = 'checkout.new.required';

export const CheckoutContactSchema = z.object({
  name: limitedText('name').min(1, REQUIRED),
  email: limitedText('email').min(1, REQUIRED).pipe(z.email('checkout.new.invalidEmail')),
  phone: requiredPhone(REQUIRED),
  city: limitedText('city').min(1, REQUIRED),
  // The booking refuses a malformed code; checked here too, before the customer record is made (0078).
  postalCode: limitedText('postalCode').min(1, REQUIRED).refine(isValidPostalCode, 'checkout.new.invalidPostalCode'),
});

/** The page's fields in the order it shows them. */
const FIELD_ORDER = ['name', 'email', 'phone', 'city', 'postalCode', 'date'] as const;

/** The first refused field as the page shows them (focus goes there), or null when none is. */
export function findFirstInvalidCheckoutField(invalid: Partial<Record<(typeof FIELD_ORDER)[number], string>>): (typeof FIELD_ORDER)[number] | null {
  return FIELD_ORDER.find((field) => invalid[field]) ?? null;
}
export type CheckoutContact = z.input<typeof CheckoutContactSchema>;

/** The first problem of each field, as translation keys: `{ phone: 'errors.phoneInvalid' }`; empty when all is well. */
export function findCheckoutContactProblems(contact: CheckoutContact): Partial<Record<keyof CheckoutContact, string>> {
  const result = CheckoutContactSchema.safeParse(contact);
  const problems: Partial<Record<keyof CheckoutContact, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof CheckoutContact;
    problems[field] ??= issue.message;
  }
  return problems;
}

/**
 * Where a 400 from POST /api/customers or /api/appointments is shown on /checkout-new: the name is
 * split into first and last name for the server, so either comes back on the full-name field.
 */
export function placeCheckoutServerFields(fields: Record<string, string>): Partial<Record<keyof CheckoutContact | 'date', string>> {
  const placed: Partial<Record<keyof CheckoutContact | 'date', string>> = {
    name: fields.firstName ?? fields.lastName,
    email: fields.email,
    phone: fields.phone,
    city: fields.city,
    postalCode: fields.postalCode ?? fields.zipCode,
    date: fields.date,
  };
  return Object.fromEntries(Object.entries(placed).filter(([, message]) => typeof message === 'string')) as typeof placed;
}
