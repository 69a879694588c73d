import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { loadMessages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { CalculatorSettings } from '../calculator-settings';
import { QuoteCalculator } from './quote-calculator';

// Outside the app router: the first render only reads the router, never navigates.
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined }) }));

const settings: CalculatorSettings = {
  priceTable: DEFAULT_PRICE_TABLE,
  taxRate: 0.135,
  currency: 'CAD',
  promoDiscounts: [],
  schedule: { timezone: 'America/Toronto', season: { startMonthDay: '05-01', endMonthDay: '09-30' }, leadDays: 2, capacityPerFriday: 30, intervalDays: 21, closedDates: [] },
  servedPrefixes: [],
  businessName: 'Escarpment Mosquito & Tick',
};

/** The calculator's first render (before any effect runs), as markup. */
function renderCalculator(locale: Locale) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={loadMessages(locale)}>
      <QuoteCalculator settings={settings} selection={null} />
    </NextIntlClientProvider>,
  );
}

describe('QuoteCalculator HST line', () => {
  it.each([
    ['fr', '<dt>TVH (13,5\u00A0%)</dt>'],
    ['de', '<dt>HST (13,5 %)</dt>'],
    ['en', '<dt>HST (13.5%)</dt>'],
  ] as const)("names a branch rate of 13.5 per cent in the reader's number format (%s)", (locale, label) => {
    expect(renderCalculator(locale)).toContain(label);
  });
});
