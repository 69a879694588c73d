import { formatMoney } from './money';

/**
 * Display formatting shared by staff screens (SPEC "Admin dashboard"): dates like 'Jan 5, 2025',
 * 'Invalid Date' when unparseable, 12-hour times, amounts with two decimals in CAD.
 */
const INTL_LOCALE: Record<string, string> = { en: 'en-CA', es: 'es-CA', fr: 'fr-CA', de: 'de-DE' };
export const intlLocale = (locale: string) => INTL_LOCALE[locale] ?? 'en-CA';

export function formatShortDate(value: string | Date | null | undefined, locale: string, invalidLabel = 'Invalid Date'): string | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar day: format it as that day whatever the viewer's time zone.
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    date = new Date(Date.UTC(y, m - 1, d, 12));
    return new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date);
  }
  date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return invalidLabel;
  return new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Toronto' }).format(date);
}

const longDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day ('YYYY-MM-DD') as a long date in the given Intl locale: 'Friday, May 7, 2027',
 * 'Freitag, 7. Mai 2027'. Read at noon UTC and formatted in UTC, so no time zone moves it a day.
 * One formatter per locale, built once: the date pickers format every Friday on each render.
 * Anything that is not a calendar day comes back as it is.
 */
export function formatLongDate(date: string, locale: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(day.getTime())) return date;
  let format = longDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    longDateFormats.set(locale, format);
  }
  return format.format(day);
}

/** '09:00', '9:00 AM' or '13:30' → '9:00 AM' / '1:30 PM' (English) or the locale's 12/24-hour style. */
export function formatTimeOfDay(value: string | null | undefined, locale: string): string | null {
  if (!value) return null;
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)?$/i.exec(value.trim());
  if (!match) return value;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[3]?.toUpperCase();
  if (meridiem === 'PM' && hours < 12) hours += 12;
  if (meridiem === 'AM' && hours === 12) hours = 0;
  const date = new Date(Date.UTC(2000, 0, 1, hours, minutes));
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

/** Money in the site locale's conventions (en → en-CA), always two decimals, CAD. */
export function formatCad(cents: number, locale: string): string {
  return formatMoney(cents, intlLocale(locale));
}
