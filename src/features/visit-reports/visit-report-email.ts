import 'server-only';
import { escapeHtml, formatLabelled, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { formatVisitLocation } from '@/features/email/visit-calendar';
import { renderManageLink } from '@/features/manage-booking/manage-link-email';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { isTreatmentVisit } from './report-due';

/** One done visit of the booking's Friday, as the report describes it. */
export type ReportVisit = {
  serviceType: string;
  /** 'retreatment': a free re-treatment (0047), named as one. */
  kind?: string | null;
  includeTick: boolean;
  includeTargetedInsects: boolean;
  /** The technician's note to the customer, as typed (escaped here). */
  note: string | null;
};

export type VisitReportEmailInput = {
  locale: Locale;
  /** The branch row (`getBranch()`): identity and mailing address for the layout, the phone the guarantee names. */
  branch: EmailBranch;
  customerFirstName: string;
  bookingRef: string;
  /** The booking's current "Manage your booking" link generation (0050). */
  linkGeneration: number;
  /** The Friday, 'YYYY-MM-DD'. */
  date: string;
  address: { address: string | null; city: string | null; postalCode: string | null };
  /** The booking's visits done that Friday (a one-time treatment and its standing-water visit make one report). */
  visits: ReportVisit[];
  /** The booking's next confirmed visit ('YYYY-MM-DD'), or null when none is left. */
  nextVisitDate: string | null;
  /** Public site origin for the "Manage your booking" link (PUBLIC_SITE_URL by default). */
  siteUrl?: string;
};

/** Barrier sprays: the treatments the drying advice is written for (the reminder's list, 0031). */
const SPRAY_SERVICES = new Set(['onetime', 'seasonal', 'tick-seasonal']);
/**
 * What was treated, in the words the booking emails use: each service's name (`booking.services`,
 * as the booking-received email), then the add-ons as the quote email names them
 * (`pricing.lines`). The targeted-insect add-on of a one-time booking is its own standing-water
 * visit, so it is named once.
 */
export function listTreatments(visits: readonly ReportVisit[], locale: Locale): string[] {
  const tBooking = getTranslator(locale, 'booking');
  const tPricing = getTranslator(locale, 'pricing');
  const treated = visits.filter(isTreatmentVisit);
  const services = [...new Set(treated.map((v) => v.serviceType))];
  const lines = [...new Set(treated.map(serviceLabelKey))].map((key) => tBooking(`services.${key}`));
  if (treated.some((v) => v.includeTick) && !services.includes('tick-seasonal')) lines.push(tPricing('lines.tick-addon'));
  if (treated.some((v) => v.includeTargetedInsects) && !services.includes('standingwater')) lines.push(tPricing('lines.targeted-insects-addon'));
  return lines;
}

export type GuaranteeKind = 'seasonal' | 'tickSeasonal' | 'onetime';
export type GuaranteePests = 'mosquitoes' | 'ticks' | 'both';

/**
 * Which promise of the terms' guarantee (legal.json, "Our guarantee") applies: a seasonal plan's
 * free re-treatments all season (and after heavy rain), or a one-time treatment's one free return
 * within 7 days; and which pests the report names (ticks only with tick treatment).
 */
export function findGuarantee(visits: readonly ReportVisit[]): { kind: GuaranteeKind; pests: GuaranteePests } {
  const types = new Set(visits.map((v) => v.serviceType));
  const withTick = visits.some((v) => v.includeTick);
  if (types.has('seasonal')) return { kind: 'seasonal', pests: withTick ? 'both' : 'mosquitoes' };
  if (types.has('tick-seasonal')) return { kind: 'tickSeasonal', pests: 'ticks' };
  return { kind: 'onetime', pests: withTick ? 'both' : 'mosquitoes' };
}

/** The distinct notes, trimmed, in visit order. */
function collectNotes(visits: readonly ReportVisit[]): string[] {
  return [...new Set(visits.map((v) => v.note?.trim() ?? '').filter(Boolean))];
}

/**
 * "Your visit is done", in the customer's language (docs/decisions/0038): the Friday and the
 * address, what was treated, the technician's note, how to keep children and pets safe after a
 * spray, what the terms' guarantee offers if the pests come back (with the branch's phone), and
 * the booking's next visit with its "Manage your booking" link when one is left.
 */
export function renderVisitReportEmail(input: VisitReportEmailInput): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  const treated = input.visits.filter(isTreatmentVisit);
  if (treated.length === 0) throw new Error('a visit report needs a treatment visit');
  const t = getTranslator(locale, 'visitReport');
  const date = formatLongDate(input.date, locale);
  const location = formatVisitLocation(input.address);

  const facts: { label: string; value: string }[] = [
    { label: t('facts.date'), value: date },
    ...(location ? [{ label: t('facts.address'), value: location }] : []),
    { label: t('facts.treated'), value: listTreatments(treated, locale).join(', ') },
    { label: t('facts.reference'), value: input.bookingRef },
  ];
  const notes = collectNotes(input.visits);
  const aftercare = treated.some((v) => SPRAY_SERVICES.has(v.serviceType)) ? [t('aftercare.dry'), t('aftercare.water')] : [];
  const guarantee = findGuarantee(treated);
  const guaranteeText = t(`guarantee.${guarantee.kind}`, { pests: guarantee.pests, phone: branch.phone });
  const next = input.nextVisitDate ? t('next.visit', { date: formatLongDate(input.nextVisitDate, locale) }) : null;
  const manage = input.nextVisitDate ? renderManageLink({ locale, link: { bookingRef: input.bookingRef, generation: input.linkGeneration }, context: 'reminder', siteUrl: input.siteUrl }) : null;
  const before = [t('greeting', { name: input.customerFirstName }), t('intro')];

  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const subheading = (line: string) => `<p style="margin:16px 0 4px;font-weight:bold">${escapeHtml(line)}</p>`;
  // The note is the technician's own words: escaped, line breaks kept.
  const quote = (note: string) => `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:4px solid #d1d5db;background:#f9fafb">${escapeHtml(note).replace(/\r?\n/g, '<br>')}</blockquote>`;
  const bodyHtml = [
    ...before.map(paragraph),
    `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${facts
      .map((f) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(formatLabelled(locale, f.label))}</td><td style="padding:4px 0">${escapeHtml(f.value)}</td></tr>`)
      .join('')}</table>`,
    ...(notes.length > 0 ? [subheading(t('note.heading')), ...notes.map(quote)] : []),
    ...(aftercare.length > 0
      ? [subheading(t('aftercare.heading')), `<ul style="margin:0 0 12px;padding-left:20px">${aftercare.map((line) => `<li style="margin:0 0 4px">${escapeHtml(line)}</li>`).join('')}</ul>`]
      : []),
    subheading(t('guarantee.heading', { pests: guarantee.pests })),
    paragraph(guaranteeText),
    ...(next ? [paragraph(next)] : []),
    ...(manage ? [manage.html] : []),
    paragraph(t('signoff')),
  ].join('\n');
  const bodyText = [
    ...before,
    facts.map((f) => formatLabelled(locale, f.label, f.value)).join('\n'),
    ...(notes.length > 0 ? [`${t('note.heading')}\n${notes.join('\n\n')}`] : []),
    ...(aftercare.length > 0 ? [`${t('aftercare.heading')}\n${aftercare.map((line) => `- ${line}`).join('\n')}`] : []),
    `${t('guarantee.heading', { pests: guarantee.pests })}\n${guaranteeText}`,
    ...(next ? [next] : []),
    ...(manage ? [manage.text] : []),
    t('signoff'),
  ].join('\n\n');
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('heading'), bodyHtml, bodyText, footer: t('footer', { phone: branch.phone }) });
  return { subject: t('subject', { date: formatLongDate(input.date, locale, { weekday: false }) }), html, text };
}
