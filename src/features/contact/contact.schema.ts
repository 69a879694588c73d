/**
 * POST /api/messages input (SPEC §5 contact rules). Messages are translation keys in `contact`; the
 * length limits and the phone rule are the shared ones (`errors.*`, src/lib/field-limits.ts), as in the form.
 * SPEC's older clients send `content` instead of `message` and a `type`; both are accepted.
 */
import { z } from 'zod';
import { FIELD_LIMITS, optionalPhone, tooLongMessage } from '@/lib/field-limits';

/** SPEC's older clients call the message `content`: read it as `message` before validating. */
function foldLegacyContent(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return record.message == null && typeof record.content === 'string' ? { ...record, message: record.content } : record;
}

const ContactMessageFields = z.object({
    name: z.string({ error: 'contact.nameRequired' }).trim().min(2, 'contact.nameRequired').max(FIELD_LIMITS.name, tooLongMessage('name')),
    email: z.string({ error: 'contact.invalidEmail' }).trim().max(FIELD_LIMITS.email, tooLongMessage('email')).toLowerCase().pipe(z.email('contact.invalidEmail')),
    phone: optionalPhone().nullish(),
    // SPEC: the subject defaults to 'question' when a form does not ask for one.
    subject: z.string().trim().max(FIELD_LIMITS.subject, tooLongMessage('subject')).nullish()
      .refine((s) => s == null || s === '' || s.length >= 2, 'contact.subjectRequired'),
    message: z.string({ error: 'contact.messageTooShort' }).trim().min(10, 'contact.messageTooShort').max(FIELD_LIMITS.message, tooLongMessage('message')),
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

/** POST /api/admin/messages/{id}/reply: the office's answer to a contact message, emailed to the visitor. */
export const MessageReplySchema = z.object({
  body: z.string({ error: 'adminDashboard.reply.bodyRequired' }).trim()
    .min(2, 'adminDashboard.reply.bodyRequired').max(FIELD_LIMITS.message, tooLongMessage('message')),
});
export type MessageReply = z.infer<typeof MessageReplySchema>;
