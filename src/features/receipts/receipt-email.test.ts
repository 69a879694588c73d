import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { buildReceipt, type ReceiptInput } from './receipt';
import { renderReceiptBlock, renderReceiptCopyEmail } from './receipt-email';

const NBSP = '\u00a0';

const receiptFor = (locale: Locale, seller: Partial<ReceiptInput['seller']> = {}, refunds: ReceiptInput['refunds'] = []) => buildReceipt({
  locale,
  translate: getTranslator(locale),
  seller: { ...TEST_EMAIL_BRANCH, legalName: 'Escarpment Mosquito & Tick Inc.', hstNumber: '123456789 RT0001', taxRateBps: 1300, ...seller },
  payment: {
    id: 42, bookingRef: 'BK-7Q2M4X9D', amountCents: 11187, paidAt: new Date('2026-11-24T15:00:00Z'), paymentMethod: 'card_4242', discountCode: null,
    facts: { serviceType: 'onetime', includeStandingWater: true, subtotalCents: 9900, taxCents: 1287, taxRateBps: 1300 },
  },
  customer: { firstName: 'Olivia', lastName: 'O\'Brien <b>' },
  address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', customerAddress: null, customerCity: null, customerPostalCode: null },
  refunds,
});

describe('renderReceiptBlock', () => {
  it('writes the receipt as plain text, in the order a receipt reads', () => {
    const { text } = renderReceiptBlock(receiptFor('en'), 'en');
    expect(text).toBe([
      'Receipt number: BK-7Q2M4X9D-42\nDate paid: November 24, 2026\nBooking reference: BK-7Q2M4X9D\nPayment method: Card ending in 4242',
      'Sold by:\nEscarpment Mosquito & Tick Inc.\nOperating as Escarpment Mosquito & Tick\n1 Hunter St E, Hamilton, ON L8N 3W1\nGST/HST registration number: 123456789 RT0001',
      'Billed to:\nOlivia O\'Brien <b>\nService address: 71 Main St W, Hamilton, L8P 4Y5',
      'Description:\n- One-Time Treatment\n- Targeted insect (standing water) treatment',
      'Subtotal: $99.00\nHST (13%): $12.87\nTotal paid: $111.87',
      'All amounts are in Canadian dollars (CAD).',
    ].join('\n\n'));
  });

  it('itemises a payment that kept its lines (0060): each line\'s amount, then the discount, subtotal, HST and total, in text and HTML', () => {
    const receipt = buildReceipt({
      locale: 'en',
      translate: getTranslator('en'),
      seller: { ...TEST_EMAIL_BRANCH, legalName: 'Escarpment Mosquito & Tick Inc.', hstNumber: '123456789 RT0001', taxRateBps: 1300 },
      payment: {
        id: 43, bookingRef: 'BK-7Q2M4X9D', amountCents: 63732, paidAt: new Date('2026-11-24T15:00:00Z'), paymentMethod: 'card_4242', discountCode: 'MIDSEASON',
        facts: {
          serviceType: 'seasonal', includeStandingWater: true, subtotalCents: 56400, taxCents: 7332, discountCents: 7900, taxRateBps: 1300,
          breakdown: {
            lines: [
              { code: 'seasonal-first-visit', quantity: 1, unitAmountCents: 4900, amountCents: 4900 },
              { code: 'seasonal-visits', quantity: 4, unitAmountCents: 7900, amountCents: 31600 },
              { code: 'targeted-insects-addon', quantity: 1, unitAmountCents: 7900, amountCents: 7900 },
              { code: 'natural-barrier', quantity: 1, unitAmountCents: 19900, amountCents: 19900 },
            ],
            premiumArea: false,
            premiumCents: 0,
          },
        },
      },
      customer: { firstName: 'Olivia', lastName: 'Tremblay' },
      address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', customerAddress: null, customerCity: null, customerPostalCode: null },
      refunds: [],
    });
    const { text, html } = renderReceiptBlock(receipt, 'en');
    expect(text).toContain([
      'Description:\nSeasonal plan: first visit (promotional price): $49.00\nSeasonal plan: 4 more visits: $316.00\nTargeted insect (standing water) treatment: $79.00\nNatural barrier with repelling plants: $199.00',
      'Discount (MIDSEASON): \u2212$79.00\nSubtotal: $564.00\nHST (13%): $73.32\nTotal paid: $637.32',
    ].join('\n\n'));
    for (const amount of ['$49.00', '$316.00', '$79.00', '$199.00', '\u2212$79.00', '$564.00', '$73.32', '$637.32']) expect(html).toContain(`>${amount}</td>`);
    expect(html).not.toContain('<li>');
  });

  it('puts the same content in the HTML, escaped, with French labels and spacing', () => {
    const { html, text } = renderReceiptBlock(receiptFor('fr'), 'fr');
    expect(text).toContain(`Numéro d’inscription aux fins de la TPS/TVH${NBSP}: 123456789 RT0001`);
    expect(text).toContain(`TVH (13${NBSP}%)${NBSP}: 12,87${NBSP}$`);
    expect(text).toContain(`Total payé${NBSP}: 111,87${NBSP}$`);
    expect(html).toContain('123456789 RT0001');
    expect(html).toContain(`Adresse du service${NBSP}: 71 Main St W, Hamilton, L8P 4Y5`);
    expect(html).toContain('O&#39;Brien &lt;b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('leaves the GST/HST line out when the branch has no valid number, and still shows the rest', () => {
    const { html, text } = renderReceiptBlock(receiptFor('en', { hstNumber: null }), 'en');
    expect(text).not.toContain('GST/HST');
    expect(html).not.toContain('GST/HST');
    expect(text).toContain('Total paid: $111.87');
  });

  it('lists refunds with their HST and the totals after them', () => {
    const refunded = receiptFor('en', {}, [{ id: 1, amountCents: 11187, status: 'succeeded', refundedAt: new Date('2026-11-30T16:00:00Z'), createdAt: new Date('2026-11-30T15:00:00Z') }]);
    const { text } = renderReceiptBlock(refunded, 'en');
    expect(text).toContain('Refunds:\nRefunded on November 30, 2026: \u2212$111.87\nHST refunded: \u2212$12.87\nTotal paid after refunds: $0.00\nHST paid after refunds: $0.00');
  });
});

describe('renderReceiptCopyEmail', () => {
  it('sends a copy in the booking\'s language, with the receipt, its page and the branch\'s identity', () => {
    const url = 'https://www.example.test/es/manage-booking/TOKEN/receipt/42';
    const email = renderReceiptCopyEmail({ locale: 'es', branch: TEST_EMAIL_BRANCH, customerFirstName: 'Olivia', receipt: receiptFor('es'), bookingRef: 'BK-7Q2M4X9D', pageUrl: url });
    expect(email.subject).toBe('Su recibo BK-7Q2M4X9D-42');
    expect(email.text).toContain('Hola, Olivia:');
    expect(email.text).toContain('Le enviamos una copia de su recibo de la reserva BK-7Q2M4X9D.');
    expect(email.text).toContain('Número de registro de GST/HST: 123456789 RT0001');
    expect(email.text).toContain('Total pagado: 111,87');
    expect(email.text).toContain(`Vea, imprima o guarde su recibo en línea cuando lo necesite:\n${url}`);
    expect(email.html).toContain(`href="${url}"`);
    expect(email.text).toContain('1 Hunter St E, Hamilton, ON L8N 3W1');
  });
});
