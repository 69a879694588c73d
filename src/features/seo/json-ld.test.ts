import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVED_PREFIXES, type ServedPrefix } from '@/features/service-area/postal-code';
import { NAMED_TOWNS } from '@/features/service-area/served-towns';
import { getTranslator } from '@/i18n/messages';
import { LOCALES } from '@/i18n/routing';
import { buildFaqPage, buildLocalBusiness, buildServiceOffers, describeBusiness, listAreaServed, listOfferPrices, serializeJsonLd } from './json-ld';

const facts = {
  name: 'Escarpment Mosquito & Tick', phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca',
  streetAddress: '1 Hunter St E', city: 'Hamilton', province: 'ON', postalCode: 'L8N 3W1',
  latitude: 43.2557, longitude: -79.869, areaServed: ['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Grimsby'],
};

describe('structured data', () => {
  it('describes the branch as a pest-control business open Fridays 09:00-17:00 in the served towns', () => {
    const ld = buildLocalBusiness(facts, { siteUrl: 'https://example.ca/', pageUrl: 'https://example.ca/hamilton', description: 'x' });
    expect(ld['@type']).toEqual(['PestControl', 'HomeAndConstructionBusiness']);
    expect(ld.telephone).toBe('+1 905-555-0134');
    expect(ld.openingHoursSpecification).toEqual([{ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Friday', opens: '09:00', closes: '17:00' }]);
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 43.2557, longitude: -79.869 });
    const towns = (ld.areaServed as { '@type': string; name?: string }[]).filter((a) => a['@type'] === 'City').map((a) => a.name);
    expect(towns).toEqual(facts.areaServed);
    expect(ld['@id']).toBe('https://example.ca/#business');
  });

  it('offers one-time from $129 and tick control at $149, before HST; seasonal comes from the engine', () => {
    const prices = listOfferPrices();
    expect(prices.onetime).toBe(12_900);
    expect(prices.tick).toBe(14_900);
    expect(prices.seasonal).toBeGreaterThan(0);
    const offers = buildServiceOffers([{ code: 'onetime', name: 'One-Time', description: 'd' }], { siteUrl: 'https://example.ca', areaServed: ['Hamilton'], quotePath: '/#quote' });
    expect(offers[0]!.offers).toMatchObject({ price: '129.00', priceCurrency: 'CAD', priceSpecification: { valueAddedTaxIncluded: false }, url: 'https://example.ca/#quote' });
  });

  it('points each offer at the calculator in the page\'s own language', () => {
    const offers = buildServiceOffers(
      [{ code: 'seasonal', name: 'Protection saisonnière', description: 'd' }, { code: 'tick', name: 'Tiques', description: 'd' }],
      { siteUrl: 'https://example.ca/', areaServed: ['Hamilton'], quotePath: '/fr#quote' },
    );
    expect(offers.map((o) => (o.offers as { url: string }).url)).toEqual(['https://example.ca/fr#quote', 'https://example.ca/fr#quote']);
  });

  it('builds an FAQPage with one Question per item', () => {
    const ld = buildFaqPage([{ question: 'Q1?', answer: 'A1' }, { question: 'Q2?', answer: 'A2' }]);
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toHaveLength(2);
    expect((ld.mainEntity as { acceptedAnswer: { text: string } }[])[1]!.acceptedAnswer.text).toBe('A2');
  });

  it('escapes < so page text cannot close the script element', () => {
    const json = serializeJsonLd(buildFaqPage([{ question: '</script><script>alert(1)</script>', answer: 'a' }]));
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).mainEntity[0].name).toBe('</script><script>alert(1)</script>');
  });
});

describe('structured data follows the served area (0106)', () => {
  const without = (...prefixes: string[]): ServedPrefix[] =>
    DEFAULT_SERVED_PREFIXES.map((row) => (prefixes.includes(row.prefix) ? { ...row, served: false } : row));
  /** The seeded branch's `serviceArea` (seed.ts): SPEC §1's eleven areas. */
  const branchAreas = ['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Grimsby', 'Waterdown', 'Westdale', 'Hamilton Mountain', 'Binbrook', 'Caledonia', 'Flamborough'];
  const cityNames = (prefixes: readonly ServedPrefix[]) => {
    const ld = buildLocalBusiness({ ...facts, areaServed: listAreaServed(branchAreas, prefixes) }, { siteUrl: 'https://example.ca', pageUrl: 'https://example.ca/grimsby', description: 'x' });
    return (ld.areaServed as { '@type': string; name?: string }[]).filter((a) => a['@type'] === 'City').map((a) => a.name);
  };

  it('names every area of the branch while all are served, SPEC\'s five towns first', () => {
    expect(cityNames(DEFAULT_SERVED_PREFIXES)).toEqual(branchAreas);
  });

  it('stops naming a town taken out entirely and keeps one served in part', () => {
    const names = cityNames(without('L3M', 'L9G'));
    expect(names).not.toContain('Grimsby');
    expect(names).toContain('Ancaster');
    expect(names).toHaveLength(branchAreas.length - 1);
    // Westdale has no rows: it goes with Hamilton's.
    expect(listAreaServed(['Westdale', 'Caledonia'], without('N3W'))).toEqual(['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Grimsby', 'Westdale']);
    expect(buildServiceOffers([{ code: 'onetime', name: 'One-Time', description: 'd' }], { siteUrl: 'https://example.ca', areaServed: listAreaServed(null, without('L3M')), quotePath: '/#quote' })[0]!.areaServed)
      .toEqual(['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas'].map((name) => ({ '@type': 'City', name })));
  });

  it('describes the business with SPEC\'s towns served now, in every language', () => {
    const describe = (locale: (typeof LOCALES)[number], prefixes: readonly ServedPrefix[]) => describeBusiness(getTranslator(locale, 'seo'), locale, prefixes);
    expect(describe('en', DEFAULT_SERVED_PREFIXES)).toBe('Eco-friendly mosquito and tick control for homes in Hamilton, Ancaster, Stoney Creek, Dundas and Grimsby. Service on Fridays; 90% fewer mosquitoes, guaranteed or free re-treatment.');
    expect(describe('fr', DEFAULT_SERVED_PREFIXES)).toMatch(/^Contrôle écologique des moustiques et des tiques pour les maisons de Hamilton, Ancaster, Stoney Creek, Dundas et Grimsby\. Service le vendredi/u);
    expect(describe('es', without('L3M'))).toMatch(/^Control ecológico de mosquitos y garrapatas para viviendas en Hamilton, Ancaster, Stoney Creek y Dundas\. Servicio/u);
    expect(describe('de', without('L3M'))).toMatch(/^Umweltschonende Mücken- und Zeckenbekämpfung für Häuser in Hamilton, Ancaster, Stoney Creek und Dundas\. Service am Freitag/u);
    for (const locale of LOCALES) expect(describe(locale, without('L3M')), locale).not.toContain('Grimsby');
    const noTown = without(...DEFAULT_SERVED_PREFIXES.filter((row) => (NAMED_TOWNS as readonly string[]).includes(row.area)).map((row) => row.prefix));
    expect(describe('en', noTown)).toBe('Eco-friendly mosquito and tick control for homes. Service on Fridays; 90% fewer mosquitoes, guaranteed or free re-treatment.');
  });
});
