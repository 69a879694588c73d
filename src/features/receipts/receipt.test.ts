import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatMoney } from '@/lib/money';
import { MIDSEASON_DISCOUNT } from '@/features/pricing/discount';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { calculatePrice, describeChargedBreakdown, type PriceInput } from '@/features/pricing/pricing';
import { buildReceipt, describeReceiptService, formatReceiptNumber, listReceiptItems, readCardLastFour, readChargedBreakdown, type ReceiptInput, type ReceiptVisit } from './receipt';

const NBSP = '\u00a0';
const MINUS = '\u2212';

type Overrides = Partial<Omit<ReceiptInput, 'payment' | 'seller'>> & { payment?: Partial<ReceiptInput['payment']>; seller?: Partial<ReceiptInput['seller']> };

/** A one-time treatment on a quarter acre, paid in Toronto on the evening of November 24, 2026 (03:30 UTC the next day). */
function input(locale: Locale = 'en', overrides: Overrides = {}): ReceiptInput {
  return {
    locale,
    translate: getTranslator(locale),
    customer: { firstName: 'Olivia', lastName: 'Tremblay' },
    address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', customerAddress: '9 Other Rd', customerCity: 'Dundas', customerPostalCode: 'L9H 1A1' },
    refunds: [],
    ...overrides,
    seller: { ...TEST_EMAIL_BRANCH, legalName: 'Escarpment Mosquito & Tick Inc.', hstNumber: '123456789 RT0001', taxRateBps: 1300, ...overrides.seller },
    payment: {
      id: 42,
      bookingRef: 'BK-7Q2M4X9D',
      amountCents: 11187,
      paidAt: new Date('2026-11-25T03:30:00Z'),
      paymentMethod: 'card_4242',
      discountCode: null,
      facts: { serviceType: 'onetime', includeTick: false, includeStandingWater: false, extras: [], subtotalCents: 9900, taxCents: 1287, discountCents: 0, taxRateBps: 1300 },
      ...overrides.payment,
    },
  };
}

const refund = (id: number, amountCents: number, status: string, day: string) =>
  ({ id, amountCents, status, refundedAt: status === 'succeeded' ? new Date(`${day}T16:00:00Z`) : null, createdAt: new Date(`${day}T15:00:00Z`) });

