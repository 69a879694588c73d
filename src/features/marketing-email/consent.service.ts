import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { lockWaitingEmails, withdrawWaitingEmails } from '@/features/email/outbox.service';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { getLogger } from '@/server/logger';
import { type ConsentStatus, findLatest, findStandingUnsubscribe, findUnsubscribedSince, readConsentStatus } from './consent';
import {
  findConsentState, lockAddressUnsubscribe, markUnsubscribed, recordConsentUnlessSubscribed, selectAddressUnsubscribedAt, selectCustomersWithAddress,
  writeAddressUnsubscribe,
} from './marketing.repository';
import { findSeasonOpening, seasonOpenerTopic } from './season';
import { readAnyUnsubscribeToken, type UnsubscribeSubjectRef } from './unsubscribe-token';

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
 * Since when an address's unsubscribe stands (`findStandingUnsubscribe`): its recorded date, unless
 * a customer with the address gave express consent after it. `lock` takes the address's lock first.
 */
async function findAddressUnsubscribedSince(db: DbExecutor, address: string, lock: boolean): Promise<Date | null> {
  const recorded = lock ? await lockAddressUnsubscribe(db, address) : await selectAddressUnsubscribedAt(db, [address]);
  const owners = await selectCustomersWithAddress(db, address);
  return findStandingUnsubscribe(recorded, findLatest(owners.map((c) => c.consentAt)));
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

async function findSeasonYear(now: Date): Promise<number> {
  const branch = await getBranch();
  return findSeasonOpening(now, { timezone: branch.timezone, season: { startMonthDay: branch.settings.seasonStart, endMonthDay: branch.settings.seasonEnd }, leadDays: branch.settings.leadDays }).year;
}

/**
 * Unsubscribes the token's subject (the page's button and the one-click POST). Idempotent: a second
 * call keeps the first date. Null for a token this server did not make or a customer that no longer
 * exists.
 * - A customer's link (0043): the customer is marked unsubscribed, and season openers still waiting
 *   in the outbox for them are withdrawn in the same transaction. A customer whose data was erased
 *   is answered as one already unsubscribed, since the erasure, and nothing is written (0056).
 * - An address's link (a quote email, 0066): the address is recorded (no quote follow-ups, no
 *   promotional email), and each live customer with that address is unsubscribed as above, so
 *   the season opener leaves them out too. An unsubscribe outranked by a later consent is
 *   replaced by this one.
 */
export async function unsubscribeByToken(token: string, now: Date): Promise<{ unsubscribedAt: Date; changed: boolean } | null> {
  const ref = readAnyUnsubscribeToken(token);
  if (ref === null) return null;
  const year = await findSeasonYear(now);
  const db = await getDb();
  if (ref.kind === 'customer') {
    const result = await db.transaction((tx) => unsubscribeCustomer(tx, ref.customerId, now, year));
    if (!result) return null;
    if (result.changed) getLogger().info({ customerId: ref.customerId, withdrawn: result.withdrawn }, 'customer unsubscribed from promotional email');
    return { unsubscribedAt: result.unsubscribedAt, changed: result.changed };
  }
  const result = await db.transaction(async (tx) => {
    const standing = await findAddressUnsubscribedSince(tx, ref.address, true);
    const owners = await selectCustomersWithAddress(tx, ref.address);
    let withdrawn = 0;
    for (const owner of owners) withdrawn += (await unsubscribeCustomer(tx, owner.id, now, year))?.withdrawn ?? 0;
    if (!standing) await writeAddressUnsubscribe(tx, ref.address, now);
    return { unsubscribedAt: standing ?? now, changed: !standing, customers: owners.length, withdrawn };
  });
  // The address is personal data: the log says what happened, not to whom.
  if (result.changed) getLogger().info({ customers: result.customers, withdrawn: result.withdrawn }, 'email address unsubscribed from quote follow-ups and promotional email');
  return { unsubscribedAt: result.unsubscribedAt, changed: result.changed };
}

/** Staff customer page: agreed on a date, unsubscribed on a date, or nothing. */
export async function loadConsentStatus(customerId: number): Promise<ConsentStatus | null> {
  const state = await findConsentState(await getDb(), customerId);
  return state ? readConsentStatus(state) : null;
}
