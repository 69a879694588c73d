import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers, unsubscribedAddresses } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { findUnsubscribedSince, type UnsubscribeSubject } from './consent';
import { emailKey } from '@/db/email-key';

/**
 * `isSubscribed` (consent.ts) as SQL: consent given, and no unsubscribe since. The booking's
 * consent update, the unsubscribe and the season opener's audience all ask it of the row itself,
 * so two requests racing on one customer cannot both act on an answer read earlier.
 */
const isSubscribedSql = sql`(${customers.marketingConsentAt} is not null and (${customers.marketingUnsubscribedAt} is null or ${customers.marketingUnsubscribedAt} < ${customers.marketingConsentAt}))`;

export async function findConsentState(db: DbExecutor, customerId: number): Promise<UnsubscribeSubject | null> {
  const [row] = await db
    .select({
      consentAt: customers.marketingConsentAt, consentText: customers.marketingConsentText, unsubscribedAt: customers.marketingUnsubscribedAt, erasedAt: customers.erasedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** Records consent (time and words) unless the customer is subscribed already; true when it wrote. */
export async function recordConsentUnlessSubscribed(db: DbExecutor, customerId: number, consent: { at: Date; text: string }): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ marketingConsentAt: consent.at, marketingConsentText: consent.text })
    .where(and(eq(customers.id, customerId), sql`not ${isSubscribedSql}`))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/**
 * Marks the customer unsubscribed at `at`, unless they already are (the first unsubscribe keeps its
 * date) or their data was erased (the erased row is written no more; an erasure that commits while
 * this waits for the row is seen by the UPDATE's condition, read again after the wait). Null for an
 * unknown customer; `changed` says whether this call wrote, `unsubscribedAt` what the link tells
 * (`findUnsubscribedSince`).
 */
export async function markUnsubscribed(db: DbExecutor, customerId: number, at: Date): Promise<{ changed: boolean; unsubscribedAt: Date } | null> {
  const [written] = await db
    .update(customers)
    .set({ marketingUnsubscribedAt: at })
    .where(and(
      eq(customers.id, customerId),
      isNull(customers.erasedAt),
      sql`(${customers.marketingUnsubscribedAt} is null or ${isSubscribedSql})`,
    ))
    .returning({ unsubscribedAt: customers.marketingUnsubscribedAt });
  if (written?.unsubscribedAt) return { changed: true, unsubscribedAt: written.unsubscribedAt };
  const state = await findConsentState(db, customerId);
  const since = state ? findUnsubscribedSince(state) : null;
  return since ? { changed: false, unsubscribedAt: since } : null;
}

/**
 * The live (not erased) customers whose email is `address` (normalised: trimmed, lower case), with
 * their consent columns. Customers' addresses are compared without case, as a quote finds its
 * customer (0059).
 */
export async function selectCustomersWithAddress(db: DbExecutor, address: string): Promise<{ id: number; consentAt: Date | null; unsubscribedAt: Date | null }[]> {
  return db
    .select({ id: customers.id, consentAt: customers.marketingConsentAt, unsubscribedAt: customers.marketingUnsubscribedAt })
    .from(customers)
    .where(and(eq(emailKey(customers.email), emailKey(address)), isNull(customers.erasedAt)))
    .orderBy(asc(customers.id));
}

/** The latest unsubscribe a quote email's link recorded for any of `addresses` (normalised, docs/decisions/0066); null when none. */
export async function selectAddressUnsubscribedAt(db: DbExecutor, addresses: string[]): Promise<Date | null> {
  if (addresses.length === 0) return null;
  const [row] = await db.select({ at: max(unsubscribedAddresses.unsubscribedAt) }).from(unsubscribedAddresses)
    .where(inArray(unsubscribedAddresses.address, addresses));
  return row?.at ?? null;
}

/**
 * The same for one address, after taking the address's advisory lock until the transaction ends:
 * two clicks on one link (the person's and their mail provider's) write once, the row there or not.
 */
export async function lockAddressUnsubscribe(db: DbExecutor, address: string): Promise<Date | null> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`unsubscribe-address:${address}`}))`);
  return selectAddressUnsubscribedAt(db, [address]);
}

/** Records that `address` unsubscribed at `at`, replacing an earlier date (one that a later consent outranked). */
export async function writeAddressUnsubscribe(db: DbExecutor, address: string, at: Date): Promise<void> {
  await db.insert(unsubscribedAddresses).values({ address, unsubscribedAt: at })
    .onConflictDoUpdate({ target: unsubscribedAddresses.address, set: { unsubscribedAt: at } });
}

/** One season's opener is queued by one transaction at a time (two admins pressing Send together). */
export async function lockSeasonOpener(db: DbExecutor, branchId: number, year: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`season-opener:${branchId}:${year}`}))`);
}

