import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/features/email/email-layout';
import { buildVisitCalendarEvent } from '@/features/email/visit-calendar';
import { renderBookingCancelledEmail, renderLatePaymentRefundEmail, type BookingCancelledEmailInput } from './cancellation-email';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';

const branch = TEST_EMAIL_BRANCH;
const visit = { id: 5, bookingRef: 'BK-TEST1234', serviceType: 'onetime', date: '2027-06-04', time: '09:00' };

const input = (overrides: Partial<BookingCancelledEmailInput> = {}): BookingCancelledEmailInput => ({
  locale: 'en', branch, customerFirstName: 'Olivia', bookingRef: 'BK-TEST1234', cancelledBy: 'office', visits: [visit], calendarVisitIds: [5],
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
    ['en', 'Open the attached calendar file to remove the cancelled visit from your calendar.', 'Open the attached calendar files to remove the cancelled visits from your calendar.'],
    ['es', 'Abra el archivo de calendario adjunto para quitar de su calendario la visita cancelada.', 'Abra los archivos de calendario adjuntos para quitar de su calendario las visitas canceladas.'],
    ['fr', 'Ouvrez le fichier de calendrier joint pour retirer la visite annulée de votre agenda.', 'Ouvrez les fichiers de calendrier joints pour retirer les visites annulées de votre agenda.'],
    ['de', 'Öffnen Sie die angehängte Kalenderdatei, um den stornierten Besuch aus Ihrem Kalender zu entfernen.', 'Öffnen Sie die angehängten Kalenderdateien, um die stornierten Besuche aus Ihrem Kalender zu entfernen.'],
  ] as const)('names one calendar file for one visit and several for several, as attached (%s)', (locale, one, several) => {
    const single = renderBookingCancelledEmail(input({ locale }));
    expect(single.attachments).toHaveLength(1);
    expect(single.text).toContain(one);
    expect(single.text).not.toContain(several);
    const visits = [visit, { ...visit, id: 6, date: '2027-06-25' }, { ...visit, id: 7, date: '2027-07-16' }];
    const plan = renderBookingCancelledEmail(input({ locale, visits, calendarVisitIds: [5, 6, 7] }));
    expect(plan.attachments).toHaveLength(3);
    expect(plan.text).toContain(several);
    expect(plan.html).toContain(escapeHtml(several));
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

  it.each([
    ['en', 'Cancellation confirmed: booking BK-TEST1234', 'Your cancellation is confirmed', 'You cancelled your booking online, and your cancellation is confirmed. This visit will not take place:', 'We have cancelled'],
    ['es', 'Cancelación confirmada: reserva BK-TEST1234', 'Su cancelación está confirmada', 'Le confirmamos la cancelación de su reserva, que usted realizó en línea. Esta visita no se realizará:', 'Hemos cancelado'],
    ['fr', 'Annulation confirmée\u00a0: réservation BK-TEST1234', 'Votre annulation est confirmée', 'Nous vous confirmons l’annulation de votre réservation, que vous avez faite en ligne. Cette visite n’aura pas lieu\u00a0:', 'Nous avons annulé'],
    ['de', 'Stornierung bestätigt: Buchung BK-TEST1234', 'Ihre Stornierung ist bestätigt', 'hiermit bestätigen wir die Stornierung Ihrer Buchung, die Sie online vorgenommen haben. Dieser Besuch findet nicht statt:', 'wir haben Ihre Buchung storniert'],
  ] as const)('confirms the customer\'s own online cancellation as theirs (%s): subject, heading, text and HTML, never "we cancelled"', (locale, subject, heading, intro, notSaid) => {
    // A reason is the office's to give: the customer's own cancellation ignores one passed by mistake.
    const email = renderBookingCancelledEmail(input({ locale, cancelledBy: 'customer', reason: 'outside-service-area' }));
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(heading);
    expect(email.html).toContain(heading);
    expect(email.text).toContain(intro);
    expect(email.html).toContain(escapeHtml(intro));
    for (const part of [email.subject, email.text, email.html]) expect(part).not.toContain(notSaid);
  });

  it.each([
    ['en', 'customer-request', 'Your booking BK-TEST1234 is cancelled', 'As you asked, we have cancelled your booking. This visit will not take place:'],
    ['es', 'customer-request', 'Su reserva BK-TEST1234 ha sido cancelada', 'Tal como nos pidió, hemos cancelado su reserva. Esta visita no se realizará:'],
    ['de', 'customer-request', 'Ihre Buchung BK-TEST1234 ist storniert', 'wie gewünscht haben wir Ihre Buchung storniert. Dieser Besuch findet nicht statt:'],
    ['fr', 'outside-service-area', 'Votre réservation BK-TEST1234 est annulée', 'Nous avons annulé votre réservation, car l’adresse du service se trouve hors du secteur que nous desservons.'],
    ['es', 'duplicate-booking', 'Su reserva BK-TEST1234 ha sido cancelada', 'Hemos cancelado su reserva porque duplicaba otra reserva que ya tiene con nosotros.'],
    ['de', 'unable-to-serve', 'Ihre Buchung BK-TEST1234 ist storniert', 'wir haben Ihre Buchung storniert, da wir die gebuchten Besuche leider nicht durchführen können.'],
  ] as const)('says the office cancelled and why, when it gave a reason (%s, %s)', (locale, reason, subject, intro) => {
    const email = renderBookingCancelledEmail(input({ locale, reason }));
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(intro);
    expect(email.html).toContain(escapeHtml(intro));
  });

  // Who cancelled, and the refund sentence and Refund fact to the cent, for each refund case: the
  // full refund (the only one online), a partial one under the terms, nothing due, nothing charged.
  it.each([
    ['en', 'customer', null, true, 11187, 'You cancelled your booking online', 'We are refunding $111.87 to the card you paid with. It will reach your account within 10 business days.', 'Refund: $111.87'],
    ['en', 'office', 'customer-request', true, 32318, 'As you asked, we have cancelled your booking.', 'We are refunding $323.18 to the card you paid with. It will reach your account within 10 business days.', 'Refund: $323.18'],
    ['en', 'office', 'unable-to-serve', true, 0, 'because we are unable to carry out the visits booked', 'No refund is due for this booking under our terms.', 'Refund: $0.00'],
    ['en', 'office', 'duplicate-booking', false, 0, 'because it duplicated another booking you have with us', 'Nothing was charged for this booking, so there is nothing to refund.', null],
    ['fr', 'customer', null, true, 11187, 'que vous avez faite en ligne', 'Nous vous remboursons 111,87\u00a0$ sur la carte utilisée pour le paiement.', 'Remboursement\u00a0: 111,87\u00a0$'],
    ['de', 'office', 'customer-request', true, 32318, 'wie gewünscht haben wir Ihre Buchung storniert.', 'Wir erstatten 323,18\u00a0$ auf die Karte, mit der Sie bezahlt haben.', 'Erstattung: 323,18\u00a0$'],
    ['es', 'office', 'outside-service-area', true, 0, 'está fuera de la zona que atendemos', 'Según nuestras condiciones, esta reserva no da derecho a reembolso.', 'Reembolso: 0,00\u00a0$'],
  ] as const)('%s, cancelled by the %s (%s): says who, then the refund of %s paid, %i cents, to the cent', (locale, cancelledBy, reason, wasPaid, refundCents, who, sentence, fact) => {
    const email = renderBookingCancelledEmail(input({ locale, cancelledBy, reason, wasPaid, refundCents }));
    for (const part of [who, sentence]) {
      expect(email.text).toContain(part);
      expect(email.html).toContain(escapeHtml(part));
    }
    expect(email.text.indexOf(who)).toBeLessThan(email.text.indexOf(sentence));
    if (fact) expect(email.text).toContain(fact);
    else expect(email.text).not.toMatch(/Refund:/);
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

describe('the refund of a plan under way (0108)', () => {
  // Seasonal 1/2 acre with tick control in Stoney Creek: paid 682.00 + 88.66 HST = 770.66; two of
  // five visits done, valued without the plan's savings: 2/5 of 792.00 = 316.80 + 41.18 HST = 357.98.
  const visits = [3, 4, 5].map((id, i) => ({ ...visit, id, serviceType: 'seasonal', date: ['2027-05-14', '2027-06-04', '2027-06-25'][i]! }));
  const working = { paidCents: 77_066, alreadyRefundedCents: 0, carriedOut: { completed: 2, total: 5, preTaxCents: 31_680, taxCents: 4_118, cents: 35_798 } };

  it.each([
    ['en', ['Paid: $770.66', '2 of 5 visits carried out, at the regular price: − $357.98 ($316.80 plus $41.18 HST)', 'Refund: $412.68', 'without the savings that came with the whole plan']],
    ['es', ['Pagado: 770,66\u00a0$', '2 de 5 visitas realizadas, a precio normal: − 357,98\u00a0$ (316,80\u00a0$ más 41,18\u00a0$ de HST)', 'Reembolso: 412,68\u00a0$', 'sin los ahorros que venían con el plan completo']],
  ] as const)('shows how the refund was reached (%s)', (locale, lines) => {
    const email = renderBookingCancelledEmail(input({ locale, cancelledBy: 'customer', visits, calendarVisitIds: [3, 4, 5], completedCount: 2, refundCents: 41_268, refundWorking: working }));
    for (const line of lines) expect(email.text).toContain(line);
    expect(email.html).toContain(escapeHtml(lines[3]));
  });

  it('says nothing of the working without it (before the first visit, or another amount from the office)', () => {
    const email = renderBookingCancelledEmail(input({ completedCount: 2, refundCents: 20_000 }));
    expect(email.text).not.toContain('at the regular price');
    expect(email.text).not.toContain('Paid:');
  });
});
