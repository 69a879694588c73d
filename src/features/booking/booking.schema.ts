/**
 * Booking inputs (SPEC §3 payloads, §5 rules). Zod messages are `booking.*` translation keys so the
 * same schema gives the form and the API the same translated error.
 *
 * The server accepts every payload variant SPEC's screens send to POST /api/appointments and
 * normalises them to one `BookingInput` (see `normaliseAppointmentPayload`).
 */
import { z } from 'zod';
import { normaliseServiceType } from '@/features/pricing/pricing';
import { type LimitedField, limitedText, optionalPhone, PHONE_INVALID_MESSAGE, requiredPhone } from '@/lib/field-limits';
import { splitFullName } from '@/lib/person-name';
import { isValidPhone } from '@/lib/phone';

const optionalText = (max = 500) => z.string().trim().max(max).optional().nullable();
/** An optional customer field with its shared length limit and message (src/lib/field-limits.ts). */
const optionalField = (field: LimitedField) => limitedText(field).optional().nullable();
/** Booleans arrive as true/false, 'true'/'false' (query strings) or are absent. */
const looseBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean().optional().nullable());

/** SPEC §5 booking form (landing-page booking section). `tick` means tick-seasonal (DECISIONS §2). */
export const BookingFormSchema = z.object({
  firstName: limitedText('firstName').min(2, 'booking.validation.firstNameRequired'),
  lastName: limitedText('lastName').min(2, 'booking.validation.lastNameRequired'),
  email: limitedText('email').pipe(z.email('booking.validation.invalidEmail')),
  phone: requiredPhone('booking.validation.phoneRequired'),
  address: limitedText('address').min(5, 'booking.validation.addressRequired'),
  city: limitedText('city').min(2, 'booking.validation.cityRequired'),
  zipCode: limitedText('postalCode').min(5, 'booking.validation.zipCodeRequired'),
  serviceType: z.enum(['onetime', 'seasonal', 'tick'], 'booking.validation.serviceTypeRequired'),
  propertySize: z.string().min(1, 'booking.validation.propertySizeRequired'),
  includeTick: z.boolean(),
  includeTargetedInsects: z.boolean(),
  date: z.string().min(1, 'booking.validation.dateRequired'),
  specialInstructions: limitedText('notes').optional(),
  /** The optional, unticked "Email me seasonal reminders and offers" box (CASL, 0043). */
  marketingConsent: z.boolean().optional(),
});
export type BookingFormValues = z.infer<typeof BookingFormSchema>;

/** planSelected's serviceType (onetime, seasonal, tick, and the canonical spellings) → the booking form's value. */
export function toFormServiceType(value: unknown): BookingFormValues['serviceType'] | null {
  if (value === 'onetime' || value === 'seasonal' || value === 'tick') return value;
  if (value === 'tick-seasonal') return 'tick';
  return null;
}

/** SPEC §5 service request form (→ /checkout-new). */
export const ServiceRequestSchema = z.object({
  name: limitedText('name').min(2, 'booking.validation.nameMin'),
  email: limitedText('email').pipe(z.email('booking.validation.validEmail')),
  phone: requiredPhone('booking.validation.validPhone'),
  address: limitedText('address').min(5, 'booking.validation.fullAddress'),
  city: limitedText('city').min(2, 'booking.validation.city'),
  postalCode: limitedText('postalCode').min(6, 'booking.validation.validPostalCode'),
  propertySize: z.string().min(1, 'booking.validation.propertySizeRequired'),
  serviceType: z.enum(['onetime', 'seasonal', 'tick-seasonal'], 'booking.validation.serviceTypeRequired'),
  includeTick: z.boolean(),
  includeStandingWater: z.boolean(),
  specialRequests: limitedText('notes').optional(),
});
export type ServiceRequestValues = z.infer<typeof ServiceRequestSchema>;

/** SPEC §5's stand-in when an order has no phone: the one non-phone POST /api/customers accepts. */
export const NO_PHONE = '000-000-0000';

/**
 * Order-creation path (SPEC §5): name, email and address required; defaults phone 000-000-0000,
 * postal code L8P1X1, city Hamilton, last name '-'. The full name splits at the first space unless
 * the order carries the first and last name the customer typed (a quote's, 0070).
 */
