import { AREA_SLUGS, type AreaSlug } from '@/components/site/areas';
import type { ServedPrefix } from '@/features/service-area/postal-code';
import { findTownCoverage, type TownCoverage } from '@/features/service-area/served-towns';
import type { Locale } from '@/i18n/routing';
import type { CityContent, IntroParagraph, Localized, PlaceName, ServiceClaim } from './city-content.types';
import { ancaster } from './content/ancaster';
import { dundas } from './content/dundas';
import { grimsby } from './content/grimsby';
import { hamilton } from './content/hamilton';
import { stoneyCreek } from './content/stoney-creek';

/** The five towns' page content, keyed by the URL slug (SPEC route table). */
export const CITY_CONTENT: Record<AreaSlug, CityContent> = {
  hamilton,
  ancaster,
  'stoney-creek': stoneyCreek,
  dundas,
  grimsby,
};

export function getCityContent(slug: AreaSlug): CityContent {
  return CITY_CONTENT[slug];
}

export function listCitySlugs(): readonly AreaSlug[] {
  return AREA_SLUGS;
}

/** A town page's slugs whose town the branch serves now, whole or in part (the sitemap's, 0106). */
export function listServedCitySlugs(servedPrefixes: readonly ServedPrefix[]): AreaSlug[] {
  return AREA_SLUGS.filter((slug) => findTownCoverage(CITY_CONTENT[slug].name, servedPrefixes) !== 'none');
}

/** What a town page says, for how much of the town is served now (docs/decisions/0106). */
export interface CityCopy {
  coverage: TownCoverage;
  intro: Localized[];
  faqs: { question: Localized; answer: Localized }[];
  /** The page's own "We serve all of …" paragraph, only while every prefix of the town is served. */
  wholeTownText: Localized | null;
  /** The nearby towns the page links to as served, those served now. */
  nearby: AreaSlug[];
}

function isClaimShown(claims: ServiceClaim | undefined, coverage: TownCoverage): boolean {
  if (claims === 'whole') return coverage === 'all';
  if (claims === 'town') return coverage !== 'none';
  return true;
}

const paragraphOf = (p: IntroParagraph): { text: Localized; claims?: ServiceClaim } => ('claims' in p ? p : { text: p });

/**
 * The town page's texts that speak of our service there, kept only while they hold: "We come to
 * Grimsby every Friday" while any prefix of Grimsby is served, "We cover all of Stoney Creek" while
 * every one is. Pure: the served prefixes are branch data passed in.
 */
export function selectCityCopy(content: CityContent, servedPrefixes: readonly ServedPrefix[]): CityCopy {
  const coverage = findTownCoverage(content.name, servedPrefixes);
  const servedSlugs = listServedCitySlugs(servedPrefixes);
  return {
    coverage,
    intro: content.intro.map(paragraphOf).filter((p) => isClaimShown(p.claims, coverage)).map((p) => p.text),
    faqs: content.faqs.filter((f) => isClaimShown(f.claims, coverage)).map(({ question, answer }) => ({ question, answer })),
    wholeTownText: coverage === 'all' ? content.serviceArea.text : null,
    nearby: content.serviceArea.nearby.filter((slug) => servedSlugs.includes(slug)),
  };
}

/** Translates a key of the `city` namespace. */
export type CityTranslate = (key: string, values?: Record<string, string>) => string;

/**
 * The page's title and description for search results (0106): a town no longer served keeps its
 * title (links and results lead there) and its description says online booking isn't available,
 * with the branch's phone.
 */
export function buildCityMeta(content: CityContent, coverage: TownCoverage, locale: Locale, t: CityTranslate, branch: { brand: string; phone: string }) {
  const description = coverage === 'none'
    ? t('unserved.metaDescription', { city: content.name, brand: branch.brand, phone: branch.phone })
    : content.meta.description[locale];
  return { title: content.meta.title[locale], description };
}

/** Picks one language out of a localized text. */
export function pickText(text: Localized, locale: Locale): string {
  return text[locale];
}

/** A name in one language: proper names are the same in all of them. */
export function pickName(name: PlaceName, locale: Locale): string {
  return typeof name === 'string' ? name : name[locale];
}

/** Share of landings removed, rounded down so the page never overstates a result. */
export function calculateReductionPercent(before: number, after: number): number {
  if (before <= 0) return 0;
  return Math.floor(((before - after) / before) * 100);
}
