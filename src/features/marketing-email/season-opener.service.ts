import 'server-only';
import { getDb } from '@/db/client';
import { type Branch, getBranch } from '@/features/branch/branch.service';
import { type EnqueueEmailInput, enqueueEmails, findQueuedTopics } from '@/features/email/outbox.service';
import { findToday, type IsoDate } from '@/features/scheduling/available-dates';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { getEnv } from '@/env';
import { getTranslator } from '@/i18n/messages';
import { isLocale, type Locale, routing } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { countSeasonOpenerAudience, findPreviousServices, listSubscribedCustomers, lockSeasonOpener, lockSubscribedCustomers } from './marketing.repository';
import { findAnnouncedFriday, findSeasonOpening, type SeasonOpening, seasonOpenerTopic, seasonOpenerTopicPrefix } from './season';
import { createSeasonOpenerRenderer, type SeasonOpenerEmail } from './season-opener-email';

/** Customers per transaction: one INSERT of this many emails, a lock held for well under a second. */
export const SEASON_OPENER_BATCH = 500;

/**
 * The season the opener is for, its first Friday, and the Friday it announces (0077): the first of
 * that season a customer can still book, by the booking's own list for one visit (room for a stop,
 * not closed: `getAvailableDates`), or null when all of them are full or closed.
 */
export type SeasonAnnouncement = SeasonOpening & { openFriday: IsoDate | null };

async function announceSeason(branch: Branch, now: Date): Promise<SeasonAnnouncement> {
  const season = findSeasonOpening(now, {
    timezone: branch.timezone,
    season: { startMonthDay: branch.settings.seasonStart, endMonthDay: branch.settings.seasonEnd },
    leadDays: branch.settings.leadDays,
  });
  return { ...season, openFriday: findAnnouncedFriday(season, await getAvailableDates({ now, branchId: branch.id })) };
}

export type SeasonOpenerPreview = SeasonAnnouncement & { recipients: number; alreadyQueued: number };

/** What the office reads before sending: the season, its first Friday, the Friday announced, and who gets the email. */
export async function previewSeasonOpener(now: Date): Promise<SeasonOpenerPreview> {
  const branch = await getBranch();
  const season = await announceSeason(branch, now);
  const counts = await countSeasonOpenerAudience(await getDb(), { branchId: branch.id, year: season.year, topicPrefix: seasonOpenerTopicPrefix(season.year) });
  return { ...season, ...counts };
}

export type SeasonOpenerResult = SeasonAnnouncement & { queued: number; skipped: number };

/**
 * Queues the season opener for every subscribed customer (consent given, not withdrawn), one email
 * each in their language, at most once per customer and season: each email's outbox topic is
 * `season-opener:{year}:{customerId}`, and each batch of `batchSize` customers runs in one
 * transaction that holds the season's lock, leaves out the customers whose topic the outbox
 * already holds (sent or not), and inserts the rest in one statement. Pressing Send twice, or two
 * admins at once, therefore queues each email once; a run stopped half-way is finished by the next.
 *
 * @throws AppError 'conflict' when `year` is not the season the server would announce now
 */
export async function queueSeasonOpener(input: { now: Date; year: number; by: string; batchSize?: number }): Promise<SeasonOpenerResult> {
  const branch = await getBranch();
  // The Friday announced is read when the emails are written, as the booking page would list it then.
  const season = await announceSeason(branch, input.now);
  if (input.year !== season.year) throw new AppError('conflict', 'marketingEmail.staff.seasonChanged', { year: season.year });
  const db = await getDb();
  const today = findToday(input.now, branch.timezone);
  const siteUrl = getEnv().PUBLIC_SITE_URL;
  const renderers = new Map<Locale, ReturnType<typeof createSeasonOpenerRenderer>>();
  const renderFor = (locale: Locale) => {
    let render = renderers.get(locale);
    if (!render) {
      render = createSeasonOpenerRenderer({ locale, branch, ...season, siteUrl });
      renderers.set(locale, render);
    }
    return render;
  };

  let afterId = 0;
  let queued = 0;
  let skipped = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await lockSeasonOpener(tx, branch.id, season.year);
      const customers = await listSubscribedCustomers(tx, { branchId: branch.id, year: season.year, afterId, limit: input.batchSize ?? SEASON_OPENER_BATCH });
      if (customers.length === 0) return null;
      const already = await findQueuedTopics(tx, customers.map((c) => seasonOpenerTopic(season.year, c.id)));
      // Locked and read again before their emails are written: a customer erased meanwhile gets none (0055).
      const fresh = await lockSubscribedCustomers(tx, customers.filter((c) => !already.has(seasonOpenerTopic(season.year, c.id))).map((c) => c.id));
      const previous = await findPreviousServices(tx, fresh.map((c) => c.id), today);
      const emails: EnqueueEmailInput[] = fresh.map((c) => {
        const locale = isLocale(c.locale) ? c.locale : routing.defaultLocale;
        const email: SeasonOpenerEmail = renderFor(locale)({ customerId: c.id, firstName: c.firstName, previousService: previous.get(c.id) ?? null });
        return {
          kind: 'season-opener', to: c.email, locale, ...email,
          relatedType: 'customer', relatedId: c.id, topic: seasonOpenerTopic(season.year, c.id),
        };
      });
      await enqueueEmails(tx, emails);
      return { lastId: customers[customers.length - 1]!.id, queued: emails.length, skipped: customers.length - emails.length };
    });
    if (!batch) break;
    afterId = batch.lastId;
    queued += batch.queued;
    skipped += batch.skipped;
  }
  getLogger().info({ year: season.year, queued, skipped, by: input.by }, 'season opener queued');
  return { ...season, queued, skipped };
}

/** The staff preview (/email-preview?email=season-opener): the email as a customer would get it, made-up customer. */
export async function renderSeasonOpenerPreview(input: { now: Date; locale: Locale }): Promise<SeasonOpenerEmail> {
  const branch = await getBranch();
  const season = await announceSeason(branch, input.now);
  const firstName = getTranslator(input.locale, 'marketingEmail.preview')('sampleName');
  // No customer: its unsubscribe link opens the page's "does not work" card and unsubscribes nobody.
  return createSeasonOpenerRenderer({ locale: input.locale, branch, ...season })({ customerId: null, firstName, previousService: 'seasonal' });
}