export function prepareOrderCustomer(input: {
  name?: string; firstName?: string; lastName?: string; email?: string; address?: string; phone?: string; city?: string; postalCode?: string;
}):
  | { ok: true; customer: { firstName: string; lastName: string; email: string; phone: string; address: string; city: string; postalCode: string } }
  | { ok: false; missing: ('name' | 'email' | 'address')[] } {
  const name = (input.name ?? '').trim();
  const email = (input.email ?? '').trim();
  const address = (input.address ?? '').trim();
  const missing = (['name', 'email', 'address'] as const).filter((k) => !{ name, email, address }[k]);
  if (missing.length > 0) return { ok: false, missing: [...missing] };
  const { firstName, lastName } = splitFullName(name, input);
  return {
    ok: true,
    customer: {
      firstName,
      lastName,
      email,
      address,
      // A quote saved before the phone rule may hold a phone it refuses: the order goes ahead without it.
      phone: input.phone && isValidPhone(input.phone) ? input.phone.trim() : NO_PHONE,
      city: input.city?.trim() || 'Hamilton',
      postalCode: input.postalCode?.trim() || 'L8P1X1',
    },
  };
}

/** POST /api/customers (SPEC §7): the booking form sends `zipCode` instead of `postalCode`. */
export const CustomerRequestSchema = z
  .object({
    firstName: limitedText('firstName').min(1, 'booking.validation.firstNameRequired'),
    lastName: limitedText('lastName').min(1, 'booking.validation.lastNameRequired'),
    email: limitedText('email').pipe(z.email('booking.validation.invalidEmail')),
    // The phone rule, or SPEC's stand-in for an order placed without a phone (prepareOrderCustomer).
    phone: limitedText('phone').min(1, 'booking.validation.phoneRequired')
      .refine((value) => value === '' || value === NO_PHONE || isValidPhone(value), PHONE_INVALID_MESSAGE),
    address: optionalField('address'),
    city: optionalField('city'),
    postalCode: optionalField('postalCode'),
    zipCode: optionalField('postalCode'),
    propertySize: z.union([z.number(), z.string()]).optional().nullable(),
    locale: z.string().optional(),
  })
  .transform(({ zipCode, ...rest }) => ({ ...rest, postalCode: rest.postalCode ?? zipCode ?? null }));
export type CustomerRequest = z.infer<typeof CustomerRequestSchema>;

/** Property size: a positive number of acres; SPEC sends it as a number or a string. */
const propertySizeSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number('booking.validation.propertySizeRequired').positive('booking.validation.propertySizeRequired').optional(),
);

/** Accepts `YYYY-MM-DD` or a full ISO timestamp (the one-step booking sends `date` as ISO). */
const dateSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
  z.string('booking.validation.dateRequired').regex(/^\d{4}-\d{2}-\d{2}$/, 'booking.validation.dateRequired'),
);

/** Every SPEC §3 variant of the POST /api/appointments payload. */
export const AppointmentRequestSchema = z.object({
  serviceType: z.string('booking.validation.serviceTypeRequired').refine((v) => normaliseServiceType(v) !== null, 'booking.validation.serviceTypeRequired'),
  propertySize: propertySizeSchema,
  includeTick: looseBoolean,
  includeTargetedInsects: looseBoolean,
  includeStandingWater: looseBoolean,
  extras: z.array(z.string().max(50)).max(10).optional().nullable(),
  discountCode: optionalText(50),
  customerId: z.coerce.number().int().positive().optional().nullable(),
  firstName: optionalField('firstName'),
  lastName: optionalField('lastName'),
  email: z.preprocess((v) => (v === '' ? undefined : v), limitedText('email').pipe(z.email('booking.validation.invalidEmail')).optional().nullable()),
  phone: optionalPhone().optional().nullable(),
  address: optionalField('address'),
  city: optionalField('city'),
  postalCode: optionalField('postalCode'),
  zipCode: optionalField('postalCode'),
  date: dateSchema,
  time: optionalText(20),
  notes: optionalField('notes'),
  specialInstructions: optionalField('notes'),
  planId: z.coerce.number().int().optional().nullable(),
  quoteId: z.coerce.number().int().positive().optional().nullable(),
  quoteToken: optionalText(200),
  status: z.enum(['pending', 'pending-payment'], 'errors.invalidField').optional().nullable(),
  confirmedTotalCents: z.number().int().nonnegative().optional().nullable(),
  /** SPEC's booking form saves its after-tax estimate as `confirmedQuoteTotal` (dollars). */
  confirmedQuoteTotal: z.coerce.number().nonnegative().optional().nullable(),
  locale: z.string().max(5).optional().nullable(),
  /** The customer ticked the box for promotional email (0043); absent or false records nothing. */
  marketingConsent: looseBoolean,
});
export type AppointmentRequest = z.infer<typeof AppointmentRequestSchema>;

