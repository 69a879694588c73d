import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCustomer } from '../support/records';
import { selectRows } from '../support/sql';

type Row = { before: boolean; after: boolean };

// CI runs this file on PostgreSQL, a feature's own runs often on PGlite: an instant must mean the same to both.
describe('an instant passed into raw SQL', () => {
  it('compares with a stored timestamp as the instant it is, before and after', async () => {
    const id = await insertCustomer({ firstName: 'Tess' });
    const rows = await selectRows<Row>(sql`
      select created_at < ${new Date(Date.now() + 60_000)} as "before", created_at > ${new Date(Date.now() - 60_000)} as "after"
      from customers where id = ${id}`);
    expect(rows).toEqual([{ before: true, after: true }]);
  });
});
