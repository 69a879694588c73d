import { describe, expect, it } from 'vitest';
import { ContactFormSchema } from './contact-form.schema';

const valid = { name: 'Jo Smith', email: 'jo@example.ca', phone: '', subject: 'question', message: 'Do you treat cedar hedges?', website: '' };

function messagesFor(input: Record<string, unknown>) {
  const result = ContactFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ContactFormSchema (SPEC §5 contact form)', () => {
  it('accepts a complete message with or without a phone number', () => {
    expect(ContactFormSchema.safeParse(valid).success).toBe(true);
    expect(ContactFormSchema.safeParse({ ...valid, phone: '905-555-0134' }).success).toBe(true);
    expect(ContactFormSchema.safeParse({ ...valid, phone: undefined, website: undefined }).success).toBe(true);
  });

  it.each([
    ['name', 'J', 'contactForm.nameRequired'],
    ['name', '  J  ', 'contactForm.nameRequired'],
    ['email', 'jo@', 'contactForm.invalidEmail'],
    ['subject', 'x', 'contactForm.subjectRequired'],
    ['message', 'Too short', 'contactForm.messageTooShort'],
    ['name', 'n'.repeat(101), 'errors.tooLong.name'],
    ['email', `${'e'.repeat(250)}@example.com`, 'errors.tooLong.email'],
    ['phone', 'abcdefghijk', 'errors.phoneInvalid'],
    ['phone', '905-555-0134 ext. 123456789', 'errors.phoneInvalid'],
    ['phone', `905-555-0134${' '.repeat(30)}`, undefined],
    ['message', 'm'.repeat(5001), 'errors.tooLong.message'],
  ])('rejects %s=%j with %s', (field, value, key) => {
    expect(messagesFor({ ...valid, [field]: value })[field]).toBe(key);
  });

  it('accepts exactly the minimum lengths', () => {
    expect(ContactFormSchema.safeParse({ ...valid, name: 'Jo', subject: 'ab', message: '0123456789' }).success).toBe(true);
  });

  it('rejects a filled honeypot', () => {
    expect(ContactFormSchema.safeParse({ ...valid, website: 'http://spam.example' }).success).toBe(false);
  });
});
