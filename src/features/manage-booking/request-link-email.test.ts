import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { createManageToken } from './manage-link';
import { renderRequestedLinksEmail } from './request-link-email';

describe('the email "Find your booking" sends', () => {
  it('lists each booking with its Fridays and its own link at its current generation, in the asked language, with the branch footer', () => {
    const email = renderRequestedLinksEmail({
      locale: 'de', branch: TEST_EMAIL_BRANCH, customerFirstName: 'Olivia',
      bookings: [{ bookingRef: 'BK-AAAA1111', linkGeneration: 0, dates: ['2027-06-11', '2027-07-09'] }, { bookingRef: 'BK-BBBB2222', linkGeneration: 1, dates: ['2027-06-18'] }],
    });
    expect(email.subject).toBe('Ihr Buchungslink');
    expect(email.text).toContain('Hallo Olivia,');
    expect(email.text).toContain('Buchung: BK-AAAA1111\nBesuche: Freitag, 11. Juni 2027; Freitag, 9. Juli 2027\n');
    expect(email.text).toContain(`http://localhost:3000/de/manage-booking/${createManageToken({ bookingRef: 'BK-AAAA1111', generation: 0 })}`);
    expect(email.text).toContain(`Buchung: BK-BBBB2222\nBesuche: Freitag, 18. Juni 2027\n`);
    expect(email.html).toContain(`href="http://localhost:3000/de/manage-booking/${createManageToken({ bookingRef: 'BK-BBBB2222', generation: 1 })}"`);
    expect(email.text).toContain(`Fragen? Rufen Sie uns unter ${TEST_EMAIL_BRANCH.phone} an oder antworten Sie auf diese E-Mail.`);
  });

  it('writes French labels with a no-break space before the colon', () => {
    const email = renderRequestedLinksEmail({ locale: 'fr', branch: TEST_EMAIL_BRANCH, customerFirstName: 'Léa', bookings: [{ bookingRef: 'BK-CCCC3333', linkGeneration: 0, dates: ['2027-06-11'] }] });
    expect(email.text).toContain('Réservation\u00a0: BK-CCCC3333');
    expect(email.text).toContain('Le voici\u00a0:');
  });
});
