import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { createManageToken, readManageToken } from './manage-link';
import { renderReplacedLinkEmail } from './replaced-link-email';

const link = { bookingRef: 'BK-NEWLINK1', generation: 3 };

describe('the email "Replace the customer\'s link" sends', () => {
  it('carries the booking\'s new link, says the old one no longer works, in the booking\'s language', () => {
    const email = renderReplacedLinkEmail({ locale: 'de', branch: TEST_EMAIL_BRANCH, customerFirstName: 'Olivia', link, siteUrl: 'https://example.ca' });
    const url = `https://example.ca/de/manage-booking/${createManageToken(link)}`;
    expect(email.subject).toBe('Ihr neuer Buchungslink');
    expect(email.text).toContain('Hallo Olivia,');
    expect(email.text).toContain('öffnet sie nicht mehr');
    expect(email.text).toContain(`Buchung: BK-NEWLINK1\n`);
    expect(email.text).toContain(url);
    expect(email.html).toContain(`href="${url}"`);
    expect(readManageToken(url.split('/').pop()!)).toEqual(link);
    expect(email.text).toContain(`Fragen? Rufen Sie uns unter ${TEST_EMAIL_BRANCH.phone} an oder antworten Sie auf diese E-Mail.`);
  });

  it('writes French with no-break spaces before the colons and semicolons', () => {
    const email = renderReplacedLinkEmail({ locale: 'fr', branch: TEST_EMAIL_BRANCH, customerFirstName: 'Léa', link });
    expect(email.text).toContain('Réservation\u00a0: BK-NEWLINK1');
    expect(email.text).toContain('ne l’ouvre plus\u00a0; utilisez désormais celui-ci\u00a0:');
    expect(email.text).toContain(`http://localhost:3000/fr/manage-booking/${createManageToken(link)}`);
  });
});
