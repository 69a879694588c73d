import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import type { UnsubscribeSource } from '@/db/schema/customers';
import { lockWaitingEmails, lockWaitingPromotionalEmailsTo, withdrawWaitingEmails } from '@/features/email/outbox.service';
import { getTranslator } from '@/i18n/messages';
import { LOCALES, type Locale } from '@/i18n/routing';
import { getLogger } from '@/server/logger';
import { type ConsentStatus, findStandingAddressUnsubscribe, findUnsubscribedSince, readConsentStatus } from './consent';
import {
  findConsentState, lockAddressEntry, markUnsubscribed, recordConsentUnlessSubscribed, selectAddressEntry, selectCustomersWithAddress, selectLiveCustomerEmail,
  selectStandingEntry, type UnsubscribeRecord, writeAddressUnsubscribe,
} from './marketing.repository';
import { findSeasonOpening, seasonOpenerTopic } from './season';
import { normaliseEmailAddress, readAnyUnsubscribeToken, type UnsubscribeSubjectRef } from './unsubscribe-token';

/**
 * The words of the booking forms' checkbox, as the customer saw them: the same message in the
 * same language with the same business name (`marketingConsent.label`). Stored as the proof.
 */
export function renderConsentText(locale: Locale, businessName: string): string {
  return getTranslator(locale, 'marketingConsent')('label', { business: businessName });
}

/**
 * A booking's consent, in the booking's transaction: ticked, it records the time and the words
 * unless the customer is subscribed already; not ticked, it does nothing, so a booking without
 * the box never removes an earlier consent (`planConsentChange` is the same rule, pure).
 */
export async function recordMarketingConsent(tx: DbExecutor, input: { customerId: number; ticked: boolean; locale: Locale; businessName: string; now: Date }): Promise<boolean> {
  if (!input.ticked) return false;
  const recorded = await recordConsentUnlessSubscribed(tx, input.customerId, { at: input.now, text: renderConsentText(input.locale, input.businessName) });
  if (recorded) getLogger().info({ customerId: input.customerId }, 'promotional email consent recorded');
  return recorded;
}

/** The box's words in every language, with the branch's name: what the office reads out on the phone (0098). */
export async function loadConsentWords(): Promise<Record<Locale, string>> {
  const { displayName } = await getBranch();
  return Object.fromEntries(LOCALES.map((locale) => [locale, renderConsentText(locale, displayName)])) as Record<Locale, string>;
}

/**
 * Consent the customer gave on the phone to the office (docs/decisions/0098), when the clerk adds
 * them: the booking box's words in the customer's language, said to be agreed by phone to the named
 * staff member, with the time. Recorded unless the customer is subscribed already.
 */
export async function recordPhoneConsent(tx: DbExecutor, input: { customerId: number; locale: Locale; businessName: string; staffName: string; now: Date }): Promise<boolean> {
  const words = renderConsentText(input.locale, input.businessName);
  const text = getTranslator(input.locale, 'marketingEmail')('consentByPhone', { name: input.staffName, words });
  const recorded = await recordConsentUnlessSubscribed(tx, input.customerId, { at: input.now, text });
  if (recorded) getLogger().info({ customerId: input.customerId }, 'promotional email consent given by phone recorded');
  return recorded;
}

/**
 * What the unsubscribe page shows for a token: a button, the confirmation, or the bad-link card.
 * `subject` says whose link it is: a customer's (a season opener, 0043) or an email address's (a
 * quote email, 0066), which the page words differently.
 */
export type UnsubscribeState =
  | { state: 'invalid' }
  | { state: 'subscribed'; subject: UnsubscribeSubjectRef['kind'] }
  | { state: 'unsubscribed'; since: Date; subject: UnsubscribeSubjectRef['kind'] };

export async function loadUnsubscribeState(token: string): Promise<UnsubscribeState> {
  const ref = readAnyUnsubscribeToken(token);
  if (ref === null) return { state: 'invalid' };
  const db = await getDb();
  if (ref.kind === 'address') {
    const since = await findAddressUnsubscribedSince(db, ref.address, false);
    return since ? { state: 'unsubscribed', since, subject: 'address' } : { state: 'subscribed', subject: 'address' };
  }
  const consent = await findConsentState(db, ref.customerId);
  if (!consent) return { state: 'invalid' };
  const since = findUnsubscribedSince(consent);
  return since ? { state: 'unsubscribed', since, subject: 'customer' } : { state: 'subscribed', subject: 'customer' };
}

