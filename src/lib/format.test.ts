import { describe, expect, it } from 'vitest';
import { formatCad, formatShortDate, formatTimeOfDay } from './format';

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

describe('formatTimeOfDay', () => {
  it.each([
    ['09:00', '9:00 AM'], ['9:00 AM', '9:00 AM'], ['13:30', '1:30 PM'], ['12:00 PM', '12:00 PM'], ['00:15', '12:15 AM'],
  ])('%s → %s', (input, expected) => {
    expect(formatTimeOfDay(input, 'en')?.replace(/\u202f/g, ' ')).toBe(expected);
  });
});

describe('formatCad', () => {
  it('shows two decimals in Canadian dollars', () => {
    expect(formatCad(41245, 'en')).toBe('$412.45');
    expect(formatCad(11187, 'fr').replace(/\s/g, ' ')).toBe('111,87 $');
  });
});
