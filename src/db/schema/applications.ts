import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRODUCT_UNITS, type ProductUnit } from '@/lib/product-units';
import { appointments } from './appointments';
import { branches, technicians, timestamps } from './branches';
import { staffUsers } from './staff';

const units = sql.raw(PRODUCT_UNITS.map((u) => `'${u}'`).join(', '));

/**
 * The pest control products a branch applies, with their PCP registration number (Canada's Pest
 * Control Products Act). Retired (`isActive` false), never deleted once a record names one.
 */
export const pesticideProducts = pgTable('pesticide_products', {
  id: serial().primaryKey(),
  branchId: integer().notNull().references(() => branches.id),
  name: text().notNull(),
  pcpNumber: text().notNull(),
  unit: text().$type<ProductUnit>().notNull(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
}, (t) => [
  // The technician picks a product by name: one name per branch, in any case.
  uniqueIndex('pesticide_products_branch_name_unique').on(t.branchId, sql`lower(${t.name})`),
  check('pesticide_products_unit', sql`${t.unit} in (${units})`),
]);

/**
 * One product applied at one visit: the licensed exterminator's record (0042). What the record
 * says is kept as it was at the time (product name, PCP number, unit, technician, licence, address),
 * so a product renamed or a licence renewed later does not rewrite a past application. The
 * amount is in hundredths of the unit, an integer like money's cents.
 */
export const applicationRecords = pgTable('application_records', {
  id: serial().primaryKey(),
  branchId: integer().notNull().references(() => branches.id),
  appointmentId: integer().notNull().references(() => appointments.id),
  // No cascade: a product with records cannot be deleted, only retired.
  productId: integer().notNull().references(() => pesticideProducts.id),
  productName: text().notNull(),
  pcpNumber: text().notNull(),
  amountHundredths: integer().notNull(),
  unit: text().$type<ProductUnit>().notNull(),
  // The visit's Friday (the branch's calendar day): the day the product was applied.
  appliedOn: date({ mode: 'string' }).notNull(),
  // When this line was written (the done mark, or the office's edit).
  recordedAt: timestamp({ withTimezone: true }).notNull(),
  technicianId: integer().references(() => technicians.id, { onDelete: 'set null' }),
  technicianName: text(),
  licenceNumber: text(),
  address: text(),
  city: text(),
  postalCode: text(),
  recordedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
}, (t) => [
  check('application_records_amount', sql`${t.amountHundredths} > 0`),
  check('application_records_unit', sql`${t.unit} in (${units})`),
  index('application_records_appointment_idx').on(t.appointmentId),
  // The export reads a branch's records by day.
  index('application_records_applied_on_idx').on(t.branchId, t.appliedOn),
  // "Mark done" offers the technician's last product first.
  index('application_records_technician_idx').on(t.technicianId, t.recordedAt),
  index('application_records_product_idx').on(t.productId),
]);
