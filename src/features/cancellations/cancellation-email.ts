import 'server-only';
import { TZDate } from '@date-fns/tz';
import { createEvent } from 'ics';
import type { OutboxAttachment } from '@/db/schema/messages';
import { escapeHtml, formatLabelled, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { toIcsDuration } from '@/features/email/ics';
import { buildVisitCalendarUid, findVisitEventTiming, formatVisitLocation, type ServiceDay } from '@/features/email/visit-calendar';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { getTranslator, type Translate } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import type { CustomerReason } from './cancellation.schema';
import { customerEmailFooter } from '@/features/email/email-footer';

/** `kind`: a free re-treatment (0047) is named as one. */
type CancelledVisit = { id: number; bookingRef: string; serviceType: string; kind?: string | null; date: string; time: string };

export type BookingCancelledEmailInput = {
  locale: Locale;
  branch: EmailBranch & { timezone: string; settings?: ServiceDay };
  customerFirstName: string;
  bookingRef: string;
  /**
   * Who cancelled (0060): the customer online (their own booking page), whose email confirms what
   * they did, or the office, whose email says it cancelled the booking, and why when `reason` is given.
   */
  cancelledBy: 'customer' | 'office';
  /** The office's reason as told to the customer; null or absent: none given. Ignored for the customer's own cancellation. */
  reason?: CustomerReason | null;
  /** The visits this cancellation called off, in date order. */
  visits: CancelledVisit[];
  /** Of those, the ones the customer got a calendar event for (confirmed visits): their events are cancelled. */
  calendarVisitIds: number[];
  address: { address: string | null; city: string | null; postalCode: string | null };
  /** Visits already carried out, which stay as they were. */
  completedCount: number;
  /** Whether anything was paid: an unpaid booking's email says nothing about refunds. */
  wasPaid: boolean;
  refundCents: number;
  /**
   * When the refund is the terms' for a plan under way (0108): what was paid and what the visits
   * carried out are worth at the regular price, so the email shows how the refund was reached.
   * Absent or null before the first visit, or when the office refunded another amount.
   */
  refundWorking?: { paidCents: number; alreadyRefundedCents: number; carriedOut: { completed: number; total: number; preTaxCents: number; taxCents: number; cents: number } } | null;
  /** Paid to the office in cash, by cheque or e-transfer (0103): the refund is handed back by the office, not sent to a card. */
  refundByHand?: boolean;
  /** The calendar events' revision: higher than the receipt's and than any move's. */
  calendarSequence: number;
};

/** Local wall time in the branch's zone → UTC milliseconds, as the receipt's event was written. */
function toUtcMillis(date: string, time: string, timezone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, hh, mm, timezone).getTime();
}

/**
 * The calendar update that removes a visit: the receipt's UID, a higher SEQUENCE, METHOD:CANCEL
 * and STATUS:CANCELLED, so the customer's calendar drops the entry it already has.
 */
export function buildVisitCancellationEvent(input: {
  locale: Locale; branch: EmailBranch & { timezone: string; settings?: ServiceDay }; visit: CancelledVisit; location: string; sequence: number; filename: string;
}): OutboxAttachment {
  const tServices = getTranslator(input.locale, 'payments');
  // The same start and length as the event it cancels (the arrival window).
  const timing = findVisitEventTiming(input.visit.time, input.branch.settings);
  const { error, value } = createEvent({
    method: 'CANCEL',
    uid: buildVisitCalendarUid(input.visit.bookingRef, input.visit.id),
    title: `${tServices(`services.${serviceLabelKey(input.visit)}`)} · ${input.branch.displayName}`,
    location: input.location,
    start: toUtcMillis(input.visit.date, timing.time, input.branch.timezone),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: toIcsDuration(timing.durationMin),
    sequence: input.sequence,
    status: 'CANCELLED',
    organizer: { name: input.branch.displayName, email: input.branch.email },
    productId: 'escarpment-mosquito/booking',
  });
  if (error || !value) throw error ?? new Error('could not build the calendar cancellation');
  return { filename: input.filename, contentType: 'text/calendar; charset=utf-8; method=CANCEL', content: value };
}

/** The email's opening sentence: whose cancellation it was, and the office's reason when it gave one. */
function describeWhoCancelled(t: Translate, input: Pick<BookingCancelledEmailInput, 'cancelledBy' | 'reason'>): string {
  if (input.cancelledBy === 'customer') return t('email.introOwn');
  return input.reason ? t(`email.introReason.${input.reason}`) : t('email.intro');
}

