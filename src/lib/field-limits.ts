/**
 * Length limits of the customer-facing text fields, one table for every form and the API behind
 * it: the zod schemas read them (so the browser and the server refuse the same input with the
 * same message) and the inputs carry them as `maxLength`.
 *
 * Each limit has its own message, `errors.tooLong.<field>`, which states the number: the message
 * files write it out ("Please keep the first name to 100 characters or fewer."), and
 * field-limits.test.ts checks every language against this table.
 */
import { z } from 'zod';
import { isValidPhone, PHONE_MAX_LENGTH } from './phone';

export const FIELD_LIMITS = {
  firstName: 100,
  lastName: 100,
  /** A full name typed in one field (contact form, service request, checkout); it is split into first and last. */
  name: 100,
  email: 254,
  phone: PHONE_MAX_LENGTH,
  address: 300,
  city: 100,
  postalCode: 10,
  subject: 200,
  notes: 1000,
  message: 5000,
} as const;

export type LimitedField = keyof typeof FIELD_LIMITS;

/** The translation key of a field's "too long" message. */
export const tooLongMessage = (field: LimitedField) => `errors.tooLong.${field}`;

/** The shared message for a phone that breaks the phone rule (src/lib/phone.ts). */
export const PHONE_INVALID_MESSAGE = 'errors.phoneInvalid';

/** A trimmed string capped at the field's limit, with its message. */
export const limitedText = (field: LimitedField) => z.string().trim().max(FIELD_LIMITS[field], tooLongMessage(field));

/**
 * A required customer phone: empty → `requiredMessage`, too long → `errors.tooLong.phone`,
 * anything else that is not a North American number → `invalidMessage`.
 */
export function requiredPhone(requiredMessage: string, invalidMessage = PHONE_INVALID_MESSAGE) {
  return limitedText('phone').min(1, requiredMessage).refine((value) => value === '' || isValidPhone(value), invalidMessage);
}

/** An optional customer phone: empty is fine, anything typed must follow the phone rule. */
export function optionalPhone(invalidMessage = PHONE_INVALID_MESSAGE) {
  return limitedText('phone').refine((value) => value === '' || isValidPhone(value), invalidMessage);
}

/**
 * Zod messages are translation keys ('booking.validation.x'); messages a server sent back in a
 * 400's `fields` are already translated text. Tells the two apart.
 */
export function isMessageKey(message: string): boolean {
  return /^[a-zA-Z]+\.[\w.-]+$/.test(message);
}
