import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './branches';
import { payments } from './payments';
import { staffUsers } from './staff';

/**
 * pending: written with the cancellation, before the provider is asked (or while it has not
 * settled); succeeded: the money is on its way back; failed: the provider refused or could not be
 * reached, and staff may retry (docs/decisions/0017).
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Money sent back to the card of one payment. A booking's cancellation writes one row per payment it refunds. */
export const refunds = pgTable('refunds', {
  id: serial().primaryKey(),
  paymentId: integer().notNull().references(() => payments.id),
  bookingRef: text(),
  amountCents: integer().notNull(),
  status: text().notNull().default('pending'),
  provider: text().notNull(), // 'stripe' | 'test', the payment's
  providerRefundId: text(),
  reason: text().notNull(),
  failureReason: text(),
  issuedByStaffUserId: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  /** One row per cancellation and payment: a second request cannot write a second refund. */
  idempotencyKey: text().notNull().unique(),
  /** Calls made to the provider; each call's key is `idempotencyKey:attempts` so a retry is a new request and a double click the same one. */
  attempts: integer().notNull().default(0),
  /** When the provider made the refund (set with `succeeded`): the day the refunds export lists it on (0075). */
  refundedAt: timestamp({ withTimezone: true }),
  /** Money handed back by the office for a payment taken by hand (0103): 'cash' | 'cheque' | 'e-transfer'; null for a provider's refund. */
  method: text(),
  /** With `method`: the cheque number or e-transfer reference, if any. */
  reference: text(),
  ...timestamps,
}, (t) => [
  check('refunds_amount', sql`${t.amountCents} > 0`),
  check('refunds_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  // A refund made has the instant it was made: the refunds export dates it by that (docs/decisions/0075).
  check('refunds_made_at', sql`${t.status} <> 'succeeded' or ${t.refundedAt} is not null`),
  index('refunds_payment_idx').on(t.paymentId),
  index('refunds_booking_ref_idx').on(t.bookingRef),
  // Refund events from the provider find their row by the provider's refund id (0017).
  index('refunds_provider_refund_idx').on(t.providerRefundId),
]);
