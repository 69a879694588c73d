import { describe, expect, it } from 'vitest';
import { SecondContactSchema } from './calculator.schema';

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
  ])('%s', (_label, value, expected) => {
    expect(messagesOf(value)).toEqual(expected);
  });
});
