import { getDb } from '@/db/client';
import { customers } from '@/db/schema/customers';

type NewCustomer = typeof customers.$inferInsert;

/** Inserts a Hamilton customer (Olivia Tremblay unless told otherwise) and returns its id. */
export async function insertCustomer(values: Partial<NewCustomer> = {}): Promise<number> {
  const [row] = await (await getDb()).insert(customers)
    .values({ firstName: 'Olivia', lastName: 'Tremblay', email: 'olivia@example.com', phone: '9055550134', address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', ...values })
    .returning({ id: customers.id });
  return row!.id;
}
