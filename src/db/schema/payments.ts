import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { timestamps } from './branches';
import { customers } from './customers';
import { quotes } from './quotes';
import { staffUsers } from './staff';

export const PAYMENT_STATUSES = [
  'requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled',
] as const;

/**
 * The seller as the receipt of a payment names it (docs/decisions/0076): the branch's identity and
 * contact details when the payment succeeded. An issued receipt keeps them whatever the owner
 * changes later at /business.
 */
export type ReceiptSellerSnapshot = {
  legalName: string | null;
  hstNumber: string | null;
  displayName: string;
  phone: string;
  email: string;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
};

export const payments = pgTable('payments', {
  id: serial().primaryKey(),
  appointmentId: integer().references(() => appointments.id, { onDelete: 'set null' }),
  customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
  quoteId: integer().references(() => quotes.id, { onDelete: 'set null' }),
  bookingRef: text(),
  provider: text().notNull(), // 'stripe' | 'test' | 'office' (money the office took by hand, 0103)
  paymentIntentId: text().notNull().unique(),
  idempotencyKey: text().notNull().unique(),
  amount: integer().notNull(), // cents, tax included
  currency: text().notNull().default('cad'),
  status: text().notNull().default('requires_payment_method'),
  paymentMethod: text(),
  discountCode: text(),
  metadata: jsonb(),
  succeededAt: timestamp({ withTimezone: true }),
  // Written with `succeededAt`, when the receipt is issued; null until then.
  receiptSeller: jsonb().$type<ReceiptSellerSnapshot>(),
  /** A payment the office recorded by hand (provider 'office', 0103): who recorded it. */
  recordedByStaffUserId: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  /** A payment recorded by hand: the cheque number or e-transfer reference the office typed, if any. */
  reference: text(),
  ...timestamps,
}, (t) => [
  check('payments_amount', sql`${t.amount} >= 0`),
  check('payments_status', sql`${t.status} in ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled')`),
  index('payments_booking_ref_idx').on(t.bookingRef),
  // As appointments_quote_idx: the foreign key's set-null when the retention sweep deletes a quote (0049).
  index('payments_quote_idx').on(t.quoteId).where(sql`${t.quoteId} is not null`),
  // The dashboard's Payments tab pages newest first on (created_at, id).
  index('payments_created_at_id_idx').on(t.createdAt, t.id),
  // ...and a From/To range of it by the instant paid (0109), as the payments file and its totals date a payment.
  index('payments_succeeded_at_id_idx').on(t.succeededAt, t.id),
]);

/** Provider events already applied: a webhook delivered twice changes nothing the second time. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  paymentIntentId: text(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
