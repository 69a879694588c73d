import { describe, expect, it } from 'vitest';
import { buildVisitCalendarEvent } from '@/features/email/visit-calendar';
import { renderBookingCancelledEmail, renderLatePaymentRefundEmail, type BookingCancelledEmailInput } from './cancellation-email';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';

const branch = TEST_EMAIL_BRANCH;
const visit = { id: 5, bookingRef: 'BK-TEST1234', serviceType: 'onetime', date: '2027-06-04', time: '09:00' };

const input = (overrides: Partial<BookingCancelledEmailInput> = {}): BookingCancelledEmailInput => ({
  locale: 'en', branch, customerFirstName: 'Olivia', bookingRef: 'BK-TEST1234', visits: [visit], calendarVisitIds: [5],
  address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' }, completedCount: 0, wasPaid: true, refundCents: 11187,
  calendarSequence: 29_000_000, ...overrides,
});

const icsLines = (content: string) => content.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('renderBookingCancelledEmail', () => {
  it.each([
    ['en', 'Questions? Call us at (905) 555-0134'],
    ['fr', 'Des questions\u00a0? Appelez-nous au (905) 555-0134'],
    ['es', 'Llámenos al (905) 555-0134'],
    ['de', 'Rufen Sie uns unter (905) 555-0134 an'],
  ] as const)('says once whom to call (%s), with the business address', (locale, questions) => {
    const email = renderBookingCancelledEmail(input({ locale }));
    expect(count(email.text, questions)).toBe(1);
    expect(count(email.html, questions)).toBe(1);
    expect(email.text).toContain('1 Hunter St E, Hamilton, ON L8N 3W1');
  });

  it.each([
    ['en', 'We have cancelled your booking.', 'As you asked'],
    ['es', 'Hemos cancelado su reserva.', 'Tal como nos pidió'],
    ['fr', 'Nous avons annulé votre réservation.', 'Comme vous l’avez demandé'],
    ['de', 'wir haben Ihre Buchung storniert.', 'wie gewünscht'],
  ] as const)('says plainly that the booking is cancelled, without claiming the customer asked (%s): the office also cancels', (locale, said, notSaid) => {
    const email = renderBookingCancelledEmail(input({ locale }));
    expect(email.text).toContain(said);
    expect(email.text).not.toContain(notSaid);
  });

  it('cancels the calendar event the receipt sent: same UID, start and length, higher SEQUENCE', () => {
    const [cancel] = renderBookingCancelledEmail(input()).attachments;
    const sent = icsLines(buildVisitCalendarEvent({ locale: 'en', branch, visit, location: '71 Main St W, Hamilton, L8P 4Y5' }).content);
    const cancelled = icsLines(cancel!.content);
    for (const field of ['UID:', 'DTSTART:', 'DURATION:']) {
      expect(cancelled.find((l) => l.startsWith(field))).toBe(sent.find((l) => l.startsWith(field)));
    }
    expect(cancelled).toContain('DTSTART:20270604T120000Z');
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('SEQUENCE:29000000');
  });
});

describe('renderLatePaymentRefundEmail', () => {
  it('says once whom to call', () => {
    const email = renderLatePaymentRefundEmail({ locale: 'en', branch, customerFirstName: 'Olivia', bookingRef: 'BK-TEST1234', amountCents: 11187 });
    expect(count(email.text, 'Questions? Call us')).toBe(1);
    expect(email.text).toContain('$111.87');
  });
});
