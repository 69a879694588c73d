import { z } from 'zod';

const optionalBool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional());
const optionalMoney = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().nonnegative().max(1_000_000).optional());

/**
 * POST /api/create-payment-intent: every payload variant SPEC §7 lists. The amounts are what the
 * customer saw; the server only compares them with its own figure, it never charges them.
 */
export const CreatePaymentIntentSchema = z.object({
  appointmentId: optionalId,
  /** The booking's reference (BK-…): what proves the caller holds the booking; read out on the phone, so any case. */
  bookingRef: z.string().trim().min(1).max(64).transform((ref) => ref.toUpperCase()).optional(),
  quoteId: optionalId,
  customerId: optionalId,
  serviceType: z.string().max(40).optional(),
  propertySize: z.union([z.number(), z.string().max(20)]).optional(),
  includeTick: optionalBool,
  includeStandingWater: optionalBool,
  includeTargetedInsects: optionalBool,
  /** Dollars, tax included (or the pre-tax `totalPrice` some screens keep). */
  confirmedAmount: optionalMoney,
  confirmedAmountCents: z.preprocess((v) => (v === null ? undefined : v), z.number().int().nonnegative().optional()),
  quoteTotal: optionalMoney,
  /** Dollars. Free only for the payment test page; for a booking it is compared like the others. */
  amount: optionalMoney,
  purpose: z.enum(['booking', 'payment-test']).optional(),
  locale: z.string().max(5).optional(),
});
export type CreatePaymentIntentInput = z.infer<typeof CreatePaymentIntentSchema>;

export const TestCardConfirmSchema = z.object({
  paymentIntentId: z.string().min(8).max(100),
  clientSecret: z.string().min(8).max(200),
  number: z.string().trim().min(1, 'payments.card.numberRequired').max(30),
  expiry: z.string().trim().min(1, 'payments.card.expiryRequired').max(10),
  cvc: z.string().trim().min(1, 'payments.card.cvcRequired').max(6),
});
export type TestCardConfirmInput = z.infer<typeof TestCardConfirmSchema>;

export const TestAuthenticationSchema = z.object({
  paymentIntentId: z.string().min(8).max(100),
  clientSecret: z.string().min(8).max(200),
  outcome: z.enum(['complete', 'fail']),
});
