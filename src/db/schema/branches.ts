import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A served postal-code prefix; `served: false` marks one not served inside a served FSA (docs/decisions/0088). */
export type ServedPrefix = { prefix: string; area: string; served?: boolean };

export const branches = pgTable('branches', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  displayName: text().notNull(),
  description: text(),
  phone: text().notNull(),
  email: text().notNull(),
  address: text(),
  city: text(),
  province: text(),
  postalCode: text(),
  /** The registered business name and GST/HST registration number printed on tax receipts (0040). */
  legalName: text(),
  hstNumber: text(),
  serviceArea: jsonb().$type<string[]>(),
  logoUrl: text(),
  primaryColor: text().notNull().default('#f59e0b'),
  secondaryColor: text().notNull().default('#1f2937'),
  timezone: text().notNull().default('America/Toronto'),
  currency: text().notNull().default('CAD'),
  // Basis points (1300 = 13%) so tax maths stays in integers.
  taxRateBps: integer().notNull().default(1300),
  enableTickControl: boolean().notNull().default(true),
  enableSeasonalService: boolean().notNull().default(true),
  enableOneTimeService: boolean().notNull().default(true),
  pricingOverrides: jsonb().$type<Record<string, unknown>>(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
}, (t) => [check('branches_tax_rate_range', sql`${t.taxRateBps} between 0 and 10000`)]);

/** Operational settings of a branch: season, capacity, routing. One row per branch. */
export const branchSettings = pgTable('branch_settings', {
  branchId: integer().primaryKey().references(() => branches.id, { onDelete: 'cascade' }),
  seasonStart: text().notNull().default('05-01'), // MM-DD, in the branch time zone
  seasonEnd: text().notNull().default('10-31'),
  leadDays: integer().notNull().default(2),
  fridayCapacity: integer().notNull().default(24),
  holdMinutes: integer().notNull().default(30),
  servedPrefixes: jsonb().$type<ServedPrefix[]>().notNull(),
  priceTable: jsonb().$type<Record<string, unknown>>(),
  depotAddress: text().notNull(),
  depotLatitude: doublePrecision().notNull(),
  depotLongitude: doublePrecision().notNull(),
  dayStartMin: integer().notNull().default(480),
  dayEndMin: integer().notNull().default(1080),
  serviceMin: integer().notNull().default(45),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('branch_settings_capacity_positive', sql`${t.fridayCapacity} >= 0`),
  check('branch_settings_day_order', sql`${t.dayStartMin} < ${t.dayEndMin}`),
]);

export const technicians = pgTable('technicians', {
  id: serial().primaryKey(),
  branchId: integer().notNull().references(() => branches.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  color: text().notNull().default('#2563eb'),
  shiftStartMin: integer().notNull().default(480),
  shiftEndMin: integer().notNull().default(1080),
  // The Ontario exterminator licence number each application record carries (0042); optional.
  licenceNumber: text(),
  // The licence's expiry date (its last valid day, in the branch's calendar; 0107); optional, only with a number.
  licenceExpiresOn: date({ mode: 'string' }),
  isActive: boolean().notNull().default(true),
  ...timestamps,
}, (t) => [
  // Staff pick technicians by name (day sheet, route manager): one name per branch, in any case.
  uniqueIndex('technicians_branch_name_unique').on(t.branchId, sql`lower(${t.name})`),
  check('technicians_shift_order', sql`${t.shiftStartMin} < ${t.shiftEndMin}`),
  check('technicians_licence_expiry_has_number', sql`${t.licenceExpiresOn} is null or ${t.licenceNumber} is not null`),
]);

export { timestamps };