describe('buildReceipt', () => {
  it('gives an English customer what a Canadian HST receipt needs: seller, GST/HST number, number, Toronto date, customer, items, amounts, card', () => {
    const receipt = buildReceipt(input());
    expect(receipt.title).toBe('Payment receipt');
    expect(receipt.number).toBe('BK-7Q2M4X9D-42');
    expect(receipt.seller).toEqual({
      name: 'Escarpment Mosquito & Tick Inc.',
      operatingAs: 'Operating as Escarpment Mosquito & Tick',
      address: '1 Hunter St E, Hamilton, ON L8N 3W1',
      hstNumber: { label: 'GST/HST registration number', value: '123456789 RT0001' },
    });
    expect(receipt.facts).toEqual([
      { label: 'Receipt number', value: 'BK-7Q2M4X9D-42' },
      // 03:30 UTC on the 25th is 10:30 PM on the 24th in Toronto.
      { label: 'Date paid', value: 'November 24, 2026' },
      { label: 'Booking reference', value: 'BK-7Q2M4X9D' },
      { label: 'Payment method', value: 'Card ending in 4242' },
    ]);
    expect(receipt.billedTo).toEqual({ name: 'Olivia Tremblay', address: { label: 'Service address', value: '71 Main St W, Hamilton, L8P 4Y5' } });
    // This payment kept no lines (made before 0060): the names alone, then the totals.
    expect(receipt.items).toEqual([{ label: 'One-Time Treatment', amount: null }]);
    expect(receipt.itemised).toBe(false);
    expect(receipt.amounts).toEqual([
      { label: 'Subtotal', value: '$99.00' },
      { label: 'HST (13%)', value: '$12.87' },
      { label: 'Total paid', value: '$111.87' },
    ]);
    expect(receipt.refunds).toEqual([]);
    expect(receipt.afterRefunds).toEqual([]);
    expect(receipt.problems).toEqual([]);
    expect(receipt.cents).toEqual({ items: null, discount: 0, subtotal: 9900, tax: 1287, total: 11187, refunded: 0, refundedTax: 0 });
  });

  it('writes a French receipt as a Quebec or Ontario francophone reads it: TVH, no-break spaces, day before month', () => {
    const receipt = buildReceipt(input('fr'));
    expect(receipt.title).toBe('Reçu de paiement');
    expect(receipt.seller.hstNumber).toEqual({ label: 'Numéro d’inscription aux fins de la TPS/TVH', value: '123456789 RT0001' });
    expect(receipt.facts).toEqual([
      { label: 'Numéro de reçu', value: 'BK-7Q2M4X9D-42' },
      { label: 'Date du paiement', value: '24 novembre 2026' },
      { label: 'Numéro de réservation', value: 'BK-7Q2M4X9D' },
      { label: 'Mode de paiement', value: 'Carte se terminant par 4242' },
    ]);
    expect(receipt.items).toEqual([{ label: 'Traitement unique', amount: null }]);
    expect(receipt.amounts).toEqual([
      { label: 'Sous-total', value: `99,00${NBSP}$` },
      { label: `TVH (13${NBSP}%)`, value: `12,87${NBSP}$` },
      { label: 'Total payé', value: `111,87${NBSP}$` },
    ]);
  });

  it.each([
    ['fr', '2027-06-01T14:00:00Z', '1er juin 2027'],
    ['de', '2027-06-01T14:00:00Z', '1. Juni 2027'],
    ['es', '2026-11-25T03:30:00Z', '24 de noviembre de 2026'],
    // Just after midnight in Toronto: already the next day there, as it is in UTC.
    ['en', '2026-11-25T05:10:00Z', 'November 25, 2026'],
  ] as const)('%s: a payment at %s is dated %s (the Toronto calendar day)', (locale, at, expected) => {
    const receipt = buildReceipt(input(locale, { payment: { paidAt: new Date(at) } }));
    expect(receipt.facts[1]!.value).toBe(expected);
  });

  it('shows a seasonal plan with add-ons and the MIDSEASON discount: price before discount, discount, then the taxed subtotal', () => {
    const receipt = buildReceipt(input('en', {
      payment: {
        amountCents: 32318,
        discountCode: 'MIDSEASON',
        facts: { serviceType: 'seasonal', includeTick: true, includeStandingWater: true, extras: ['natural-barrier'], subtotalCents: 28600, taxCents: 3718, discountCents: 7900, taxRateBps: 1300 },
      },
    }));
    expect(receipt.items.map((item) => item.label)).toEqual(['Seasonal Mosquito Protection', 'Tick control add-on', 'Targeted insect (standing water) treatment', 'Natural barrier with repelling plants']);
    expect(receipt.amounts).toEqual([
      { label: 'Price before discount', value: '$365.00' },
      { label: 'Discount (MIDSEASON)', value: `${MINUS}$79.00` },
      { label: 'Subtotal', value: '$286.00' },
      { label: 'HST (13%)', value: '$37.18' },
      { label: 'Total paid', value: '$323.18' },
    ]);
  });

  it('splits a payment that recorded no split at the branch rate, and then shows no discount it cannot place', () => {
    const receipt = buildReceipt(input('en', { payment: { facts: { serviceType: 'onetime', discountCents: 500 } } }));
    expect(receipt.amounts).toEqual([
      { label: 'Subtotal', value: '$99.00' },
      { label: 'HST (13%)', value: '$12.87' },
      { label: 'Total paid', value: '$111.87' },
    ]);
  });

  it('labels the HST with the rate the payment was taxed at, in the reader\'s number format', () => {
    const receipt = buildReceipt(input('de', { payment: { amountCents: 11237, facts: { serviceType: 'onetime', subtotalCents: 9900, taxCents: 1337, taxRateBps: 1350 } } }));
    expect(receipt.amounts[1]).toEqual({ label: 'HST (13,5 %)', value: `13,37${NBSP}$` });
  });

  it('lists a full refund with the HST it gave back, and the totals after it', () => {
    const receipt = buildReceipt(input('en', { refunds: [refund(7, 11187, 'succeeded', '2026-11-30')] }));
    expect(receipt.refunds).toEqual([
      { status: 'succeeded', label: 'Refunded on November 30, 2026', amount: `${MINUS}$111.87`, hstLabel: 'HST refunded', hst: `${MINUS}$12.87` },
    ]);
    expect(receipt.afterRefunds).toEqual([
      { label: 'Total paid after refunds', value: '$0.00' },
      { label: 'HST paid after refunds', value: '$0.00' },
    ]);
    expect(receipt.cents).toMatchObject({ refunded: 11187, refundedTax: 1287 });
  });

  it('splits partial refunds so their HST adds up to the HST charged; a pending one is shown but not counted, a failed one not at all', () => {
    const receipt = buildReceipt(input('en', {
      refunds: [refund(9, 6187, 'succeeded', '2026-12-02'), refund(8, 5000, 'succeeded', '2026-12-01'), refund(10, 500, 'failed', '2026-12-03')],
    }));
    // 50.00 is 44.25 + 5.75 HST; the second refund brings the total to everything paid, so its HST is the rest (7.12).
    expect(receipt.refunds.map((r) => [r.label, r.amount, r.hst])).toEqual([
      ['Refunded on December 1, 2026', `${MINUS}$50.00`, `${MINUS}$5.75`],
      ['Refunded on December 2, 2026', `${MINUS}$61.87`, `${MINUS}$7.12`],
    ]);
    expect(receipt.cents).toMatchObject({ refunded: 11187, refundedTax: 1287 });

    const pending = buildReceipt(input('fr', { refunds: [refund(8, 5000, 'succeeded', '2026-12-01'), refund(11, 2000, 'pending', '2026-12-04')] }));
    expect(pending.refunds.map((r) => [r.status, r.label])).toEqual([
      ['succeeded', 'Remboursé le 1er décembre 2026'],
      ['pending', 'Remboursement demandé le 4 décembre 2026 (en cours)'],
    ]);
    expect(pending.afterRefunds).toEqual([
      { label: 'Total payé après remboursements', value: `61,87${NBSP}$` },
      { label: 'TVH payée après remboursements', value: `7,12${NBSP}$` },
    ]);
  });

  it('gives each refund the HST the refunds CSV gives it: shared in the order the money went back, refunds made before those on their way', () => {
    // Refund 1 was asked for first but made on 3 December, after refund 2; refund 3, asked for before refund 4, is still on its way.
    const receipt = buildReceipt(input('en', {
      refunds: [refund(1, 100, 'succeeded', '2026-12-03'), refund(2, 100, 'succeeded', '2026-12-01'), refund(3, 100, 'pending', '2026-12-02'), refund(4, 100, 'succeeded', '2026-12-04')],
    }));
    // HST of $1.00, $2.00 and $3.00 made: 0.12, 0.23, 0.35; of $4.00 with the one on its way: 0.46.
    expect(receipt.refunds.map((r) => [r.label, r.hst])).toEqual([
      ['Refunded on December 3, 2026', `${MINUS}$0.11`],
      ['Refunded on December 1, 2026', `${MINUS}$0.12`],
      ['Refund requested on December 2, 2026 (on its way)', `${MINUS}$0.11`],
      ['Refunded on December 4, 2026', `${MINUS}$0.12`],
    ]);
    expect(receipt.cents).toMatchObject({ refunded: 300, refundedTax: 35 });
  });

  it.each([
    [null, 'hst-number-missing'],
    ['  ', 'hst-number-missing'],
    ['12345 RT0001', 'hst-number-invalid'],
  ] as const)('with a GST/HST number of %j it still renders, without that line, and says why (%s)', (hstNumber, problem) => {
    const receipt = buildReceipt(input('en', { seller: { hstNumber } }));
    expect(receipt.seller.hstNumber).toBeNull();
    expect(receipt.problems).toEqual([problem]);
    expect(receipt.amounts.at(-1)).toEqual({ label: 'Total paid', value: '$111.87' });
  });

  it('names the seller by its display name when no legal name is recorded, with no "operating as"', () => {
    const receipt = buildReceipt(input('en', { seller: { legalName: null } }));
    expect(receipt.seller.name).toBe('Escarpment Mosquito & Tick');
    expect(receipt.seller.operatingAs).toBeNull();
  });

  it('says nothing of the card when the gateway recorded no digits (a Stripe payment-method id)', () => {
    const receipt = buildReceipt(input('en', { payment: { paymentMethod: 'pm_1PzX2Y3Z' } }));
    expect(receipt.facts.map((f) => f.label)).toEqual(['Receipt number', 'Date paid', 'Booking reference']);
  });

  it('takes the customer\'s address on file, whole, for a visit booked without one', () => {
    const receipt = buildReceipt(input('en', { address: { address: null, city: null, postalCode: null, customerAddress: '9 Other Rd', customerCity: 'Dundas', customerPostalCode: 'L9H 1A1' } }));
    expect(receipt.billedTo.address).toEqual({ label: 'Service address', value: '9 Other Rd, Dundas, L9H 1A1' });
  });
});

