import { doublePrecision, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { branches, timestamps } from './branches';

export const customers = pgTable('customers', {
  id: serial().primaryKey(),
  branchId: integer().notNull().default(1).references(() => branches.id),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull().unique(),
  phone: text().notNull(),
  address: text(),
  city: text(),
  postalCode: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  propertySize: numeric({ precision: 7, scale: 2, mode: 'number' }),
  locale: text().notNull().default('en'),
  ...timestamps,
});

