/**
 * The office's "New customer" (docs/decisions/0098): a first-time caller added from the dashboard's
 * Customers tab so "New booking" can book them. Pure, so the dialog and POST /api/admin/customers
 * refuse the same input with the same translated messages. Whether the postal code is served is
 * branch data: the service asks `checkServiceArea` with the branch's prefixes.
 */
import { z } from 'zod';
import { isValidPostalCode } from '@/features/service-area/postal-code';
import { LOCALES } from '@/i18n/routing';
import { limitedText, requiredPhone } from '@/lib/field-limits';

export const NewCustomerSchema = z.object({
  firstName: limitedText('firstName').min(1, 'staffCustomers.errors.firstNameRequired'),
  lastName: limitedText('lastName').min(1, 'staffCustomers.errors.lastNameRequired'),
  email: limitedText('email').min(1, 'staffCustomers.errors.emailRequired').pipe(z.email('staffCustomers.errors.emailInvalid')),
  phone: requiredPhone('staffCustomers.errors.phoneRequired'),
  // What a booking needs to reach the house: the same minimums as the office's "New booking" (0091).
  address: limitedText('address').min(5, 'staffCustomers.errors.addressRequired'),
  city: limitedText('city').min(2, 'staffCustomers.errors.cityRequired'),
  postalCode: limitedText('postalCode').refine(isValidPostalCode, 'staffCustomers.errors.postalCodeInvalid'),
  /** The language of every email the customer gets (`customers.locale`). */
  locale: z.enum(LOCALES, 'staffCustomers.errors.languageRequired'),
  /**
   * CASL: true only when the customer said yes on the phone to the consent sentence the clerk read
   * them; never assumed. Anything but a yes/no is refused, not read as either.
   */
  marketingConsent: z.boolean('errors.invalidField').default(false),
});
export type NewCustomerFormValues = z.input<typeof NewCustomerSchema>;
export type NewCustomerInput = z.output<typeof NewCustomerSchema>;

/** "Is this phone already on file?" (0105): the number as typed so far; a body, so it reaches no log as a query string. */
export const PhoneMatchQuerySchema = z.object({ phone: limitedText('phone') });

/** A customer already on file with the phone typed: who, and their town, to tell a family member from a duplicate. */
export type PhoneMatch = { id: number; name: string; city: string | null };
export type PhoneMatches = { matches: PhoneMatch[]; total: number };
