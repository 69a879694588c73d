/**
 * Quote inputs (SPEC §5, §7), shared by the calculator form and the API handlers. Messages are
 * translation keys. Pure: no server imports, so the browser can use it too.
 */
import { z } from 'zod';
import { EXTRA_CODES } from '@/features/pricing/price-table';
import { isPricedServiceType, normaliseServiceType } from '@/features/pricing/pricing';
import { FIELD_LIMITS, limitedText, PHONE_INVALID_MESSAGE, tooLongMessage } from '@/lib/field-limits';
import { foldSpaces, joinNameParts } from '@/lib/person-name';
import { isValidPhone } from '@/lib/phone';

/** Accepts true/false and the strings SPEC's query parameters and old clients send. */
const Flag = z.preprocess((value) => {
  if (value === 'true' || value === 'on' || value === '1') return true;
  if (value === 'false' || value === '' || value === '0' || value === null) return false;
  return value;
}, z.boolean().optional());

/** Acres as a number or SPEC's strings ('0.5'); 999 means "Acreage" (custom quote). */
export const PropertySizeSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number({ error: 'pricing.errors.propertySize' })
    .refine((n) => Number.isFinite(n) && n > 0 && n <= 999, 'pricing.errors.propertySize'),
);

/** Any spelling of a priced plan ('tick' → 'tick-seasonal'); the output is canonical. */
export const PricedServiceTypeSchema = z
  .string({ error: 'pricing.errors.serviceType' })
  .transform((value, ctx) => {
    const normalised = normaliseServiceType(value);
    if (!normalised || !isPricedServiceType(normalised)) {
      ctx.addIssue({ code: 'custom', message: 'pricing.errors.serviceType' });
      return z.NEVER;
    }
    return normalised;
  });

const ExtrasSchema = z.array(z.enum(EXTRA_CODES, { error: 'pricing.errors.extras' })).max(EXTRA_CODES.length * 2, 'pricing.errors.extras');

const quoteOptionFields = {
  serviceType: PricedServiceTypeSchema,
  propertySize: PropertySizeSchema,
  includeTick: Flag,
  includeTargetedInsects: Flag,
  /** SPEC's checkout spelling of includeTargetedInsects. */
  includeStandingWater: Flag,
  extras: ExtrasSchema.optional(),
  discountCode: z.string().trim().max(40).nullish(),
};

/** Folds SPEC's two spellings of the targeted-insect add-on into one. */
function foldOptions<T extends { includeTick?: boolean; includeTargetedInsects?: boolean; includeStandingWater?: boolean; extras?: string[]; discountCode?: string | null }>(value: T) {
  const { includeStandingWater, ...rest } = value;
  return {
    ...rest,
    includeTick: value.includeTick ?? false,
    includeTargetedInsects: (value.includeTargetedInsects ?? false) || (includeStandingWater ?? false),
    extras: [...new Set(value.extras ?? [])],
    discountCode: value.discountCode ? value.discountCode : null,
  };
}

/** POST /api/calculate-quote. An empty address is SPEC's 'not provided'. */
export const CalculateQuoteSchema = z
  .object({ ...quoteOptionFields, address: z.string().trim().max(300).nullish() })
  .transform((value) => ({ ...foldOptions(value), address: value.address ? value.address : 'not provided' }));
export type CalculateQuoteInput = z.input<typeof CalculateQuoteSchema>;
export type CalculateQuoteRequest = z.output<typeof CalculateQuoteSchema>;

export const QuoteDetailsSchema = z
  .object({
    ...quoteOptionFields,
    address: z.string({ error: 'quotes.addressRequired' }).trim().min(1, 'quotes.addressRequired').max(FIELD_LIMITS.address, tooLongMessage('address')),
    city: z.string().trim().max(FIELD_LIMITS.city, tooLongMessage('city')).nullish(),
    // Longer than the shared limit on purpose: a code with a typo after it ('L8P 1A1 extra') is
    // answered by the postal code check, which says what a valid code looks like.
    postalCode: z.string().trim().max(20).nullish(),
    // What the customer saw; the server prices the quote itself and ignores these.
    totalPrice: z.unknown().optional(),
    lotSizeDisplay: z.unknown().optional(),
  }, { error: 'quotes.invalidDetails' })
  .transform(({ totalPrice: _t, lotSizeDisplay: _l, ...value }) => ({
    ...foldOptions(value),
    address: value.address,
    city: value.city || null,
    postalCode: value.postalCode || null,
  }));

export type SecondContact = { name: string; email: string; phone: string };
export type SecondContactProblem = { field: keyof SecondContact; reason: 'nameRequired' | 'reachRequired' | 'emailInvalid' | 'phoneInvalid' };

