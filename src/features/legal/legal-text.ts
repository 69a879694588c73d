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
}

/** Fills `{brand}`, `{address}`, `{email}` and `{phone}` in a legal text with the branch's facts. */
export function fillLegalText(text: string, facts: LegalFacts): string {
  return text.replace(/\{(brand|address|email|phone)\}/g, (_, key: keyof LegalFacts) => facts[key]);
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
