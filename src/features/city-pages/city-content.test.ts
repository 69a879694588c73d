import { describe, expect, it } from 'vitest';
import { AREA_SLUGS } from '@/components/site/areas';
import { LOCALES } from '@/i18n/routing';
import { DEFAULT_SERVED_PREFIXES, type ServedPrefix } from '@/features/service-area/postal-code';
import { getTranslator } from '@/i18n/messages';
import { buildCityMeta, calculateReductionPercent, CITY_CONTENT, listServedCitySlugs, pickName, selectCityCopy } from './city-content';
import type { Localized, PlaceName } from './city-content.types';
import de from '../../../messages/de/city.json';
import en from '../../../messages/en/city.json';
import es from '../../../messages/es/city.json';
import fr from '../../../messages/fr/city.json';
import { SERVICE_CARDS, SPECIES } from './components/city-page-view';

/** Every localized text in a content tree, with its path for a readable failure. */
function collectLocalized(value: unknown, path: string, out: [string, Localized][] = []): [string, Localized][] {
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === LOCALES.length && LOCALES.every((l) => keys.includes(l))) out.push([path, value as Localized]);
    else for (const [k, v] of Object.entries(value)) collectLocalized(v, `${path}.${k}`, out);
  }
  return out;
}

describe.each(AREA_SLUGS)('city page content for %s', (slug) => {
  const content = CITY_CONTENT[slug];

  it('has every block SPEC lists for a city page', () => {
    expect(content.slug).toBe(slug);
    expect(content.intro.length).toBeGreaterThanOrEqual(1);
    expect(content.neighbourhoods.length).toBeGreaterThanOrEqual(3);
    expect(content.landmarks.length).toBeGreaterThanOrEqual(3);
    expect(content.faqs.length).toBeGreaterThanOrEqual(3);
    expect(content.results).toHaveLength(3);
    expect(content.testimonial.author).not.toBe('');
    expect(content.expert.author).not.toBe('');
    expect(content.serviceArea.nearby.length).toBeGreaterThan(0);
    expect(content.serviceArea.nearby).not.toContain(slug);
  });

  it('is written in all four languages, with no English left in the others', () => {
    const texts = collectLocalized(content, slug);
    expect(texts.length).toBeGreaterThanOrEqual(30);
    for (const [path, text] of texts) {
      for (const locale of LOCALES) expect(text[locale].trim(), `${path}.${locale}`).not.toBe('');
      for (const locale of LOCALES.filter((l) => l !== 'en')) expect(text[locale], `${path}.${locale}`).not.toBe(text.en);
    }
  });

  it('shows results consistent with the 90%-fewer-mosquitoes guarantee', () => {
    for (const r of content.results) {
      expect(r.landingsAfter).toBeLessThan(r.landingsBefore);
      expect(calculateReductionPercent(r.landingsBefore, r.landingsAfter)).toBeGreaterThanOrEqual(85);
    }
  });

  it('has unique place names (they are React keys and carousel slide keys)', () => {
    expect(new Set(content.results.map((r) => pickName(r.place, 'en'))).size).toBe(content.results.length);
    expect(new Set(content.neighbourhoods.map((n) => pickName(n.name, 'en'))).size).toBe(content.neighbourhoods.length);
    expect(new Set(content.landmarks.map((l) => pickName(l.name, 'en'))).size).toBe(content.landmarks.length);
  });

  it('keeps a name the same in every language only when it is a proper name, with no English words around it', () => {
    const names: PlaceName[] = [
      ...content.neighbourhoods.map((n) => n.name), ...content.landmarks.map((l) => l.name),
      ...content.results.map((r) => r.place), content.testimonial.author, content.testimonial.place, content.expert.author,
    ];
    const shared = names.filter((n): n is string => typeof n === 'string');
    // 'Downtown Dundas' or 'Mark and Julie T.' would read as untranslated English on the other pages.
    expect(shared.filter((n) => /\b(and|downtown|village|ruins|waterfront|old town|lakeshore)\b/i.test(n))).toEqual([]);
  });
});

describe('shared city messages', () => {
  it.each([['en', en], ['fr', fr], ['es', es], ['de', de]] as const)('%s has every service card, species and the Friday 9-5 hours', (_locale, messages) => {
    for (const key of SERVICE_CARDS) expect(messages.services[key].title).toBeTruthy();
    for (const s of SPECIES) expect(messages.species[s.key].name).toBeTruthy();
    expect(messages.hours).toMatch(/9/);
    expect(messages.hours).toMatch(/5|17/);
  });

  it('rounds the reduction down', () => {
    expect(calculateReductionPercent(21, 2)).toBe(90);
    expect(calculateReductionPercent(27, 3)).toBe(88);
    expect(calculateReductionPercent(0, 0)).toBe(0);
  });
});

