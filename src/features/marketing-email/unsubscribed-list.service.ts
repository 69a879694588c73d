import 'server-only';
import { getDb } from '@/db/client';
import type { UnsubscribeSource } from '@/db/schema/customers';
import type { StaffSession } from '@/features/staff-auth/session.service';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { formatShortDateTime } from '@/lib/format';
import { getLogger } from '@/server/logger';
import { findStandingAddressUnsubscribe } from './consent';
import { findSeasonYear, listAddressInTransaction } from './consent.service';
import type { OfficeConsent, OfficeUnsubscribe } from './marketing-email.schema';
import {
  type ListedAddress, lockAddressEntry, recordConsentUnlessSubscribed, selectConsentedAgainAddresses, selectCustomersWithAddress, selectListedAddresses,
  writeAddressConsent,
} from './marketing.repository';
import { normaliseEmailAddress } from './unsubscribe-token';

/**
 * The office's list of unsubscribed addresses (/unsubscribed, docs/decisions/0074), admins only:
 * the addresses that asked for no quote follow-ups or promotional email, since when and how; the
 * office records an unsubscribe a person asks for by phone or in person, and takes an address off
 * the list only when the person gives consent again, saying how, with who and when kept.
 */

/** The page shows the newest this many that match; the CSV holds every one. */
export const UNSUBSCRIBED_LIST_LIMIT = 200;
/** The addresses taken off the list lately, shown under it with their record. */
const CONSENTED_AGAIN_LIMIT = 20;

type Staff = Pick<StaffSession, 'staffUserId' | 'username' | 'displayName'>;

export type UnsubscribedEntryView = Omit<ListedAddress, 'unsubscribedAt'> & { unsubscribedAt: string };
export type ConsentedAgainView = { address: string; unsubscribedAt: string; consentAt: string; consentByName: string | null; consentNote: string };
export type UnsubscribedListView = {
  /** The entries shown: the newest that match the search. */
  entries: UnsubscribedEntryView[];
  /** How many match in all (more than shown when the list is long). */
  total: number;
  consentedAgain: ConsentedAgainView[];
};

/** What the page and GET show: the list's newest entries holding `search` (any case), how many in all, and the ones lately taken off it. */
export async function loadUnsubscribedList(search: string): Promise<UnsubscribedListView> {
  const db = await getDb();
  const contains = search.trim() || null;
  const [{ entries, total }, consentedAgain] = await Promise.all([
    selectListedAddresses(db, { contains, limit: UNSUBSCRIBED_LIST_LIMIT }),
    selectConsentedAgainAddresses(db, { contains, limit: CONSENTED_AGAIN_LIMIT }),
  ]);
  return {
    entries: entries.map((e) => ({ ...e, unsubscribedAt: e.unsubscribedAt.toISOString() })),
    total,
    consentedAgain: consentedAgain.map((c) => ({ ...c, unsubscribedAt: c.unsubscribedAt.toISOString(), consentAt: c.consentAt.toISOString() })),
  };
}

/** Every entry that stands, newest first, for the CSV download. */
export async function listAllUnsubscribedAddresses(): Promise<ListedAddress[]> {
  return (await selectListedAddresses(await getDb(), { contains: null, limit: null })).entries;
}

/**
 * The office puts an address on the list at the person's request: as an unsubscribe link does
 * (customers with it unsubscribed, promotional emails waiting for it withdrawn), recorded as the
 * office's, with who and the note. An address already on the list is refused with a translated 409
 * that says since when: nothing is written, and its first date and how stay.
 *
 * @throws AppError 'conflict' (`marketingEmail.list.errors.alreadyListed`)
 */
export async function recordOfficeUnsubscribe(input: OfficeUnsubscribe, options: { now: Date; staff: Staff; locale: Locale }) {
  const { now, staff, locale } = options;
  const address = normaliseEmailAddress(input.email);
  const seasonYear = await findSeasonYear(now);
  const result = await (await getDb()).transaction(async (tx) => {
    const entry = await lockAddressEntry(tx, address);
    const standing = findStandingAddressUnsubscribe(entry, await selectCustomersWithAddress(tx, address));
    if (standing) {
      throw new AppError('conflict', 'marketingEmail.list.errors.alreadyListed', { unsubscribedAt: standing.toISOString() }, { date: formatShortDateTime(standing, locale) ?? '' });
    }
    return listAddressInTransaction(tx, {
      address, standing: null, now, seasonYear, how: { source: 'office', recordedById: staff.staffUserId, note: input.note || null },
    });
  });
  getLogger().info({ by: staff.username, customers: result.customers, withdrawn: result.withdrawn }, 'staff recorded an unsubscribe');
  return { address, unsubscribedAt: result.unsubscribedAt.toISOString(), source: 'office' as UnsubscribeSource, customers: result.customers, withdrawn: result.withdrawn };
}

/**
 * The person gave consent again, and the office takes their address off the list: the entry keeps
 * its unsubscribe and records the consent (when, which staff account, the note saying how it was
 * given); each live customer with the address who is not subscribed gets it as their express
 * consent (0043's columns; the words are the office's record), so the season opener reaches them
 * again. Only an address on the list can be taken off it: anything else is a translated 404.
 *
 * @throws AppError 'not_found' (`marketingEmail.list.errors.notListed`)
 */
export async function recordConsentAgain(input: OfficeConsent, options: { now: Date; staff: Staff; locale: Locale }) {
  const { now, staff, locale } = options;
  const address = normaliseEmailAddress(input.email);
  const result = await (await getDb()).transaction(async (tx) => {
    const entry = await lockAddressEntry(tx, address);
    const owners = await selectCustomersWithAddress(tx, address);
    if (!findStandingAddressUnsubscribe(entry, owners)) {
      throw new AppError('not_found', 'marketingEmail.list.errors.notListed');
    }
    await writeAddressConsent(tx, address, { at: now, byId: staff.staffUserId, note: input.note });
    // The customer's proof of consent, in the words the office recorded (the staff member's language).
    const text = getTranslator(locale, 'marketingEmail.list')('consentText', { name: staff.displayName, note: input.note });
    let customers = 0;
    for (const owner of owners) if (await recordConsentUnlessSubscribed(tx, owner.id, { at: now, text })) customers += 1;
    return { customers };
  });
  getLogger().info({ by: staff.username, customers: result.customers }, 'staff took an address off the do-not-email list on consent given again');
  return { address, consentAt: now.toISOString(), customers: result.customers };
}
