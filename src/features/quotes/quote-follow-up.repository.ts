import 'server-only';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { customers } from '@/db/schema/customers';
import { quoteFollowUps, quotes } from '@/db/schema/quotes';
import { staffUsers } from '@/db/schema/staff';
import { emailKey } from '@/db/email-key';
import { quoteOptionColumns } from './quote.repository';

/** What a follow-up reads of its quote: the options it prices again, the amounts it holds, who asked and when. */
const followUpQuoteColumns = {
  id: quotes.id,
  branchId: quotes.branchId,
  customerId: quotes.customerId,
  customerName: quotes.customerName,
  customerFirstName: quotes.customerFirstName,
  customerLastName: quotes.customerLastName,
  customerEmail: quotes.customerEmail,
  ...quoteOptionColumns,
  token: quotes.token,
  totalCents: quotes.totalCents,
  status: quotes.status,
  locale: quotes.locale,
  createdAt: quotes.createdAt,
  // The special requests the email repeats to the customer (0087).
  notes: quotes.notes,
};

export type FollowUpQuoteRow = Awaited<ReturnType<typeof selectFollowUpQuote>>;

/** The quote, locked `FOR UPDATE` when asked (two admins' follow-ups of one quote queue on it); null when it is gone. */
export async function selectFollowUpQuote(db: DbExecutor, id: number, options: { lock?: boolean } = {}) {
  const query = db.select(followUpQuoteColumns).from(quotes).where(eq(quotes.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The customer record a quote belongs to: the one it is linked to, else the live customer with its
 * email address (quotes are not linked to customers when they are made, 0055). Null when there is
 * none. `email` is where the customer is written to now.
 */
export async function selectQuoteCustomer(db: DbExecutor, quote: { customerId: number | null; customerEmail: string | null }) {
  const where = quote.customerId !== null
    ? eq(customers.id, quote.customerId)
    : quote.customerEmail
      ? and(eq(emailKey(customers.email), emailKey(quote.customerEmail)), isNull(customers.erasedAt))
      : null;
  if (!where) return null;
  const [row] = await db
    .select({
      id: customers.id, email: customers.email, consentAt: customers.marketingConsentAt,
      unsubscribedAt: customers.marketingUnsubscribedAt, erasedAt: customers.erasedAt,
    })
    .from(customers)
    .where(where)
    .limit(1);
  return row ?? null;
}

/** How many follow-ups the quote had, and the last one's time and sender (null when none, or the account is gone). */
export async function selectFollowUpSummary(db: DbExecutor, quoteId: number) {
  const [total] = await db.select({ n: count() }).from(quoteFollowUps).where(eq(quoteFollowUps.quoteId, quoteId));
  const [last] = await db
    .select({ sentAt: quoteFollowUps.sentAt, byName: staffUsers.displayName })
    .from(quoteFollowUps)
    .leftJoin(staffUsers, eq(staffUsers.id, quoteFollowUps.sentById))
    .where(eq(quoteFollowUps.quoteId, quoteId))
    .orderBy(desc(quoteFollowUps.sentAt), desc(quoteFollowUps.id))
    .limit(1);
  return { count: total?.n ?? 0, lastSentAt: last?.sentAt ?? null, lastSentByName: last?.byName ?? null };
}

export async function insertFollowUp(db: DbExecutor, row: typeof quoteFollowUps.$inferInsert) {
  await db.insert(quoteFollowUps).values(row);
}

/**
 * The quote after a follow-up: 'sent', and, when the email carried today's prices instead of the
 * ones it held, those amounts (what its links charge now).
 */
export async function markQuoteFollowedUp(
  db: DbExecutor,
  id: number,
  change: {
    at: Date;
    amounts: Pick<typeof quotes.$inferInsert, 'totalPrice' | 'subtotalCents' | 'taxCents' | 'totalCents' | 'breakdown' | 'discountCode'> | null;
  },
) {
  await db.update(quotes).set({ status: 'sent', updatedAt: change.at, ...(change.amounts ?? {}) }).where(eq(quotes.id, id));
}

/**
 * The follow-up columns of /quotes-admin's cards, as scalar subqueries on the list's `quotes` row
 * (written out with their table names: a one-table select leaves its columns unqualified, which
 * the subqueries' own `id` columns would make ambiguous). Each reads the quote's follow-ups through
 * `quote_follow_ups_quote_sent_idx`.
 */
export const followUpListColumns = {
  followUpCount: sql<number>`(select count(*) from quote_follow_ups f where f.quote_id = "quotes"."id")`.mapWith(Number),
  lastSentAt: sql<Date | null>`(select max(f.sent_at) from quote_follow_ups f where f.quote_id = "quotes"."id")`.mapWith(quoteFollowUps.sentAt),
  lastSentByName: sql<string | null>`(select s.display_name from quote_follow_ups f left join staff_users s on s.id = f.sent_by_id where f.quote_id = "quotes"."id" order by f.sent_at desc, f.id desc limit 1)`,
};
