import 'server-only';
import type { OutboxAttachment } from '@/db/schema/messages';
import { renderManageLink } from '@/features/manage-booking/manage-link-email';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { escapeHtml, formatLabelled, renderEmailLayout, type EmailBranch } from './email-layout';
import { buildVisitCalendarEvent, describeArrivalWindow, formatVisitLocation, type ServiceDay } from './visit-calendar';
import { customerEmailFooter } from './email-footer';

/**
 * Why the visit has a new Friday: staff moved a confirmed visit ('moved'), the customer moved it
 * from their booking's page ('rescheduled', 0032: they chose the date, so the email confirms it
 * rather than offering to find another), or staff gave a paid visit whose Friday was full when the
 * payment came in its first Friday with room ('new-date', 0011).
 */
export type VisitDateChange = 'moved' | 'rescheduled' | 'new-date';

/** Why staff moved a confirmed visit, when the email should say so: 'weather' is the office's rain day (0033). */
export type VisitMoveReason = 'weather';

export type VisitMovedEmailInput = {
  locale: Locale;
  /** The branch row (`getBranch()`): its mailing address for the footer, its working day (`settings`) for the arrival window. */
  branch: EmailBranch & { timezone: string; settings?: ServiceDay };
  change: VisitDateChange;
  /** Said in the opening line of a 'moved' email; without it the email gives no reason. */
  reason?: VisitMoveReason | null;
  customerFirstName: string;
  bookingRef: string;
  /** The booking's current "Manage your booking" link generation (0050), on its rows. */
  linkGeneration: number;
  /** The Friday the visits were on before; null when there was none to name. */
  previousDate: string | null;
  /** For 'new-date': the first Friday is closed to bookings (a rain day), not full; the opening line says so (0099). */
  previousDayClosed?: boolean;
  /** The visits that moved, all on their new Friday (a treatment and its standing-water visit move together). */
  visits: { id: number; bookingRef: string; serviceType: string; kind?: string | null; date: string; time: string }[];
  address: { address: string | null; city: string | null; postalCode: string | null };
  /** The booking has other upcoming visits, whose dates did not change (a seasonal plan). */
  hasOtherVisits: boolean;
  /** The calendar events' revision: higher than the receipt's (0) and than any earlier change. */
  calendarSequence: number;
};

/** The opening line: why the visit has a new Friday. */
function describeChange(input: VisitMovedEmailInput, t: ReturnType<typeof getTranslator>, locale: Locale): string {
  if (input.change === 'new-date') return t(input.previousDayClosed ? 'visitMoved.introNewDateClosed' : 'visitMoved.introNewDate');
  if (input.change === 'rescheduled') return t('visitMoved.introRescheduled');
  if (input.reason === 'weather' && input.previousDate) return t('visitMoved.introWeather', { date: formatLongDate(input.previousDate, locale) });
  return t('visitMoved.introMoved');
}

/**
 * "Your visit has a new date", in the customer's language: the old and new Friday, the service,
 * the address, who to call if the date does not suit, and the visits' calendar events again
 * (same UID, higher SEQUENCE) so the customer's calendar moves the entry it already has.
 */
export function renderVisitMovedEmail(input: VisitMovedEmailInput): { subject: string; html: string; text: string; attachments: OutboxAttachment[] } {
  const { locale, branch } = input;
  const t = getTranslator(locale, 'email');
  const tServices = getTranslator(locale, 'payments');
  const first = input.visits[0];
  if (!first) throw new Error('a visit-moved email needs the visits that moved');
  const newDate = formatLongDate(first.date, locale);
  const services = [...new Set(input.visits.map((v) => tServices(`services.${serviceLabelKey(v)}`)))].join(', ');
  const location = formatVisitLocation(input.address);

  type Fact = { label: string; value: string; strong?: boolean };
  const facts: Fact[] = [
    ...(input.previousDate
      ? [{ label: t(input.change === 'new-date' ? 'visitMoved.firstChoiceDate' : 'visitMoved.previousDate'), value: formatLongDate(input.previousDate, locale) }]
      : []),
    { label: t('visitMoved.newDate'), value: newDate, strong: true },
    { label: t('arrival.label'), value: describeArrivalWindow(first.time, branch.settings, locale) },
    { label: t('visitMoved.service'), value: services },
    ...(location ? [{ label: t('visitMoved.address'), value: location }] : []),
    { label: t('visitMoved.reference'), value: input.bookingRef },
  ];
  const before = [
    t('visitMoved.greeting', { name: input.customerFirstName }),
    describeChange(input, t, locale),
  ];
  const after = [
    ...(input.hasOtherVisits ? [t('visitMoved.otherVisits')] : []),
    // The customer picked this Friday themselves: no offer to find them another one.
    ...(input.change === 'rescheduled' ? [] : [t('visitMoved.notSuitable', { phone: branch.phone })]),
    t('visitMoved.calendarNote'),
    t('visitMoved.signoff'),
  ];
  // The customer's own page: see the booking, move a visit again before its cut-off (0032).
  const manage = renderManageLink({ locale, link: { bookingRef: input.bookingRef, generation: input.linkGeneration }, context: 'moved' });
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const bodyHtml = `${before.map(paragraph).join('\n')}
<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${facts
    .map((f) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280">${escapeHtml(formatLabelled(locale, f.label))}</td><td style="padding:4px 0${f.strong ? ';font-weight:bold' : ''}">${escapeHtml(f.value)}</td></tr>`)
    .join('')}</table>
${after.map(paragraph).join('\n')}
${manage.html}`;
  const bodyText = [...before, facts.map((f) => formatLabelled(locale, f.label, f.value)).join('\n'), ...after, manage.text].join('\n\n');
  const { html, text } = renderEmailLayout({
    branch,
    locale,
    heading: t('visitMoved.heading'),
    bodyHtml,
    bodyText,
    footer: customerEmailFooter(locale, branch),
  });
  const attachments = input.visits.map((visit, i) =>
    buildVisitCalendarEvent({
      locale,
      branch,
      visit,
      location,
      sequence: input.calendarSequence,
      filename: input.visits.length > 1 ? `visit-${i + 1}.ics` : 'appointment.ics',
    }),
  );
  return { subject: t('visitMoved.subject', { date: newDate }), html, text, attachments };
}
