import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { OrderSummary as OrderSummaryData } from '../payment.types';
import { OrderSummary } from './order-summary';

/** Seasonal, 0.25 acre, Hamilton, MIDSEASON: 365.00 − 79.00 = 286.00 + 37.18 HST = 323.18 (DECISIONS §1). */
const seasonal: OrderSummaryData = {
  serviceType: 'seasonal', propertySize: 0.25, includeTick: false, includeStandingWater: false, extras: [],
  subtotalCents: 28_600, taxCents: 3_718, totalCents: 32_318, discountCents: 7_900, discountCode: 'MIDSEASON', taxRate: 0.13, dates: ['2027-05-07'], movedForRain: [],
};

function render(locale: Locale, summary: OrderSummaryData) {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['checkout', 'payments'])}>
      <OrderSummary summary={summary} />
    </NextIntlClientProvider>,
  );
  // The text a reader sees, one space between words, with no-break spaces kept as such.
  return html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|&#xa0;/g, '\u00a0').replace(/&amp;/g, '&').replace(/[ \t\n]+/g, ' ');
}

describe('OrderSummary (the /checkout summary)', () => {
  it.each([
    ['en', 'Discount (MIDSEASON) \u2212$79.00'],
    ['es', 'Descuento (MIDSEASON)'],
    ['fr', 'Rabais (MIDSEASON)'],
    ['de', 'Rabatt (MIDSEASON)'],
  ] as const)('names the code the server applied (%s)', (locale, label) => {
    expect(render(locale, seasonal)).toContain(label);
  });

  it('shows the deduction, subtotal, HST and total to the cent', () => {
    const text = render('en', seasonal);
    expect(text).toContain('Subtotal $286.00');
    expect(text).toContain('HST (13%) $37.18');
    expect(text).toContain('Total $323.18');
  });

  it('says only "Discount" when the server sent an amount but no code', () => {
    const text = render('en', { ...seasonal, discountCode: null });
    expect(text).toContain('Discount \u2212$79.00');
    expect(text).not.toContain('(MIDSEASON)');
  });

  it('has no discount line without a discount, whatever code is named', () => {
    const text = render('fr', { ...seasonal, discountCents: 0, discountCode: 'MIDSEASON', subtotalCents: 36_500, taxCents: 4_745, totalCents: 41_245 });
    expect(text).not.toContain('Rabais');
    expect(text).not.toContain('MIDSEASON');
  });
});

describe('OrderSummary: what the order buys (0062)', () => {
  // One-time 0.5 acre with tick, standing water and the natural barrier: 119 + 49 + 99 + 199 = 466.00 + 60.58 HST = 526.58.
  const withExtras: OrderSummaryData = {
    serviceType: 'onetime', propertySize: 0.5, includeTick: true, includeStandingWater: true, extras: ['natural-barrier', 'not-a-code'],
    subtotalCents: 46_600, taxCents: 6_058, totalCents: 52_658, discountCents: 0, discountCode: null, taxRate: 0.13, dates: ['2027-05-14'], movedForRain: [],
  };

  it.each([
    ['en', 'Add-on Tick control Add-on Standing water treatment Add-on Natural barrier with repelling plants', 'Subtotal $466.00'],
    ['es', 'Complemento Barrera natural con plantas repelentes', 'Subtotal 466,00\u00a0$'],
    ['fr', 'Option Barrière naturelle de plantes répulsives', 'Sous-total 466,00\u00a0$'],
    ['de', 'Zusatzleistung Zeckenbekämpfung Zusatzleistung Behandlung von stehendem Wasser Zusatzleistung Natürliche Barriere mit abwehrenden Pflanzen', 'Zwischensumme 466,00\u00a0$'],
  ] as const)('names each extra in the subtotal, not only the two add-ons (%s)', (locale, lines, subtotal) => {
    const text = render(locale, withExtras);
    expect(text).toContain(lines);
    expect(text).toContain(subtotal);
    expect(text).not.toContain('not-a-code');
  });
});

