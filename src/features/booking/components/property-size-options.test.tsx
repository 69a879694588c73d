/**
 * What the size lists say is what they charge (0079): the booking form's largest size is the 2-acre
 * price and reads "Up to 2 acres", with larger properties sent to a custom quote; /request-service's
 * "2 acres and more" is the custom quote (999), never the 2-acre price. In all four languages.
 */
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { loadMessages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { BookingForm, type BookingFormProps } from './booking-form';
import { ServiceRequestForm } from './service-request-form';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined }) }));

const pricing = { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13, promoDiscounts: [] };
const schedule: BookingFormProps['schedule'] = {
  timezone: 'America/Toronto', season: { startMonthDay: '05-01', endMonthDay: '10-31' }, leadDays: 2, capacityPerFriday: 24, intervalDays: 21, closedDates: [],
};
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);

function render(locale: Locale, form: ReactNode) {
  return renderToStaticMarkup(<NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={loadMessages(locale)}>{form}</NextIntlClientProvider>);
}

/** The options of the select with this id, as [value, label]. */
function optionsOf(markup: string, id: string): [string, string][] {
  const select = new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`).exec(markup)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1]!, m[2]!.replace(/&#x27;|&#39;/g, "'")]);
}

const cases: { locale: Locale; upToTwo: string; hint: string; custom: string}[] = [
  { locale: 'en', upToTwo: 'Up to 2 acres', hint: 'Ask for a custom quote', custom: 'More than 2 acres (custom quote)' },
  { locale: 'es', upToTwo: 'Hasta 2 acres', hint: 'Pida un presupuesto personalizado', custom: 'Más de 2 acres (presupuesto personalizado)' },
  { locale: 'fr', upToTwo: 'Jusqu’à 2 acres', hint: 'Demandez une soumission personnalisée', custom: 'Plus de 2 acres (soumission personnalisée)' },
  { locale: 'de', upToTwo: 'Bis 2 Acres', hint: 'Fordern Sie ein individuelles Angebot an', custom: 'Über 2 Acres (individuelles Angebot)' },
];

describe.each(cases)('property sizes in $locale', ({ locale, upToTwo, hint, custom }) => {
  it('the booking form names the 2-acre price "up to 2 acres" and sends larger properties to a custom quote', () => {
    const markup = render(locale, <BookingForm variant="page" pricing={pricing} schedule={schedule} pathPrefix={prefix(locale)} businessName="Escarpment Mosquito & Tick" />);
    const options = optionsOf(markup, 'page-propertySize');
    expect(options.at(-1)).toEqual(['2', upToTwo]);
    expect(options.map(([value]) => value)).toEqual(['0.25', '0.5', '0.75', '1', '1.5', '2']);
    expect(markup).toContain(`<a class="underline" href="${prefix(locale)}/#quote">${hint}</a>`);
    expect(markup).toMatch(/<select[^>]*aria-describedby="page-propertySize-hint"/);
  });

  it('/request-service offers "more than 2 acres" as the custom quote, not the 2-acre price', () => {
    const markup = render(locale, <ServiceRequestForm pricing={pricing} pathPrefix={prefix(locale)} />);
    const options = optionsOf(markup, 'request-propertySize');
    expect(options.map(([value]) => value)).toEqual(['0.25', '0.5', '1', '999']);
    expect(options.at(-1)![1]).toBe(custom);
  });
});
