import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { splitRefundTax } from '@/features/receipts/receipt';
import { BOM, formatDollars } from './csv';
import {
  buildCustomersCsv, buildPaymentRow, buildPaymentsCsv, type CustomerSummary, type PaidPayment, splitPaymentTax,
} from './export-rows';

const context = (locale: Locale = 'en') => ({
  timezone: 'America/Toronto',
  taxRateBps: 1300,
  t: getTranslator(locale, 'exports'),
  describePlan: (type: string) => getTranslator(locale, 'payments')(`services.${type}`),
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
  ...overrides,
});

const lines = (csv: string) => csv.slice(BOM.length).split('\r\n').filter(Boolean);

describe('splitPaymentTax', () => {
  it('takes the split recorded at checkout', () => {
    expect(splitPaymentTax({ amountCents: 32318, subtotalCents: 28600, taxCents: 3718, taxRateBps: 1300 }, 1300)).toEqual({ subtotalCents: 28600, taxCents: 3718 });
  });

  it.each([
    ['no split recorded', { subtotalCents: null, taxCents: null, taxRateBps: null }, 1300, { subtotalCents: 9900, taxCents: 1287 }],
    ['a split that does not add up to the charge', { subtotalCents: 9900, taxCents: 1000, taxRateBps: 1300 }, 1300, { subtotalCents: 9900, taxCents: 1287 }],
    ['the rate it was taxed at, not today\'s branch rate', { subtotalCents: null, taxCents: null, taxRateBps: 1300 }, 1500, { subtotalCents: 9900, taxCents: 1287 }],
    ['the branch rate when the row does not say', { subtotalCents: null, taxCents: null, taxRateBps: null }, 0, { subtotalCents: 11187, taxCents: 0 }],
  ] as const)('derives the split from the charge for %s', (_case, stored, branchBps, expected) => {
    expect(splitPaymentTax({ amountCents: 11187, ...stored }, branchBps)).toEqual(expected);
  });
});

describe('buildPaymentRow', () => {
  it('writes a paid one-time booking as the accountant reads it', () => {
    expect(buildPaymentRow(payment(), context())).toEqual([
      '2026-11-20', 'BK-7Q2M4X9D', 'Olivia Tremblay', 'olivia@example.com', 'One-Time Treatment',
      '99.00', '12.87', '111.87', '0.00', '0.00', '111.87', 'Paid', 'pi_test_abc',
    ]);
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
    expect(partly.slice(4)).toEqual(['Seasonal Mosquito Protection', '286.00', '37.18', '323.18', '144.64', '16.64', '178.54', 'Partly refunded', 'pi_test_abc']);
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
    expect(row).toEqual(['2026-11-20', '', '', '', '', '44.25', '5.75', '50.00', '0.00', '0.00', '50.00', 'Paid', 'pi_test_abc']);
  });
});

describe('buildPaymentsCsv', () => {
  it('starts with the byte order mark and the headers, then one line per payment', () => {
    const csv = buildPaymentsCsv([payment(), payment({ paymentIntentId: 'pi_test_def', firstName: 'Zoë', lastName: 'Müller' })], context());
    expect(csv.startsWith(BOM)).toBe(true);
    expect(lines(csv)).toEqual([
      'Date paid,Booking reference,Customer,Email,Plan,Amount before tax,HST,Total,Refunded,HST refunded,Net,Status,Gateway payment ID',
      '2026-11-20,BK-7Q2M4X9D,Olivia Tremblay,olivia@example.com,One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,pi_test_abc',
      '2026-11-20,BK-7Q2M4X9D,Zoë Müller,olivia@example.com,One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,pi_test_def',
    ]);
  });

  it('writes headers, plans and statuses in the staff member\'s language, amounts and dates the same in every one', () => {
    const [header, row] = lines(buildPaymentsCsv([payment({ refundedCents: 1000 })], context('fr')));
    expect(header).toBe('Payé le,Numéro de réservation,Client,Courriel,Forfait,Montant avant taxes,TVH,Montant total,Remboursé,TVH remboursée,Montant net,Statut,N° de paiement (passerelle)');
    expect(row).toBe('2026-11-20,BK-7Q2M4X9D,Olivia Tremblay,olivia@example.com,Traitement unique,99.00,12.87,111.87,10.00,1.15,101.87,Remboursé en partie,pi_test_abc');
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
    postalCode: 'L8P 1A1', createdAt: new Date('2026-05-02T03:30:00Z'), bookings: 2, paidCents: 43432, ...overrides,
  });

  it('writes one line per customer with bookings counted and the total paid in dollars', () => {
    expect(lines(buildCustomersCsv([customer(), customer({ firstName: '@Bob', lastName: 'Smith', address: null, city: null, postalCode: null, bookings: 0, paidCents: 0 })], { timezone: 'America/Toronto', t: getTranslator('en', 'exports') }))).toEqual([
      'Name,Email,Phone,Address,City,Postal code,Created,Bookings,Total paid',
      // Created at 23:30 on 1 May in Toronto.
      'Zoë Müller,zoe@example.com,905-555-0101,"12 King St W, Unit 4",Hamilton,L8P 1A1,2026-05-01,2,434.32',
      "'@Bob Smith,zoe@example.com,905-555-0101,,,,2026-05-01,0,0.00",
    ]);
  });

  it('writes the headers in the staff member\'s language', () => {
    expect(lines(buildCustomersCsv([], { timezone: 'America/Toronto', t: getTranslator('es', 'exports') }))).toEqual([
      'Nombre,Correo electrónico,Teléfono,Dirección,Ciudad,Código postal,Fecha de alta,Reservas,Total pagado',
    ]);
  });
});
