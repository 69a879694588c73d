import 'server-only';
import { escapeHtml, formatLabelled, renderButton } from '@/features/email/email-layout';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { buildManageBookingUrl, type ManageLink } from './manage-link';

/** Which email the link sits in: the wording says what the customer can still do there. */
export type ManageLinkContext = 'receipt' | 'moved' | 'reminder';

/**
 * The "Manage your booking" block of a customer email (docs/decisions/0032): a line, the button
 * and the plain link, in the booking's language. The link is made from the reference and the
 * booking's current link generation (0050), both on the booking's rows, so every email that names
 * a booking can carry it.
 */
export function renderManageLink(input: {
  locale: Locale; link: ManageLink; context: ManageLinkContext; siteUrl?: string;
  /** Said before the line when one email holds several bookings (the reference). */
  label?: string;
}): { html: string; text: string; url: string } {
  const t = getTranslator(input.locale, 'manageBooking');
  const url = buildManageBookingUrl(input.locale, input.link, input.siteUrl);
  const line = input.label ? formatLabelled(input.locale, input.label, t(`email.${input.context}`)) : t(`email.${input.context}`);
  return {
    url,
    html: `<p style="margin:0 0 12px">${escapeHtml(line)}<br>${renderButton(url, t('email.linkLabel'))}</p>`,
    text: `${line}\n${url}`,
  };
}
