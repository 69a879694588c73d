import { describe, expect, it } from 'vitest';
import { CalculatorFormSchema, SecondContactSchema, SendQuoteFormSchema } from './calculator.schema';

const messagesOf = (value: { enabled: boolean; name: string; email: string; phone: string }) => {
  const result = SecondContactSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('SecondContactSchema (the optional second customer block)', () => {
  it.each([
    ['closed: anything goes', { enabled: false, name: '', email: 'nonsense', phone: '1' }, []],
    ['open with a name and an email', { enabled: true, name: 'Sam Lee', email: 'sam@example.ca', phone: '' }, []],
    ['open with a name and a phone', { enabled: true, name: 'Sam Lee', email: '', phone: '(905) 555-0101' }, []],
    ['open and empty', { enabled: true, name: '', email: '', phone: '' }, ['name: calculator.errors.secondNameRequired', 'email: calculator.errors.secondReachRequired']],
    ['bad email and short phone', { enabled: true, name: 'Sam', email: 'sam@', phone: '555-01' }, ['email: calculator.errors.emailInvalid', 'phone: calculator.errors.secondPhoneInvalid']],
    ['a phone made of letters', { enabled: true, name: 'Sam', email: '', phone: 'abcdefghijk' }, ['phone: calculator.errors.secondPhoneInvalid']],
    ['an over-long name', { enabled: true, name: 'n'.repeat(101), email: 'sam@example.ca', phone: '' }, ['name: errors.tooLong.name']],
    ['closed with an over-long name', { enabled: false, name: 'n'.repeat(101), email: '', phone: '' }, []],
  ])('%s', (_label, value, expected) => {
    expect(messagesOf(value)).toEqual(expected);
  });
});

describe('CalculatorFormSchema and the email modal: limits and the phone rule', () => {
  const valid = {
    firstName: 'Ada', lastName: 'Byron', email: 'ada@example.ca', phone: '905-555-0177', address: '71 Main St W', postalCode: 'L8P 4Y5',
    propertySize: '0.25', serviceType: 'onetime', includeTick: false, includeTargetedInsects: false, extras: [], date: '2027-05-07',
    secondContact: { enabled: false, name: '', email: '', phone: '' },
  } as const;
  const first = (over: object) => {
    const result = CalculatorFormSchema.safeParse({ ...valid, ...over });
    return result.success ? null : `${result.error.issues[0]!.path.join('.')}: ${result.error.issues[0]!.message}`;
  };

  it.each([
    ['firstName', 'errors.tooLong.firstName'],
    ['lastName', 'errors.tooLong.lastName'],
  ])('refuses a %s over 100 characters with its own message', (field, key) => {
    expect(first({ [field]: 'a'.repeat(100) })).toBeNull();
    expect(first({ [field]: 'a'.repeat(101) })).toBe(`${field}: ${key}`);
  });

  it('refuses an over-long address and a phone made of letters', () => {
    expect(first({ address: 'a'.repeat(301) })).toBe('address: errors.tooLong.address');
    expect(first({ phone: 'abcdefghijk' })).toBe('phone: errors.phoneInvalid');
    expect(first({ phone: '' })).toBe('phone: calculator.errors.phoneRequired');
    expect(first({ phone: '+1 905 555 0177 x5' })).toBeNull();
  });

  it('gives the email modal the same rules', () => {
    const modal = (over: object) => SendQuoteFormSchema.safeParse({ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.ca', phone: '905-555-0177', ...over }).error?.issues[0]?.message;
    expect(modal({})).toBeUndefined();
    expect(modal({ lastName: 'b'.repeat(101) })).toBe('errors.tooLong.lastName');
    expect(modal({ phone: 'abcdefghijk' })).toBe('errors.phoneInvalid');
  });
});
