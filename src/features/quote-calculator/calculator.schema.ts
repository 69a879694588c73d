/**
 * The calculator's form (SPEC "Quote calculator", §5 "Quote page checks"). Messages are
 * translation keys (root namespace), shown with `useTranslations()`.
 */
import { z } from 'zod';
import { EXTRA_CODES } from '@/features/pricing/price-table';
import { FIELD_LIMITS, limitedText, requiredPhone, tooLongMessage } from '@/lib/field-limits';
import { findSecondContactProblems, type SecondContactProblem } from '@/features/quotes/quote.schema';
import { isValidPostalCode } from '@/features/service-area/postal-code';
import { CALCULATOR_PLANS, CALCULATOR_SIZES } from './calculator-options';

/**
 * Customer contact fields shared by Buy Now and the email modal. Length limits and the phone rule
 * are the ones POST /api/appointments and /api/send-quote apply (src/lib/field-limits.ts).
 */
const ContactFields = {
  firstName: limitedText('firstName').min(1, 'calculator.errors.firstNameRequired'),
  lastName: limitedText('lastName').min(1, 'calculator.errors.lastNameRequired'),
  email: limitedText('email').min(1, 'calculator.errors.emailRequired').pipe(z.email('calculator.errors.emailInvalid')),
  phone: requiredPhone('calculator.errors.phoneRequired'),
};

/** The calculator's words for each problem of the shared second-contact rule. */
const SECOND_CONTACT_MESSAGES: Record<SecondContactProblem['reason'], string> = {
  nameRequired: 'calculator.errors.secondNameRequired',
  reachRequired: 'calculator.errors.secondReachRequired',
  emailInvalid: 'calculator.errors.emailInvalid',
  phoneInvalid: 'calculator.errors.secondPhoneInvalid',
};

/**
 * SPEC "an optional second customer block": someone else we may reach about the visit (a partner,
 * a property manager). Checked only when the visitor opens it, by the same rule as the API.
 */
export const SecondContactSchema = z
  .object({ enabled: z.boolean(), name: z.string().trim(), email: z.string().trim(), phone: z.string().trim() })
  .superRefine((value, ctx) => {
    // A closed block is not sent, so nothing typed in it can hold the form up.
    if (!value.enabled) return;
    for (const field of ['name', 'email', 'phone'] as const) {
      if (value[field].length > FIELD_LIMITS[field]) ctx.addIssue({ code: 'custom', path: [field], message: tooLongMessage(field) });
    }
    for (const problem of findSecondContactProblems(value)) {
      ctx.addIssue({ code: 'custom', path: [problem.field], message: SECOND_CONTACT_MESSAGES[problem.reason] });
    }
  });

/** Buy Now needs every starred field of SPEC §5 plus a date. */
export const CalculatorFormSchema = z.object({
  ...ContactFields,
  address: limitedText('address').min(5, 'calculator.errors.addressRequired'),
  postalCode: limitedText('postalCode').refine(isValidPostalCode, 'calculator.errors.postalCodeInvalid'),
  propertySize: z.enum(CALCULATOR_SIZES),
  serviceType: z.enum(CALCULATOR_PLANS),
  includeTick: z.boolean(),
  includeTargetedInsects: z.boolean(),
  extras: z.array(z.enum(EXTRA_CODES)),
  date: z.string().min(1, 'calculator.errors.dateRequired'),
  secondContact: SecondContactSchema,
  /** The optional, unticked promotional-email consent box (CASL, 0043). */
  marketingConsent: z.boolean().optional(),
});
export type CalculatorFormInput = z.input<typeof CalculatorFormSchema>;
export type CalculatorFormValues = z.output<typeof CalculatorFormSchema>;

/** The "Send Quote to Your Email" modal. */
export const SendQuoteFormSchema = z.object({ ...ContactFields, website: z.string().optional() });
export type SendQuoteFormValues = z.output<typeof SendQuoteFormSchema>;
