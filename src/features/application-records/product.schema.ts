import { z } from 'zod';
import { PRODUCT_UNITS } from '@/lib/product-units';

/**
 * A pest control product as the office enters it (docs/decisions/0042): its name on the label, its
 * PCP registration number and the unit its amounts are recorded in. The same schemas feed the
 * admin screen's forms and the handlers; messages are translation keys. Client-safe.
 */

export const PRODUCT_NAME_MAX = 80;

const name = z
  .string('applicationRecords.products.nameRequired')
  // One spelling for comparisons and display: composed Unicode, no stray or doubled spaces.
  .overwrite((value) => value.normalize('NFC').trim().replace(/\s+/g, ' '))
  .min(1, 'applicationRecords.products.nameRequired')
  .max(PRODUCT_NAME_MAX, 'applicationRecords.products.nameTooLong');

/**
 * The registration number under the Pest Control Products Act, as the label prints it after
 * "Reg. No." / "PCP": digits only (3 to 6 of them). Spaces and a typed "PCP" or "No." are dropped.
 */
const pcpNumber = z
  .string('applicationRecords.products.pcpRequired')
  .overwrite((value) => value.replace(/pcp|reg\.?|no\.?|#|\s/gi, ''))
  .min(1, 'applicationRecords.products.pcpRequired')
  .regex(/^\d{3,6}$/, 'applicationRecords.products.pcpInvalid');

const unit = z.enum(PRODUCT_UNITS, 'applicationRecords.products.unitInvalid');

/** POST /api/admin/products: a new, active product. */
export const ProductInputSchema = z.object({ name, pcpNumber, unit });
export type ProductInput = z.output<typeof ProductInputSchema>;
export type ProductFormValues = z.input<typeof ProductInputSchema>;

/** PATCH /api/admin/products/{id}: any of the fields, and/or `isActive` (retire, or offer again). */
export const ProductChangeSchema = z
  .object({
    name: name.optional(),
    pcpNumber: pcpNumber.optional(),
    unit: unit.optional(),
    isActive: z.boolean('applicationRecords.products.invalidActive').optional(),
  })
  .superRefine((change, ctx) => {
    if (Object.values(change).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'applicationRecords.products.nothingToChange' });
    }
  });
export type ProductChange = z.output<typeof ProductChangeSchema>;
