import { z } from 'zod';
import { routing } from '@/i18n/routing';
import { FIELD_LIMITS, tooLongMessage } from '@/lib/field-limits';

/** The customer moves a visit (POST /api/manage-booking/{token}/visits/{id}/move). Messages are translation keys. Client-safe. */
export const MoveVisitSchema = z.object({
  date: z.string('manageBooking.errors.chooseDate').regex(/^\d{4}-\d{2}-\d{2}$/, 'manageBooking.errors.chooseDate'),
});
export type MoveVisitInput = z.infer<typeof MoveVisitSchema>;

/**
 * "Find your booking": the address a customer booked with, to email their links again
 * (POST /api/manage-booking/request-link, decision 0032). The form and the handler share it.
 * `website` is the honeypot (people never see it); `locale` is the page's language, the email's.
 */
export const RequestLinkSchema = z.object({
  email: z.string('manageBooking.request.emailRequired').trim().min(1, 'manageBooking.request.emailRequired')
    .max(FIELD_LIMITS.email, tooLongMessage('email')).pipe(z.email('manageBooking.request.invalidEmail')),
  website: z.string().optional(),
  locale: z.enum(routing.locales).optional(),
});
export type RequestLinkInput = z.input<typeof RequestLinkSchema>;
export type RequestLinkValues = z.output<typeof RequestLinkSchema>;
