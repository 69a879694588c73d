import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { calculatePrice } from '@/features/pricing/pricing';
import type { ServedPrefix } from '@/features/service-area/postal-code';
import { findServedTowns, LISTED_AREAS_PART_OF, NAMED_TOWNS } from '@/features/service-area/served-towns';
import { formatNameList } from '@/lib/format';
import { formatPhoneInternational } from '@/lib/phone';

/** Schema.org JSON-LD builders: pure, so the shapes are unit-tested without a server. */

export type JsonLdObject = Record<string, unknown>;

export interface BusinessFacts {
  name: string;
  phone: string;
  email: string;
  streetAddress: string;
  city: string;
  province: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** Towns served, shown as schema.org `areaServed`. */
  areaServed: readonly string[];
}

/**
 * The towns `areaServed` names (docs/decisions/0106): SPEC's five towns with their own pages first,
 * then the rest of the branch's list, each only while some row of it is served (Westdale and
 * Hamilton Mountain follow Hamilton's rows, as on the landing list). A town taken out entirely is
 * no longer claimed; a town served in part still is.
 */
export function listAreaServed(branchAreas: readonly string[] | null, servedPrefixes: readonly ServedPrefix[]): string[] {
  const named: readonly string[] = NAMED_TOWNS;
  const names = [...named, ...(branchAreas ?? []).filter((town) => !named.includes(town))];
  return findServedTowns(names, servedPrefixes, LISTED_AREAS_PART_OF);
}

/** Translates a key of the `seo` namespace. */
export type SeoTranslate = (key: string, values?: Record<string, string>) => string;

/**
 * The business's description in structured data: SPEC's towns served now, in the reader's
 * language ("…for homes in Hamilton, Ancaster, Stoney Creek, Dundas and Grimsby."), or none named
 * when the owner has taken all five out (0106).
 */
export function describeBusiness(t: SeoTranslate, locale: string, servedPrefixes: readonly ServedPrefix[]): string {
  const towns = findServedTowns(NAMED_TOWNS, servedPrefixes);
  return towns.length > 0 ? t('businessDescription', { towns: formatNameList(towns, locale) }) : t('businessDescriptionNoTowns');
}

/** SPEC §9: city pages and structured data say Friday 09:00–17:00. */
export const STRUCTURED_OPENING_HOURS = { dayOfWeek: 'https://schema.org/Friday', opens: '09:00', closes: '17:00' } as const;
/** SPEC §9: "Service radius in metadata 30000 metres". */
export const SERVICE_RADIUS_M = 30_000;

export function buildLocalBusiness(facts: BusinessFacts, options: { siteUrl: string; pageUrl: string; description: string }): JsonLdObject {
  const id = `${trimSlash(options.siteUrl)}/#business`;
  return {
    '@context': 'https://schema.org',
    '@type': ['PestControl', 'HomeAndConstructionBusiness'],
    '@id': id,
    name: facts.name,
    description: options.description,
    url: options.pageUrl,
    // With the country code, as search engines ask of a business's number (0076).
    telephone: formatPhoneInternational(facts.phone),
    email: facts.email,
    priceRange: '$$',
    currenciesAccepted: 'CAD',
    knowsLanguage: ['en', 'es', 'fr', 'de'],
    address: {
      '@type': 'PostalAddress',
      streetAddress: facts.streetAddress,
      addressLocality: facts.city,
      addressRegion: facts.province,
      postalCode: facts.postalCode,
      addressCountry: 'CA',
    },
    geo: { '@type': 'GeoCoordinates', latitude: facts.latitude, longitude: facts.longitude },
    areaServed: [
      ...facts.areaServed.map((name) => ({ '@type': 'City', name })),
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: facts.latitude, longitude: facts.longitude },
        geoRadius: SERVICE_RADIUS_M,
      },
    ],
    openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', ...STRUCTURED_OPENING_HOURS }],
  };
}

export type OfferCode = 'onetime' | 'seasonal' | 'tick';

/**
 * "From" prices before HST, in cents. One-time uses SPEC §9's structured-metadata figure ($129);
 * seasonal is the engine's price for the smallest lot; tick control is SPEC's "$149 + HST".
 */
export function listOfferPrices(): Record<OfferCode, number> {
  const seasonal = calculatePrice(
    { serviceType: 'seasonal', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, extras: [], address: '' },
    { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13 },
  );
  return { onetime: 12_900, seasonal: seasonal.preTaxCents, tick: 14_900 };
}

export function buildServiceOffers(
  services: { code: OfferCode; name: string; description: string }[],
  /** `quotePath`: the calculator on the landing page in the page's own language (`/fr#quote`). */
  options: { siteUrl: string; areaServed: readonly string[]; quotePath: string },
): JsonLdObject[] {
  const prices = listOfferPrices();
  const provider = { '@id': `${trimSlash(options.siteUrl)}/#business` };
  return services.map((s) => ({
    '@context': 'https://schema.org',
    '@type': 'Service',
    serviceType: s.name,
    name: s.name,
    description: s.description,
    provider,
    areaServed: options.areaServed.map((name) => ({ '@type': 'City', name })),
    offers: {
      '@type': 'Offer',
      priceCurrency: 'CAD',
      price: (prices[s.code] / 100).toFixed(2),
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (prices[s.code] / 100).toFixed(2),
        priceCurrency: 'CAD',
        valueAddedTaxIncluded: false,
      },
      url: `${trimSlash(options.siteUrl)}${options.quotePath}`,
    },
  }));
}

export function buildFaqPage(items: readonly { question: string; answer: string }[]): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** JSON for a <script> element: `<` escaped so no text can close the script tag early. */
export function serializeJsonLd(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