/**
 * The payment row a checkout writes for `order` (payment.service's metadata): the engine's figures
 * at intent creation, with the lines it charged kept beside them (0060).
 */
function chargedPayment(order: PriceInput, withMidseason = false): Partial<ReceiptInput['payment']> {
  const result = calculatePrice(order, { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13, discount: withMidseason ? MIDSEASON_DISCOUNT : null });
  return {
    amountCents: result.totalCents,
    discountCode: result.discount?.applied ? result.discount.code : null,
    facts: {
      serviceType: order.serviceType, includeTick: order.includeTick, includeStandingWater: order.includeTargetedInsects, extras: [...order.extras],
      subtotalCents: result.subtotalCents, taxCents: result.taxCents, discountCents: result.discountCents, taxRateBps: 1300, breakdown: describeChargedBreakdown(result),
    },
  };
}

const order = (overrides: Partial<PriceInput>): PriceInput => ({
  serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, extras: [], address: '12 King St W, Hamilton', ...overrides,
});

describe('an itemised receipt (0060): each line as it was charged, adding up to the total', () => {
  it.each([
    ['one-time, quarter acre, Hamilton', 'en', order({})],
    ['seasonal, half acre, tick add-on, Ancaster (premium area)', 'en', order({ serviceType: 'seasonal', propertySize: 0.5, includeTick: true, address: '88 Wilson St E, Ancaster' })],
    ['seasonal with MIDSEASON, standing water and a natural barrier', 'fr', order({ serviceType: 'seasonal', includeTargetedInsects: true, extras: ['natural-barrier'] })],
    ['seasonal tick, 0.75 acre, Dundas, two extras', 'de', order({ serviceType: 'tick-seasonal', propertySize: 0.75, includeTargetedInsects: true, extras: ['standing-water-larvicide', 'breeding-site-inspection'], address: '5 King St W, Dundas' })],
    ['one-time with standing water, Dundas', 'es', order({ includeTargetedInsects: true, address: '5 King St W, Dundas' })],
    ['seasonal, two acres, everything, Waterdown, MIDSEASON', 'en', order({ serviceType: 'seasonal', propertySize: 2, includeTick: true, includeTargetedInsects: true, extras: ['breeding-site-inspection', 'standing-water-larvicide', 'natural-barrier'], address: '1 Dundas St E, Waterdown' })],
  ] as const)('%s (%s): items − discount = subtotal, subtotal + HST = total, in cents', (_name, locale, priced) => {
    const payment = chargedPayment(priced, priced.serviceType === 'seasonal' && priced.extras.length > 0);
    const receipt = buildReceipt(input(locale, { payment }));
    expect(receipt.itemised).toBe(true);
    const { items, discount, subtotal, tax, total } = receipt.cents;
    expect(items).not.toBeNull();
    expect(items!.length).toBe(receipt.items.length);
    expect(items!.reduce((sum, cents) => sum + cents, 0) - discount).toBe(subtotal);
    expect(subtotal + tax).toBe(total);
    expect(total).toBe(payment.amountCents);
    // Every item has its amount, as formatted for the reader.
    expect(receipt.items.every((item) => item.amount !== null && item.amount.length > 0)).toBe(true);
    expect(receipt.amounts.at(-1)!.value).toBe(formatMoney(total, locale));
  });

  it('shows a premium-area seasonal plan line by line: 49 + 396 + 297 − 60 + 68 = 750.00, + 97.50 HST = 847.50', () => {
    const receipt = buildReceipt(input('en', { payment: chargedPayment(order({ serviceType: 'seasonal', propertySize: 0.5, includeTick: true, address: '88 Wilson St E, Ancaster' })) }));
    expect(receipt.items).toEqual([
      { label: 'Seasonal plan: first visit (promotional price)', amount: '$49.00' },
      { label: 'Seasonal plan: 4 more visits', amount: '$396.00' },
      { label: 'Tick control add-on', amount: '$297.00' },
      { label: 'Tick control bundle saving', amount: `${MINUS}$60.00` },
      { label: 'Premium area adjustment', amount: '$68.00' },
    ]);
    expect(receipt.amounts).toEqual([
      { label: 'Subtotal', value: '$750.00' },
      { label: 'HST (13%)', value: '$97.50' },
      { label: 'Total paid', value: '$847.50' },
    ]);
  });

  it('puts the MIDSEASON discount after the lines, with no separate "price before discount", and a partial refund after the total', () => {
    const receipt = buildReceipt(input('en', {
      payment: chargedPayment(order({ serviceType: 'seasonal', includeTargetedInsects: true, extras: ['natural-barrier'] }), true),
      refunds: [refund(3, 30000, 'succeeded', '2026-12-01')],
    }));
    expect(receipt.items).toEqual([
      { label: 'Seasonal plan: first visit (promotional price)', amount: '$49.00' },
      { label: 'Seasonal plan: 4 more visits', amount: '$316.00' },
      { label: 'Targeted insect (standing water) treatment', amount: '$79.00' },
      { label: 'Natural barrier with repelling plants', amount: '$199.00' },
    ]);
    expect(receipt.amounts).toEqual([
      { label: 'Discount (MIDSEASON)', value: `${MINUS}$79.00` },
      { label: 'Subtotal', value: '$564.00' },
      { label: 'HST (13%)', value: '$73.32' },
      { label: 'Total paid', value: '$637.32' },
    ]);
    // 300.00 back of 637.32: 337.32 paid after it, and the HST refunded is its share (34.51).
    expect(receipt.afterRefunds).toEqual([
      { label: 'Total paid after refunds', value: '$337.32' },
      { label: 'HST paid after refunds', value: '$38.81' },
    ]);
    expect(receipt.cents.total - receipt.cents.refunded).toBe(33732);
    expect(receipt.cents.tax - receipt.cents.refundedTax).toBe(3881);
  });

  it('shows what was charged, not today\'s price: a one-time treatment charged $89.00 stays $89.00', () => {
    const receipt = buildReceipt(input('en', {
      payment: {
        amountCents: 10057,
        facts: {
          serviceType: 'onetime', subtotalCents: 8900, taxCents: 1157, discountCents: 0, taxRateBps: 1300,
          breakdown: { lines: [{ code: 'onetime-treatment', quantity: 1, unitAmountCents: 8900, amountCents: 8900 }], premiumArea: false, premiumCents: 0 },
        },
      },
    }));
    expect(receipt.items).toEqual([{ label: 'One-time treatment', amount: '$89.00' }]);
    expect(receipt.amounts.map((row) => row.value)).toEqual(['$89.00', '$11.57', '$100.57']);
  });

  it.each([
    ['lines that do not come to the subtotal charged', { lines: [{ code: 'onetime-treatment', quantity: 1, unitAmountCents: 9800, amountCents: 9800 }], premiumArea: false, premiumCents: 0 }],
    ['an unknown line', { lines: [{ code: 'gold-plating', quantity: 1, unitAmountCents: 9900, amountCents: 9900 }], premiumArea: false, premiumCents: 0 }],
    ['a line whose quantity times unit is not its amount', { lines: [{ code: 'seasonal-visits', quantity: 4, unitAmountCents: 2000, amountCents: 9900 }], premiumArea: false, premiumCents: 0 }],
    ['cents that are not whole', { lines: [{ code: 'onetime-treatment', quantity: 1, unitAmountCents: 9900.5, amountCents: 9900.5 }], premiumArea: false, premiumCents: -0.5 }],
    ['no lines', { lines: [], premiumArea: false, premiumCents: 9900 }],
  ])('falls back to totals only for %s, never a receipt whose lines disagree with its total', (_name, breakdown) => {
    const receipt = buildReceipt(input('en', { payment: { facts: { serviceType: 'onetime', subtotalCents: 9900, taxCents: 1287, taxRateBps: 1300, breakdown } } }));
    expect(receipt.itemised).toBe(false);
    expect(receipt.items).toEqual([{ label: 'One-Time Treatment', amount: null }]);
    expect(receipt.amounts.map((row) => row.value)).toEqual(['$99.00', '$12.87', '$111.87']);
  });

  it('reads back what describeChargedBreakdown stored, and nothing from an older row', () => {
    const result = calculatePrice(order({ serviceType: 'seasonal', includeTick: true }), { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13 });
    const stored = JSON.parse(JSON.stringify(describeChargedBreakdown(result))) as unknown;
    expect(readChargedBreakdown(stored)).toEqual(describeChargedBreakdown(result));
    expect(readChargedBreakdown(undefined)).toBeNull();
    expect(readChargedBreakdown({ subtotalCents: 9900 })).toBeNull();
  });
});

