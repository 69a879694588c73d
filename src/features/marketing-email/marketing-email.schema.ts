import { z } from 'zod';
import { limitedText } from '@/lib/field-limits';
import { CONSENT_NOTE_MIN, UNSUBSCRIBE_NOTE_MAX } from './unsubscribed-list';

/** POST /api/admin/season-opener: the season the office saw in the preview; another one is refused. */
export const SeasonOpenerSendSchema = z.object({
  year: z.number('errors.invalidField').int('errors.invalidField').min(2000, 'errors.invalidField').max(2200, 'errors.invalidField'),
});
export type SeasonOpenerSend = z.infer<typeof SeasonOpenerSendSchema>;

const listEmail = () => limitedText('email').min(1, 'marketingEmail.list.errors.emailRequired').pipe(z.email('marketingEmail.list.errors.emailInvalid'));

/**
 * POST /api/admin/unsubscribed-addresses: the office records an unsubscribe the person asked for
 * (by phone, in person, by a reply), with an optional note of how (docs/decisions/0074).
 */
export const OfficeUnsubscribeSchema = z.object({
  email: listEmail(),
  note: z.string('errors.invalidField').trim().max(UNSUBSCRIBE_NOTE_MAX, 'marketingEmail.list.errors.noteTooLong').optional().default(''),
});
export type OfficeUnsubscribeInput = z.input<typeof OfficeUnsubscribeSchema>;
export type OfficeUnsubscribe = z.output<typeof OfficeUnsubscribeSchema>;

/**
 * POST /api/admin/unsubscribed-addresses/consent: the person gave consent again, and the office
 * takes the address off the list, saying how they gave it (required).
 */
export const OfficeConsentSchema = z.object({
  email: listEmail(),
  note: z.string('marketingEmail.list.errors.consentNoteRequired').trim()
    .min(CONSENT_NOTE_MIN, 'marketingEmail.list.errors.consentNoteRequired')
    .max(UNSUBSCRIBE_NOTE_MAX, 'marketingEmail.list.errors.noteTooLong'),
});
export type OfficeConsentInput = z.input<typeof OfficeConsentSchema>;
export type OfficeConsent = z.output<typeof OfficeConsentSchema>;
