import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@/lib/format';
import { buildCheckoutUrl, renderBookingReceivedEmail, type BookingReceivedEmailInput } from './booking-received-email';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';

const branch = TEST_EMAIL_BRANCH;

const input = (overrides: Partial<BookingReceivedEmailInput> = {}): BookingReceivedEmailInput => ({
  locale: 'en',
  branch,
  siteUrl: 'https://escarpmentmosquito.ca',
  customerFirstName: 'Olivia',
  bookingRef: 'BK-TEST1234',
  appointmentId: 41,
  serviceType: 'onetime',
  dates: ['2027-05-21'],
  time: '09:00',
  address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' },
  totalCents: 11187,
  ...overrides,
});

describe('renderBookingReceivedEmail', () => {
  it('gives an English customer the facts of the booking and a way back to its checkout', () => {
    const email = renderBookingReceivedEmail(input());
    expect(email.subject).toBe('We received your booking (BK-TEST1234)');
    expect(email.text).toContain([
      'Booking reference: BK-TEST1234',
      // Each date names its weekday: the label does not say "(Fridays)" again (0083).
      'Service date: Friday, May 21, 2027',
      'Arrival time: between 8:00 AM and 6:00 PM',
      'Service address: 71 Main St W, Hamilton, L8P 4Y5',
      'Total (HST included): $111.87',
    ].join('\n'));
    expect(email.text).toContain('We hold your Friday for 30 minutes from the time you booked; if you have not finished paying, use the link below.\n'
      + 'Complete your payment: https://escarpmentmosquito.ca/checkout/41?ref=BK-TEST1234');
    expect(email.text).toContain('Once you have paid, you will receive a receipt with a calendar invitation.');
    // The HTML part says the same, the link as a button.
    for (const fact of ['BK-TEST1234', 'Friday, May 21, 2027', 'between 8:00 AM and 6:00 PM', '71 Main St W, Hamilton, L8P 4Y5', '$111.87', 'Complete your payment']) {
      expect(email.html).toContain(fact);
    }
    expect(email.html).toContain('href="https://escarpmentmosquito.ca/checkout/41?ref=BK-TEST1234"');
    // Who sent it: name, mailing address, phone, email.
    expect(email.text).toContain('Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1\n(905) 555-0134 · hello@escarpmentmosquito.ca');
  });

  it.each([
    ['es', 'Fechas del servicio: viernes, 7 de mayo de 2027, viernes, 28 de mayo de 2027'],
    ['fr', 'Dates de service\u00a0: vendredi 7 mai 2027, vendredi 28 mai 2027'],
    ['de', 'Servicetermine: Freitag, 7. Mai 2027, Freitag, 28. Mai 2027'],
  ] as const)('names a plan\'s dates in %s without the weekday twice', (locale, line) => {
    const dates = ['2027-05-07', '2027-05-28', '2027-06-18', '2027-07-09', '2027-07-30'];
    expect(renderBookingReceivedEmail(input({ locale, serviceType: 'seasonal', dates, totalCents: 32318 })).text).toContain(line);
  });

  it.each([
    ['fr', 'Nous gardons vos vendredis pendant 30\u00a0minutes', 'Terminer le paiement\u00a0: https://escarpmentmosquito.ca/fr/checkout/41?ref=BK-TEST1234', 'Heure d’arrivée\u00a0: entre 8\u00a0h\u00a000 et 18\u00a0h\u00a000'],
    ['es', 'Guardamos sus viernes durante 30 minutos', 'Completar el pago: https://escarpmentmosquito.ca/es/checkout/41?ref=BK-TEST1234', 'Hora de llegada: entre las 8:00 y las 18:00'],
    ['de', 'Wir halten Ihre Freitage ab Ihrer Buchung 30 Minuten lang für Sie frei', 'Zahlung abschließen: https://escarpmentmosquito.ca/de/checkout/41?ref=BK-TEST1234', 'Ankunftszeit: zwischen 8:00 und 18:00 Uhr'],
  ] as const)('writes %s for a seasonal plan: its Fridays, its checkout under the language prefix', (locale, hold, link, arrival) => {
    const dates = ['2027-05-07', '2027-05-28', '2027-06-18', '2027-07-09', '2027-07-30'];
    const email = renderBookingReceivedEmail(input({ locale, serviceType: 'seasonal', dates, totalCents: 32318 }));
    expect(email.text).toContain(hold);
    expect(email.text).toContain(link);
    expect(email.text).toContain(arrival);
    expect(email.text).toContain(dates.map((d) => formatLongDate(d, locale)).join(', '));
    expect(email.html).toContain(`<html lang="${locale}">`);
    expect(email.text).not.toMatch(/Complete your payment|Service address|Arrival time/);
  });

  it('promises a call, not a payment or a time, for a free consultation', () => {
    const email = renderBookingReceivedEmail(input({ serviceType: 'consult', totalCents: 0 }));
    expect(email.text).toContain('We will call you to confirm the time of your free consultation.');
    expect(email.text).not.toContain('checkout');
    expect(email.text).not.toContain('Arrival time');
    expect(email.text).not.toContain('$0.00');
  });

  it('escapes what the customer typed', () => {
    const email = renderBookingReceivedEmail(input({ customerFirstName: '<b>Olivia</b>', address: { address: '1 "A" & B St', city: 'Hamilton', postalCode: null } }));
    expect(email.html).toContain('&lt;b&gt;Olivia&lt;/b&gt;');
    expect(email.html).toContain('1 &quot;A&quot; &amp; B St, Hamilton');
    expect(email.html).not.toContain('<b>Olivia');
  });
});

describe('buildCheckoutUrl', () => {
  it('is absolute, on the configured site, English unprefixed', () => {
    expect(buildCheckoutUrl('https://escarpmentmosquito.ca/', 'en', { appointmentId: 7, bookingRef: 'BK-ABCDEFGH' })).toBe('https://escarpmentmosquito.ca/checkout/7?ref=BK-ABCDEFGH');
    expect(buildCheckoutUrl('http://127.0.0.1:3100', 'de', { appointmentId: 7, bookingRef: 'BK-ABCDEFGH' })).toBe('http://127.0.0.1:3100/de/checkout/7?ref=BK-ABCDEFGH');
  });
});
