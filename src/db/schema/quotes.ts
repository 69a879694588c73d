import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ACCENTED_LETTERS, PLAIN_LETTERS } from '@/lib/search-fold';
import { emailKey } from '../email-key';
import { branches, timestamps } from './branches';
import { customers } from './customers';
import { staffUsers } from './staff';

export const QUOTE_STATUSES = ['pending', 'sent', 'booked'] as const;

export const quotes = pgTable('quotes', {
  id: serial().primaryKey(),
  branchId: integer().notNull().default(1).references(() => branches.id),
  // Unguessable token for the "Book this quote" link; the numeric id is never enough.
  token: text().notNull().unique(),
  customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
  customerName: text(),
  // The calculator's two name fields as typed (0070), so "José María" "Núñez Peña" is not split at
  // the first space later; null on quotes sent before them or by clients that send only `name`.
  customerFirstName: text(),
  customerLastName: text(),
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
  // What the customer wrote for the office with a custom-quote request (/request-service's
  // "Special Requests", 0084), at most FIELD_LIMITS.notes; null when they wrote nothing.
  notes: text(),
  totalPrice: integer().notNull(), // whole dollars before tax, as SPEC's screens read it
  subtotalCents: integer().notNull(),
  taxCents: integer().notNull(),
  totalCents: integer().notNull(),
  breakdown: jsonb(),
  status: text().notNull().default('pending'),
  locale: text().notNull().default('en'),
  // What /quotes-admin's search reads: the customer's name and email folded once when written
  // (lower case, no accents; src/lib/search-fold.ts), not on every search (docs/decisions/0019).
  searchText: text().generatedAlwaysAs(sql.raw(
    `lower(translate(coalesce(customer_name, '') || ' ' || coalesce(customer_email, ''), '${ACCENTED_LETTERS}', '${PLAIN_LETTERS}'))`,
  )),
  ...timestamps,
}, (t) => [
  check('quotes_status', sql`${t.status} in ('pending', 'sent', 'booked')`),
  check('quotes_money', sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0 and ${t.taxCents} >= 0`),
  // /quotes-admin pages newest first on (created_at, id).
  index('quotes_created_at_id_idx').on(t.createdAt, t.id),
  // A customer's page lists the quotes sent to their address, newest first (0068): one range of this index.
  index('quotes_email_key_idx').on(emailKey(t.customerEmail), t.createdAt, t.id),
]);

/**
 * The office's follow-ups of a quote from /quotes-admin ("Send again", docs/decisions/0059): one row
 * per email queued (the outbox row names the quote, as every quote email does), who sent it and
 * the total it showed. `quotedTotalCents`: the total the quote held before, when today's prices
 * gave another one (the quote then took the new figure); null when the price was unchanged.
 * Deleted with the quote (the retention sweep, an erasure).
 */
export const quoteFollowUps = pgTable('quote_follow_ups', {
  id: serial().primaryKey(),
  quoteId: integer().notNull().references(() => quotes.id, { onDelete: 'cascade' }),
  sentAt: timestamp({ withTimezone: true }).notNull(),
  sentById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  locale: text().notNull(),
  totalCents: integer().notNull(),
  quotedTotalCents: integer(),
}, (t) => [
  check('quote_follow_ups_money', sql`${t.totalCents} >= 0 and coalesce(${t.quotedTotalCents}, 0) >= 0`),
  // The card's "Last sent" and count, and the 24-hour rule, read a quote's newest rows.
  index('quote_follow_ups_quote_sent_idx').on(t.quoteId, t.sentAt),
]);