/** Service types a customer can book online; `standingwater` only exists as an add-on visit. */
export type BookableServiceType = 'onetime' | 'seasonal' | 'tick-seasonal' | 'consult';

/** The one shape `createBooking` works on, whatever screen the request came from. */
export interface BookingInput {
  serviceType: BookableServiceType;
  propertySize: number;
  includeTick: boolean;
  includeTargetedInsects: boolean;
  extras: string[];
  discountCode: string | null;
  /** Only honoured together with `email` matching that customer's record (never on its own). */
  customerId: number | null;
  /** The email the request carried, with or without the rest of the contact details. */
  email: string | null;
  contact: { firstName: string; lastName: string; email: string; phone: string } | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  date: string;
  time: string;
  notes: string | null;
  quoteId: number | null;
  status: 'pending' | 'pending-payment';
  /** What the customer saw, in cents after tax; a different server total is a 409. */
  confirmedTotalCents: number | null;
  locale: string | null;
  /** Ticked "Email me seasonal reminders and offers": consent is recorded on the customer (0043). */
  marketingConsent?: boolean;
}

/** Default size when a flow sends none (SPEC §9: 0.25). */
export const DEFAULT_PROPERTY_SIZE = 0.25;

/**
 * Maps a validated request to `BookingInput`: `zipCode` → postalCode, `specialInstructions` →
 * notes, `includeStandingWater` → includeTargetedInsects, '9:00 AM' → '09:00',
 * `confirmedQuoteTotal` (dollars) → cents. Returns null for `standingwater` as a booked plan.
 */
export function normaliseAppointmentPayload(req: AppointmentRequest): BookingInput | null {
  const serviceType = normaliseServiceType(req.serviceType);
  if (!serviceType || serviceType === 'standingwater') return null;
  const hasContact = !!(req.email && (req.firstName || req.lastName));
  const confirmedTotalCents =
    req.confirmedTotalCents ?? (req.confirmedQuoteTotal != null ? Math.round(req.confirmedQuoteTotal * 100) : null);
  return {
    serviceType,
    propertySize: req.propertySize ?? DEFAULT_PROPERTY_SIZE,
    includeTick: serviceType !== 'tick-seasonal' && !!req.includeTick,
    includeTargetedInsects: !!(req.includeTargetedInsects ?? req.includeStandingWater),
    extras: req.extras ?? [],
    discountCode: req.discountCode?.trim() || null,
    customerId: req.customerId ?? null,
    email: req.email?.trim().toLowerCase() || null,
    contact: hasContact
      ? {
          firstName: req.firstName?.trim() || '-',
          lastName: req.lastName?.trim() || '-',
          email: req.email!.trim().toLowerCase(),
          phone: req.phone?.trim() || '000-000-0000',
        }
      : null,
    address: req.address?.trim() || null,
    city: req.city?.trim() || null,
    postalCode: (req.postalCode ?? req.zipCode)?.trim() || null,
    date: req.date,
    time: normaliseTime(req.time),
    notes: (req.notes ?? req.specialInstructions)?.trim() || null,
    quoteId: req.quoteId ?? null,
    status: req.status ?? 'pending',
    confirmedTotalCents,
    locale: req.locale ?? null,
    marketingConsent: req.marketingConsent === true,
  };
}

/** '9:00 AM' → '09:00', '1:00 PM' → '13:00', '09:00' stays; anything unreadable is the default 09:00. */
export function normaliseTime(value: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/.exec((value ?? '').trim());
  if (!match) return '09:00';
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[3]?.toUpperCase();
  if (meridiem === 'PM' && hours < 12) hours += 12;
  if (meridiem === 'AM' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return '09:00';
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** SPEC §3 booking analytics record (POST /api/booking-analytics). Lenient: analytics never blocks. */
export const BookingAnalyticsSchema = z.object({
  timestamp: z.string().max(40).optional().nullable(),
  planType: z.string().max(40).optional().nullable(),
  planId: z.coerce.number().int().min(0).max(100).optional().nullable(),
  propertySize: z.coerce.number().min(0).max(10000).optional().nullable(),
  location: z.object({ city: z.string().max(100).optional().nullable(), postalCode: z.string().max(10).optional().nullable() }).optional().nullable(),
  sessionId: z.string().min(1).max(100),
  pageSource: z.string().max(300).optional().nullable(),
  customerInfo: z.record(z.string(), z.string().max(300)).optional().nullable(),
  conversionStage: z.string().min(1).max(60).default('booking_initiated'),
});
export type BookingAnalyticsRecord = z.infer<typeof BookingAnalyticsSchema>;
