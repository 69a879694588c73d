import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { splitRefundTax } from '@/features/payments/payment-tax';
import { BOM, formatDollars } from './csv';
import {
  buildCustomersCsv, buildPaymentRow, buildPaymentsCsv, buildRefundsCsv, buildUnsubscribedCsv, type CustomerSummary, type MadeRefund, type PaidPayment,
} from './export-rows';

const context = (locale: Locale = 'en') => ({
  timezone: 'America/Toronto',
  taxRateBps: 1300,
  t: getTranslator(locale, 'exports'),
  describePlan: (type: string) => getTranslator(locale, 'payments')(`services.${type}`),
  describeMethod: (method: string) => getTranslator(locale, 'offlinePayments.methods')(method),
});

const payment = (overrides: Partial<PaidPayment> = {}): PaidPayment => ({
  succeededAt: new Date('2026-11-20T15:30:00Z'),
  bookingRef: 'BK-7Q2M4X9D',
  firstName: 'Olivia',
  lastName: 'Tremblay',
  email: 'olivia@example.com',
  serviceType: 'onetime',
  amountCents: 11187,
  subtotalCents: 9900,
  taxCents: 1287,
  taxRateBps: 1300,
  refundedCents: 0,
  paymentIntentId: 'pi_test_abc',
  method: 'card',
  reference: null,
  ...overrides,
});

const lines = (csv: string) => csv.slice(BOM.length).split('\r\n').filter(Boolean);

describe('buildPaymentRow', () => {
  it('writes a paid one-time booking as the accountant reads it', () => {
    expect(buildPaymentRow(payment(), context())).toEqual([
      '2026-11-20', 'BK-7Q2M4X9D', 'Olivia Tremblay', 'olivia@example.com', 'One-Time Treatment',
      '99.00', '12.87', '111.87', '0.00', '0.00', '111.87', 'Paid', 'pi_test_abc', 'Card', '',
    ]);
  });

  it('says how a payment taken by the office was paid, with its cheque number (0103)', () => {
    const row = buildPaymentRow(payment({ method: 'cheque', reference: '000123', paymentIntentId: 'office_BK-7Q2M4X9D' }), context());
    expect(row.slice(-3)).toEqual(['office_BK-7Q2M4X9D', 'Cheque', '000123']);
    expect(buildPaymentRow(payment({ method: 'e-transfer', reference: null }), context('fr')).slice(-2)).toEqual(['Virement Interac', '']);
  });

  it('dates a payment by the Toronto calendar day it was paid, not the UTC one', () => {
    // 23:59:30 on Friday 20 November in Toronto (EST) is already Saturday in UTC.
    expect(buildPaymentRow(payment({ succeededAt: new Date('2026-11-21T04:59:30Z') }), context())[0]).toBe('2026-11-20');
    expect(buildPaymentRow(payment({ succeededAt: new Date('2026-11-21T05:00:00Z') }), context())[0]).toBe('2026-11-21');
    // In summer (EDT, UTC−4) the day changes an hour earlier in UTC.
    expect(buildPaymentRow(payment({ succeededAt: new Date('2026-07-18T03:59:59Z') }), context())[0]).toBe('2026-07-17');
  });

  it('takes refunds off the net and says how much came back, and how much of it was HST', () => {
    const partly = buildPaymentRow(payment({ serviceType: 'seasonal', amountCents: 32318, subtotalCents: 28600, taxCents: 3718, refundedCents: 14464 }), context());
    expect(partly.slice(4)).toEqual(['Seasonal Mosquito Protection', '286.00', '37.18', '323.18', '144.64', '16.64', '178.54', 'Partly refunded', 'pi_test_abc', 'Card', '']);
    const whole = buildPaymentRow(payment({ refundedCents: 11187 }), context());
    expect(whole.slice(8, 12)).toEqual(['111.87', '12.87', '0.00', 'Refunded']);
  });

  it.each([
    // A one-time treatment in Ancaster ($109.00 + $14.17) with $100.00 refunded by the office: the receipt says "HST refunded −$11.50".
    [{ amountCents: 12317, subtotalCents: 10900, taxCents: 1417 }, [10000], '11.50'],
    // Two refunds that together give everything back: all the HST charged, to the cent.
    [{ amountCents: 11187, subtotalCents: 9900, taxCents: 1287 }, [5000, 6187], '12.87'],
    // Three refunds of a seasonal plan with MIDSEASON ($603.00 + $78.39).
    [{ amountCents: 68139, subtotalCents: 60300, taxCents: 7839 }, [10001, 333, 20000], '34.90'],
  ])('gives the HST refunded that the receipt gives (%o, refunds %o)', (charged, refunds, hstRefunded) => {
    const row = buildPaymentRow(payment({ ...charged, refundedCents: refunds.reduce((a, b) => a + b, 0) }), context());
    expect(row[9]).toBe(hstRefunded);
    const receiptShares = splitRefundTax(refunds, { totalCents: charged.amountCents, taxCents: charged.taxCents, taxRate: 0.13 });
    expect(formatDollars(receiptShares.reduce((a, b) => a + b, 0))).toBe(hstRefunded);
  });

  it('writes one cent and large amounts exactly', () => {
    expect(buildPaymentRow(payment({ amountCents: 1, subtotalCents: 1, taxCents: 0, refundedCents: 0 }), context()).slice(5, 11)).toEqual(['0.01', '0.00', '0.01', '0.00', '0.00', '0.01']);
    const large = buildPaymentRow(payment({ amountCents: 1_130_000_001, subtotalCents: 1_000_000_001, taxCents: 130_000_000, refundedCents: 1 }), context());
    expect(large.slice(5, 11)).toEqual(['10000000.01', '1300000.00', '11300000.01', '0.01', '0.00', '11300000.00']);
  });

  it('leaves out what a row does not know: no booking, no customer, no plan', () => {
    const row = buildPaymentRow(payment({ bookingRef: null, firstName: null, lastName: null, email: null, serviceType: null, subtotalCents: null, taxCents: null, taxRateBps: null, amountCents: 5000 }), context());
    expect(row).toEqual(['2026-11-20', '', '', '', '', '44.25', '5.75', '50.00', '0.00', '0.00', '50.00', 'Paid', 'pi_test_abc', 'Card', '']);
  });
});

