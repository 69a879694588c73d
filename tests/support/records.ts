import { randomUUID } from 'node:crypto';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';

type NewCustomer = typeof customers.$inferInsert;

/** Inserts a Hamilton customer (Olivia Tremblay unless told otherwise) and returns its id. */
export async function insertCustomer(values: Partial<NewCustomer> = {}): Promise<number> {
  const [row] = await (await getDb()).insert(customers)
    .values({ firstName: 'Olivia', lastName: 'Tremblay', email: 'olivia@example.com', phone: '9055550134', address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', ...values })
    .returning({ id: customers.id });
  return row!.id;
}

/**
 * One booking's confirmed visits on `date`, written straight to the table as a paid booking leaves
 * them (for tests whose subject is not the booking flow); each entry of `visits` overrides a row.
 */
export async function insertConfirmedVisits(customerId: number, date: string, visits: Partial<typeof appointments.$inferInsert>[] = [{}]) {
  const bookingRef = `BK-${randomUUID().slice(0, 8).toUpperCase()}`;
  const rows = await (await getDb()).insert(appointments)
    .values(visits.map((values, i) => ({
      customerId, bookingRef, serviceType: 'onetime', date, status: 'confirmed', locale: 'en',
      address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', visitNumber: i + 1, ...values,
    })))
    .returning({ id: appointments.id });
  return { bookingRef, ids: rows.map((r) => r.id) };
}
