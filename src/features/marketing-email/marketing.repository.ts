import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNull, lt, max, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers, type UnsubscribeSource, unsubscribedAddresses } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { staffUsers } from '@/db/schema/staff';
import { escapeLike } from '@/lib/search-fold';
import { type AddressEntry, findUnsubscribedSince, type UnsubscribeSubject } from './consent';
import { emailKey } from '@/db/email-key';

/**
 * `isSubscribed` (consent.ts) as SQL: consent given, and no unsubscribe since. The booking's
 * consent update, the unsubscribe and the season opener's audience all ask it of the row itself,
 * so two requests racing on one customer cannot both act on an answer read earlier.
 */
const isSubscribedOf = (row: { marketingConsentAt: SQLWrapper; marketingUnsubscribedAt: SQLWrapper }) => sql`(${row.marketingConsentAt} is not null and (${row.marketingUnsubscribedAt} is null or ${row.marketingUnsubscribedAt} < ${row.marketingConsentAt}))`;
const isSubscribedSql = isSubscribedOf(customers);

/** The customers holding an entry's address, in the subquery below (the outer query may read `customers` itself). */
const OWNER = 'address_owner';
const owner = alias(customers, OWNER);

/**
 * `findStandingAddressUnsubscribe` (consent.ts) as SQL, for an entry of `unsubscribed_addresses`: no
 * consent given again to the office after it, and no live customer with the address who is
 * subscribed and agreed after it (one probe of `customers_email_key_idx`).
 */
const addressEntryStandsSql = sql`((${unsubscribedAddresses.consentAt} is null or ${unsubscribedAddresses.consentAt} <= ${unsubscribedAddresses.unsubscribedAt})
  and not exists (select 1 from ${customers} as ${sql.identifier(OWNER)} where ${emailKey(owner.email)} = ${unsubscribedAddresses.address} and ${owner.erasedAt} is null
    and ${isSubscribedOf(owner)} and ${owner.marketingConsentAt} > ${unsubscribedAddresses.unsubscribedAt}))`;

/**
 * For the season opener's audience, whose customers are subscribed: no entry of the list for the
 * customer's address that the office's consent given again does not outrank and that is not older
 * than the customer's own consent (0074). A subscribed customer is an owner of their own address,
 * so this is `addressEntryStandsSql` asked of them; it leaves out the other rows that may hold the
 * same address in another case, which only makes it stricter, and spares every page of the mailing
 * a pass over all customers (measured in docs/decisions/0074).
 */
const notListedAgainstOwnConsentSql = sql`not exists (select 1 from ${unsubscribedAddresses}
  where ${unsubscribedAddresses.address} = ${emailKey(customers.email)}
    and (${unsubscribedAddresses.consentAt} is null or ${unsubscribedAddresses.consentAt} <= ${unsubscribedAddresses.unsubscribedAt})
    and ${unsubscribedAddresses.unsubscribedAt} >= ${customers.marketingConsentAt})`;

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

/**
 * The latest unsubscribe recorded for any of `addresses` (normalised, docs/decisions/0066) that the
 * office's record of consent given again (0074) does not outrank; null when none. A customer's
 * later consent is for the caller to weigh (`findStandingUnsubscribe`).
 */
export async function selectAddressUnsubscribedAt(db: DbExecutor, addresses: string[]): Promise<Date | null> {
  if (addresses.length === 0) return null;
  const [row] = await db.select({ at: max(unsubscribedAddresses.unsubscribedAt) }).from(unsubscribedAddresses)
    .where(and(
      inArray(unsubscribedAddresses.address, addresses),
      sql`(${unsubscribedAddresses.consentAt} is null or ${unsubscribedAddresses.consentAt} <= ${unsubscribedAddresses.unsubscribedAt})`,
    ));
  return row?.at ?? null;
}