describe('the receipt\'s parts', () => {
  it('numbers a receipt by its booking and payment', () => {
    expect(formatReceiptNumber('BK-AB23CD45', 7)).toBe('BK-AB23CD45-7');
  });

  it.each([
    ['card_4242', '4242'],
    ['card_3155', '3155'],
    ['pm_1PzX2Y3Z', null],
    ['card_42', null],
    [null, null],
  ] as const)('reads the card digits of %j as %j', (method, expected) => {
    expect(readCardLastFour(method)).toBe(expected);
  });

  it('does not call a tick plan a tick add-on', () => {
    expect(listReceiptItems({ serviceType: 'tick-seasonal', includeTick: true }, getTranslator('en'))).toEqual(['Seasonal Tick Protection']);
  });
});

describe('describeReceiptService (0092)', () => {
  const plan: ReceiptVisit[] = [
    { id: 11, serviceType: 'seasonal', date: '2027-05-07', originalDate: null, status: 'completed' },
    { id: 12, serviceType: 'seasonal', date: '2027-06-04', originalDate: '2027-05-28', status: 'confirmed' },
    { id: 13, serviceType: 'seasonal', date: '2027-06-18', originalDate: null, status: 'cancelled' },
  ];
  const facts = { serviceType: 'seasonal', propertySize: 0.6, appointmentIds: [11, 12, 13] };

  it('names the size tier priced and each visit\'s Friday as it stands, moved and cancelled ones saying so, in four languages', () => {
    const rows = (locale: Locale) => describeReceiptService(facts, plan, locale, getTranslator(locale));
    expect(rows('en')).toEqual([
      { label: 'Property size', value: 'Up to 3/4 acre' },
      { label: 'Visit 1', value: 'Friday, May 7, 2027' },
      { label: 'Visit 2', value: 'Friday, June 4, 2027 (originally booked for Friday, May 28, 2027)' },
      { label: 'Visit 3', value: 'Friday, June 18, 2027 (cancelled)' },
    ]);
    expect(rows('fr')[2]).toEqual({ label: 'Visite 2', value: 'vendredi 4 juin 2027 (réservée à l’origine pour le vendredi 28 mai 2027)' });
    expect(rows('es')[3]).toEqual({ label: 'Visita 3', value: expect.stringMatching(/^viernes, 18 de junio de 2027 \(cancelada\)$/) });
    expect(rows('de')[0]).toEqual({ label: 'Grundstücksgröße', value: 'Bis 3/4 Acre' });
    expect(rows('de')[2]!.value).toBe('Freitag, 4. Juni 2027 (ursprünglich gebucht für Freitag, 28. Mai 2027)');
    expect(rows('es')[2]!.value).toBe('viernes, 4 de junio de 2027 (reservada originalmente para el viernes, 28 de mayo de 2027)');
  });

  it('gives a visit moved twice the Friday it is on and the one it was booked on, never as if moved from there (0097)', () => {
    // Booked for May 14, moved to May 21, then to June 4: `originalDate` keeps May 14 through both moves.
    const twice: ReceiptVisit = { id: 31, serviceType: 'onetime', date: '2027-06-04', originalDate: '2027-05-14', status: 'confirmed' };
    const rows = describeReceiptService({ serviceType: 'onetime', appointmentIds: [31] }, [twice], 'en', getTranslator('en'));
    expect(rows).toEqual([{ label: 'Service date', value: 'Friday, June 4, 2027 (originally booked for Friday, May 14, 2027)' }]);
    // Moved away and back again: on the Friday it was booked on, nothing to explain.
    const back: ReceiptVisit = { ...twice, date: '2027-05-14' };
    expect(describeReceiptService({ serviceType: 'onetime', appointmentIds: [31] }, [back], 'en', getTranslator('en'))).toEqual([{ label: 'Service date', value: 'Friday, May 14, 2027' }]);
  });

  it('gives a single visit as the service date, without its add-on\'s visit on the same Friday or another payment\'s visits', () => {
    const visits: ReceiptVisit[] = [
      { id: 21, serviceType: 'onetime', date: '2027-05-14', originalDate: null, status: 'confirmed' },
      { id: 22, serviceType: 'standingwater', date: '2027-05-14', originalDate: null, status: 'confirmed' },
      { id: 23, serviceType: 'onetime', date: '2027-05-21', originalDate: null, status: 'confirmed' },
    ];
    expect(describeReceiptService({ serviceType: 'onetime', propertySize: 0.25, appointmentIds: [21, 22] }, visits, 'en', getTranslator('en'))).toEqual([
      { label: 'Property size', value: 'Up to 1/4 acre' },
      { label: 'Service date', value: 'Friday, May 14, 2027' },
    ]);
  });

  it('says nothing it does not know: no size recorded, no visits left', () => {
    expect(describeReceiptService({ serviceType: 'onetime' }, [], 'en', getTranslator('en'))).toEqual([]);
    expect(buildReceipt(input()).service).toEqual([]);
  });
});
