import 'server-only';
import type { OutboxAttachment } from '@/db/schema/messages';
import { escapeHtml, formatLabelled, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { buildVisitCalendarEvent, describeArrivalWindow, formatVisitLocation, type ServiceDay } from '@/features/email/visit-calendar';
import { renderManageLink } from '@/features/manage-booking/manage-link-email';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import type { RetreatmentReason } from './retreatment-eligibility';
import { customerEmailFooter } from '@/features/email/email-footer';

/*
 * The customer's emails about a re-treatment request (docs/decisions/0047), in the language of the
 * page they asked from, in the shared layout: "we have your request", "your free re-treatment is
 * on {date}" (with its calendar event and the booking's link), and "we will not re-treat this
 * time" with the office's reason. Notes and reasons typed by people are escaped.
 */

type Fact = { label: string; value: string; strong?: boolean };
type Address = { address: string | null; city: string | null; postalCode: string | null };

function renderBody(locale: Locale, parts: { before: string[]; facts: Fact[]; quote?: { label: string; text: string } | null; after: string[]; extra?: { html: string; text: string } }) {
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const factsHtml = parts.facts.length === 0 ? '' : `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${parts.facts
    .map((f) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(formatLabelled(locale, f.label))}</td><td style="padding:4px 0${f.strong ? ';font-weight:bold' : ''}">${escapeHtml(f.value)}</td></tr>`)
    .join('')}</table>`;
  const quoteHtml = parts.quote
    ? `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(parts.quote.label)}</p>\n<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #f59e0b;background:#fffbeb">${escapeHtml(parts.quote.text).replace(/\r?\n/g, '<br>')}</blockquote>`
    : '';
  const bodyHtml = [parts.before.map(paragraph).join('\n'), factsHtml, quoteHtml, parts.after.map(paragraph).join('\n'), parts.extra?.html ?? ''].filter(Boolean).join('\n');
  const bodyText = [
    ...parts.before,
    ...(parts.facts.length > 0 ? [parts.facts.map((f) => formatLabelled(locale, f.label, f.value)).join('\n')] : []),
    ...(parts.quote ? [`${parts.quote.label}\n${parts.quote.text}`] : []),
    ...parts.after,
    ...(parts.extra ? [parts.extra.text] : []),
  ].join('\n\n');
  return { bodyHtml, bodyText };
}

export type RetreatmentRequestedEmailInput = {
  locale: Locale;
  /** The branch row (`getBranch()`): identity, mailing address and phone for the layout. */
  branch: EmailBranch;
  customerFirstName: string;
  bookingRef: string;
  /** The booking's current "Manage your booking" link generation (0050). */
  linkGeneration: number;
  reason: RetreatmentReason;
  /** The customer's own words, as typed (escaped here); empty for none. */
  note: string;
  siteUrl?: string;
};

/** "We have your request": what they asked for, that the office will reply with a Friday, and the booking's link. */
export function renderRetreatmentRequestedEmail(input: RetreatmentRequestedEmailInput): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  const t = getTranslator(locale, 'retreatments');
  const manage = renderManageLink({ locale, link: { bookingRef: input.bookingRef, generation: input.linkGeneration }, context: 'reminder', siteUrl: input.siteUrl });
  const { bodyHtml, bodyText } = renderBody(locale, {
    before: [t('email.greeting', { name: input.customerFirstName }), t('email.requested.intro')],
    facts: [
      { label: t('email.reference'), value: input.bookingRef },
      { label: t('email.reason'), value: t(`reasons.${input.reason}`) },
    ],
    quote: input.note.trim() ? { label: t('email.yourNote'), text: input.note.trim() } : null,
    after: [t('email.requested.next'), t('email.requested.urgent', { phone: branch.phone }), t('email.signoff')],
    extra: manage,
  });
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('email.requested.heading'), bodyHtml, bodyText, footer: customerEmailFooter(locale, branch) });
  return { subject: t('email.requested.subject', { reference: input.bookingRef }), html, text };
}

export type RetreatmentScheduledEmailInput = {
  locale: Locale;
  /** The branch row: identity for the layout, its working day (`settings`) for the arrival window, its time zone for the calendar. */
  branch: EmailBranch & { timezone: string; settings?: ServiceDay };
  customerFirstName: string;
  bookingRef: string;
  /** The booking's current "Manage your booking" link generation (0050). */
  linkGeneration: number;
  /** The free visit booked: its id and time make its calendar event. */
  visit: { id: number; bookingRef: string; serviceType: string; kind: string; date: string; time: string };
  address: Address;
  siteUrl?: string;
};

