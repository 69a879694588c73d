import 'server-only';
import { localePath } from '@/components/site/locale-paths';
import { escapeHtml, renderButton, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { getEnv } from '@/env';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { cachedDateTimeFormat, formatDisplayDate, formatLongDate } from '@/lib/format';
import { buildUnsubscribePageUrl } from './unsubscribe-token';
import { customerEmailFooter } from '@/features/email/email-footer';

/** `customerId` null: the staff preview's made-up customer, whose unsubscribe link opens nothing. */
export type SeasonOpenerRecipient = { customerId: number | null; firstName: string; previousService: string | null };
export type SeasonOpenerEmail = { subject: string; html: string; text: string };

const FRIDAY_WITHOUT_YEAR: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' };

/** 'Friday, May 7', 'vendredi 7 mai', 'Freitag, 7. Mai': the subject line's date, its year being the season's. */
function formatFridayWithoutYear(date: string, locale: string): string {
  return formatDisplayDate(cachedDateTimeFormat(locale, 'friday-no-year', FRIDAY_WITHOUT_YEAR), new Date(`${date}T12:00:00Z`));
}

/**
 * What the opener says of its Friday (0077): the season's first Friday when it has room
 * ('first'), a later one when the first ones are full or closed ('later'), or no date when no
 * Friday of the season has room ('none').
 */
function findOpeningWording(firstFriday: string, openFriday: string | null): 'first' | 'later' | 'none' {
  if (openFriday === null) return 'none';
  return openFriday === firstFriday ? 'first' : 'later';
}

const SUBJECT = { first: 'subject', later: 'subjectLater', none: 'subjectNoDate' } as const;
const INTRO = { first: 'intro', later: 'introLater', none: 'introNoDate' } as const;
/**
 * Sent once the season has begun (0081): it does not "open" or "begin" on a date any more, and its
 * first Fridays are past rather than taken.
 */
const SUBJECT_UNDERWAY = { first: 'subjectUnderway', later: 'subjectUnderway', none: 'subjectUnderwayNoDate' } as const;
const INTRO_UNDERWAY = { first: 'introUnderway', later: 'introUnderwayLater', none: 'introNoDate' } as const;

/**
 * The "season opener" email in one language (docs/decisions/0043), as a renderer made once per
 * language and mailing: what every customer's email shares is translated once, and each customer
 * adds their name, their last plan when known, and their own unsubscribe link. In the shared
 * layout, whose footer names the business with its mailing address, phone and email (CASL).
 * It announces `openFriday`, the first Friday of the season a booking can still take (0077); with
 * none, it names no date, says the season is booked for now and leaves out the invitation to book
 * the last plan again.
 */
export function createSeasonOpenerRenderer(input: {
  locale: Locale; branch: EmailBranch; year: number;
  /** The season's first Friday that is not past (`findSeasonOpening`). */
  firstFriday: string;
  /** The season had begun when the email is written (`findSeasonOpening`). */
  underway: boolean;
  /** The first Friday of the season with room and open (`findAnnouncedFriday`), or null. */
  openFriday: string | null;
  siteUrl?: string;
}): (recipient: SeasonOpenerRecipient) => SeasonOpenerEmail {
  const { locale, branch, year, openFriday } = input;
  const siteUrl = input.siteUrl ?? getEnv().PUBLIC_SITE_URL;
  const t = getTranslator(locale, 'marketingEmail.email');
  const services = getTranslator(locale, 'booking');
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;

  const wording = findOpeningWording(input.firstFriday, openFriday);
  const bookUrl = new URL(localePath(locale, '/book'), siteUrl).toString();
  const [subjects, intros] = input.underway ? [SUBJECT_UNDERWAY, INTRO_UNDERWAY] : [SUBJECT, INTRO];
  const subject = t(subjects[wording], { year, date: openFriday ? formatFridayWithoutYear(openFriday, locale) : '' });
  const heading = t('heading', { year });
  const intro = t(intros[wording], { year, date: openFriday ? formatLongDate(openFriday, locale) : '' });
  const why = t('why', { business: branch.displayName });
  const footer = customerEmailFooter(locale, branch);
  const bookHtml = `<p style="margin:16px 0">${renderButton(bookUrl, t(wording === 'none' ? 'bookNoDate' : 'book'))}</p>`;
  const bookText = t('bookLine', { url: bookUrl });
  const unsubscribeLabel = t('unsubscribe');

  return (recipient) => {
    const greeting = t('greeting', { name: recipient.firstName });
    // "You can book it again in a couple of minutes" holds only while a Friday has room.
    const previous = recipient.previousService && wording !== 'none' ? t('previous', { service: services(`services.${recipient.previousService}`) }) : null;
    const unsubscribeUrl = recipient.customerId === null
      ? new URL(localePath(locale, '/unsubscribe/sample'), siteUrl).toString()
      : buildUnsubscribePageUrl(locale, recipient.customerId, siteUrl);
    const lines = [greeting, intro, ...(previous ? [previous] : [])];
    const { html, text } = renderEmailLayout({
      branch,
      locale,
      heading,
      bodyHtml: [
        ...lines.map(paragraph),
        bookHtml,
        `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(why)}<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#4b5563">${escapeHtml(unsubscribeLabel)}</a></p>`,
      ].join('\n'),
      bodyText: [...lines, bookText, `${why}\n${t('unsubscribeLine', { url: unsubscribeUrl })}`].join('\n\n'),
      footer,
    });
    return { subject, html, text };
  };
}
