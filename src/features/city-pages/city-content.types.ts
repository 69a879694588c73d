import type { AreaSlug } from '@/components/site/areas';
import type { Locale } from '@/i18n/routing';

/** A text written once per language. Proper nouns (streets, parks) stay plain strings. */
export type Localized = Record<Locale, string>;

/**
 * A proper name (a street, a park, a person) is written once; a name with ordinary words in it
 * ('Downtown Dundas', 'Mark and Julie T.') is written per language, like any other text.
 */
export type PlaceName = string | Localized;

export interface NamedPlace {
  name: PlaceName;
  note: Localized;
}

export interface ResultExample {
  /** Where the yard is: a neighbourhood or street name. */
  place: PlaceName;
  situation: Localized;
  treatment: Localized;
  /** Mosquitoes landing on a person in ten minutes at dusk, before and two weeks after treatment. */
  landingsBefore: number;
  landingsAfter: number;
}

/**
 * What a text says about our service in the town (docs/decisions/0106): `'town'` that we work there
 * ("We come to Grimsby every Friday"), shown while any of its postal prefixes is served; `'whole'`
 * that we cover all of it ("We cover all of Stoney Creek"), shown only while every prefix is.
 */
export type ServiceClaim = 'town' | 'whole';

/** An intro paragraph; one that speaks of our service in the town says so. */
export type IntroParagraph = Localized | { claims: ServiceClaim; text: Localized };

/** Everything a city landing page says about one town. */
export interface CityContent {
  slug: AreaSlug;
  name: string;
  meta: { title: Localized; description: Localized };
  hero: { title: Localized; subtitle: Localized };
  intro: IntroParagraph[];
  neighbourhoods: NamedPlace[];
  landmarks: NamedPlace[];
  testimonial: { quote: Localized; author: PlaceName; place: PlaceName };
  faqs: { question: Localized; answer: Localized; claims?: ServiceClaim }[];
  results: ResultExample[];
  expert: { quote: Localized; author: string; role: Localized };
  /** What makes mosquito season in this town different (water, ravines, lake). */
  speciesNote: Localized;
  /**
   * Postal prefixes come from the branch's served-prefix list, so staff edits show up here. `text`
   * says we serve all of the town: shown only while every prefix of it is served (0106).
   */
  serviceArea: { text: Localized; nearby: AreaSlug[] };
}