/** The lines above the refund that show how the terms reached it: paid, refunded before, the visits carried out. */
function describeRefundWorking(t: Translate, working: NonNullable<BookingCancelledEmailInput['refundWorking']>, locale: Locale): { label: string; value: string }[] {
  const { carriedOut } = working;
  return [
    { label: t('email.paid'), value: formatMoney(working.paidCents, locale) },
    ...(working.alreadyRefundedCents > 0 ? [{ label: t('email.alreadyRefunded'), value: `− ${formatMoney(working.alreadyRefundedCents, locale)}` }] : []),
    {
      label: t('email.carriedOut', { completed: carriedOut.completed, total: carriedOut.total }),
      value: `− ${formatMoney(carriedOut.cents, locale)} ${t('email.carriedOutDetail', { preTax: formatMoney(carriedOut.preTaxCents, locale), tax: formatMoney(carriedOut.taxCents, locale) })}`,
    },
  ];
}

/**
 * The cancellation email, in the customer's language: "your cancellation is confirmed" after the
 * customer's own, "your booking is cancelled" (and why, when the office said) after the office's;
 * then the visits called off, the refund and when it reaches the card (the terms' 10 business
 * days), and calendar cancellations for the events the receipt sent.
 */
export function renderBookingCancelledEmail(input: BookingCancelledEmailInput): { subject: string; html: string; text: string; attachments: OutboxAttachment[] } {
  const { locale, branch } = input;
  const t = getTranslator(locale, 'cancellations');
  const tServices = getTranslator(locale, 'payments');
  const location = formatVisitLocation(input.address);
  const visitLines = input.visits.map((v) => `${formatLongDate(v.date, locale)} · ${tServices(`services.${serviceLabelKey(v)}`)}`);

  const facts: { label: string; value: string }[] = [
    { label: t('email.reference'), value: input.bookingRef },
    ...(location ? [{ label: t('email.address'), value: location }] : []),
    ...(input.wasPaid && input.refundWorking ? describeRefundWorking(t, input.refundWorking, locale) : []),
    ...(input.wasPaid ? [{ label: t('email.refund'), value: formatMoney(input.refundCents, locale) }] : []),
  ];
  const own = input.cancelledBy === 'customer';
  const before = [
    t('email.greeting', { name: input.customerFirstName }),
    `${describeWhoCancelled(t, input)} ${t('email.visitsOff', { count: input.visits.length })}`,
  ];
  const refundLine = !input.wasPaid
    ? t('email.nothingCharged')
    : input.refundCents > 0
      ? t(input.refundByHand ? 'email.refundByHand' : 'email.refundOnItsWay', { amount: formatMoney(input.refundCents, locale) })
      : t('email.noRefund');
  const after = [
    ...(input.completedCount > 0 ? [t('email.completedStay', { count: input.completedCount })] : []),
    ...(input.wasPaid && input.refundWorking ? [t('email.refundTerms')] : []),
    refundLine,
    ...(input.calendarVisitIds.length > 0 ? [t('email.calendarNote', { count: input.calendarVisitIds.length })] : []),
    t('email.signoff'),
  ];
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const bodyHtml = `${before.map(paragraph).join('\n')}
<ul style="margin:0 0 12px;padding-left:20px">${visitLines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${facts
    .map((f) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280">${escapeHtml(formatLabelled(locale, f.label))}</td><td style="padding:4px 0">${escapeHtml(f.value)}</td></tr>`)
    .join('')}</table>
