import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { branches, timestamps } from './branches';
import { customers } from './customers';

export const QUOTE_STATUSES = ['pending', 'sent', 'booked'] as const;

export const quotes = pgTable('quotes', {
  id: serial().primaryKey(),
  branchId: integer().notNull().default(1).references(() => branches.id),
  // Unguessable token for the "Book this quote" link; the numeric id is never enough.
  token: text().notNull().unique(),
  customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
  customerName: text(),
  customerEmail: text(),
  customerPhone: text(),
  serviceType: text().notNull(),
  propertySize: numeric({ precision: 7, scale: 2, mode: 'number' }).notNull(),
  includeTick: boolean().notNull().default(false),
  includeStandingWater: boolean().notNull().default(false),
  additionalServices: jsonb().$type<string[]>(),
  address: text(),
  city: text(),
  postalCode: text(),
  discountCode: text(),
  // SPEC's optional second customer block: someone else the office may call about the visit.
  secondContact: jsonb().$type<{ name: string; email: string; phone: string }>(),
  totalPrice: integer().notNull(), // whole dollars before tax, as SPEC's screens read it
  subtotalCents: integer().notNull(),
  taxCents: integer().notNull(),
  totalCents: integer().notNull(),
  breakdown: jsonb(),
  status: text().notNull().default('pending'),
  locale: text().notNull().default('en'),
  ...timestamps,
}, (t) => [
  check('quotes_status', sql`${t.status} in ('pending', 'sent', 'booked')`),
  check('quotes_money', sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0 and ${t.taxCents} >= 0`),
  index('quotes_created_idx').on(t.createdAt),
]);
