import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { lockWaitingEmails, withdrawWaitingEmails } from '@/features/email/outbox.service';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { getLogger } from '@/server/logger';
import { type ConsentStatus, findUnsubscribedSince, readConsentStatus } from './consent';
import { findConsentState, markUnsubscribed, recordConsentUnlessSubscribed } from './marketing.repository';
import { findSeasonOpening, seasonOpenerTopic } from './season';
import { readUnsubscribeToken } from './unsubscribe-token';

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

export type UnsubscribeState = { state: 'invalid' } | { state: 'subscribed' } | { state: 'unsubscribed'; since: Date };

/** What the unsubscribe page shows for a token: a button, the confirmation, or the bad-link card. */
export async function loadUnsubscribeState(token: string): Promise<UnsubscribeState> {
  const customerId = readUnsubscribeToken(token);
  if (customerId === null) return { state: 'invalid' };
  const consent = await findConsentState(await getDb(), customerId);
  if (!consent) return { state: 'invalid' };
  const since = findUnsubscribedSince(consent);
  return since ? { state: 'unsubscribed', since } : { state: 'subscribed' };
}

/**
 * Unsubscribes the token's customer (the page's button and the one-click POST). Idempotent: a
 * second call keeps the first date. Season openers still waiting in the outbox for them are
 * withdrawn in the same transaction. A customer whose data was erased is answered as one already
 * unsubscribed, since the erasure, and nothing is written (0056). Null for a token this server did
 * not make or a customer that no longer exists.
 */
export async function unsubscribeByToken(token: string, now: Date): Promise<{ customerId: number; unsubscribedAt: Date; changed: boolean } | null> {
  const customerId = readUnsubscribeToken(token);
  if (customerId === null) return null;
  const branch = await getBranch();
  const { year } = findSeasonOpening(now, { timezone: branch.timezone, season: { startMonthDay: branch.settings.seasonStart, endMonthDay: branch.settings.seasonEnd }, leadDays: branch.settings.leadDays });
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const marked = await markUnsubscribed(tx, customerId, now);
    if (!marked) return null;
    // An opener queued for this season or the last one and not sent yet never goes.
    const waiting = [...await lockWaitingEmails(tx, seasonOpenerTopic(year, customerId)), ...await lockWaitingEmails(tx, seasonOpenerTopic(year - 1, customerId))];
    const withdrawn = await withdrawWaitingEmails(tx, waiting, now);
    return { ...marked, withdrawn: withdrawn.length };
  });
  if (!result) return null;
  if (result.changed) getLogger().info({ customerId, withdrawn: result.withdrawn }, 'customer unsubscribed from promotional email');
  return { customerId, unsubscribedAt: result.unsubscribedAt, changed: result.changed };
}

/** Staff customer page: agreed on a date, unsubscribed on a date, or nothing. */
export async function loadConsentStatus(customerId: number): Promise<ConsentStatus | null> {
  const state = await findConsentState(await getDb(), customerId);
  return state ? readConsentStatus(state) : null;
}
