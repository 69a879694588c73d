import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { quotes } from '@/db/schema/quotes';

export type NewQuote = typeof quotes.$inferInsert;

export async function insertQuote(db: DbExecutor, quote: NewQuote): Promise<{ id: number; token: string; createdAt: Date }> {
  const [row] = await db.insert(quotes).values(quote).returning({ id: quotes.id, token: quotes.token, createdAt: quotes.createdAt });
  return row!;
}

/** What a quote is priced from: the options the customer chose, where, and the discount code. */
export const quoteOptionColumns = {
  serviceType: quotes.serviceType,
  propertySize: quotes.propertySize,
  includeTick: quotes.includeTick,
  includeStandingWater: quotes.includeStandingWater,
  additionalServices: quotes.additionalServices,
  address: quotes.address,
  city: quotes.city,
  postalCode: quotes.postalCode,
  discountCode: quotes.discountCode,
};

/**
 * The columns both the customer's /book-quote view and the staff list read. Keys in the order the
 * staff list returns them (GET /api/quotes serialises the row as is).
 */
const quoteColumns = {
  id: quotes.id,
  customerName: quotes.customerName,
  customerEmail: quotes.customerEmail,
  customerPhone: quotes.customerPhone,
  ...quoteOptionColumns,
  totalPrice: quotes.totalPrice,
  subtotalCents: quotes.subtotalCents,
  taxCents: quotes.taxCents,
  totalCents: quotes.totalCents,
  status: quotes.status,
  locale: quotes.locale,
  createdAt: quotes.createdAt,
};

/** What /book-quote needs to show and re-price a quote, with the name as typed in two fields (0070); the token holder is the customer. */
export async function findQuoteByTokenRow(db: DbExecutor, token: string) {
  const [row] = await db
    .select({ ...quoteColumns, customerFirstName: quotes.customerFirstName, customerLastName: quotes.customerLastName })
    .from(quotes)
    .where(eq(quotes.token, token));
  return row ?? null;
}

/** Staff list (SPEC's quotes admin), newest first. */
export async function listQuoteRows(db: DbExecutor, limit: number) {
  return db
    .select(quoteColumns)
    .from(quotes)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit);
}