/** An address's entry (normalised), standing or not; null when the list never held it. */
export async function selectAddressEntry(db: DbExecutor, address: string): Promise<AddressEntry | null> {
  const [row] = await db.select({ unsubscribedAt: unsubscribedAddresses.unsubscribedAt, consentAt: unsubscribedAddresses.consentAt })
    .from(unsubscribedAddresses).where(eq(unsubscribedAddresses.address, address));
  return row ?? null;
}

/**
 * The same after taking the address's advisory lock until the transaction ends: two clicks on one
 * link (the person's and their mail provider's), the office's record and an email change to the
 * address write one after the other, the row there or not.
 */
export async function lockAddressEntry(db: DbExecutor, address: string): Promise<AddressEntry | null> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`unsubscribe-address:${address}`}))`);
  return selectAddressEntry(db, address);
}

/** How an unsubscribe came: by a link, the one-click button, or the office (with who and its note). */
export type UnsubscribeRecord = { source: UnsubscribeSource; recordedById?: number | null; note?: string | null };

/**
 * Records that `address` unsubscribed at `at` and how, replacing an entry that no longer stood (a
 * later consent outranked it). Consent the office recorded before stays on the row, as its history.
 */
export async function writeAddressUnsubscribe(db: DbExecutor, address: string, at: Date, how: UnsubscribeRecord): Promise<void> {
  const values = { unsubscribedAt: at, source: how.source, recordedById: how.recordedById ?? null, note: how.note ?? null };
  await db.insert(unsubscribedAddresses).values({ address, ...values })
    .onConflictDoUpdate({ target: unsubscribedAddresses.address, set: values });
}

/** Records on the entry that the person gave consent again, told to the office: when, who recorded it, how they gave it. */
export async function writeAddressConsent(db: DbExecutor, address: string, consent: { at: Date; byId: number; note: string }): Promise<void> {
  await db.update(unsubscribedAddresses).set({ consentAt: consent.at, consentById: consent.byId, consentNote: consent.note })
    .where(eq(unsubscribedAddresses.address, address));
}

/** A live customer's email address as stored; null for an unknown or erased customer. */
export async function selectLiveCustomerEmail(db: DbExecutor, customerId: number): Promise<string | null> {
  const [row] = await db.select({ email: customers.email }).from(customers).where(and(eq(customers.id, customerId), isNull(customers.erasedAt)));
  return row?.email ?? null;
}

/** A standing entry of the list, as the office reads it: since when, how, who recorded it and their note. */
export type ListedAddress = {
  address: string;
  unsubscribedAt: Date;
  source: UnsubscribeSource | null;
  recordedByName: string | null;
  note: string | null;
  /** A live customer record with the address (the oldest should two differ only in case), to link to. */
  customerId: number | null;
  customerName: string | null;
};

const recorder = alias(staffUsers, 'recorded_by');
const consenter = alias(staffUsers, 'consent_by');

/** The first customer record holding the entry's address, for the list's link (one probe of `customers_email_key_idx`). */
const addressCustomer = (column: typeof customers.id | typeof customers.firstName | typeof customers.lastName) => sql`(select ${column} from ${customers}
  where ${emailKey(customers.email)} = ${unsubscribedAddresses.address} and ${customers.erasedAt} is null order by ${customers.id} limit 1)`;

const listedColumns = {
  address: unsubscribedAddresses.address,
  unsubscribedAt: unsubscribedAddresses.unsubscribedAt,
  source: sql<UnsubscribeSource | null>`${unsubscribedAddresses.source}`,
  recordedByName: recorder.displayName,
  note: unsubscribedAddresses.note,
  customerId: sql<number | null>`${addressCustomer(customers.id)}`,
  customerFirstName: sql<string | null>`${addressCustomer(customers.firstName)}`,
  customerLastName: sql<string | null>`${addressCustomer(customers.lastName)}`,
};

function toListed(row: { customerFirstName: string | null; customerLastName: string | null } & Omit<ListedAddress, 'customerName'>): ListedAddress {
  const { customerFirstName, customerLastName, ...rest } = row;
  return { ...rest, customerName: rest.customerId === null ? null : [customerFirstName, customerLastName].filter(Boolean).join(' ') };
}

/** Addresses holding `contains` (any case; its wildcards taken literally), or all when null. */
const addressContains = (contains: string | null) => (contains ? sql`${unsubscribedAddresses.address} like ${`%${escapeLike(contains.toLowerCase())}%`}` : undefined);

/**
 * The do-not-email list as the office reads it (0074): the entries that stand, newest first, whose
 * address holds `contains`; at most `limit` (every one when null, for the CSV), and how many there are.
 */
export async function selectListedAddresses(db: DbExecutor, query: { contains: string | null; limit: number | null }): Promise<{ entries: ListedAddress[]; total: number }> {
  const where = and(addressEntryStandsSql, addressContains(query.contains));
  const select = db.select(listedColumns).from(unsubscribedAddresses)
    .leftJoin(recorder, eq(recorder.id, unsubscribedAddresses.recordedById))
    .where(where)
    .orderBy(desc(unsubscribedAddresses.unsubscribedAt), asc(unsubscribedAddresses.address));
  const rows = query.limit === null ? await select : await select.limit(query.limit);
  const [count] = query.limit === null || rows.length < query.limit
    ? [{ n: rows.length }]
    : await db.select({ n: sql<number>`count(*)::int` }).from(unsubscribedAddresses).where(where);
  return { entries: rows.map(toListed), total: count?.n ?? rows.length };
}

/** An entry the office took off the list when the person gave consent again (0074). */
export type RelistedAddress = { address: string; unsubscribedAt: Date; consentAt: Date; consentByName: string | null; consentNote: string };

/** The entries the office took off the list, latest first, whose address holds `contains`; at most `limit`. */
export async function selectConsentedAgainAddresses(db: DbExecutor, query: { contains: string | null; limit: number }): Promise<RelistedAddress[]> {
  const rows = await db.select({
    address: unsubscribedAddresses.address, unsubscribedAt: unsubscribedAddresses.unsubscribedAt,
    consentAt: unsubscribedAddresses.consentAt, consentByName: consenter.displayName, consentNote: unsubscribedAddresses.consentNote,
  }).from(unsubscribedAddresses)
    .leftJoin(consenter, eq(consenter.id, unsubscribedAddresses.consentById))
    .where(and(sql`${unsubscribedAddresses.consentAt} > ${unsubscribedAddresses.unsubscribedAt}`, addressContains(query.contains)))
    .orderBy(desc(unsubscribedAddresses.consentAt), asc(unsubscribedAddresses.address))
    .limit(query.limit);
  return rows.map((r) => ({ ...r, consentAt: r.consentAt!, consentNote: r.consentNote ?? '' }));
}

/** The address's entry when it stands, with how it came (the customer page, the outbox's check before sending); null otherwise. */
export async function selectStandingEntry(db: DbExecutor, address: string): Promise<{ unsubscribedAt: Date; source: UnsubscribeSource | null } | null> {
  const [row] = await db.select({ unsubscribedAt: unsubscribedAddresses.unsubscribedAt, source: sql<UnsubscribeSource | null>`${unsubscribedAddresses.source}` })
    .from(unsubscribedAddresses)
    .where(and(eq(unsubscribedAddresses.address, address), addressEntryStandsSql));
  return row ?? null;
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
    .where(and(eq(customers.branchId, query.branchId), gt(customers.id, query.afterId), isSubscribedSql, notListedAgainstOwnConsentSql, notBookedForYear(query.year)))
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
    .where(and(inArray(customers.id, ids), isNull(customers.erasedAt), isSubscribedSql, notListedAgainstOwnConsentSql))
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
    .where(and(eq(customers.branchId, query.branchId), isSubscribedSql, notListedAgainstOwnConsentSql, notBookedForYear(query.year)));
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
