import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './branches';

/** Plans have fixed ids (DECISIONS §2): 1 onetime, 2 seasonal, 3 tick-seasonal. */
export const servicePlans = pgTable('service_plans', {
  id: integer().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  // "From" price per visit before tax, in cents (display copy; charges come from the pricing engine).
  price: integer().notNull(),
  badge: text(),
  features: text().array().notNull().default(sql`'{}'::text[]`),
  popular: boolean().notNull().default(false),
  displayOrder: integer().notNull().default(0),
  visits: integer().notNull().default(1),
  intervalDays: integer().notNull().default(21),
  ...timestamps,
});

export const discountCodes = pgTable('discount_codes', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  description: text(),
  discountType: text({ enum: ['fixed', 'percent'] }).notNull(),
  // Cents for 'fixed', whole percent for 'percent'.
  discountValue: integer().notNull(),
  appliesTo: text().array(),
  maxUses: integer().notNull().default(0),
  currentUses: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  expiresAt: timestamp({ withTimezone: true }),
  ...timestamps,
}, (t) => [
  check('discount_codes_type', sql`${t.discountType} in ('fixed', 'percent')`),
  check('discount_codes_value', sql`${t.discountValue} >= 0`),
  check('discount_codes_uses', sql`${t.currentUses} >= 0 and ${t.maxUses} >= 0`),
  check('discount_codes_upper', sql`${t.code} = upper(${t.code})`),
]);
