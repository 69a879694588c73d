import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { renderVisitMovedEmail } from '@/features/email/visit-moved-email';
import { renderVisitReminderEmail } from '@/features/reminders/visit-reminder-email';
import { createManageToken, readManageToken } from './manage-link';

const NBSP = '\u00a0';
const linkIn = (text: string) => /http:\/\/localhost:3000(?:\/[a-z]{2})?\/manage-booking\/[\w-]+/.exec(text)?.[0];
const visit = { bookingRef: 'BK-TEST1234', linkGeneration: 0, serviceType: 'onetime', time: '09:00', estimatedArrivalTime: null, address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' };

describe('the Manage your booking link in customer emails', () => {
  it('is in the visit-moved email, in the booking\'s language, and opens that booking at its current link generation', () => {
    const email = renderVisitMovedEmail({
      locale: 'fr', branch: TEST_EMAIL_BRANCH, change: 'moved', customerFirstName: 'Olivia', bookingRef: 'BK-TEST1234', linkGeneration: 2, previousDate: '2027-05-07',
      visits: [{ id: 41, bookingRef: 'BK-TEST1234', serviceType: 'onetime', date: '2027-05-21', time: '09:00' }],
      address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' }, hasOtherVisits: false, calendarSequence: 1,
    });
    const link = linkIn(email.text)!;
    expect(link).toBe(`http://localhost:3000/fr/manage-booking/${createManageToken({ bookingRef: 'BK-TEST1234', generation: 2 })}`);
    expect(readManageToken(link.split('/').pop()!)).toEqual({ bookingRef: 'BK-TEST1234', generation: 2 });
    expect(email.text).toContain(`déplacez de nouveau une visite, en ligne${NBSP}:\n${link}`);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain('>Gérer votre réservation</a>');
  });

  it('is in the reminder, once per booking of the day at its own generation, naming the reference when there are two', () => {
    const one = renderVisitReminderEmail({ locale: 'de', branch: TEST_EMAIL_BRANCH, customerFirstName: 'Olivia', date: '2027-06-11', visits: [visit] });
    expect(one.text).toContain(`Ihre Buchung online ansehen:\nhttp://localhost:3000/de/manage-booking/${createManageToken({ bookingRef: 'BK-TEST1234', generation: 0 })}`);

    const two = renderVisitReminderEmail({
      locale: 'en', branch: TEST_EMAIL_BRANCH, customerFirstName: 'Olivia', date: '2027-06-11',
      visits: [visit, { ...visit, serviceType: 'standingwater' }, { ...visit, bookingRef: 'BK-OTHER567', linkGeneration: 3 }],
    });
    expect(two.text).toContain(`BK-TEST1234: See your booking online:\nhttp://localhost:3000/manage-booking/${createManageToken({ bookingRef: 'BK-TEST1234', generation: 0 })}`);
    expect(two.text).toContain(`BK-OTHER567: See your booking online:\nhttp://localhost:3000/manage-booking/${createManageToken({ bookingRef: 'BK-OTHER567', generation: 3 })}`);
    expect(two.html.match(/\/manage-booking\//g)).toHaveLength(2);
  });
});
