import { formatMoney } from './money';

/**
 * Display formatting shared by staff screens (SPEC "Admin dashboard"): dates like 'Jan 5, 2025',
 * 'Invalid Date' when unparseable, 12-hour times, amounts with two decimals in CAD.
 */
const INTL_LOCALE: Record<string, string> = { en: 'en-CA', es: 'es-CA', fr: 'fr-CA', de: 'de-DE' };
export const intlLocale = (locale: string) => INTL_LOCALE[locale] ?? 'en-CA';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The Intl.DateTimeFormat for a locale and a named style, built on first use and kept: building
 * one costs some 40 times more than formatting with it, and lists and pickers format every row.
 */
export function cachedDateTimeFormat(locale: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

const writesFirstAsOrdinal = new WeakMap<Intl.DateTimeFormat, boolean>();

/**
 * `format.format(date)` for text people read. French writes the first of the month as '1er'
 * ('vendredi 1er octobre 2027', '1er oct. 2027'), which Intl's data leaves as a bare '1'; every
 * other locale and day comes back exactly as Intl writes it. Only a day next to a month name
 * changes: a numeric date ('01/10/2027') or a machine format is left alone.
 */
export function formatDisplayDate(format: Intl.DateTimeFormat, date: Date): string {
  let french = writesFirstAsOrdinal.get(format);
  if (french === undefined) {
    french = /^fr\b/i.test(format.resolvedOptions().locale);
    writesFirstAsOrdinal.set(format, french);
  }
  if (!french) return format.format(date);
  const parts = format.formatToParts(date);
  // resolvedOptions() omits `month` when dateStyle is used, so look at the month as written.
  if (!parts.some((p) => p.type === 'month' && !/^\d+$/.test(p.value))) return format.format(date);
  return parts.map((p) => (p.type === 'day' && p.value === '1' ? '1er' : p.value)).join('');
}

const SHORT_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
const SHORT_TORONTO_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Toronto' };
const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
const LONG_DAY_NO_WEEKDAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };

export function formatShortDate(value: string | Date | null | undefined, locale: string, invalidLabel = 'Invalid Date'): string | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar day: format it as that day whatever the viewer's time zone.
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    date = new Date(Date.UTC(y, m - 1, d, 12));
    return formatDisplayDate(cachedDateTimeFormat(intlLocale(locale), 'short-day', SHORT_DAY), date);
  }
  date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return invalidLabel;
  return formatDisplayDate(cachedDateTimeFormat(intlLocale(locale), 'short-toronto-day', SHORT_TORONTO_DAY), date);
}

const SHORT_TORONTO_DAY_TIME: Intl.DateTimeFormatOptions = { ...SHORT_TORONTO_DAY, hour: 'numeric', minute: '2-digit' };

/**
 * French keeps an hour on one line: no-break spaces around its "h" ('21 h 05'), as the French
 * message files write it (scripts/french-typography.mjs). Intl's fr-CA data puts ordinary spaces
 * there, so a time could wrap after its number. Other locales come back unchanged.
 */
function keepFrenchHourTogether(text: string, locale: string): string {
  if (!/^fr\b/i.test(locale)) return text;
  return text.replace(/(\d) h(?: (?=\d))?/g, (hour) => hour.replaceAll(' ', '\u00A0'));
}

/** The Intl locale of clock times: English writes '9:00 AM' as SPEC does, where en-CA would write '9:00 a.m.'. */
const clockLocale = (locale: string) => (locale === 'en' ? 'en-US' : intlLocale(locale));

/**
 * An instant as its day and time in `timeZone` ('Jan 5, 2027, 3:42 PM', '5 janv. 2027, 15 h 42'),
 * the branch's (America/Toronto unless given); null when missing.
 */
export function formatShortDateTime(value: string | Date | null | undefined, locale: string, invalidLabel = 'Invalid Date', timeZone = 'America/Toronto'): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return invalidLabel;
  const format = cachedDateTimeFormat(clockLocale(locale), `short-day-time|${timeZone}`, { ...SHORT_TORONTO_DAY_TIME, timeZone });
  return keepFrenchHourTogether(formatDisplayDate(format, date), locale);
}

/**
 * A calendar day ('YYYY-MM-DD') as a long date in the given Intl locale: 'Friday, May 7, 2027',
 * 'Freitag, 7. Mai 2027', 'vendredi 1er octobre 2027'; without the weekday when asked ('May 1, 2025').
 * Read at noon UTC and formatted in UTC, so no time zone moves it a day.
 * Anything that is not a calendar day comes back as it is.
 */
export function formatLongDate(date: string, locale: string, { weekday = true }: { weekday?: boolean } = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  const format = weekday ? cachedDateTimeFormat(locale, 'long-day', LONG_DAY) : cachedDateTimeFormat(locale, 'long-day-no-weekday', LONG_DAY_NO_WEEKDAY);
  return formatDisplayDate(format, day);
}

/** A wall-clock time (hours and minutes of `date` in UTC) in the given Intl locale's style. */
export function formatClockTime(date: Date, locale: string): string {
  return keepFrenchHourTogether(cachedDateTimeFormat(locale, 'clock', CLOCK).format(date), locale);
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
  return formatClockTime(date, clockLocale(locale));
}

const WEEKDAY_MONTH_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' };
const HOUR_MINUTE: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * An instant as its weekday and date, and its clock time, in `timeZone`: the two halves of a
 * deadline ('Wednesday, June 2' and '8:00 AM'; 'mercredi 2 juin' and '8 h 00'), for a message to
 * join in the reader's language ('{day} at {time}'). The time is written as every other time on
 * the site is (English '8:00 AM', not en-CA's '8:00 a.m.'), and French keeps its hour on one line.
 */
export function formatDayAndTime(at: Date, locale: string, timeZone: string): { day: string; time: string } {
  const day = formatDisplayDate(cachedDateTimeFormat(intlLocale(locale), `weekday-month-day|${timeZone}`, { ...WEEKDAY_MONTH_DAY, timeZone }), at);
  const time = cachedDateTimeFormat(clockLocale(locale), `hour-minute|${timeZone}`, { ...HOUR_MINUTE, timeZone }).format(at);
  return { day, time: keepFrenchHourTogether(time, locale) };
}

/**
 * An instant as its date in words and its clock time, in `timeZone`, for a letter to a customer
 * ('November 25, 2026' and '11:42 PM'; '25 de noviembre de 2026' and '23:42'; '25 novembre 2026'
 * and '23 h 42'; '25. November 2026' and '23:42'), joined by a message in the reader's language.
 * Staff screens keep the short style (`formatShortDateTime`).
 */
export function formatLongDayAndTime(at: Date, locale: string, timeZone: string): { day: string; time: string } {
  const day = formatDisplayDate(cachedDateTimeFormat(intlLocale(locale), `long-day-no-weekday|${timeZone}`, { ...LONG_DAY_NO_WEEKDAY, timeZone }), at);
  return { day, time: formatDayAndTime(at, locale, timeZone).time };
}

/** Money in the site locale's conventions (en → en-CA), always two decimals, CAD. */
export function formatCad(cents: number, locale: string): string {
  return formatMoney(cents, intlLocale(locale));
}

/** Names joined as the language lists them: "Hamilton, Dundas and Grimsby" (en-CA: no serial comma), "Hamilton, Dundas et Grimsby". */
export function formatNameList(names: readonly string[], locale: string): string {
  return new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(names);
}
