import { z } from 'zod';

/**
 * Staff cancel a booking (POST /api/admin/bookings/{bookingRef}/cancel). The refund is in cents,
 * from 0 to what the booking can still give back (the service checks the upper bound under lock);
 * without it the terms' amount is refunded. Messages are translation keys. Client-safe.
 */
export const REFUND_REASON_MAX = 500;

/**
 * What the customer's cancellation email may say about why the office cancelled (0060), chosen
 * from this list so that it reads natively in the booking's language. The free-text `reason`
 * stays the office's own note and never reaches the customer.
 */
export const CUSTOMER_REASONS = ['customer-request', 'duplicate-booking', 'outside-service-area', 'unable-to-serve'] as const;
export type CustomerReason = (typeof CUSTOMER_REASONS)[number];

export const CancelBookingSchema = z.object({
  refundCents: z
    .number('cancellations.errors.refundInvalid')
    .int('cancellations.errors.refundInvalid')
    .min(0, 'cancellations.errors.refundNegative')
    .max(100_000_000, 'cancellations.errors.refundTooHigh')
    .optional(),
  reason: z
    .string('cancellations.errors.reasonRequired')
    .trim()
    .min(3, 'cancellations.errors.reasonRequired')
    .max(REFUND_REASON_MAX, 'cancellations.errors.reasonTooLong'),
  /** Absent: the email says the office cancelled the booking and gives no reason. */
  customerReason: z.enum(CUSTOMER_REASONS, 'cancellations.errors.customerReasonInvalid').optional(),
});
export type CancelBookingInput = z.infer<typeof CancelBookingSchema>;

/**
 * Staff send a failed refund again (POST …/refunds/{id}/retry), naming the failed attempts they saw:
 * a second click, or a second screen, that answers an attempt already retried is refused (409)
 * instead of sending the refund once more.
 */
export const RetryRefundSchema = z.object({
  attempts: z.number('cancellations.errors.refundAttemptsInvalid').int('cancellations.errors.refundAttemptsInvalid').min(0, 'cancellations.errors.refundAttemptsInvalid').max(10_000, 'cancellations.errors.refundAttemptsInvalid'),
});

/** "233.91", "233,91", "$233.91", "1 234,50" → cents; null when it is not an amount with at most two decimals. */
export function parseDollarsToCents(value: string): number | null {
  const cleaned = value.replace(/[\s\u00a0\u202f$]/g, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The dialog's form: the refund as staff type it (dollars), the office's reason and the one told to the customer ('' for none). */
export function buildCancelFormSchema(maxRefundCents: number) {
  return z.object({
    refund: z.string().superRefine((value, ctx) => {
      const cents = parseDollarsToCents(value);
      if (cents === null) ctx.addIssue({ code: 'custom', message: 'cancellations.errors.refundInvalid' });
      else if (cents > maxRefundCents) ctx.addIssue({ code: 'custom', message: 'cancellations.errors.refundTooHigh' });
    }).transform((value) => parseDollarsToCents(value) ?? 0),
    reason: CancelBookingSchema.shape.reason,
    customerReason: z.union([z.literal(''), z.enum(CUSTOMER_REASONS, 'cancellations.errors.customerReasonInvalid')])
      .transform((value) => (value === '' ? undefined : value)),
  });
}
export type CancelFormValues = z.input<ReturnType<typeof buildCancelFormSchema>>;
export type CancelFormOutput = z.output<ReturnType<typeof buildCancelFormSchema>>;
