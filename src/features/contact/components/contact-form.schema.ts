import { z } from 'zod';

/**
 * SPEC §5 contact form rules. Messages are translation keys (contactForm namespace) so the same
 * schema can be reused by the POST /api/messages handler.
 */
export const ContactFormSchema = z.object({
  name: z.string().trim().min(2, 'contactForm.nameRequired'),
  email: z.string().trim().pipe(z.email('contactForm.invalidEmail')),
  phone: z.string().trim().max(40, 'contactForm.phoneTooLong').optional().or(z.literal('')),
  subject: z.string().trim().min(2, 'contactForm.subjectRequired'),
  message: z.string().trim().min(10, 'contactForm.messageTooShort').max(5000, 'contactForm.messageTooLong'),
  // Honeypot: people never see it, bots fill it in.
  website: z.string().max(0).optional(),
});

export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactFormValues = z.output<typeof ContactFormSchema>;
