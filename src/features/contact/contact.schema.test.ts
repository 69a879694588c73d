import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from './contact.schema';

const keysOf = (input: unknown) =>
  Object.fromEntries((ContactMessageSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ContactMessageSchema (SPEC §5)', () => {
  it('applies the contact rules with translation keys', () => {
    expect(keysOf({ name: 'J', email: 'nope', subject: 'x', message: 'too short' })).toEqual({
      name: 'contact.nameRequired', email: 'contact.invalidEmail', subject: 'contact.subjectRequired', message: 'contact.messageTooShort',
    });
    expect(keysOf({ name: 'Jo', email: 'jo@example.com', message: 'x'.repeat(5001) })).toEqual({ message: 'contact.messageTooLong' });
  });

  it('defaults the subject to question, accepts the legacy content field and keeps the honeypot value', () => {
    expect(ContactMessageSchema.parse({ name: 'Jo Bloggs', email: 'JO@example.com', content: 'Please call me back soon.' })).toEqual({
      name: 'Jo Bloggs', email: 'jo@example.com', phone: null, subject: 'question', message: 'Please call me back soon.', type: 'contact', website: '',
    });
    expect(ContactMessageSchema.parse({ name: 'Jo', email: 'jo@example.com', message: 'Long enough message', phone: '', website: 'bot' })).toMatchObject({ phone: null, website: 'bot' });
  });
});
