import { describe, expect, it } from 'vitest';
import { renderRequestedLinksEmail } from '@/features/manage-booking/request-link-email';
import { createSeasonOpenerRenderer } from '@/features/marketing-email/season-opener-email';
import { routing, type Locale } from '@/i18n/routing';
import { renderBookingReceivedEmail } from './booking-received-email';
import { escapeHtml } from './email-layout';
import { TEST_EMAIL_BRANCH } from './email-test-branch';

const branch = TEST_EMAIL_BRANCH;
const replyLine: Record<Locale, string> = {
  en: `Questions? Call us at ${branch.phone} or reply to this email.`,
  es: `¿Preguntas? Llámenos al ${branch.phone} o responda a este correo.`,
  fr: `Des questions\u00a0? Appelez-nous au ${branch.phone} ou répondez à ce courriel.`,
  de: `Fragen? Rufen Sie uns unter ${branch.phone} an oder antworten Sie auf diese E-Mail.`,
};

// MAIL_FROM is the office's own mailbox: every email to a customer offers both ways back, in one wording.
describe.each(routing.locales)('a customer email in %s', (locale) => {
  const emails = {
    'booking received': renderBookingReceivedEmail({
      locale, branch, siteUrl: 'https://escarpmentmosquito.ca', customerFirstName: 'Olivia', bookingRef: 'BK-TEST1234', appointmentId: 41,
      serviceType: 'onetime', dates: ['2027-05-21'], time: '09:00', address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' }, totalCents: 11187,
    }),
    'manage links': renderRequestedLinksEmail({ locale, branch, customerFirstName: 'Olivia', bookings: [{ bookingRef: 'BK-TEST1234', dates: ['2027-05-21'], linkGeneration: 0 }], siteUrl: 'https://escarpmentmosquito.ca' }),
    'season opener': createSeasonOpenerRenderer({ locale, branch, year: 2027, firstFriday: '2027-05-07', underway: false, openFriday: '2027-05-07', siteUrl: 'https://escarpmentmosquito.ca' })({ customerId: 42, firstName: 'Olivia', previousService: null }),
  };
  it.each(Object.entries(emails))('%s ends with "call us or reply to this email"', (_kind, email) => {
    expect(email.text).toContain(replyLine[locale]);
    expect(email.html).toContain(escapeHtml(replyLine[locale]));
  });
});
