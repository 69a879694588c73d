import 'server-only';
import { escapeHtml, formatLabelled, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { ManageLink } from './manage-link';
import { renderManageLink } from './manage-link-email';
import { customerEmailFooter } from '@/features/email/email-footer';

/**
 * The email the office's "Replace the customer's link" sends (docs/decisions/0050): the booking's
 * new "Manage your booking" link, and that the one in earlier emails no longer opens it, in the
 * booking's language.
 */
export function renderReplacedLinkEmail(input: {
  locale: Locale; branch: EmailBranch; customerFirstName: string; link: ManageLink; siteUrl?: string;
}): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  const t = getTranslator(locale, 'manageBooking');
  const before = [t('replacedEmail.greeting', { name: input.customerFirstName }), t('replacedEmail.intro')];
  const reference = formatLabelled(locale, t('linkEmail.reference'), input.link.bookingRef);
  const after = [t('replacedEmail.keepPrivate')];
  const link = renderManageLink({ locale, link: input.link, context: 'receipt', siteUrl: input.siteUrl });
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const { html, text } = renderEmailLayout({
    branch,
    locale,
    heading: t('replacedEmail.heading'),
    bodyHtml: [...before.map(paragraph), `<p style="margin:16px 0 4px;font-weight:bold">${escapeHtml(reference)}</p>`, link.html, ...after.map(paragraph)].join('\n'),
    bodyText: [...before, `${reference}\n${link.text}`, ...after].join('\n\n'),
    footer: customerEmailFooter(locale, branch),
  });
  return { subject: t('replacedEmail.subject'), html, text };
}
