import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { createManageToken } from '@/features/manage-booking/manage-link';
import {
  describeRequestNotice, describeWithdrawalNotice, renderRetreatmentDeclinedEmail, renderRetreatmentRequestedEmail, renderRetreatmentScheduledEmail,
} from './retreatment-email';

const NBSP = '\u00a0';
const branch = TEST_EMAIL_BRANCH;
const siteUrl = 'https://escarpmentmosquito.ca';
const base = { branch, customerFirstName: 'Amélie', bookingRef: 'BK-RETREAT1', linkGeneration: 1, siteUrl };

describe('renderRetreatmentRequestedEmail', () => {
  it('says the request arrived, with the reason, the note escaped and line breaks kept, and the booking\'s link', () => {
    const email = renderRetreatmentRequestedEmail({ ...base, locale: 'en', reason: 'pests-back', note: 'By the <pond>\nand the deck' });
    expect(email.subject).toBe('We have your re-treatment request (BK-RETREAT1)');
    expect(email.text).toContain('Hi Amélie,');
    expect(email.text).toContain('Your request: Mosquitoes or ticks are back');
    expect(email.text).toContain('Your note\nBy the <pond>\nand the deck');
    expect(email.html).toContain('By the &lt;pond&gt;<br>and the deck');
    expect(email.html).not.toContain('<pond>');
    expect(email.text).toContain(`${siteUrl}/manage-booking/${createManageToken({ bookingRef: 'BK-RETREAT1', generation: 1 })}`);
    expect(email.text).toContain('(905) 555-0134');
  });

  it('leaves the note out when there is none, and speaks the customer\'s language', () => {
    const email = renderRetreatmentRequestedEmail({ ...base, locale: 'fr', reason: 'heavy-rain', note: '   ' });
    expect(email.subject).toBe('Nous avons reçu votre demande de retraitement (BK-RETREAT1)');
    expect(email.text).toContain(`Votre demande${NBSP}: Après une forte pluie`);
    expect(email.text).not.toContain('Votre note');
    expect(email.html).toContain('<html lang="fr">');
    expect(email.text).toContain(`/fr/manage-booking/`);
  });
});

describe('renderRetreatmentScheduledEmail', () => {
  const visit = { id: 812, bookingRef: 'BK-RETREAT1', serviceType: 'seasonal', kind: 'retreatment', date: '2027-07-09', time: '09:00' };
  const address = { address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1' };

  it('gives the Friday, the working day as the arrival window, the address, "free", and a calendar event titled as a re-treatment', () => {
    const email = renderRetreatmentScheduledEmail({ ...base, locale: 'en', visit, address });
    expect(email.subject).toBe('Your free re-treatment: July 9, 2027');
    expect(email.text).toContain('Date: Friday, July 9, 2027');
    expect(email.text).toContain('Arrival: between 8:00 AM and 6:00 PM');
    expect(email.text).toContain('Service address: 12 King St W, Hamilton, L8P 1A1');
    expect(email.text).toContain('Price: Free of charge (our guarantee)');
    expect(email.attachments).toHaveLength(1);
    const ics = email.attachments[0]!.content.replace(/\r?\n[ \t]/g, '');
    expect(ics).toContain('UID:BK-RETREAT1-812@escarpmentmosquito.ca');
    expect(ics).toContain('SUMMARY:Free re-treatment · Escarpment Mosquito & Tick');
    expect(ics).toContain('DTSTART:20270709T120000Z'); // 8:00 AM in Toronto (EDT)
    expect(ics).toContain('DURATION:PT10H');
  });

  it('is written in Spanish for a Spanish request', () => {
    const email = renderRetreatmentScheduledEmail({ ...base, locale: 'es', visit, address });
    expect(email.subject).toBe('Su repetición gratuita: 9 de julio de 2027');
    expect(email.text).toContain('Precio: Sin costo (nuestra garantía)');
    expect(email.attachments[0]!.content).toContain('Repetición gratuita del tratamiento');
  });
});

describe('renderRetreatmentDeclinedEmail', () => {
  it('gives the office\'s reason, escaped, and the phone to talk it over', () => {
    const email = renderRetreatmentDeclinedEmail({ ...base, locale: 'de', declineReason: 'Der Teich <gehört> dem Nachbarn.' });
    expect(email.subject).toBe('Zu Ihrer Anfrage zur Nachbehandlung (BK-RETREAT1)');
    expect(email.text).toContain('Unsere Begründung\nDer Teich <gehört> dem Nachbarn.');
    expect(email.html).toContain('Der Teich &lt;gehört&gt; dem Nachbarn.');
    expect(email.text).toContain('rufen Sie uns unter (905) 555-0134 an');
  });
});

describe('describeRequestNotice', () => {
  it('tells the office what, why, the note and where to answer, in English', () => {
    const notice = describeRequestNotice({
      bookingRef: 'BK-RETREAT1', reason: 'heavy-rain', note: ' After Tuesday\'s storm ', planLabel: 'Seasonal Mosquito Protection', lastVisitDate: '2027-06-25',
      requestsUrl: 'https://escarpmentmosquito.ca/retreatments',
    });
    expect(notice.subject).toBe('Free re-treatment requested online: BK-RETREAT1 (after heavy rain)');
    expect(notice.lines).toEqual([
      'Booking BK-RETREAT1 (Seasonal Mosquito Protection): the customer asked for a free re-treatment through their Manage your booking link, because after heavy rain.',
      'Last visit carried out: 2027-06-25.',
      'Their note: "After Tuesday\'s storm"',
      'The customer got an email saying their request was received and that the office will reply with a date.',
      'Schedule it on a Friday or decline it with a reason: https://escarpmentmosquito.ca/retreatments',
    ]);
    expect(describeRequestNotice({ bookingRef: 'BK-1', reason: 'pests-back', note: '', planLabel: 'One-Time Treatment', lastVisitDate: null, requestsUrl: 'x' }).lines)
      .toContain('They left no note.');
  });
});

describe('describeWithdrawalNotice', () => {
  it('tells the office which request the customer withdrew, that nothing is left to answer, and where it shows, in English', () => {
    const notice = describeWithdrawalNotice({
      bookingRef: 'BK-RETREAT1', reason: 'heavy-rain', planLabel: 'Seasonal Mosquito Protection', requestedOn: '2027-06-28',
      requestsUrl: 'https://escarpmentmosquito.ca/retreatments',
    });
    expect(notice.subject).toBe('Re-treatment request withdrawn online: BK-RETREAT1');
    expect(notice.heading).toBe('A customer withdrew their re-treatment request');
    expect(notice.lines).toEqual([
      'Booking BK-RETREAT1 (Seasonal Mosquito Protection): the customer withdrew the free re-treatment request they made on 2027-06-28 (after heavy rain), through their Manage your booking link.',
      'There is nothing to schedule or decline. If they are still within their guarantee window, they can ask again from the same page.',
      'The request now shows as withdrawn among the answered ones: https://escarpmentmosquito.ca/retreatments',
    ]);
    expect(describeWithdrawalNotice({ bookingRef: 'BK-1', reason: 'pests-back', planLabel: null, requestedOn: '2027-06-28', requestsUrl: 'x' }).lines[0])
      .toBe('Booking BK-1: the customer withdrew the free re-treatment request they made on 2027-06-28 (mosquitoes or ticks are back), through their Manage your booking link.');
  });
});
