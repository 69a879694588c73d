import { z } from 'zod';
import { limitedText, optionalPhone } from '@/lib/field-limits';

/**
 * SPEC §5 contact form rules. Messages are translation keys (contactForm namespace) so the same
 * schema can be reused by the POST /api/messages handler. Length limits and the phone rule are the
 * shared ones (src/lib/field-limits.ts), so this form and the handler refuse the same input.
 */
export const ContactFormSchema = z.object({
  name: limitedText('name').min(2, 'contactForm.nameRequired'),
  email: limitedText('email').pipe(z.email('contactForm.invalidEmail')),
  phone: optionalPhone().optional(),
  subject: limitedText('subject').min(2, 'contactForm.subjectRequired'),
  message: limitedText('message').min(10, 'contactForm.messageTooShort'),
  // Honeypot: people never see it, bots fill it in.
  website: z.string().max(0).optional(),
});

export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactFormValues = z.output<typeof ContactFormSchema>;
