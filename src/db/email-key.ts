import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * An email address as two records are matched on it: trimmed, in lower case. A quote finds its
 * customer, and a customer page its quotes, by this expression (docs/decisions/0068); the indexes
 * `customers_email_key_idx` and `quotes_email_key_idx` are built on exactly this expression, so a
 * condition written with it (on a column or on a value) is an index lookup, not a scan.
 */
export function emailKey(email: SQLWrapper | string): SQL {
  return typeof email === 'string' ? sql`lower(trim(${email}::text))` : sql`lower(trim(${email}))`;
}
