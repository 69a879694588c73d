import { describe, expect, it } from 'vitest';
import { isValidHstNumber, readHstNumber } from './hst-number';

describe('readHstNumber', () => {
  it.each([
    ['123456789 RT0001', '123456789 RT0001'],
    ['123456789RT0001', '123456789 RT0001'],
    ['  123456789 rt 0002 ', '123456789 RT0002'],
  ])('reads %j as a GST/HST number, printed as %j', (value, formatted) => {
    expect(readHstNumber(value)).toEqual({ kind: 'valid', formatted });
    expect(isValidHstNumber(value)).toBe(true);
  });

  it.each([null, undefined, '', '   '])('calls %j missing', (value) => {
    expect(readHstNumber(value)).toEqual({ kind: 'missing' });
    expect(isValidHstNumber(value)).toBe(false);
  });

  it.each([
    '12345678 RT0001', // eight digits
    '1234567890 RT0001', // ten digits
    '123456789 RC0001', // corporate income tax account, not GST/HST
    '123456789 RT001', // three-digit reference
    '123456789', // business number alone
    '123-456-789 RT0001',
    'RT0001 123456789',
  ])('refuses %j', (value) => {
    expect(readHstNumber(value)).toEqual({ kind: 'invalid' });
    expect(isValidHstNumber(value)).toBe(false);
  });
});
