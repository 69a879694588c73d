import { z } from 'zod';
import { readHstNumber } from '@/features/receipts/hst-number';

/**
 * The seller's identity a tax receipt prints (docs/decisions/0040, 0044): the registered business
 * name and the GST/HST registration number. Both may be left blank: the receipt then names the
 * display name alone and prints no number. The same schema feeds the admin form and
 * PUT /api/admin/business; messages are translation keys. Client-safe.
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

/** PUT /api/admin/business: both fields, every time (the form always sends the whole screen). */
export const BusinessDetailsSchema = z.object({ legalName, hstNumber });
export type BusinessDetailsFormValues = z.input<typeof BusinessDetailsSchema>;
export type BusinessDetailsInput = z.output<typeof BusinessDetailsSchema>;
