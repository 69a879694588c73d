import { describe, expect, it } from 'vitest';
import { cachedDateTimeFormat, formatCad, formatDayAndTime, formatDisplayDate, formatLongDate, formatShortDate, formatShortDateTime, formatTimeOfDay } from './format';

describe('formatShortDate', () => {
  it.each([
    ['2025-01-05', 'en', 'Jan 5, 2025'],
    ['2027-05-07', 'en', 'May 7, 2027'],
    ['2027-05-07', 'fr', '7 mai 2027'],
  ])('formats the calendar day %s in %s as %s', (input, locale, expected) => {
    expect(formatShortDate(input, locale)).toBe(expected);
  });

  it('shows an instant as its Toronto day, not the UTC one', () => {
    expect(formatShortDate('2027-05-08T02:30:00Z', 'en')).toBe('May 7, 2027');
  });

  it('says Invalid Date for garbage and nothing for a missing value', () => {
    expect(formatShortDate('not a date', 'en')).toBe('Invalid Date');
    expect(formatShortDate(null, 'en')).toBeNull();
  });
});

describe('formatShortDateTime', () => {
  it.each([
    ['2027-01-05T20:42:00Z', 'en', 'Jan 5, 2027, 3:42 PM'],
    ['2027-01-05T20:42:00Z', 'de', '5. Jan. 2027, 15:42'],
    // Toronto's day and hour (UTC is already on the 2nd), with French's '1er' and an hour that
    // keeps together with no-break spaces.
    ['2027-10-02T01:05:00Z', 'fr', '1er oct. 2027, 21\u00A0h\u00A005'],
  ])('shows the instant %s in Toronto time (%s): %s', (input, locale, expected) => {
    expect(formatShortDateTime(input, locale)).toBe(expected);
  });

  it('says Invalid Date for garbage and nothing for a missing value', () => {
    expect(formatShortDateTime('not a date', 'en')).toBe('Invalid Date');
    expect(formatShortDateTime(null, 'en')).toBeNull();
  });
});

describe('formatLongDate', () => {
  it.each([
    ['en', 'Friday, May 7, 2027'],
    ['fr', 'vendredi 7 mai 2027'],
    ['es', 'viernes, 7 de mayo de 2027'],
    ['de', 'Freitag, 7. Mai 2027'],
  ])('writes the Friday 2027-05-07 out in %s', (locale, expected) => {
    expect(formatLongDate('2027-05-07', locale)).toBe(expected);
  });

  it('keeps the calendar day whatever the machine time zone (a December Friday, a new year)', () => {
    expect(formatLongDate('2026-12-31', 'en')).toBe('Thursday, December 31, 2026');
    expect(formatLongDate('2027-01-01', 'en')).toBe('Friday, January 1, 2027');
  });

  it('returns what is not a calendar day as it is, instead of throwing', () => {
    expect(formatLongDate('soon', 'en')).toBe('soon');
    expect(formatLongDate('2027-02-30T10:00', 'en')).toBe('2027-02-30T10:00');
  });
});

