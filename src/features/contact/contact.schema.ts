/**
 * POST /api/messages input (SPEC §5 contact rules). Messages are translation keys in `contact`.
 * SPEC's older clients send `content` instead of `message` and a `type`; both are accepted.
 */
import { z } from 'zod';

/** SPEC's older clients call the message `content`: read it as `message` before validating. */
function foldLegacyContent(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return record.message == null && typeof record.content === 'string' ? { ...record, message: record.content } : record;
}

const ContactMessageFields = z.object({
    name: z.string({ error: 'contact.nameRequired' }).trim().min(2, 'contact.nameRequired').max(200, 'contact.nameRequired'),
    email: z.string({ error: 'contact.invalidEmail' }).trim().toLowerCase().pipe(z.email('contact.invalidEmail').max(254, 'contact.invalidEmail')),
    phone: z.string().trim().max(40, 'contact.phoneTooLong').nullish(),
    // SPEC: the subject defaults to 'question' when a form does not ask for one.
    subject: z.string().trim().max(200, 'contact.subjectRequired').nullish()
      .refine((s) => s == null || s === '' || s.length >= 2, 'contact.subjectRequired'),
    message: z.string({ error: 'contact.messageTooShort' }).trim().min(10, 'contact.messageTooShort').max(5000, 'contact.messageTooLong'),
    type: z.string().trim().max(40).nullish(),
    /** Honeypot: hidden from people, so anything typed here means a bot. */
    website: z.string().nullish(),
});

export const ContactMessageSchema = z.preprocess(foldLegacyContent, ContactMessageFields
  .transform((value) => ({
    name: value.name,
    email: value.email,
    phone: value.phone || null,
    subject: value.subject || 'question',
    message: value.message,
    type: value.type || 'contact',
    website: value.website ?? '',
  })));

export type ContactMessageInput = z.input<typeof ContactMessageFields>;
export type ContactMessageRequest = z.output<typeof ContactMessageSchema>;
