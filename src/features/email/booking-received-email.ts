import 'server-only';
import { getTranslator } from '@/i18n/messages';
import { type Locale, routing } from '@/i18n/routing';
import { formatLongDate, formatShortDateTime } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { escapeHtml, formatLabelled, renderButton, renderEmailLayout, type EmailBranch } from './email-layout';
import { describeArrivalWindow, formatVisitLocation, type ServiceDay } from './visit-calendar';
import { customerEmailFooter } from './email-footer';

export type BookingReceivedEmailInput = {
  locale: Locale;
  /** The branch row (`getBranch()`): footer identity, working day (arrival window) and hold length. */
  branch: EmailBranch & { timezone?: string; settings: ServiceDay & { holdMinutes: number } };
  /** Public site origin (PUBLIC_SITE_URL). */
  siteUrl: string;
  customerFirstName: string;
  bookingRef: string;
  /** The booking's first visit: the checkout is found by it together with the reference (0025). */
  appointmentId: number;
  serviceType: string;
  /** The plan's Fridays ('YYYY-MM-DD'), add-on visits left out (they share a Friday). */
  dates: string[];
  /** The stored time ('09:00' from every online booking: no promise, see `findArrivalWindow`). */
  time: string;
  address: { address: string | null; city: string | null; postalCode: string | null };
  totalCents: number;
  /**
   * A booking the office made on the phone (0091): its Fridays are held until this instant, said in
   * the branch's time, instead of the public flow's minutes.
   */
  heldUntil?: Date | null;
};

/**
 * The booking's checkout in the customer's language, as an absolute link:
 * `{site}/{locale}/checkout/{appointmentId}?ref={bookingRef}` (English unprefixed).
 */
export function buildCheckoutUrl(siteUrl: string, locale: Locale, booking: { appointmentId: number; bookingRef: string }): string {
  const prefix = locale === routing.defaultLocale ? '' : `/${locale}`;
  const url = new URL(`${prefix}/checkout/${booking.appointmentId}`, siteUrl);
  url.searchParams.set('ref', booking.bookingRef);
  return url.toString();
}

/**
 * "We received your booking", queued with the booking: the reference, the Fridays, when the
 * technician may arrive, the service address, the total, and (for a booking to pay) how long its
 * Fridays are held and a link back to its checkout, so a customer who closed the payment page can
 * still pay. A free consultation gets the office's call instead.
 */
export function renderBookingReceivedEmail(input: BookingReceivedEmailInput): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  const t = getTranslator(locale, 'booking');
  const service = t(`services.${input.serviceType}`);
  const toPay = input.totalCents > 0;
  const location = formatVisitLocation(input.address);

  const facts: { label: string; value: string }[] = [
    { label: t('email.reference'), value: input.bookingRef },
    { label: t('email.dates', { count: input.dates.length }), value: input.dates.map((d) => formatLongDate(d, locale)).join(', ') },
    // A consultation's time is agreed on the phone (consultNote), so no window is promised for it.
    ...(toPay ? [{ label: getTranslator(locale, 'email')('arrival.label'), value: describeArrivalWindow(input.time, branch.settings, locale) }] : []),
    ...(location ? [{ label: t('email.address'), value: location }] : []),
    ...(toPay ? [{ label: t('email.total'), value: formatMoney(input.totalCents, locale) }] : []),
  ];
  const before = [t('email.greeting', { name: input.customerFirstName }), t('email.intro', { service })];
  const payNote = input.heldUntil
    ? t('email.payNoteUntil', { count: input.dates.length, until: formatShortDateTime(input.heldUntil, locale, '', branch.timezone) ?? '' })
    : t('email.payNote', { count: input.dates.length, minutes: branch.settings.holdMinutes });
  const checkoutUrl = buildCheckoutUrl(input.siteUrl, locale, input);
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;

  const bodyHtml = [
    ...before.map(paragraph),
    `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${facts
      .map((f) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(formatLabelled(locale, f.label))}</td><td style="padding:4px 0">${escapeHtml(f.value)}</td></tr>`)
      .join('')}</table>`,
    ...(toPay
      ? [paragraph(payNote), `<p style="margin:0 0 12px">${renderButton(checkoutUrl, t('email.payCta'))}</p>`, paragraph(t('email.receiptNote'))]
      : [paragraph(t('email.consultNote'))]),
    paragraph(t('email.signoff')),
  ].join('\n');
  const bodyText = [
    ...before,
    facts.map((f) => formatLabelled(locale, f.label, f.value)).join('\n'),
    ...(toPay ? [`${payNote}\n${formatLabelled(locale, t('email.payCta'), checkoutUrl)}`, t('email.receiptNote')] : [t('email.consultNote')]),
    t('email.signoff'),
  ].join('\n\n');

  const { html, text } = renderEmailLayout({ branch, locale, heading: t('email.heading'), bodyHtml, bodyText, footer: customerEmailFooter(locale, branch) });
  return { subject: t('email.subject', { ref: input.bookingRef }), html, text };
}