describe('the first of the month in French', () => {
  it.each([
    // [calendar day, locale, long date, long date without weekday, short date]
    ['2027-10-01', 'fr', 'vendredi 1er octobre 2027', '1er octobre 2027', '1er oct. 2027'],
    ['2027-10-02', 'fr', 'samedi 2 octobre 2027', '2 octobre 2027', '2 oct. 2027'],
    ['2027-10-11', 'fr', 'lundi 11 octobre 2027', '11 octobre 2027', '11 oct. 2027'],
    ['2027-10-21', 'fr', 'jeudi 21 octobre 2027', '21 octobre 2027', '21 oct. 2027'],
    ['2027-10-01', 'en', 'Friday, October 1, 2027', 'October 1, 2027', 'Oct 1, 2027'],
    ['2027-10-01', 'es', 'viernes, 1 de octubre de 2027', '1 de octubre de 2027', '1 oct 2027'],
    ['2027-10-01', 'de', 'Freitag, 1. Oktober 2027', '1. Oktober 2027', '1. Okt. 2027'],
  ])('%s in %s', (day, locale, long, longNoWeekday, short) => {
    expect(formatLongDate(day, locale)).toBe(long);
    expect(formatLongDate(day, locale, { weekday: false })).toBe(longNoWeekday);
    expect(formatShortDate(day, locale)).toBe(short);
  });

  it('writes 1er for an instant on the first in Toronto, even when it is already the 2nd in UTC', () => {
    expect(formatShortDate('2027-10-02T01:30:00Z', 'fr')).toBe('1er oct. 2027');
    expect(formatShortDate(new Date('2027-10-01T16:00:00Z'), 'en')).toBe('Oct 1, 2027');
  });

  it('works with any French formatter that names the month, and leaves numeric dates alone', () => {
    const first = new Date(Date.UTC(2025, 4, 1, 12));
    expect(formatDisplayDate(new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }), first)).toBe('1er mai 2025');
    expect(formatDisplayDate(new Intl.DateTimeFormat('fr-CA', { day: 'numeric', month: 'long', timeZone: 'UTC' }), first)).toBe('1er mai');
    for (const numeric of [
      new Intl.DateTimeFormat('fr', { dateStyle: 'short', timeZone: 'UTC' }),
      new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'numeric', timeZone: 'UTC' }),
      new Intl.DateTimeFormat('fr-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }),
    ]) {
      expect(formatDisplayDate(numeric, first)).toBe(numeric.format(first));
      expect(formatDisplayDate(numeric, first)).not.toContain('er');
    }
    expect(formatDisplayDate(new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }), first)).toBe('1. Mai 2025');
  });
});

describe('cachedDateTimeFormat', () => {
  it('builds one formatter per locale and style and hands the same one back', () => {
    const options: Intl.DateTimeFormatOptions = { month: 'long', timeZone: 'UTC' };
    const first = cachedDateTimeFormat('fr', 'test-month', options);
    expect(cachedDateTimeFormat('fr', 'test-month', options)).toBe(first);
    expect(cachedDateTimeFormat('de', 'test-month', options)).not.toBe(first);
    expect(first.format(new Date(Date.UTC(2027, 4, 7)))).toBe('mai');
  });
});

describe('formatTimeOfDay', () => {
  it.each([
    ['09:00', '9:00 AM'], ['9:00 AM', '9:00 AM'], ['13:30', '1:30 PM'], ['12:00 PM', '12:00 PM'], ['00:15', '12:15 AM'],
  ])('%s → %s', (input, expected) => {
    expect(formatTimeOfDay(input, 'en')?.replace(/\u202f/g, ' ')).toBe(expected);
  });

  it('writes a French hour with no-break spaces, as the French messages do', () => {
    expect(formatTimeOfDay('09:00', 'fr')).toBe('9\u00A0h\u00A000');
    expect(formatTimeOfDay('17:30', 'fr')).toBe('17\u00A0h\u00A030');
    expect(formatTimeOfDay('13:30', 'de')).toBe('13:30');
  });
});

describe('formatCad', () => {
  it('shows two decimals in Canadian dollars', () => {
    expect(formatCad(41245, 'en')).toBe('$412.45');
    expect(formatCad(11187, 'fr').replace(/\s/g, ' ')).toBe('111,87 $');
  });
});

describe('formatDayAndTime', () => {
  // 8:00 in Toronto (EDT, UTC-4): the online change cut-off of a visit on Friday, June 4, 2027.
  const cutoff = new Date('2027-06-02T12:00:00Z');

  it('writes the time as the rest of the site does, in the branch time zone', () => {
    expect(formatDayAndTime(cutoff, 'en', 'America/Toronto')).toEqual({ day: 'Wednesday, June 2', time: '8:00 AM' });
    expect(formatDayAndTime(cutoff, 'es', 'America/Toronto')).toEqual({ day: 'miércoles, 2 de junio', time: '8:00' });
    expect(formatDayAndTime(cutoff, 'de', 'America/Toronto')).toEqual({ day: 'Mittwoch, 2. Juni', time: '8:00' });
    // Whatever the server's own zone: 12:00 UTC is 8:00 in Toronto and 7:00 in Winnipeg.
    expect(formatDayAndTime(cutoff, 'en', 'America/Winnipeg').time).toBe('7:00 AM');
  });

  it('keeps a French hour on one line and writes the first of the month as "1er"', () => {
    expect(formatDayAndTime(new Date('2027-09-01T12:00:00Z'), 'fr', 'America/Toronto')).toEqual({ day: 'mercredi 1er septembre', time: '8\u00A0h\u00A000' });
  });
});