describe('buildPaymentsCsv', () => {
  it('starts with the byte order mark and the headers, then one line per payment', () => {
    const csv = buildPaymentsCsv([payment(), payment({ paymentIntentId: 'pi_test_def', firstName: 'Zoë', lastName: 'Müller' })], context());
    expect(csv.startsWith(BOM)).toBe(true);
    expect(lines(csv)).toEqual([
      'Date paid,Booking reference,Customer,Email,Plan,Amount before tax,HST,Total,Refunded,HST refunded,Net,Status,Gateway payment ID,Payment method,Payment reference',
      '2026-11-20,BK-7Q2M4X9D,Olivia Tremblay,olivia@example.com,One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,pi_test_abc,Card,',
      '2026-11-20,BK-7Q2M4X9D,Zoë Müller,olivia@example.com,One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,pi_test_def,Card,',
    ]);
  });

  it('writes headers, plans and statuses in the staff member\'s language, amounts and dates the same in every one', () => {
    const [header, row] = lines(buildPaymentsCsv([payment({ refundedCents: 1000 })], context('fr')));
    expect(header).toBe('Payé le,Numéro de réservation,Client,Courriel,Forfait,Montant avant taxes,TVH,Montant total,Remboursé,TVH remboursée,Montant net,Statut,N° de paiement (passerelle),Mode de paiement,Référence du paiement');
    expect(row).toBe('2026-11-20,BK-7Q2M4X9D,Olivia Tremblay,olivia@example.com,Traitement unique,99.00,12.87,111.87,10.00,1.15,101.87,Remboursé en partie,pi_test_abc,Carte,');
    expect(lines(buildPaymentsCsv([], context('de')))[0]).toMatch(/^Bezahlt am,Buchungsnummer,Kunde,/);
  });

  it('keeps a name a customer typed as a formula from running in the accountant\'s spreadsheet', () => {
    const [, row] = lines(buildPaymentsCsv([payment({ firstName: '=HYPERLINK("http://evil.example")', lastName: null })], context()));
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
  });
});

