import { AREA_SLUGS, type AreaSlug } from '@/components/site/areas';
import type { Locale } from '@/i18n/routing';
import type { CityContent, Localized, PlaceName } from './city-content.types';
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
