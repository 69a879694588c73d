import 'server-only';
import { escapeHtml, formatLabelled, renderButton, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { formatVisitLocation } from '@/features/email/visit-calendar';
import { renderManageLink } from '@/features/manage-booking/manage-link-email';
import type { RetreatmentEligibility } from '@/features/retreatments/retreatment-eligibility';
import { buildRetreatmentRequestUrl } from '@/features/retreatments/retreatment-link';
import { findToday } from '@/features/scheduling/available-dates';
import { listVisitAddOns, type VisitAddOn } from '@/features/scheduling/visit-add-ons';
import { isFreeRetreatment, serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { type AppliedProduct, describeAppliedProduct } from '@/features/application-records/application-rules';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { isTreatmentVisit } from './report-due';
import { customerEmailFooter } from '@/features/email/email-footer';

/** One done visit of the booking's Friday, as the report describes it. */
export type ReportVisit = {
  serviceType: string;
  /** 'retreatment': a free re-treatment (0047), named as one. */
  kind?: string | null;
  /** The visit's place in its booking: the booking's extras are done at its first visit (0062). */
  visitNumber?: number | null;
  includeTick: boolean;
  includeTargetedInsects: boolean;
  /** The booking's one-off extras (`EXTRA_CODES`), as the booking saved them on each visit. */
  extras?: readonly string[] | null;
  /** The technician's note to the customer, as typed (escaped here). */
  note: string | null;
  /** The products applied, as the visit's application record keeps them (0042, 0110). */
  applied?: readonly AppliedProduct[];
};

export type VisitReportEmailInput = {
  locale: Locale;
  /**
   * The branch row (`getBranch()`): identity and mailing address for the layout, the phone the
   * guarantee names, the time zone the day of an open re-treatment request is read in.
   */
  branch: EmailBranch & { timezone: string };
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
  /**
   * What the guarantee offers the booking now, the visit just done included (`decideRetreatment`,
   * 0047): when it is 'eligible', the report links the customer's re-treatment request and says
   * until when it can be made (0065); when a request is already open ('requested'), it says so
   * instead of inviting another and links the page where the request can be withdrawn (0077);
   * otherwise it carries no link.
   */
  retreatment: RetreatmentEligibility;
  /** Public site origin for the "Manage your booking" link (PUBLIC_SITE_URL by default). */
  siteUrl?: string;
};

/** Barrier sprays: the treatments the drying advice is written for (the reminder's list, 0031). */
const SPRAY_SERVICES = new Set(['onetime', 'seasonal', 'tick-seasonal']);
/**
 * What was treated: each service's name, in the words the booking emails use (`booking.services`,
 * as the booking-received email). A one-time booking's targeted-insect add-on is its own
 * standing-water visit, named here as a service.
 */
export function listTreatments(visits: readonly ReportVisit[], locale: Locale): string[] {
  const tBooking = getTranslator(locale, 'booking');
  return [...new Set(visits.filter(isTreatmentVisit).map(serviceLabelKey))].map((key) => tBooking(`services.${key}`));
}

/** An add-on's line in `pricing.lines`: the words the quote, the checkout and the receipt use for it. */
const ADD_ON_LINE: Record<VisitAddOn, string> = {
  tick: 'tick-addon',
  targetedInsects: 'targeted-insects-addon',
  'breeding-site-inspection': 'breeding-site-inspection',
  'standing-water-larvicide': 'standing-water-larvicide',
  'natural-barrier': 'natural-barrier',
};

/**
 * What else was done at the day's visits (0065): the add-ons the day sheet showed the crew at each
 * stop (`listVisitAddOns`, 0062 and 0064, from the booking's own columns: the tick with a mosquito
 * treatment, a plan's targeted insects, the booking's extras at its first paid visit), each once,
 * named as the receipt names them.
 */
export function listAddOnsDone(visits: readonly ReportVisit[], locale: Locale): string[] {
  const tPricing = getTranslator(locale, 'pricing');
  const done = [...new Set(visits.filter(isTreatmentVisit).flatMap((v) => listVisitAddOns(v)))];
  return done.map((addOn) => tPricing(`lines.${ADD_ON_LINE[addOn]}`));
}

export type GuaranteeKind = 'seasonal' | 'tickSeasonal' | 'onetime' | 'onetimeReturned';
export type GuaranteePests = 'mosquitoes' | 'ticks' | 'both';

/**
 * Which promise of the terms' guarantee (legal.json, "Our guarantee") applies: a seasonal plan's
 * free re-treatments all season (and after heavy rain), or a one-time treatment's one free return
 * within 7 days, or, on the report of that return itself, that it has been given; and which pests
 * the report names: ticks only when tick control was done at the visits reported, as "Also done"
 * counts it (`listVisitAddOns`, 0077), not whenever the booking bought it (the tick flag is on
 * every visit of a booking, a one-time booking's standing-water visit included).
 */
export function findGuarantee(visits: readonly ReportVisit[]): { kind: GuaranteeKind; pests: GuaranteePests } {
  const types = new Set(visits.map((v) => v.serviceType));
  const withTick = visits.some((v) => listVisitAddOns(v).includes('tick'));
  if (types.has('seasonal')) return { kind: 'seasonal', pests: withTick ? 'both' : 'mosquitoes' };
  if (types.has('tick-seasonal')) return { kind: 'tickSeasonal', pests: 'ticks' };
  // The one free return a one-time treatment includes is this very visit: nothing left to promise.
  const returned = visits.length > 0 && visits.every(isFreeRetreatment);
  return { kind: returned ? 'onetimeReturned' : 'onetime', pests: withTick ? 'both' : 'mosquitoes' };
}

/** The distinct notes, trimmed, in visit order. */
function collectNotes(visits: readonly ReportVisit[]): string[] {
  return [...new Set(visits.map((v) => v.note?.trim() ?? '').filter(Boolean))];
}

/**
 * "Your visit is done", in the customer's language (docs/decisions/0038): the Friday and the
 * address, what was treated and the add-ons done with it (0065), the technician's note, how to
 * keep children and pets safe after a spray, what the terms' guarantee offers if the pests come
 * back (with the branch's phone) and, while the guarantee can be claimed, the link to ask for the
 * free re-treatment online with its last day (0065), or, while a request is open, that the office
 * has it and where it can be withdrawn (0077), and the booking's next visit with its
 * "Manage your booking" link when one is left.
 */
export function renderVisitReportEmail(input: VisitReportEmailInput): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  const treated = input.visits.filter(isTreatmentVisit);
  if (treated.length === 0) throw new Error('a visit report needs a treatment visit');
  const t = getTranslator(locale, 'visitReport');
  const date = formatLongDate(input.date, locale);
  const location = formatVisitLocation(input.address);
  const addOns = listAddOnsDone(treated, locale);

  const facts: { label: string; value: string }[] = [
    { label: t('facts.date'), value: date },
    ...(location ? [{ label: t('facts.address'), value: location }] : []),
    { label: t('facts.treated'), value: listTreatments(treated, locale).join(', ') },
    ...(addOns.length > 0 ? [{ label: t('facts.addOns'), value: addOns.join(', ') }] : []),
    { label: t('facts.reference'), value: input.bookingRef },
  ];
  // Ontario: the customer is told what was applied, by name and registration number, and how much (0110).
  const tRecords = getTranslator(locale, 'applicationRecords');
  const applied = treated.flatMap((v) => v.applied ?? []).map((line) => describeAppliedProduct(line, locale, tRecords));
  const notes = collectNotes(input.visits);
  const aftercare = treated.some((v) => SPRAY_SERVICES.has(v.serviceType)) ? [t('aftercare.dry'), t('aftercare.water')] : [];
  const guarantee = findGuarantee(treated);
  const { retreatment } = input;
  const requestUrl = buildRetreatmentRequestUrl(locale, { bookingRef: input.bookingRef, generation: input.linkGeneration }, input.siteUrl);
  // A request already with the office (0077): said, not invited again (the terms allow one at a
  // time), with the page where it can be withdrawn should this visit have dealt with the pests.
  const requested = retreatment.kind === 'requested'
    ? {
        heading: t('guarantee.requestedHeading'),
        text: t('guarantee.requested', { date: formatLongDate(findToday(retreatment.requestedAt, branch.timezone), locale) }),
      }
    : null;
  const guaranteeText = requested?.text ?? t(`guarantee.${guarantee.kind}`, { pests: guarantee.pests, phone: branch.phone });
  const guaranteeHeading = requested?.heading
    ?? (guarantee.kind === 'onetimeReturned' ? t('guarantee.returnedHeading') : t('guarantee.heading', { pests: guarantee.pests }));
  // The guarantee's online request, while it can be made (0065): the booking's private link, at its section.
  const offer = retreatment.kind === 'eligible'
    ? {
        line: t('retreatment.online', { date: formatLongDate(retreatment.until, locale) }),
        // The page's own button words, so the customer finds there what the email promised.
        button: getTranslator(locale, 'retreatments')('manage.button'),
        url: requestUrl,
      }
    : requested
      ? { line: t('retreatment.withdraw'), button: t('retreatment.seeRequest'), url: requestUrl }
      : null;
  const next = input.nextVisitDate ? t('next.visit', { date: formatLongDate(input.nextVisitDate, locale) }) : null;
  const manage = input.nextVisitDate ? renderManageLink({ locale, link: { bookingRef: input.bookingRef, generation: input.linkGeneration }, context: 'reminder', siteUrl: input.siteUrl }) : null;
  const before = [t('greeting', { name: input.customerFirstName }), t('intro')];

  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const subheading = (line: string) => `<p style="margin:16px 0 4px;font-weight:bold">${escapeHtml(line)}</p>`;
  const list = (lines: readonly string[]) => `<ul style="margin:0 0 12px;padding-left:20px">${lines.map((line) => `<li style="margin:0 0 4px">${escapeHtml(line)}</li>`).join('')}</ul>`;
  // The note is the technician's own words: escaped, line breaks kept.
  const quote = (note: string) => `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:4px solid #d1d5db;background:#f9fafb">${escapeHtml(note).replace(/\r?\n/g, '<br>')}</blockquote>`;
  const bodyHtml = [
    ...before.map(paragraph),
    `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${facts
      .map((f) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(formatLabelled(locale, f.label))}</td><td style="padding:4px 0">${escapeHtml(f.value)}</td></tr>`)
      .join('')}</table>`,
    ...(applied.length > 0
      ? [subheading(t('applied.heading')), list(applied)]
      : []),
    ...(notes.length > 0 ? [subheading(t('note.heading')), ...notes.map(quote)] : []),
    ...(aftercare.length > 0
      ? [subheading(t('aftercare.heading')), list(aftercare)]
      : []),
    subheading(guaranteeHeading),
    paragraph(guaranteeText),
    ...(offer ? [`<p style="margin:0 0 12px">${escapeHtml(offer.line)}<br>${renderButton(offer.url, offer.button)}</p>`] : []),
    ...(next ? [paragraph(next)] : []),
    ...(manage ? [manage.html] : []),
    paragraph(t('signoff')),
  ].join('\n');
  const bodyText = [
    ...before,
    facts.map((f) => formatLabelled(locale, f.label, f.value)).join('\n'),
    ...(applied.length > 0 ? [`${t('applied.heading')}\n${applied.map((line) => `- ${line}`).join('\n')}`] : []),
    ...(notes.length > 0 ? [`${t('note.heading')}\n${notes.join('\n\n')}`] : []),
    ...(aftercare.length > 0 ? [`${t('aftercare.heading')}\n${aftercare.map((line) => `- ${line}`).join('\n')}`] : []),
    `${guaranteeHeading}\n${guaranteeText}`,
    ...(offer ? [`${offer.line}\n${offer.url}`] : []),
    ...(next ? [next] : []),
    ...(manage ? [manage.text] : []),
    t('signoff'),
  ].join('\n\n');
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('heading'), bodyHtml, bodyText, footer: customerEmailFooter(locale, branch) });
  return { subject: t('subject', { date: formatLongDate(input.date, locale, { weekday: false }) }), html, text };
}