describe('buildCustomersCsv', () => {
  const customer = (overrides: Partial<CustomerSummary> = {}): CustomerSummary => ({
    firstName: 'Zoë', lastName: 'Müller', email: 'zoe@example.com', phone: '905-555-0101', address: '12 King St W, Unit 4', city: 'Hamilton',
    postalCode: 'L8P 1A1', createdAt: new Date('2026-05-02T03:30:00Z'), bookings: 2, paidCents: 43432, lastVisit: '2026-09-18', nextVisit: null,
    consentAt: null, unsubscribedAt: null, addressUnsubscribedAt: null, ...overrides,
  });
  const csv = (rows: CustomerSummary[], locale: Locale = 'en') => lines(buildCustomersCsv(rows, { timezone: 'America/Toronto', t: getTranslator(locale, 'exports') }));

  it('writes one line per customer with bookings counted and the total paid in dollars', () => {
    expect(csv([customer(), customer({ firstName: '@Bob', lastName: 'Smith', address: null, city: null, postalCode: null, bookings: 0, paidCents: 0, lastVisit: null, nextVisit: '2027-05-14' })])).toEqual([
      'Name,Email,Phone,Address,City,Postal code,Created,Bookings,Total paid,Last visit,Next visit,Seasonal emails,Agreed on,Unsubscribed on,Address unsubscribed on',
      // Created at 23:30 on 1 May in Toronto; last treated in September, nothing booked since.
      'Zoë Müller,zoe@example.com,905-555-0101,"12 King St W, Unit 4",Hamilton,L8P 1A1,2026-05-01,2,434.32,2026-09-18,,Not agreed,,,',
      "'@Bob Smith,zoe@example.com,905-555-0101,,,,2026-05-01,0,0.00,,2027-05-14,Not agreed,,,",
    ]);
  });

  it('says whether each customer agreed to seasonal emails, and when they agreed and unsubscribed, in Toronto time', () => {
    const rows = csv([
      // Agreed at 7:26 in the morning in Toronto (EST).
      customer({ consentAt: new Date('2026-11-24T12:26:00Z') }),
      // Agreed in June (EDT), unsubscribed from the season opener's link in November.
      customer({ consentAt: new Date('2026-06-05T13:00:00Z'), unsubscribedAt: new Date('2026-11-25T04:59:00Z') }),
      // Unsubscribed, then ticked the box again on a later booking: agreed again.
      customer({ consentAt: new Date('2026-11-20T15:00:00Z'), unsubscribedAt: new Date('2026-11-10T15:00:00Z') }),
      // Never agreed; their address unsubscribed from a quote email's link (0066).
      customer({ addressUnsubscribedAt: new Date('2026-10-01T16:15:00Z') }),
    ]).map((line) => line.split(',').slice(-4).join(','));
    expect(rows.slice(1)).toEqual([
      'Agreed,2026-11-24 07:26,,',
      'Unsubscribed,2026-06-05 09:00,2026-11-24 23:59,',
      'Agreed,2026-11-20 10:00,2026-11-10 10:00,',
      'Not agreed,,,2026-10-01 12:15',
    ]);
  });

  it('writes the headers and the consent in the staff member\'s language', () => {
    expect(csv([customer({ consentAt: new Date('2026-11-24T12:26:00Z'), unsubscribedAt: new Date('2026-11-25T12:00:00Z') })], 'es')).toEqual([
      'Nombre,Correo electrónico,Teléfono,Dirección,Ciudad,Código postal,Fecha de alta,Reservas,Total pagado,Última visita,Próxima visita,Correos de temporada,Fecha de aceptación,Fecha de baja,Fecha de baja de la dirección',
      'Zoë Müller,zoe@example.com,905-555-0101,"12 King St W, Unit 4",Hamilton,L8P 1A1,2026-05-01,2,434.32,2026-09-18,,Dado de baja,2026-11-24 07:26,2026-11-25 07:00,',
    ]);
    expect(csv([customer(), customer({ consentAt: new Date('2026-11-24T12:26:00Z') })], 'fr').slice(1).map((line) => line.split(',').at(-4)))
      .toEqual(['Non accepté', 'Accepté']);
    expect(csv([customer({ unsubscribedAt: new Date('2026-11-24T12:26:00Z') })], 'de')[1]!.split(',').at(-4)).toBe('Abgemeldet');
  });
});

