import 'server-only';
import { escapeHtml, formatLabelled, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { DEFAULT_SERVICE_DAY, findArrivalWindow, formatArrivalWindow, formatVisitLocation, type ArrivalWindow, type ServiceDay } from '@/features/email/visit-calendar';
import { renderManageLink } from '@/features/manage-booking/manage-link-email';
import { parseClockTime } from '@/features/routing/build-problem';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { customerEmailFooter } from '@/features/email/email-footer';

/** One visit of the customer's Friday, as the reminder describes it. */
export type ReminderVisit = {
  bookingRef: string;
  /** The booking's current "Manage your booking" link generation (0050). */
  linkGeneration: number;
  serviceType: string;
  /** 'retreatment': a free re-treatment (0047), named as one; otherwise (or absent) a paid visit. */
  kind?: string | null;
  /** The booked time ('HH:MM'); the booking flows' 09:00 promises no time of day (see `findArrivalWindow`). */
  time: string;
  /** The route plan's estimated arrival ('HH:MM', branch time); null while the day is not planned. */
  estimatedArrivalTime: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
};

export type VisitReminderEmailInput = {
  locale: Locale;
  /** The branch row (`getBranch()`): identity and mailing address for the layout, its working day (`settings`). */
  branch: EmailBranch & { settings?: ServiceDay };
  customerFirstName: string;
  /** The Friday, 'YYYY-MM-DD'. */
  date: string;
  visits: ReminderVisit[];
};

/** Barrier sprays: the treatments the preparation checklist is written for. */
const SPRAY_SERVICES = new Set(['onetime', 'seasonal', 'tick-seasonal']);
const MOSQUITO_SERVICES = new Set(['onetime', 'seasonal', 'standingwater']);
const TICK_SERVICES = new Set(['tick-seasonal']);

/** How far either side of the route plan's estimate the customer is told to expect us. */
export const ETA_SLACK_MIN = 60;
const QUARTER_HOUR = 15;

/**
 * When to expect the technician: with a planned route, an hour either side of its estimated
 * arrival (rounded out to the quarter hour, inside the working day), since the plan can still
 * change; without one, the booked time's window (the whole working day for an online booking).
 */
export function findReminderArrival(visits: readonly Pick<ReminderVisit, 'time' | 'estimatedArrivalTime'>[], day: ServiceDay = DEFAULT_SERVICE_DAY): { window: ArrivalWindow; planned: boolean } {
  const etas = visits.map((v) => parseClockTime(v.estimatedArrivalTime)).filter((m): m is number => m !== null);
  if (etas.length > 0) {
    const eta = Math.min(...etas);
    const start = Math.floor((eta - ETA_SLACK_MIN) / QUARTER_HOUR) * QUARTER_HOUR;
    const end = Math.ceil((eta + ETA_SLACK_MIN) / QUARTER_HOUR) * QUARTER_HOUR;
    const clamped = { startMin: Math.max(start, day.dayStartMin), endMin: Math.min(end, day.dayEndMin) };
    return { window: clamped.startMin < clamped.endMin ? clamped : { startMin: Math.max(0, start), endMin: Math.min(end, 24 * 60 - 1) }, planned: true };
  }
  const windows = visits.map((v) => findArrivalWindow(v.time, day));
  return {
    window: { startMin: Math.min(...windows.map((w) => w.startMin)), endMin: Math.max(...windows.map((w) => w.endMin)) },
    planned: false,
  };
}

/** Which subject line fits the day: a mosquito treatment, a tick treatment, or another visit (a consultation). */
function subjectKind(services: ReadonlySet<string>): 'mosquito' | 'tick' | 'visit' {
  if ([...services].some((s) => MOSQUITO_SERVICES.has(s))) return 'mosquito';
  if ([...services].some((s) => TICK_SERVICES.has(s))) return 'tick';
  return 'visit';
}

/**
 * The reminder of a customer's Friday, in their language: the day, when to expect the
 * technician, the address and the service, how to prepare the yard for a barrier spray, what
 * happens if heavy rain is forecast, and how to reach the office to move the visit. Visits at
 * more than one address are listed address by address.
 */
export function renderVisitReminderEmail(input: VisitReminderEmailInput): { subject: string; html: string; text: string } {
  const { locale, branch } = input;
  if (input.visits.length === 0) throw new Error('a visit reminder needs the visits of the day');
  const t = getTranslator(locale, 'reminders');
  const tServices = getTranslator(locale, 'payments');
  const day = branch.settings ?? DEFAULT_SERVICE_DAY;
  const services = new Set(input.visits.map((v) => v.serviceType));

  const byLocation = new Map<string, ReminderVisit[]>();
  for (const visit of input.visits) {
    const location = formatVisitLocation(visit);
    byLocation.set(location, [...(byLocation.get(location) ?? []), visit]);
  }

  type Fact = { label: string; value: string; strong?: boolean };
  const facts: Fact[] = [{ label: t('facts.date'), value: formatLongDate(input.date, locale), strong: true }];
  for (const [location, visits] of byLocation) {
    const arrival = findReminderArrival(visits, day);
    const window = formatArrivalWindow(arrival.window, locale);
    if (location) facts.push({ label: t('facts.address'), value: location });
    facts.push({ label: t('facts.arrival'), value: t(arrival.planned ? 'arrival.planned' : 'arrival.window', window), strong: true });
    facts.push({ label: t('facts.service'), value: [...new Set(visits.map((v) => tServices(`services.${serviceLabelKey(v)}`)))].join(', ') });
  }
  facts.push({ label: t('facts.reference'), value: [...new Set(input.visits.map((v) => v.bookingRef))].join(', ') });

  const isSpray = [...services].some((s) => SPRAY_SERVICES.has(s));
  const checklist = (isSpray ? ['children', 'windows', 'belongings', 'gates', 'notHome'] : ['gates']).map((key) => t(`prepare.${key}`));
  const before = [t('greeting', { name: input.customerFirstName }), t('intro')];
  const after = [t('weather'), t('reschedule', { phone: branch.phone, email: branch.email }), t('signoff')];

  // Each booking's own page (two bookings on one Friday: two links, each naming its reference when there are several), 0032.
  const links = [...new Map(input.visits.map((v) => [v.bookingRef, { bookingRef: v.bookingRef, generation: v.linkGeneration }])).values()];
  const manage = links.map((link) => renderManageLink({ locale, link, context: 'reminder', label: links.length > 1 ? link.bookingRef : undefined }));
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const bodyHtml = `${before.map(paragraph).join('\n')}
<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${facts
    .map((f) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(formatLabelled(locale, f.label))}</td><td style="padding:4px 0${f.strong ? ';font-weight:bold' : ''}">${escapeHtml(f.value)}</td></tr>`)
    .join('')}</table>
<p style="margin:16px 0 4px;font-weight:bold">${escapeHtml(t('prepare.heading'))}</p>
<ul style="margin:0 0 12px;padding-left:20px">${checklist.map((item) => `<li style="margin:0 0 4px">${escapeHtml(item)}</li>`).join('')}</ul>
${after.map(paragraph).join('\n')}
${manage.map((m) => m.html).join('\n')}`;
  const bodyText = [
    ...before,
    facts.map((f) => formatLabelled(locale, f.label, f.value)).join('\n'),
    `${t('prepare.heading')}\n${checklist.map((item) => `- ${item}`).join('\n')}`,
    ...after,
    ...manage.map((m) => m.text),
  ].join('\n\n');
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('heading'), bodyHtml, bodyText, footer: customerEmailFooter(locale, branch) });
  const subjectDate = formatLongDate(input.date, locale, { weekday: false });
  return { subject: t(`subject.${subjectKind(services)}`, { date: subjectDate }), html, text };
}