/**
 * Since when an address's entry on the do-not-email list stands (`findStandingAddressUnsubscribe`):
 * its recorded date, unless consent given again after it outranks it. `lock` takes the address's
 * lock first, until the transaction ends.
 */
async function findAddressUnsubscribedSince(db: DbExecutor, address: string, lock: boolean): Promise<Date | null> {
  const entry = lock ? await lockAddressEntry(db, address) : await selectAddressEntry(db, address);
  return findStandingAddressUnsubscribe(entry, await selectCustomersWithAddress(db, address));
}

/**
 * Marks one customer unsubscribed in `tx` and withdraws the season openers of this season or the
 * last one still waiting in the outbox for them. Null for a customer that no longer exists.
 */
async function unsubscribeCustomer(tx: DbExecutor, customerId: number, now: Date, seasonYear: number) {
  const marked = await markUnsubscribed(tx, customerId, now);
  if (!marked) return null;
  const waiting = [...await lockWaitingEmails(tx, seasonOpenerTopic(seasonYear, customerId)), ...await lockWaitingEmails(tx, seasonOpenerTopic(seasonYear - 1, customerId))];
  const withdrawn = await withdrawWaitingEmails(tx, waiting, now);
  return { ...marked, withdrawn: withdrawn.length };
}

/** Withdraws, in `tx`, every promotional email still waiting for `address` (quote follow-ups, season openers); how many (0074). */
async function withdrawPromotionalEmailsTo(tx: DbExecutor, address: string, now: Date): Promise<number> {
  return (await withdrawWaitingEmails(tx, await lockWaitingPromotionalEmailsTo(tx, address), now)).length;
}

export async function findSeasonYear(now: Date): Promise<number> {
  const branch = await getBranch();
  return findSeasonOpening(now, { timezone: branch.timezone, season: { startMonthDay: branch.settings.seasonStart, endMonthDay: branch.settings.seasonEnd }, leadDays: branch.settings.leadDays }).year;
}

/** What putting an address on the list did: since when it stands, whether this call wrote it, and what it touched. */
export type AddressUnsubscribeResult = { unsubscribedAt: Date; changed: boolean; customers: number; withdrawn: number };

/**
 * Puts `address` (normalised) on the do-not-email list in `tx`, after `lockAddressEntry` and with the
 * standing date it read (`standing`, null when it does not stand): each live customer with the
 * address is unsubscribed as above, every promotional email still waiting for the address is
 * withdrawn, and the entry is written with how it came unless one already stands (the first
 * unsubscribe keeps its date and how). An entry a later consent outranked is replaced.
 */
export async function listAddressInTransaction(
  tx: DbExecutor,
  input: { address: string; standing: Date | null; how: UnsubscribeRecord; now: Date; seasonYear: number },
): Promise<AddressUnsubscribeResult> {
  const { address, standing, now } = input;
  const owners = await selectCustomersWithAddress(tx, address);
  let withdrawn = 0;
  for (const owner of owners) withdrawn += (await unsubscribeCustomer(tx, owner.id, now, input.seasonYear))?.withdrawn ?? 0;
  withdrawn += await withdrawPromotionalEmailsTo(tx, address, now);
  if (!standing) await writeAddressUnsubscribe(tx, address, now, input.how);
  return { unsubscribedAt: standing ?? now, changed: !standing, customers: owners.length, withdrawn };
}

/** How a link's unsubscribe came: the page's button (`link`) or the mail program's one-click POST. */
export type LinkUnsubscribeSource = Extract<UnsubscribeSource, 'link' | 'one-click'>;

/**
 * Unsubscribes the token's subject (the page's button and the one-click POST). Idempotent: a second
 * call keeps the first date. Null for a token this server did not make or a customer that no longer
 * exists.
 * - A customer's link (0043): the customer is marked unsubscribed, and season openers still waiting
 *   in the outbox for them are withdrawn in the same transaction. Their address joins the
 *   do-not-email list as well (0074), with every promotional email still waiting for it withdrawn. A
 *   customer whose data was erased is answered as one already unsubscribed, since the erasure, and
 *   nothing is written (0056).
 * - An address's link (a quote email, 0066): the address is recorded (no quote follow-ups, no
 *   promotional email), and each live customer with that address is unsubscribed as above, so
 *   the season opener leaves them out too. An unsubscribe outranked by a later consent is
 *   replaced by this one.
 * `source` says which of the two buttons it was, for the office's list (0074).
 */