describe('buildRefundsCsv', () => {
  const refundContext = (since: string, locale: Locale = 'en') => ({ ...context(locale), since: new Date(since) });
  // A seasonal plan with MIDSEASON paid in June: 286.00 + 37.18 HST.
  const june = { ...payment({ serviceType: 'seasonal', amountCents: 32318, subtotalCents: 28600, taxCents: 3718, succeededAt: new Date('2026-06-12T14:00:00Z') }), id: 41 };
  const refund = (id: number, amountCents: number, refundedAt: string, overrides: Partial<MadeRefund> = {}): MadeRefund => ({
    id, amountCents, refundedAt: new Date(refundedAt), providerRefundId: `re_test_${id}`, method: 'card', reference: null, payment: june, ...overrides,
  });

  it('lists a November refund of a June payment on its own day, with its HST, the receipt number and the date paid', () => {
    // 23:30 on 30 November in Toronto is already 1 December in UTC.
    expect(lines(buildRefundsCsv([refund(7, 14464, '2026-12-01T04:30:00Z')], refundContext('2026-11-01T04:00:00Z')))).toEqual([
      'Date refunded,Receipt number,Date paid,Booking reference,Customer,Email,Plan,Refund before tax,HST refunded,Refund total,Gateway refund ID,Gateway payment ID,Refund method,Refund reference',
      '2026-11-30,BK-7Q2M4X9D-41,2026-06-12,BK-7Q2M4X9D,Olivia Tremblay,olivia@example.com,Seasonal Mosquito Protection,128.00,16.64,144.64,re_test_7,pi_test_abc,Card,',
    ]);
  });

  it('leaves out the refunds made before the range, yet shares the HST after them, so each refund\'s HST adds up to the payment\'s', () => {
    const rows = [refund(1, 20000, '2026-10-15T16:00:00Z'), refund(2, 12318, '2026-11-03T16:00:00Z')];
    const october = lines(buildRefundsCsv(rows.slice(0, 1), refundContext('2026-10-01T04:00:00Z')));
    const november = lines(buildRefundsCsv(rows, refundContext('2026-11-01T04:00:00Z')));
    expect(november).toHaveLength(2);
    expect(october[1]!.split(',').slice(7, 10)).toEqual(['176.99', '23.01', '200.00']);
    // The second refund brings the total to everything paid: the rest of the HST, 37.18 − 23.01.
    expect(november[1]!.split(',').slice(0, 1).concat(november[1]!.split(',').slice(7, 10))).toEqual(['2026-11-03', '109.01', '14.17', '123.18']);
  });

  it('writes one cent exactly, and leaves out what a payment does not know', () => {
    const legacy = { ...payment({ bookingRef: null, firstName: null, lastName: null, email: null, serviceType: null, subtotalCents: null, taxCents: null, taxRateBps: null, amountCents: 5000 }), id: 9 };
    const [, row] = lines(buildRefundsCsv([refund(3, 1, '2026-11-20T16:00:00Z', { payment: legacy, providerRefundId: null })], refundContext('2026-11-01T04:00:00Z')));
    expect(row).toBe('2026-11-20,,2026-11-20,,,,,0.01,0.00,0.01,,pi_test_abc,Card,');
  });

  it('writes headers and plans in the staff member\'s language, amounts and dates the same in every one', () => {
    const [header, row] = lines(buildRefundsCsv([refund(7, 14464, '2026-11-30T16:00:00Z')], refundContext('2026-11-01T04:00:00Z', 'fr')));
    expect(header).toBe('Remboursé le,Numéro de reçu,Payé le,Numéro de réservation,Client,Courriel,Forfait,Remboursement avant taxes,TVH remboursée,Remboursement total,N° de remboursement (passerelle),N° de paiement (passerelle),Mode de remboursement,Référence du remboursement');
    expect(row).toBe('2026-11-30,BK-7Q2M4X9D-41,2026-06-12,BK-7Q2M4X9D,Olivia Tremblay,olivia@example.com,Protection saisonnière contre les moustiques,128.00,16.64,144.64,re_test_7,pi_test_abc,Carte,');
    expect(lines(buildRefundsCsv([], refundContext('2026-11-01T04:00:00Z', 'de')))[0]).toMatch(/^Erstattet am,Belegnummer,Bezahlt am,/);
    expect(lines(buildRefundsCsv([], refundContext('2026-11-01T04:00:00Z', 'es')))[0]).toMatch(/^Fecha de reembolso,Número de recibo,Fecha de pago,/);
  });
});

describe('buildUnsubscribedCsv (0074)', () => {
  const csv = (locale: Locale) => {
    const how = getTranslator(locale, 'marketingEmail.list.how');
    return lines(buildUnsubscribedCsv([
      // 05:10 UTC is 00:10 in Toronto (EST) the same day.
      { address: 'ana@example.com', unsubscribedAt: new Date('2027-03-01T05:10:00Z'), source: 'office', recordedByName: 'Pat Office', note: 'Called, said "no more offers"', customerName: 'Ana Silva' },
      { address: 'bob@example.com', unsubscribedAt: new Date('2026-11-21T04:30:00Z'), source: 'one-click', recordedByName: null, note: null, customerName: null },
      { address: '=cmd@example.com', unsubscribedAt: new Date('2026-07-01T16:00:00Z'), source: null, recordedByName: null, note: null, customerName: null },
    ], { timezone: 'America/Toronto', t: getTranslator(locale, 'exports'), describeHow: (source) => how(source ?? 'unknown') }));
  };

  it('writes the Toronto day and 24-hour time, how in words, and the office\'s record', () => {
    expect(csv('en')).toEqual([
      'Email address,Date unsubscribed,Time,How,Recorded by,Note,Customer',
      'ana@example.com,2027-03-01,00:10,Recorded by the office at their request,Pat Office,"Called, said ""no more offers""",Ana Silva',
      // 04:30 UTC on 21 November is 23:30 the day before in Toronto.
      'bob@example.com,2026-11-20,23:30,One-click button in their mail program,,,',
      // A formula-looking address is written as text; a row from before 0074 says how was not kept.
      "'=cmd@example.com,2026-07-01,12:00,Link in an email (recorded before the way was kept),,,",
    ]);
  });

  it('writes headers and how in the staff member\'s language', () => {
    const [header, first] = csv('fr');
    expect(header).toBe('Adresse courriel,Date du désabonnement,Heure,Moyen,Consigné par,Remarque,Client');
    expect(first).toContain(',Consigné par le bureau à sa demande,');
  });
});
