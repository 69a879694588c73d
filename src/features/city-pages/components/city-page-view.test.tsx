import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SERVED_PREFIXES, isServedRow, type ServedPrefix } from '@/features/service-area/postal-code';
import type { Locale } from '@/i18n/routing';
import { CITY_CONTENT, selectCityCopy } from '../city-content';
import { CityPageView } from './city-page-view';

// The view is a server component: its translations come from the message files through the plain translator.
vi.mock('next-intl/server', async () => {
  const { getTranslator } = await import('@/i18n/messages');
  return { getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) => getTranslator(locale, namespace) };
});

const without = (...prefixes: string[]): ServedPrefix[] =>
  DEFAULT_SERVED_PREFIXES.map((row) => (prefixes.includes(row.prefix) ? { ...row, served: false } : row));

async function render(slug: keyof typeof CITY_CONTENT, prefixes: readonly ServedPrefix[], locale: Locale = 'en'): Promise<string> {
  const content = CITY_CONTENT[slug];
  const postalPrefixes = prefixes.filter((p) => p.area === content.name && isServedRow(p)).map((p) => p.prefix);
  const tree = await CityPageView({ content, copy: selectCityCopy(content, prefixes), locale, phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca', postalPrefixes });
  return renderToStaticMarkup(tree);
}

describe('a town page for how much of the town is served (0106)', () => {
  it('offers booking and says "We serve all of" while the whole town is served', async () => {
    const html = await render('grimsby', DEFAULT_SERVED_PREFIXES);
    expect(html).toContain('href="/schedule"');
    expect(html).toContain('We serve all of Grimsby');
    expect(html).toContain('Do you really come out to Grimsby?');
    expect(html).not.toContain('role="note"');
  });

  it('says online booking is not available, with a call link instead of the booking buttons, for a town not served at all', async () => {
    const html = await render('grimsby', without('L3M'));
    expect(html).not.toContain('href="/schedule"');
    expect(html.match(/role="note"/g)).toHaveLength(2);
    expect(html).toContain('Online booking isn&#x27;t available in Grimsby right now');
    expect(html).toContain('href="tel:+19055550134"');
    expect(html).toContain('Call (905) 555-0134');
    expect(html).toContain('Grimsby is outside our current service area.');
    expect(html).toContain('Neighbourhoods of Grimsby');
    expect(html).not.toMatch(/We serve all of Grimsby|every Friday|come out to Grimsby|Postal codes we cover/u);
    const fr = await render('grimsby', without('L3M'), 'fr');
    expect(fr).toContain('La réservation en ligne n’est pas offerte à Grimsby pour le moment');
    expect(fr).toContain('Appeler le (905) 555-0134');
  });

  it('keeps booking for a town served in part and says which parts', async () => {
    const html = await render('ancaster', without('L9G'));
    expect(html).toContain('href="/schedule"');
    expect(html).toContain('We serve parts of Ancaster: the postal codes listed below. For an address elsewhere in Ancaster, call us at (905) 555-0134.');
    expect(html).toContain('>L9K<');
    expect(html).not.toContain('>L9G<');
    expect(html).not.toContain('We serve all of Ancaster');
  });
});
