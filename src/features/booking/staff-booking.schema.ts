/**
 * The office's "New booking" form for a customer on the phone (docs/decisions/0091): what the
 * public booking asks, minus the card and the contact details (the customer record has them).
 * Messages are translation keys; pure, so the form and the API refuse the same input alike.
 */
import { z } from 'zod';
import { EXTRA_CODES } from '@/features/pricing/price-table';
import { PropertySizeSchema } from '@/features/quotes/quote.schema';
import { LOCALES } from '@/i18n/routing';
import { limitedText } from '@/lib/field-limits';

/** The plans the office books for a customer: the priced ones (a consultation is arranged by phone already). */
export const STAFF_BOOKING_SERVICES = ['onetime', 'seasonal', 'tick-seasonal'] as const;

export const StaffBookingSchema = z.object({
  serviceType: z.enum(STAFF_BOOKING_SERVICES, 'booking.validation.serviceTypeRequired'),
  propertySize: PropertySizeSchema,
  includeTick: z.boolean().default(false),
  includeTargetedInsects: z.boolean().default(false),
  extras: z.array(z.enum(EXTRA_CODES, 'pricing.errors.extras')).max(EXTRA_CODES.length).default([]),
  discountCode: z.string().trim().max(40).nullish(),
  date: z.string('booking.validation.dateRequired').regex(/^\d{4}-\d{2}-\d{2}$/, 'booking.validation.dateRequired'),
  address: limitedText('address').min(5, 'booking.validation.addressRequired'),
  city: limitedText('city').min(2, 'booking.validation.cityRequired'),
  postalCode: limitedText('postalCode').min(6, 'booking.validation.invalidPostalCode'),
  notes: limitedText('notes').nullish(),
  /** The email's language: the customer's stored one unless the office picks another. */
  locale: z.enum(LOCALES).nullish(),
  /** The total (cents, HST included) the office read out; a different server total is a 409. */
  confirmedTotalCents: z.number().int().nonnegative().nullish(),
});
export type StaffBookingInput = z.output<typeof StaffBookingSchema>;
export type StaffBookingFormValues = z.input<typeof StaffBookingSchema>;

/**
 * "Resend the payment link" names how many payment-link emails the screen showed (0097): a second
 * press, or a second screen, that answers a count already sent is refused (409) instead of emailing again.
 */
export const ResendPaymentLinkSchema = z.object({
  sent: z.number('staffBooking.errors.sentInvalid').int('staffBooking.errors.sentInvalid').min(0, 'staffBooking.errors.sentInvalid').max(10_000, 'staffBooking.errors.sentInvalid'),
});
