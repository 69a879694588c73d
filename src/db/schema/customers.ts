import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ACCENTED_LETTERS, PLAIN_LETTERS } from '@/lib/search-fold';
import { emailKey } from '../email-key';
import { branches, timestamps } from './branches';
import { staffUsers } from './staff';

/** A phone's digits once a trailing extension (`x12`, `ext. 12`, `extension 12`) is cut off. */
const PHONE_DIGITS_SQL = `regexp_replace(regexp_replace(coalesce(phone, ''), '\\s*(x|ext\\.?|extension)\\s*[0-9]{1,6}\\s*$', '', 'i'), '[^0-9]', '', 'g')`;

export const customers = pgTable('customers', {
  id: serial().primaryKey(),
  branchId: integer().notNull().default(1).references(() => branches.id),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull().unique(),
  phone: text().notNull(),
  address: text(),
  city: text(),
  postalCode: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  propertySize: numeric({ precision: 7, scale: 2, mode: 'number' }),
  locale: text().notNull().default('en'),
  // Express consent to promotional email (CASL, 0043): when it was given, the words the customer
  // agreed to (as proof), and when they unsubscribed. Service email never depends on these.
  marketingConsentAt: timestamp({ withTimezone: true }),
  marketingConsentText: text(),
  marketingUnsubscribedAt: timestamp({ withTimezone: true }),
  // The customer's personal data was erased (0049): when, by which admin (null for the retention
  // sweep, or once the account is gone) and why: 'request' (the customer asked) or 'retention'
  // (six years after the tax year of their last business). The erased values are not kept anywhere.
  erasedAt: timestamp({ withTimezone: true }),
  erasedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  erasureReason: text(),
  // The staff account that added the customer from the dashboard (0098); null for customers who
  // came through the website's forms, and once the account is deleted.
  createdById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  // What the dashboard's customer search reads, folded once when a row is written instead of on
  // every search (as quotes do, 0019): name, email, street, town and postal code without its space,
  // in lower case without accents and one space apart (a search word never holds a space, so it
  // cannot match across two fields); and the phone's digits however it was typed.
  searchText: text().generatedAlwaysAs(sql.raw(
    `lower(translate(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(address, '') || ' ' `
    + `|| coalesce(city, '') || ' ' || coalesce(replace(postal_code, ' ', ''), ''), '${ACCENTED_LETTERS}', '${PLAIN_LETTERS}'))`,
  )),
  searchPhone: text().generatedAlwaysAs(sql.raw(`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`)),
  // The line's ten digits, as `toPhoneKey` (src/lib/phone.ts) reads a typed phone: the extension left
  // off, the country code dropped; null for anything that is not a North American number (an erased
  // customer's empty phone, SPEC's stand-in 000-000-0000). "New customer" warns about a phone
  // already on file by it (0105).
  phoneKey: text().generatedAlwaysAs(sql.raw(
    `case when ${PHONE_DIGITS_SQL} ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$' then right(${PHONE_DIGITS_SQL}, 10) end`,
  )),
  ...timestamps,
}, (t) => [
  // The dashboard lists and searches customers newest first.
  index('customers_created_at_id_idx').on(t.createdAt, t.id),
  // Each /quotes-admin card looks up the customer with its quote's address (0068). Not unique: the
  // unique constraint is on the address as stored, and rows from before addresses were stored in
  // lower case may differ only in case.
  index('customers_email_key_idx').on(emailKey(t.email)),
  // "A customer with this phone already exists" (0105): one probe per number typed, erased rows and
  // rows without a phone left out. Without the second condition the index held every live customer,
  // and the planner walked it as a stand-in for the table when joining customers by email.
  index('customers_phone_key_idx').on(t.phoneKey).where(sql`${t.erasedAt} is null and ${t.phoneKey} is not null`),
  check('customers_erasure', sql`(${t.erasedAt} is null) = (${t.erasureReason} is null) and coalesce(${t.erasureReason}, 'request') in ('request', 'retention')`),
]);


/** How an address came onto the do-not-email list (docs/decisions/0074). */
export const UNSUBSCRIBE_SOURCES = ['link', 'one-click', 'office'] as const;
export type UnsubscribeSource = (typeof UNSUBSCRIBE_SOURCES)[number];

/**
 * The do-not-email list: addresses that asked for no more quote follow-ups or promotional email
 * (docs/decisions/0066), by an email's unsubscribe link (a quote email's, or since 0074 a customer's
 * season opener), the mail program's one-click button, or the office on the person's request. Quotes
 * are not linked to customer records, so the wish is kept by the address itself (trimmed, lower
 * case); a customer with the address is marked unsubscribed as well. A row is the person's own
 * instruction: neither the retention sweep nor an erasure deletes it. A later express consent
 * outranks it: the booking box on a customer with the address (0043), or consent given again to the
 * office, recorded on the row with who and why (0074); the row then stays as the record of both.
 */
export const unsubscribedAddresses = pgTable('unsubscribed_addresses', {
  address: text().primaryKey(),
  unsubscribedAt: timestamp({ withTimezone: true }).notNull(),
  // How it was asked (UNSUBSCRIBE_SOURCES); null on rows written before 0074 recorded it. For the
  // office: which staff account recorded it (set null if the account is ever deleted) and its note.
  source: text(),
  recordedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  note: text(),
  // Consent given again and recorded by the office (0074): when, by whom, and how the person gave it.
  consentAt: timestamp({ withTimezone: true }),
  consentById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  consentNote: text(),
}, (t) => [
  check('unsubscribed_addresses_normalised', sql`${t.address} = lower(${t.address}) and ${t.address} like '%@%'`),
  check('unsubscribed_addresses_source', sql`${t.source} in ('link', 'one-click', 'office')`),
  check('unsubscribed_addresses_consent', sql`(${t.consentAt} is null) = (${t.consentNote} is null)`),
  // The staff list, newest first (0074).
  index('unsubscribed_addresses_at_idx').on(t.unsubscribedAt, t.address),
]);
