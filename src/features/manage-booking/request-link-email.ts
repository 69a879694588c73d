import 'server-only';
import { escapeHtml, formatLabelled, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { renderManageLink } from './manage-link-email';
import { customerEmailFooter } from '@/features/email/email-footer';

/** A booking the email links: its reference, its current link generation (0050) and its Fridays still to come. */
export type RequestedBooking = { bookingRef: string; linkGeneration: number; dates: string[] };

/**
 * The email "Find your booking" sends (decision 0032): each booking with a visit still to come,
 * its reference and Fridays, and its "Manage your booking" block, in the language of the page
 * the customer asked from.
 */
export function renderRequestedLinksEmail(input: {
  locale: Locale; branch: EmailBranch; customerFirstName: string; bookings: RequestedBooking[]; siteUrl?: string;
}): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  if (input.bookings.length === 0) throw new Error('the link email needs at least one booking');
  const t = getTranslator(locale, 'manageBooking');
  const before = [t('linkEmail.greeting', { name: input.customerFirstName }), t(input.bookings.length > 1 ? 'linkEmail.introMany' : 'linkEmail.introOne')];
  const after = [t('linkEmail.notYou')];
  const blocks = input.bookings.map((booking) => {
    const reference = formatLabelled(locale, t('linkEmail.reference'), booking.bookingRef);
    const fridays = formatLabelled(locale, t('linkEmail.fridays'), booking.dates.map((d) => formatLongDate(d, locale)).join('; '));
    const link = renderManageLink({ locale, link: { bookingRef: booking.bookingRef, generation: booking.linkGeneration }, context: 'receipt', siteUrl: input.siteUrl });
    return {
      html: `<p style="margin:16px 0 4px;font-weight:bold">${escapeHtml(reference)}</p>\n<p style="margin:0 0 8px">${escapeHtml(fridays)}</p>\n${link.html}`,
      text: `${reference}\n${fridays}\n${link.text}`,
    };
  });
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const { html, text } = renderEmailLayout({
    branch,
    locale,
    heading: t('linkEmail.heading'),
    bodyHtml: [...before.map(paragraph), ...blocks.map((b) => b.html), ...after.map(paragraph)].join('\n'),
    bodyText: [...before, ...blocks.map((b) => b.text), ...after].join('\n\n'),
    footer: customerEmailFooter(locale, branch),
  });
  return { subject: t('linkEmail.subject'), html, text };
}
