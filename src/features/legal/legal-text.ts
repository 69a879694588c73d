import type { ServedPrefix } from '@/features/service-area/postal-code';
import { findServedTowns, NAMED_TOWNS } from '@/features/service-area/served-towns';
import { formatNameList } from '@/lib/format';

/** The legal documents this site publishes, and when their wording last changed. */
export const LEGAL_DOCUMENTS = ['privacy', 'terms'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];
/** When each document's wording last changed: the privacy policy's do-not-email list kept after an erasure (0066). */
export const LEGAL_UPDATED_ON: Record<LegalDocument, string> = { privacy: '2026-11-25', terms: '2025-05-01' };

export interface LegalSection {
  heading: string;
  body: string[];
}

export interface LegalFacts {
  brand: string;
  address: string;
  email: string;
  phone: string;
  /** The terms' sentence on where we work, from the served prefixes (`describeTermsServiceArea`). */
  serviceArea?: string;
}

/** Fills `{brand}`, `{address}`, `{email}`, `{phone}` and `{serviceArea}` in a legal text with the branch's facts. */
export function fillLegalText(text: string, facts: LegalFacts): string {
  return text.replace(/\{(brand|address|email|phone|serviceArea)\}/g, (whole, key: keyof LegalFacts) => facts[key] ?? whole);
}

/** The communities the terms give as examples after SPEC's towns, each named only while served. */
export const TERMS_NEARBY_EXAMPLES = ['Waterdown', 'Binbrook', 'Flamborough'] as const;

/** Translates a key of `legal.terms.serviceArea`. */
export type TermsTranslate = (key: 'townsAndNearby' | 'towns' | 'nearby' | 'none', values?: Record<string, string>) => string;

/**
 * The terms' service-area sentence (docs/decisions/0106): SPEC's towns and the nearby examples the
 * branch serves now, so the terms never name a town the owner has taken out entirely.
 */
export function describeTermsServiceArea(t: TermsTranslate, locale: string, servedPrefixes: readonly ServedPrefix[]): string {
  const towns = formatNameList(findServedTowns(NAMED_TOWNS, servedPrefixes), locale);
  const nearby = formatNameList(findServedTowns(TERMS_NEARBY_EXAMPLES, servedPrefixes), locale);
  if (towns && nearby) return t('townsAndNearby', { towns, nearby });
  if (towns) return t('towns', { towns });
  return nearby ? t('nearby', { nearby }) : t('none');
}

/** A stable anchor id for a section heading (TOC links). */
export function sectionAnchor(index: number): string {
  return `section-${index + 1}`;
}

/**
 * A message list as an array. Lists in non-English message files arrive as index-keyed objects
 * (the loader deep-merges each language over English), so both shapes are accepted.
 */
export function readMessageList<T>(raw: unknown): T[] {
  if (Array.isArray(raw)) return raw as T[];
  if (raw && typeof raw === 'object') return Object.values(raw) as T[];
  return [];
}
