import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from './contact.schema';

const keysOf = (input: unknown) =>
  Object.fromEntries((ContactMessageSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ContactMessageSchema (SPEC §5)', () => {
  it('applies the contact rules with translation keys', () => {
    expect(keysOf({ name: 'J', email: 'nope', subject: 'x', message: 'too short' })).toEqual({
      name: 'contact.nameRequired', email: 'contact.invalidEmail', subject: 'contact.subjectRequired', message: 'contact.messageTooShort',
    });
    expect(keysOf({ name: 'Jo', email: 'jo@example.com', message: 'x'.repeat(5001) })).toEqual({ message: 'errors.tooLong.message' });
  });

  it('gives an over-long name, email, subject and message each its own limit message', () => {
    expect(keysOf({ name: 'n'.repeat(101), email: `${'e'.repeat(250)}@example.com`, subject: 's'.repeat(201), message: 'Long enough message' })).toEqual({
      name: 'errors.tooLong.name', email: 'errors.tooLong.email', subject: 'errors.tooLong.subject',
    });
    expect(keysOf({ name: 'n'.repeat(100), email: 'jo@example.com', message: 'Long enough message' })).toEqual({});
  });

  it('applies the phone rule to a phone that is given', () => {
    expect(keysOf({ name: 'Jo', email: 'jo@example.com', message: 'Long enough message', phone: 'abcdefghijk' })).toEqual({ phone: 'errors.phoneInvalid' });
    expect(keysOf({ name: 'Jo', email: 'jo@example.com', message: 'Long enough message', phone: '905-555-0134 x12' })).toEqual({});
  });

  it('defaults the subject to question, accepts the legacy content field and keeps the honeypot value', () => {
    expect(ContactMessageSchema.parse({ name: 'Jo Bloggs', email: 'JO@example.com', content: 'Please call me back soon.' })).toEqual({
      name: 'Jo Bloggs', email: 'jo@example.com', phone: null, subject: 'question', message: 'Please call me back soon.', type: 'contact', website: '',
    });
    expect(ContactMessageSchema.parse({ name: 'Jo', email: 'jo@example.com', message: 'Long enough message', phone: '', website: 'bot' })).toMatchObject({ phone: null, website: 'bot' });
  });
});
