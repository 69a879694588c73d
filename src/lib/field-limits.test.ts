import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, isMessageKey, limitedText, optionalPhone, PHONE_INVALID_MESSAGE, requiredPhone, tooLongMessage, type LimitedField } from './field-limits';

const LOCALES = ['en', 'es', 'fr', 'de'] as const;
const errorsIn = (locale: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'messages', locale, 'errors.json'), 'utf8')) as { tooLong: Record<string, string>; phoneInvalid: string };

describe('FIELD_LIMITS messages', () => {
  it.each(LOCALES)('every limit has a %s message stating its number', (locale) => {
    const { tooLong } = errorsIn(locale);
    for (const [field, limit] of Object.entries(FIELD_LIMITS)) {
      const message = tooLong[field];
      expect(message, `${locale} errors.tooLong.${field}`).toBeTypeOf('string');
      // 1,000 / 1 000 / 1.000 / 1000 all state 1000.
      const numbers = (message!.match(/\d[\d.,\u00A0\u202F]*\d|\d/g) ?? []).map((n) => Number(n.replace(/[.,\u00A0\u202F]/g, '')));
      expect(numbers, `${locale} errors.tooLong.${field}: ${message}`).toContain(limit);
    }
    expect(Object.keys(tooLong).sort()).toEqual(Object.keys(FIELD_LIMITS).sort());
    expect(errorsIn(locale).phoneInvalid).toBeTypeOf('string');
  });
});

describe('limitedText', () => {
  it.each(Object.entries(FIELD_LIMITS) as [LimitedField, number][])('%s: %i characters pass, one more gives its own message', (field, limit) => {
    expect(limitedText(field).safeParse('a'.repeat(limit)).success).toBe(true);
    expect(limitedText(field).safeParse('a'.repeat(limit + 1)).error?.issues[0]?.message).toBe(tooLongMessage(field));
  });

  it('counts the trimmed text', () => {
    expect(limitedText('city').safeParse(`  ${'a'.repeat(FIELD_LIMITS.city)}  `).success).toBe(true);
  });
});

describe('requiredPhone / optionalPhone', () => {
  const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('says which rule failed', () => {
    const phone = requiredPhone('booking.validation.phoneRequired');
    expect(first(phone.safeParse(''))).toBe('booking.validation.phoneRequired');
    expect(first(phone.safeParse('abcdefghijk'))).toBe(PHONE_INVALID_MESSAGE);
    expect(first(phone.safeParse(`905-555-0134 x${'1'.repeat(40)}`))).toBe('errors.tooLong.phone');
    expect(phone.parse(' (905) 555-0134 ')).toBe('(905) 555-0134');
  });

  it('keeps the number as typed (no reformatting)', () => {
    expect(requiredPhone('x.y').parse('+1 905.555.0134 ext. 7')).toBe('+1 905.555.0134 ext. 7');
  });

  it('lets an optional phone be empty but not wrong', () => {
    expect(optionalPhone().safeParse('').success).toBe(true);
    expect(first(optionalPhone().safeParse('call me'))).toBe(PHONE_INVALID_MESSAGE);
    expect(first(optionalPhone('contactForm.phoneInvalid').safeParse('123'))).toBe('contactForm.phoneInvalid');
  });
});

describe('isMessageKey', () => {
  it.each([
    ['errors.tooLong.name', true],
    ['booking.validation.firstNameRequired', true],
    ['Please keep the name to 100 characters or fewer.', false],
    ['Le nom ne doit pas dépasser 100 caractères.', false],
  ])('%j → %s', (message, expected) => {
    expect(isMessageKey(message)).toBe(expected);
  });
});
