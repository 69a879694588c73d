/** Display helpers shared by the route manager and the day sheet (client-safe, locale-aware). */

import { isFreeRetreatment } from '@/features/scheduling/visit-kinds';
import { formatShortDateTime, formatTimeOfDay } from '@/lib/format';
import type { NotTreatedReason } from '@/lib/not-treated-reasons';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * 'HH:MM' → '9:45 AM' in English, '9 h 45' in French, '09:45' in German: the same Canadian
 * conventions as every other time on the site (the site locale, not Intl's bare language).
 */
export function formatClock(time: string | null | undefined, locale: string): string | null {
  return formatTimeOfDay(time, locale) ?? time ?? null;
}

/** Metres → '12.3 km' with one decimal. */
export function formatKilometres(metres: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres / 1000);
}

/** Minutes → '3 h 25 min' (translated), or 'N/A' when unknown. */
export function formatDuration(minutes: number | null | undefined, t: Translate): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return t('notAvailable');
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  return hours > 0 ? t('hoursMinutes', { hours, minutes: total % 60 }) : t('minutesOnly', { minutes: total });
}

/**
 * SPEC's service labels: One-Time Treatment, Seasonal Protection, else Tick Control; a free
 * re-treatment (0047) says so. A one-time booking's standing-water visit and a misting-system
 * consultation are named for what they are (0062): the crew picks the product by this label, and
 * "Tick Control" on a standing-water stop sent them to the wrong one.
 */
export function findServiceLabelKey(visit: { serviceType: string; kind?: string | null }):
  'serviceOneTime' | 'serviceSeasonal' | 'serviceTick' | 'serviceStandingWater' | 'serviceConsult' | 'serviceRetreatment' {
  if (isFreeRetreatment(visit)) return 'serviceRetreatment';
  const { serviceType } = visit;
  if (serviceType === 'onetime') return 'serviceOneTime';
  if (serviceType === 'seasonal') return 'serviceSeasonal';
  if (serviceType === 'standingwater') return 'serviceStandingWater';
  if (serviceType === 'consult') return 'serviceConsult';
  return 'serviceTick';
}

/** The label of a "Couldn't treat" reason (0085), a key of the routing messages. */
export function findNotTreatedReasonKey(reason: NotTreatedReason): `notTreated.reasons.${NotTreatedReason}` {
  return `notTreated.reasons.${reason}`;
}

/**
 * A visit the technician could not treat (0085) as the day sheet and the route manager show it:
 * 'Not treated: Gate locked or no access', who said so and when (Toronto time), and their note;
 * null for a visit without the mark.
 */
export function describeNotTreated(
  visit: { notTreatedReason: NotTreatedReason | null; notTreatedNote: string | null; notTreatedAt: string | Date | null; notTreatedBy: string | null },
  locale: string,
  t: Translate,
): { label: string; byline: string; note: string | null } | null {
  if (!visit.notTreatedReason) return null;
  const time = formatShortDateTime(visit.notTreatedAt, locale) ?? '';
  return {
    label: t('notTreated.badge', { reason: t(findNotTreatedReasonKey(visit.notTreatedReason)) }),
    byline: visit.notTreatedBy ? t('notTreated.byAt', { name: visit.notTreatedBy, time }) : time,
    note: visit.notTreatedNote,
  };
}