${after.map(paragraph).join('\n')}`;
  const bodyText = [...before, visitLines.map((l) => `- ${l}`).join('\n'), facts.map((f) => formatLabelled(locale, f.label, f.value)).join('\n'), ...after].join('\n\n');
  const { html, text } = renderEmailLayout({
    branch,
    locale,
    heading: own ? t('email.headingOwn') : t('email.heading'),
    bodyHtml,
    bodyText,
    footer: customerEmailFooter(locale, branch),
  });
  const calendarVisits = input.visits.filter((v) => input.calendarVisitIds.includes(v.id));
  const attachments = calendarVisits.map((visit, i) => buildVisitCancellationEvent({
    locale,
    branch,
    visit,
    location,
    sequence: input.calendarSequence,
    filename: calendarVisits.length > 1 ? `cancelled-visit-${i + 1}.ics` : 'cancelled-appointment.ics',
  }));
  return { subject: t(own ? 'email.subjectOwn' : 'email.subject', { reference: input.bookingRef }), html, text, attachments };
}

export type LatePaymentRefundEmailInput = {
  locale: Locale;
  branch: EmailBranch;
  customerFirstName: string;
  bookingRef: string;
  /** What the card was charged, all of which goes back. */
  amountCents: number;
  /** The booking was not cancelled: its Fridays (these) were closed for rain before the money arrived and none other had room (0072). */
  closedDates?: string[];
};

/**
 * A payment that went through after the booking had been cancelled: the booking stays cancelled
 * and the whole amount goes back to the card (the terms' 10 business days). The cancellation's
 * own email already told the customer about the visits, so this one only speaks of the money.
 * With `closedDates` nobody cancelled anything: the Friday was closed for rain before the payment
 * arrived and no other Friday had room (0072), and the email says that instead.
 */
export function renderLatePaymentRefundEmail(input: LatePaymentRefundEmailInput): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  const t = getTranslator(locale, 'cancellations');
  const amount = formatMoney(input.amountCents, locale);
  const lines = [
    t('email.greeting', { name: input.customerFirstName }),
    input.closedDates?.length
      ? t('latePayment.closedIntro', { reference: input.bookingRef, amount, dates: input.closedDates.map((d) => formatLongDate(d, locale)).join(', ') })
      : t('latePayment.intro', { reference: input.bookingRef, amount }),
    t('email.refundOnItsWay', { amount }),
    t('email.signoff'),
  ];
  const facts = [
    { label: t('email.reference'), value: input.bookingRef },
    { label: t('email.refund'), value: amount },
  ];
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const bodyHtml = `${lines.slice(0, 2).map(paragraph).join('\n')}
<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${facts
    .map((f) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280">${escapeHtml(formatLabelled(locale, f.label))}</td><td style="padding:4px 0">${escapeHtml(f.value)}</td></tr>`)
    .join('')}</table>
${lines.slice(2).map(paragraph).join('\n')}`;
  const bodyText = [...lines.slice(0, 2), facts.map((f) => formatLabelled(locale, f.label, f.value)).join('\n'), ...lines.slice(2)].join('\n\n');
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('latePayment.heading'), bodyHtml, bodyText, footer: customerEmailFooter(locale, branch) });
  return { subject: t('latePayment.subject', { reference: input.bookingRef }), html, text };
}

export type RefundFailedStaffEmailInput = {
  branch: EmailBranch;
  bookingRef: string | null;
  customer: { name: string; email: string } | null;
  amountCents: number;
  failureReason: string;
  providerRefundId: string;
  paymentIntentId: string;
  /** The staff customer page, where the refund's Retry button is; null when the customer is unknown. */
  customerPageUrl: string | null;
};

/**
 * The office's alert (English, as every staff alert) when a refund that had been accepted as
 * pending is later reported failed by the provider: the customer has not got their money back.
 */
export function renderRefundFailedStaffEmail(input: RefundFailedStaffEmailInput): { subject: string; html: string; text: string } {
  const booking = input.bookingRef ?? 'without a booking reference';
  const who = input.customer ? `${input.customer.name} <${input.customer.email}>` : 'unknown customer';
  const amount = formatMoney(input.amountCents, 'en');
  const lines = [
    `The refund of ${amount} for booking ${booking} (${who}) was accepted by the payment provider as pending, and has now failed: the money has not gone back to the customer.`,
    `Reason given by the provider: ${input.failureReason}`,
    `Refund ${input.providerRefundId}, payment ${input.paymentIntentId}.`,
    input.customerPageUrl
      ? `Please check with the customer (a closed or replaced card is the usual cause), then use Retry on the refund on the customer's page: ${input.customerPageUrl}`
      : 'Please check with the customer (a closed or replaced card is the usual cause), then use Retry on the refund on the customer\'s page in the staff area.',
  ];
  const { html, text } = renderEmailLayout({
    branch: input.branch,
    locale: 'en',
    heading: 'A refund failed: the customer has not been repaid',
    bodyHtml: lines.map((l) => `<p style="margin:0 0 8px">${escapeHtml(l)}</p>`).join('\n'),
    bodyText: lines.join('\n'),
    footer: input.branch.displayName,
  });
  return { subject: `Action needed: refund of ${amount} for booking ${booking} failed`, html, text };
}