export async function unsubscribeByToken(token: string, now: Date, source: LinkUnsubscribeSource = 'one-click'): Promise<{ unsubscribedAt: Date; changed: boolean } | null> {
  const ref = readAnyUnsubscribeToken(token);
  if (ref === null) return null;
  const year = await findSeasonYear(now);
  const db = await getDb();
  if (ref.kind === 'customer') {
    const result = await db.transaction(async (tx) => {
      // The address's lock before the customer's row, as the address's own unsubscribe takes them.
      const email = await selectLiveCustomerEmail(tx, ref.customerId);
      const address = email ? normaliseEmailAddress(email) : null;
      const standing = address ? await findAddressUnsubscribedSince(tx, address, true) : null;
      const marked = await unsubscribeCustomer(tx, ref.customerId, now, year);
      if (!marked) return null;
      const listed = address ? await listAddressInTransaction(tx, { address, standing, how: { source }, now, seasonYear: year }) : null;
      return { ...marked, withdrawn: marked.withdrawn + (listed?.withdrawn ?? 0) };
    });
    if (!result) return null;
    if (result.changed) getLogger().info({ customerId: ref.customerId, withdrawn: result.withdrawn }, 'customer unsubscribed from promotional email');
    return { unsubscribedAt: result.unsubscribedAt, changed: result.changed };
  }
  const result = await db.transaction(async (tx) => {
    const standing = await findAddressUnsubscribedSince(tx, ref.address, true);
    return listAddressInTransaction(tx, { address: ref.address, standing, how: { source }, now, seasonYear: year });
  });
  // The address is personal data: the log says what happened, not to whom.
  if (result.changed) getLogger().info({ customers: result.customers, withdrawn: result.withdrawn, source }, 'email address unsubscribed from quote follow-ups and promotional email');
  return { unsubscribedAt: result.unsubscribedAt, changed: result.changed };
}

/**
 * The office gives a customer a new email address (the customer page's edit), in the edit's
 * transaction and before the row is written (docs/decisions/0074). When the new address stands on
 * the do-not-email list, the customer is marked unsubscribed now and their waiting season openers
 * are withdrawn: their earlier consent was given for another address, and whoever reads this one
 * asked us not to write. Ticking the box on a later booking is a new consent, as always (0043).
 * Takes the address's lock first; the caller locks the customer's row after this.
 */
export async function lockAddressForCustomerEmail(tx: DbExecutor, email: string): Promise<Date | null> {
  return findAddressUnsubscribedSince(tx, normaliseEmailAddress(email), true);
}

/** The second half of the above, once the customer's row is locked: marks them unsubscribed when the address stands. */
export async function carryAddressUnsubscribe(tx: DbExecutor, input: { customerId: number; standing: Date | null; now: Date; seasonYear: number }): Promise<boolean> {
  if (!input.standing) return false;
  const marked = await unsubscribeCustomer(tx, input.customerId, input.now, input.seasonYear);
  if (marked?.changed) getLogger().info({ customerId: input.customerId, withdrawn: marked.withdrawn }, 'customer given an unsubscribed email address: marked unsubscribed');
  return marked?.changed ?? false;
}

/**
 * Staff customer page: agreed on a date, unsubscribed on a date, or nothing; and, when the
 * customer's address stands on the do-not-email list, since when and how (0074).
 */
export async function loadConsentStatus(customerId: number): Promise<{ status: ConsentStatus; listed: { address: string; since: Date; source: UnsubscribeSource | null } | null } | null> {
  const db = await getDb();
  const state = await findConsentState(db, customerId);
  if (!state) return null;
  const email = await selectLiveCustomerEmail(db, customerId);
  const address = email ? normaliseEmailAddress(email) : null;
  const entry = address ? await selectStandingEntry(db, address) : null;
  return { status: readConsentStatus(state), listed: address && entry ? { address, since: entry.unsubscribedAt, source: entry.source } : null };
}