/**
 * Not yet booked for the season's year: no visit of theirs dated that year is confirmed or done.
 * An invitation to book is not sent to someone who already has; an unpaid hold ('pending',
 * 'pending-payment') is not a booking yet (it lapses within the hold time).
 */
const notBookedForYear = (year: number) => sql`not exists (select 1 from ${appointments} where ${appointments.customerId} = ${customers.id}
  and ${appointments.date} between ${`${year}-01-01`} and ${`${year}-12-31`}
  and ${appointments.status} in ('confirmed', 'completed'))`;

export type AudienceMember = { id: number; firstName: string; email: string; locale: string };

/** The next `limit` subscribed customers of the branch not booked for `year`, after `afterId`, in id order (keyset pages). */
export async function listSubscribedCustomers(db: DbExecutor, query: { branchId: number; year: number; afterId: number; limit: number }): Promise<AudienceMember[]> {
  return db
    .select({ id: customers.id, firstName: customers.firstName, email: customers.email, locale: customers.locale })
    .from(customers)
    .where(and(eq(customers.branchId, query.branchId), gt(customers.id, query.afterId), isSubscribedSql, notBookedForYear(query.year)))
    .orderBy(asc(customers.id))
    .limit(query.limit);
}

/**
 * Of `ids`, those still subscribed and not erased, locked `FOR KEY SHARE` until the transaction ends
 * (docs/decisions/0055): an erasure under way (it holds the row `FOR UPDATE`) is waited for and its
 * customer left out; one that comes later waits for these emails and deletes them with the rest.
 * Their name and address as they stand now, in id order.
 */
export async function lockSubscribedCustomers(db: DbExecutor, ids: number[]): Promise<AudienceMember[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: customers.id, firstName: customers.firstName, email: customers.email, locale: customers.locale })
    .from(customers)
    .where(and(inArray(customers.id, ids), isNull(customers.erasedAt), isSubscribedSql))
    .orderBy(asc(customers.id))
    .for('key share');
}

/**
 * Subscribed customers of the branch not booked for `year`, split by whether the outbox already holds their email of
 * `topicPrefix` (`season-opener:{year}:`) in any state, sent or not.
 */
export async function countSeasonOpenerAudience(db: DbExecutor, query: { branchId: number; year: number; topicPrefix: string }): Promise<{ recipients: number; alreadyQueued: number }> {
  const queued = sql`exists (select 1 from ${emailOutbox} where ${emailOutbox.topic} = ${query.topicPrefix} || ${customers.id}::text)`;
  const [row] = await db
    .select({
      recipients: sql<number>`count(*) filter (where not ${queued})::int`,
      alreadyQueued: sql<number>`count(*) filter (where ${queued})::int`,
    })
    .from(customers)
    .where(and(eq(customers.branchId, query.branchId), isSubscribedSql, notBookedForYear(query.year)));
  return { recipients: row?.recipients ?? 0, alreadyQueued: row?.alreadyQueued ?? 0 };
}

/**
 * Each customer's latest plan that was carried out or paid for (a one-time treatment or a seasonal
 * plan; add-on visits and consultations are not named), before `beforeDate`.
 */
export async function findPreviousServices(db: DbExecutor, customerIds: number[], beforeDate: string): Promise<Map<number, string>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([appointments.customerId], { customerId: appointments.customerId, serviceType: appointments.serviceType })
    .from(appointments)
    .where(and(
      inArray(appointments.customerId, customerIds),
      inArray(appointments.status, ['confirmed', 'completed']),
      inArray(appointments.serviceType, ['onetime', 'seasonal', 'tick-seasonal']),
      lt(appointments.date, beforeDate),
    ))
    .orderBy(appointments.customerId, sql`${appointments.date} desc`, sql`${appointments.id} desc`);
  return new Map(rows.map((r) => [r.customerId, r.serviceType]));
}