describe('what a town page claims follows the served prefixes (0106)', () => {
  const without = (...prefixes: string[]): ServedPrefix[] =>
    DEFAULT_SERVED_PREFIXES.map((row) => (prefixes.includes(row.prefix) ? { ...row, served: false } : row));
  const english = (texts: Localized[]) => texts.map((x) => x.en);

  it('says everything while the whole town is served', () => {
    for (const slug of AREA_SLUGS) {
      const content = CITY_CONTENT[slug];
      const copy = selectCityCopy(content, DEFAULT_SERVED_PREFIXES);
      expect(copy.coverage).toBe('all');
      expect(copy.intro).toHaveLength(content.intro.length);
      expect(copy.faqs).toHaveLength(content.faqs.length);
      expect(copy.wholeTownText).toBe(content.serviceArea.text);
      expect(copy.nearby).toEqual(content.serviceArea.nearby);
    }
    expect(listServedCitySlugs(DEFAULT_SERVED_PREFIXES)).toEqual(AREA_SLUGS);
  });

  it('drops every claim of serving a town taken out entirely, and links to it from no other page', () => {
    const prefixes = without('L3M');
    const grimsby = selectCityCopy(CITY_CONTENT.grimsby, prefixes);
    expect(grimsby.coverage).toBe('none');
    expect(grimsby.wholeTownText).toBeNull();
    expect(english(grimsby.intro).join(' ')).not.toMatch(/every Friday/u);
    expect(grimsby.intro.length).toBeGreaterThanOrEqual(1);
    expect(english(grimsby.faqs.map((f) => f.question))).not.toContain('Do you really come out to Grimsby?');
    expect(grimsby.faqs.length).toBeGreaterThanOrEqual(2);
    expect(selectCityCopy(CITY_CONTENT['stoney-creek'], prefixes).nearby).not.toContain('grimsby');
    expect(listServedCitySlugs(prefixes)).toEqual(['hamilton', 'ancaster', 'stoney-creek', 'dundas']);
  });

  it('keeps claiming a town served in part, but no longer all of it', () => {
    const prefixes = without('L8J');
    const stoneyCreek = selectCityCopy(CITY_CONTENT['stoney-creek'], prefixes);
    expect(stoneyCreek.coverage).toBe('part');
    expect(stoneyCreek.wholeTownText).toBeNull();
    expect(english(stoneyCreek.faqs.map((f) => f.answer)).join(' ')).not.toMatch(/We cover all of Stoney Creek/u);
    expect(english(stoneyCreek.intro).join(' ')).not.toMatch(/covers the whole community/u);
    expect(listServedCitySlugs(prefixes)).toContain('stoney-creek');
    // Hamilton in part: its crew still comes ("town"), but "All of them" is no longer the answer ("whole").
    const hamilton = selectCityCopy(CITY_CONTENT.hamilton, without('L8P'));
    expect(english(hamilton.intro).join(' ')).toMatch(/Our Hamilton crew treats yards every Friday/u);
    expect(english(hamilton.faqs.map((f) => f.question))).not.toContain('Which Hamilton neighbourhoods do you serve?');
  });

  it('gives search a description that says online booking is not available, with the phone, in every language', () => {
    const branch = { brand: 'Escarpment Mosquito & Tick', phone: '(905) 555-0134' };
    const meta = (locale: (typeof LOCALES)[number], coverage: 'all' | 'part' | 'none') =>
      buildCityMeta(CITY_CONTENT.grimsby, coverage, locale, getTranslator(locale, 'city'), branch);
    expect(meta('en', 'none')).toEqual({
      title: 'Mosquito & Tick Control in Grimsby, ON',
      description: "Online booking isn't available in Grimsby right now. Call Escarpment Mosquito & Tick at (905) 555-0134 to ask about mosquito and tick control at your address.",
    });
    expect(meta('fr', 'none').description).toMatch(/^La réservation en ligne n’est pas offerte à Grimsby pour le moment\. Appelez Escarpment Mosquito & Tick au \(905\) 555-0134/u);
    expect(meta('es', 'none').description).toMatch(/^Por ahora no es posible reservar en línea en Grimsby\. Llame a Escarpment Mosquito & Tick al \(905\) 555-0134/u);
    expect(meta('de', 'none').description).toMatch(/^Online-Buchung ist in Grimsby derzeit nicht möglich\. Rufen Sie Escarpment Mosquito & Tick unter \(905\) 555-0134 an/u);
    for (const locale of LOCALES) {
      expect(meta(locale, 'all').description).toBe(CITY_CONTENT.grimsby.meta.description[locale]);
      expect(meta(locale, 'part').description).toBe(CITY_CONTENT.grimsby.meta.description[locale]);
    }
  });
});