/** "Your free re-treatment is on {date}": the Friday, the arrival window, the address, its calendar event and the booking's link. */
export function renderRetreatmentScheduledEmail(input: RetreatmentScheduledEmailInput): { subject: string; html: string; text: string; attachments: OutboxAttachment[] } {
  const { locale, branch, visit } = input;
  const t = getTranslator(locale, 'retreatments');
  const date = formatLongDate(visit.date, locale);
  const location = formatVisitLocation(input.address);
  const manage = renderManageLink({ locale, link: { bookingRef: input.bookingRef, generation: input.linkGeneration }, context: 'reminder', siteUrl: input.siteUrl });
  const { bodyHtml, bodyText } = renderBody(locale, {
    before: [t('email.greeting', { name: input.customerFirstName }), t('email.scheduled.intro')],
    facts: [
      { label: t('email.date'), value: date, strong: true },
      { label: t('email.arrival'), value: describeArrivalWindow(visit.time, branch.settings, locale) },
      ...(location ? [{ label: t('email.address'), value: location }] : []),
      { label: t('email.reference'), value: input.bookingRef },
      { label: t('email.price'), value: t('email.free') },
    ],
    after: [t('email.scheduled.reminder'), t('email.scheduled.notSuitable', { phone: branch.phone }), t('email.signoff')],
    extra: manage,
  });
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('email.scheduled.heading'), bodyHtml, bodyText, footer: customerEmailFooter(locale, branch) });
  // A new visit, so a new calendar event (its own UID, first revision), as the receipt's events are.
  const attachments = [buildVisitCalendarEvent({ locale, branch, visit, location, filename: 'retreatment.ics' })];
  return { subject: t('email.scheduled.subject', { date: formatLongDate(visit.date, locale, { weekday: false }) }), html, text, attachments };
}

export type RetreatmentDeclinedEmailInput = {
  locale: Locale;
  branch: EmailBranch;
  customerFirstName: string;
  bookingRef: string;
  /** The office's reason, as typed (escaped here). */
  declineReason: string;
  siteUrl?: string;
};

/** "We will not re-treat this time": the office's reason, and the phone to talk it over. */
export function renderRetreatmentDeclinedEmail(input: RetreatmentDeclinedEmailInput): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  const t = getTranslator(locale, 'retreatments');
  const { bodyHtml, bodyText } = renderBody(locale, {
    before: [t('email.greeting', { name: input.customerFirstName }), t('email.declined.intro')],
    facts: [{ label: t('email.reference'), value: input.bookingRef }],
    quote: { label: t('email.declined.why'), text: input.declineReason.trim() },
    after: [t('email.declined.questions', { phone: branch.phone }), t('email.signoff')],
  });
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('email.declined.heading'), bodyHtml, bodyText, footer: customerEmailFooter(locale, branch) });
  return { subject: t('email.declined.subject', { reference: input.bookingRef }), html, text };
}

/**
 * The office's notice of a new request (English, as every office notice; sent through the
 * manage-booking notice, so it names the customer and links their page): what, why, the note, and
 * where to answer it.
 */
export function describeRequestNotice(input: {
  bookingRef: string; reason: RetreatmentReason; note: string; planLabel: string; lastVisitDate: string | null; requestsUrl: string;
}): { subject: string; heading: string; lines: string[] } {
  const why = input.reason === 'heavy-rain' ? 'after heavy rain' : 'mosquitoes or ticks are back';
  return {
    subject: `Free re-treatment requested online: ${input.bookingRef} (${why})`,
    heading: 'A customer asked for a free re-treatment',
    lines: [
      `Booking ${input.bookingRef} (${input.planLabel}): the customer asked for a free re-treatment through their Manage your booking link, because ${why}.`,
      ...(input.lastVisitDate ? [`Last visit carried out: ${input.lastVisitDate}.`] : []),
      ...(input.note.trim() ? [`Their note: "${input.note.trim()}"`] : ['They left no note.']),
      'The customer got an email saying their request was received and that the office will reply with a date.',
      `Schedule it on a Friday or decline it with a reason: ${input.requestsUrl}`,
    ],
  };
}

/**
 * The office's notice that a customer withdrew their request (0051), English as every office
 * notice and sent through the manage-booking notice like the request's: which request, that there
 * is nothing left to answer, and where it now shows.
 */
export function describeWithdrawalNotice(input: {
  bookingRef: string; reason: RetreatmentReason; planLabel: string | null; requestedOn: string; requestsUrl: string;
}): { subject: string; heading: string; lines: string[] } {
  const why = input.reason === 'heavy-rain' ? 'after heavy rain' : 'mosquitoes or ticks are back';
  const booking = input.planLabel ? `Booking ${input.bookingRef} (${input.planLabel})` : `Booking ${input.bookingRef}`;
  return {
    subject: `Re-treatment request withdrawn online: ${input.bookingRef}`,
    heading: 'A customer withdrew their re-treatment request',
    lines: [
      `${booking}: the customer withdrew the free re-treatment request they made on ${input.requestedOn} (${why}), through their Manage your booking link.`,
      'There is nothing to schedule or decline. If they are still within their guarantee window, they can ask again from the same page.',
      `The request now shows as withdrawn among the answered ones: ${input.requestsUrl}`,
    ],
  };
}
