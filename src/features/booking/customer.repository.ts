import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { customers } from '@/db/schema/customers';
import { emailKey } from '@/db/email-key';

export type NewCustomer = {
  branchId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  propertySize: number | null;
  latitude?: number | null;
  longitude?: number | null;
  locale: string;
  /** The staff account that added the customer from the dashboard (0098). */
  createdById?: number | null;
};

/** Staff only: who the customer is and where they live (the route planner reads these too). */
export const customerAddressColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  city: customers.city,
  postalCode: customers.postalCode,
};

const contactColumns = { ...customerAddressColumns, locale: customers.locale };

/**
 * Emails are stored lower-cased; the lookup also matches rows written before that rule. An erased
 * customer (0049) is never found: their row holds a placeholder address, and a booking must not
 * attach to it in any case (0055).
 */
export async function findCustomerIdByEmail(db: DbExecutor, email: string): Promise<number | null> {
  const [row] = await db.select({ id: customers.id }).from(customers)
    .where(and(eq(emailKey(customers.email), emailKey(email)), isNull(customers.erasedAt)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Inserts the customer unless the email is already known; either way returns the id and whether
 * it was created. An existing row is never touched (DECISIONS §5).
 */
export async function insertCustomerIfNew(db: DbExecutor, values: NewCustomer): Promise<{ id: number; created: boolean }> {
  const existing = await findCustomerIdByEmail(db, values.email);
  if (existing !== null) return { id: existing, created: false };
  const [row] = await db.insert(customers).values(values).onConflictDoNothing({ target: customers.email }).returning({ id: customers.id });
  if (row) return { id: row.id, created: true };
  // Lost a race with a concurrent insert of the same email: that row wins.
  const winner = await findCustomerIdByEmail(db, values.email);
  if (winner === null) throw new Error('customer insert conflicted but no row was found');
  return { id: winner, created: false };
}

/**
 * Locks an existing customer's row until the transaction ends, before new business is attached to
 * it, and answers whether the record is still live: false when there is no such customer or their
 * personal data was erased (0049). An erasure holds this row `FOR UPDATE` from before its checks to
 * its commit, and both lock modes here wait for it, so a writer either sees the erasure done (and
 * must not attach to the row) or makes the erasure wait until its own rows are committed, which the
 * erasure then reads as open business (docs/decisions/0055).
 *
 * - `'no key update'`, a booking: it may update the row (marketing consent), and two bookings by the
 *   same customer (a double click, a retried request) must queue so the second finds the first.
 * - `'key share'`, a writer that only adds rows naming the customer (a payment's outcome, a
 *   re-treatment request, an email): it conflicts with nothing but the erasure's `FOR UPDATE`, the
 *   same lock the foreign key check of its insert takes anyway.
 */
export async function lockCustomerForBusiness(db: DbExecutor, id: number, strength: 'no key update' | 'key share'): Promise<boolean> {
  const [row] = await db.select({ erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, id)).for(strength);
  return row !== undefined && row.erasedAt === null;
}

/** The customer's contact details; null for an unknown or erased customer (0049). */
export async function findCustomerContact(db: DbExecutor, id: number) {
  const [row] = await db.select(contactColumns).from(customers).where(and(eq(customers.id, id), isNull(customers.erasedAt))).limit(1);
  return row ?? null;
}

/** Staff only. */
export async function findCustomerByEmail(db: DbExecutor, email: string) {
  const [row] = await db
    .select({ ...contactColumns, latitude: customers.latitude, longitude: customers.longitude, propertySize: customers.propertySize, createdAt: customers.createdAt })
    .from(customers)
    .where(eq(emailKey(customers.email), emailKey(email)))
    .limit(1);
  return row ?? null;
}

/**
 * Staff only: the customers (not erased) whose phone is the same line (`customers.phone_key`, 0105),
 * newest first, at most `limit`, and how many there are in all. One probe of
 * `customers_phone_key_idx`, however many customers there are.
 */
export async function findCustomersByPhoneKey(db: DbExecutor, phoneKey: string, limit: number) {
  const same = and(eq(customers.phoneKey, phoneKey), isNull(customers.erasedAt));
  const rows = await db.select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, city: customers.city })
    .from(customers).where(same).orderBy(desc(customers.createdAt), desc(customers.id)).limit(limit);
  const [count] = rows.length < limit ? [{ total: rows.length }] : await db.select({ total: sql<number>`count(*)::int` }).from(customers).where(same);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Staff only: the admin customers tab. */
export async function listCustomers(db: DbExecutor, limit = 1000) {
  return db
    .select({ ...contactColumns, propertySize: customers.propertySize, createdAt: customers.createdAt })
    .from(customers)
    .orderBy(desc(customers.createdAt))
    .limit(limit);
}