/**
 * The one rule for the calculator's optional second contact, used by the form and the API: a name
 * of two characters or more, and an email or a phone; whichever is given must be valid (a phone
 * follows the one phone rule, src/lib/phone.ts).
 */
export function findSecondContactProblems(contact: SecondContact): SecondContactProblem[] {
  const problems: SecondContactProblem[] = [];
  const email = contact.email.trim();
  const phone = contact.phone.trim();
  if (contact.name.trim().length < 2) problems.push({ field: 'name', reason: 'nameRequired' });
  if (!email && !phone) return [...problems, { field: 'email', reason: 'reachRequired' }];
  if (email && !z.email().safeParse(email).success) problems.push({ field: 'email', reason: 'emailInvalid' });
  if (phone && !isValidPhone(phone)) problems.push({ field: 'phone', reason: 'phoneInvalid' });
  return problems;
}

/** The second contact as POST /api/send-quote receives it (the form has already applied the same rule). */
export const SecondContactSchema = z
  .object({
    name: z.string().trim().max(200, 'quotes.secondContactInvalid'),
    email: z.string().trim().max(254, 'quotes.secondContactInvalid').default(''),
    phone: z.string().trim().max(40, 'quotes.secondContactInvalid').default(''),
  }, { error: 'quotes.secondContactInvalid' })
  .superRefine((contact, ctx) => {
    for (const problem of findSecondContactProblems(contact)) ctx.addIssue({ code: 'custom', path: [problem.field], message: 'quotes.secondContactInvalid' });
  });

/**
 * A name part as the customer booking pages take it (POST /api/customers: the limit, required once
 * given, the same translated messages), spaces folded as the full name is compared (0070).
 */
const namePart = (field: 'firstName' | 'lastName') =>
  limitedText(field).min(1, `booking.validation.${field}Required`).transform(foldSpaces).nullish();

/** POST /api/send-quote (the modal 'Send Quote to Your Email'). */
export const SendQuoteSchema = z.object({
  email: z.string({ error: 'quotes.nameRequired' }).trim().toLowerCase().pipe(z.email('quotes.invalidEmail').max(254, 'quotes.invalidEmail')),
  // The calculator's modal sends "first last": room for both at their limits and the space between.
  name: z.string({ error: 'quotes.nameRequired' }).trim().min(1, 'quotes.nameRequired').max(FIELD_LIMITS.firstName + 1 + FIELD_LIMITS.lastName, 'quotes.nameRequired'),
  /**
   * The two fields the name came from (0070), optional beside SPEC's `name`: kept on the quote so
   * a compound first name ("José María") is not split at the first space later. Both or neither.
   */
  firstName: namePart('firstName'),
  lastName: namePart('lastName'),
  phone: z.string().trim().max(FIELD_LIMITS.phone, tooLongMessage('phone')).refine((value) => value === '' || isValidPhone(value), PHONE_INVALID_MESSAGE).nullish(),
  quoteDetails: QuoteDetailsSchema,
  secondContact: SecondContactSchema.nullish(),
  /**
   * What the customer wrote for the office (/request-service's "Special Requests" with a custom
   * quote, 0084), at the booking notes' limit; blank is none.
   */
  notes: limitedText('notes').transform((value) => value || null).nullish(),
  /** Honeypot: people never see it, so anything in it means a bot. */
  website: z.string().optional(),
}).superRefine((value, ctx) => {
  const { firstName, lastName } = value;
  if (firstName == null && lastName == null) return;
  if (firstName == null) ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'booking.validation.firstNameRequired' });
  if (lastName == null) ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'booking.validation.lastNameRequired' });
  // Two names for one person would leave the office and the emails to guess which is right.
  if (firstName != null && lastName != null && joinNameParts({ firstName, lastName }) !== foldSpaces(value.name)) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: 'quotes.nameMismatch' });
  }
});
export type SendQuoteInput = z.input<typeof SendQuoteSchema>;
export type SendQuoteRequest = z.output<typeof SendQuoteSchema>;

/**
 * POST /api/admin/quotes/{id}/follow-up (docs/decisions/0059): the total the office saw in the
 * confirmation, in cents. The email is queued only while today's prices still give that total, so
 * the office never sends a figure it did not read.
 */
export const QuoteFollowUpSchema = z.object({
  expectedTotalCents: z.number('errors.invalidField').int('errors.invalidField').min(0, 'errors.invalidField').max(100_000_000, 'errors.invalidField'),
});
export type QuoteFollowUpRequest = z.infer<typeof QuoteFollowUpSchema>;
