import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { DEFAULT_SERVED_PREFIXES } from '@/features/service-area/postal-code';
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
  officePhone: '(905) 555-0134',
};

/** The calculator's first render (before any effect runs), as markup. */
function renderCalculator(locale: Locale, overrides: Partial<CalculatorSettings> = {}) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={loadMessages(locale)}>
      <QuoteCalculator settings={{ ...settings, ...overrides }} selection={null} />
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

/**
 * The calculator's sizes say what the rest of the site charges (0084): its custom quote ("Acreage",
 * 999) is DECISIONS §1's "over 2 acres", as /request-service's and the booking form's are, and the
 * lots between its 3/4 acre and 2 acres are sent to the booking form, which prices them.
 */
describe('QuoteCalculator property sizes', () => {
  it.each([
    ['en', '', 'Acreage (over 2 acres)', 'Book online'],
    ['es', '/es', 'Terreno grande (más de 2 acres)', 'Reserve en línea'],
    ['fr', '/fr', 'Grand terrain (plus de 2 acres)', 'Réservez en ligne'],
    ['de', '/de', 'Großes Grundstück (über 2 Acres)', 'Online buchen'],
  ] as const)('names the custom quote "over 2 acres" and links the lots up to 2 acres to the booking form on the chosen plan (%s)', (locale, prefix, acreage, book) => {
    const markup = renderCalculator(locale);
    const select = /<select[^>]*id="([^"]*-propertySize)"[^>]*aria-describedby="([^"]*)"[^>]*>(.*?)<\/select>/.exec(markup);
    const options = [...(select?.[3] ?? '').matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([['0.25', expect.any(String)], ['0.5', expect.any(String)], ['0.75', expect.any(String)], ['999', acreage]]);
    expect(markup).toContain(`<p id="${select?.[2]}" class="text-sm text-gray-600">`);
    expect(markup).toContain(`<a class="underline" href="${prefix}/book?serviceType=onetime">${book}</a>`);
    expect(markup).not.toMatch(/1\+ acres|1 acre o más|1 acre et plus|ab 1 Acre/);
  });
});

/**
 * The service-area note (0100): SPEC's five towns as long as they are served, and the communities
 * around them that the map beside it shows; a town the owner takes out is no longer named.
 */
describe('QuoteCalculator service-area note', () => {
  const withoutGrimsby = DEFAULT_SERVED_PREFIXES.map((row) => (row.prefix === 'L3M' ? { ...row, served: false } : row));
  it.each([
    ['en', DEFAULT_SERVED_PREFIXES, 'We serve Hamilton, Ancaster, Stoney Creek, Dundas, Grimsby and nearby communities.'],
    ['de', DEFAULT_SERVED_PREFIXES, 'Wir sind in Hamilton, Ancaster, Stoney Creek, Dundas, Grimsby und Umgebung tätig.'],
    ['fr', withoutGrimsby, 'Nous desservons Hamilton, Ancaster, Stoney Creek, Dundas et les localités voisines.'],
    ['es', withoutGrimsby, 'Atendemos Hamilton, Ancaster, Stoney Creek, Dundas y localidades cercanas.'],
  ] as const)('names the towns served now (%s)', (locale, servedPrefixes, note) => {
    expect(renderCalculator(locale, { servedPrefixes })).toContain(`<p class="text-sm text-gray-600">${note}</p>`);
  });
});
