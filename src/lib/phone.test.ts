import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneInternational, hasPhoneExtension, isValidPhone, PHONE_MAX_LENGTH, toE164Phone, toPhoneKey, toTelHref } from './phone';

describe('isValidPhone (North American numbers)', () => {
  it.each([
    '9055550134',
    '905-555-0134',
    '905.555.0134',
    '905 555 0134',
    '(905) 555-0134',
    '(905)555-0134',
    '1-905-555-0134',
    '19055550134',
    '+1 905 555 0134',
    '+1 (289) 555-7788',
    '  905-555-0134  ',
    '905-555-0134 x123',
    '905-555-0134x1',
    '905-555-0134 ext. 123',
    '905-555-0134 ext 123456',
    '905-555-0134 Extension 12',
    '+1 (905) 555-0134 ext. 123456',
  ])('accepts %j', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['letters', 'abcdefghijk'],
    ['letters mixed in', '905-555-01ab'],
    ['empty', ''],
    ['spaces only', '   '],
    ['too few digits', '905-555-013'],
    ['seven-digit local number', '555-0134'],
    ['too many digits', '905-555-01345'],
    ['a country code other than 1', '+44 20 7946 0958'],
    ['11 digits not starting with 1', '29055550134'],
    ['area code starting with 0', '005-555-0134'],
    ['area code starting with 1', '105-555-0134'],
    ['exchange starting with 0 or 1', '905-155-0134'],
    ['all zeros', '000-000-0000'],
    ['other symbols', '905/555/0134'],
    ['a plus in the middle', '905+555+0134'],
    ['an extension without digits', '905-555-0134 ext'],
    ['an extension of 7 digits', '905-555-0134 x1234567'],
    ['longer than the limit', `905-555-0134${' '.repeat(PHONE_MAX_LENGTH)}x1`],
  ])('refuses %s (%j)', (_label, phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('the business phone: stored as E.164, shown formatted (docs/decisions/0076)', () => {
  it.each([
    ['905-555-0134', '+19055550134'],
    ['(905) 555-0134', '+19055550134'],
    ['  +1 (289) 555.7788 ', '+12895557788'],
    ['1-905-555-0199', '+19055550199'],
    ['+19055550134', '+19055550134'],
  ])('stores %j as %j', (typed, stored) => {
    expect(toE164Phone(typed)).toBe(stored);
  });

  it.each(['905-555-0134 x12', '905-555-013', '+44 20 7946 0958', '', 'call us'])('has no canonical form for %j', (typed) => {
    expect(toE164Phone(typed)).toBeNull();
  });

  it('tells an extension apart', () => {
    expect(hasPhoneExtension('905-555-0134 ext. 12')).toBe(true);
    expect(hasPhoneExtension('905-555-0134')).toBe(false);
  });

  it('shows the stored number the way the site writes it, and dials it with the country code', () => {
    expect(formatPhone('+19055550134')).toBe('(905) 555-0134');
    expect(formatPhoneInternational('+19055550134')).toBe('+1 905-555-0134');
    expect(toTelHref('+19055550134')).toBe('tel:+19055550134');
    // The display form reads back the same way.
    expect(toTelHref('(905) 555-0134')).toBe('tel:+19055550134');
  });

  it('shows a value written before the canonical form as it was stored', () => {
    expect(formatPhone(' 905-555-0134 ext. 7 ')).toBe('905-555-0134 ext. 7');
    expect(toTelHref('905-555-0134 ext. 7')).toBe('tel:+19055550134');
  });
});

describe('toPhoneKey (the office\'s "same phone" check, 0105)', () => {
  it.each([
    '905-555-0101',
    '(905) 555 0101',
    '+1 905 555 0101',
    '1-905-555-0101',
    '9055550101',
    '905.555.0101',
    '  (905)555-0101 ',
    '905-555-0101 ext. 12',
    '+1 (905) 555-0101 x7',
  ])('reads %j as the line 9055550101', (phone) => {
    expect(toPhoneKey(phone)).toBe('9055550101');
  });

  it('tells different lines apart', () => {
    expect(toPhoneKey('905-555-0102')).toBe('9055550102');
    expect(toPhoneKey('289-555-0101')).toBe('2895550101');
  });

  it.each([
    ['empty (an erased customer)', ''],
    ['SPEC\'s stand-in number', '000-000-0000'],
    ['seven digits', '555-0101'],
    ['another country', '+44 20 7946 0958'],
    ['letters', '905-555-01ab'],
  ])('has no key for %s', (_, phone) => {
    expect(toPhoneKey(phone)).toBeNull();
  });
});
