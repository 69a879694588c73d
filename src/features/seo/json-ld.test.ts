import { describe, expect, it } from 'vitest';
import { buildFaqPage, buildLocalBusiness, buildServiceOffers, listOfferPrices, serializeJsonLd } from './json-ld';

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
