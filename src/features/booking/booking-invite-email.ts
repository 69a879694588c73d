import 'server-only';
import { customerEmailFooter } from '@/features/email/email-footer';
import { escapeHtml, renderButton, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';

export type BookingInviteEmailInput = {
  locale: Locale;
  /** The branch row (`getBranch()`): its phone is the way to book by phone instead. */
  branch: EmailBranch;
  customerFirstName: string;
  /** The booking page with the customer's link (`buildBookingInviteUrl`). */
  url: string;
  /** The last day the link fills the form in, `YYYY-MM-DD`. */
  validUntil: string;
};

/**
 * "Book online" (docs/decisions/0105), sent by the office at the customer's request on the call: the
 * booking page with their details filled in, the day the link stops filling them, and the phone to
 * book by phone instead. Transactional: nothing is offered that they did not ask for.
 */
export function renderBookingInviteEmail(input: BookingInviteEmailInput): { subject: string; html: string; text: string } {
  const t = getTranslator(input.locale, 'email');
  const phone = input.branch.phone;
  const lines = {
    greeting: t('bookingInvite.greeting', { name: input.customerFirstName }),
    intro: t('bookingInvite.intro'),
    steps: t('bookingInvite.steps'),
    valid: t('bookingInvite.valid', { date: formatLongDate(input.validUntil, input.locale) }),
    byPhone: t('bookingInvite.byPhone', { phone }),
  };
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const { html, text } = renderEmailLayout({
    branch: input.branch,
    locale: input.locale,
    heading: t('bookingInvite.heading'),
    bodyHtml: [
      paragraph(lines.greeting), paragraph(lines.intro), paragraph(lines.steps),
      `<p style="margin:0 0 12px">${renderButton(input.url, t('bookingInvite.button'))}</p>`,
      paragraph(lines.valid), paragraph(lines.byPhone),
    ].join('\n'),
    bodyText: [lines.greeting, lines.intro, lines.steps, `${t('bookingInvite.button')}: ${input.url}`, lines.valid, lines.byPhone].join('\n\n'),
    footer: customerEmailFooter(input.locale, input.branch),
  });
  return { subject: t('bookingInvite.subject', { business: input.branch.displayName }), html, text };
}
