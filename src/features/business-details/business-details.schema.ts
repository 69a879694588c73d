import { z } from 'zod';
import { readHstNumber } from '@/features/receipts/hst-number';
import {
  formatPostalCode, isCanadianProvince, isPostalCodeInProvince, isValidPostalCode,
} from '@/features/service-area/postal-code';
import { FIELD_LIMITS, tooLongMessage } from '@/lib/field-limits';
import { hasPhoneExtension, isValidPhone, PHONE_MAX_LENGTH, toE164Phone } from '@/lib/phone';

/**
 * The business's details as the owner sets them at /business (docs/decisions/0044, 0076): the
 * seller's identity a tax receipt prints (registered name, GST/HST registration number) and the
 * public contact details every page, email and new receipt shows (phone, email, mailing address).
 * The same schema feeds the admin form and PUT /api/admin/business; messages are translation keys.
 * Client-safe.
 */

export const LEGAL_NAME_MAX = 120;

/** One spelling for display: composed Unicode, no stray or doubled spaces. */
const tidy = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ');

const legalName = z
  .string('businessDetails.legalNameInvalid')
  .overwrite(tidy)
  .max(LEGAL_NAME_MAX, 'businessDetails.legalNameTooLong')
  .transform((value) => value || null);

/** Blank clears the number; anything else must be the CRA's format and is stored as a receipt prints it. */
const hstNumber = z
  .string('businessDetails.hstNumberInvalid')
  .overwrite((value) => value.trim())
  .refine((value) => readHstNumber(value).kind !== 'invalid', 'businessDetails.hstNumberInvalid')
  .transform((value) => {
    const reading = readHstNumber(value);
    return reading.kind === 'valid' ? reading.formatted : null;
  });

/**
 * The number customers call, as every page links it: a North American number in any usual
 * grouping, stored as E.164 (`+19055550134`). No extension: visitors tap it to dial.
 */
const phone = z
  .string('businessDetails.phoneRequired')
  .trim()
  .min(1, 'businessDetails.phoneRequired')
  .max(PHONE_MAX_LENGTH, tooLongMessage('phone'))
  .refine((value) => !hasPhoneExtension(value), 'businessDetails.phoneExtension')
  .refine(isValidPhone, 'businessDetails.phoneInvalid')
  .transform((value) => toE164Phone(value) ?? value);

/** Where customers write and reply; stored trimmed and in lower case. */
const email = z
  .string('businessDetails.emailRequired')
  .trim()
  .toLowerCase()
  .min(1, 'businessDetails.emailRequired')
  .max(FIELD_LIMITS.email, tooLongMessage('email'))
  .pipe(z.email('businessDetails.emailInvalid'));

/** A required line of the mailing address, tidied. */
const addressLine = (field: 'address' | 'city', required: string) => z
  .string(required)
  .overwrite(tidy)
  .min(1, required)
  .max(FIELD_LIMITS[field], tooLongMessage(field));

const province = z
  .string('businessDetails.provinceInvalid')
  .trim()
  .toUpperCase()
  .refine(isCanadianProvince, 'businessDetails.provinceInvalid');

/** A Canadian postal code in any spacing or case, stored as Canada Post writes it (`L8N 3W1`). */
const postalCode = z
  .string('businessDetails.postalCodeInvalid')
  .trim()
  .max(FIELD_LIMITS.postalCode, 'businessDetails.postalCodeInvalid')
  .refine(isValidPostalCode, 'businessDetails.postalCodeInvalid')
  .transform(formatPostalCode);

/**
 * PUT /api/admin/business: every field, every time (the form always sends the whole screen). The
 * mailing address is required in full: every email ends with it (0029). A postal code from another
 * province than the one chosen is refused beside the postal code.
 */
export const BusinessDetailsSchema = z
  .object({ legalName, hstNumber, phone, email, address: addressLine('address', 'businessDetails.streetRequired'), city: addressLine('city', 'businessDetails.cityRequired'), province, postalCode })
  .refine((value) => isPostalCodeInProvince(value.postalCode, value.province), {
    message: 'businessDetails.postalCodeProvince',
    path: ['postalCode'],
    // Only when both parts are right on their own: a malformed code already has its message.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'postalCode' || issue.path?.[0] === 'province'),
  });
export type BusinessDetailsFormValues = z.input<typeof BusinessDetailsSchema>;

/** The fields in the order the screen shows them: the form's, the columns a save writes, the names its history records. */
export const BUSINESS_DETAIL_FIELDS = ['legalName', 'hstNumber', 'phone', 'email', 'address', 'city', 'province', 'postalCode'] as const satisfies readonly (keyof BusinessDetailsFormValues)[];
export type BusinessDetailField = (typeof BUSINESS_DETAIL_FIELDS)[number];
export type BusinessDetailsInput = z.output<typeof BusinessDetailsSchema>;
