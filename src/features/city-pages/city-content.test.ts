import { describe, expect, it } from 'vitest';
import { AREA_SLUGS } from '@/components/site/areas';
import { LOCALES } from '@/i18n/routing';
import { calculateReductionPercent, CITY_CONTENT, pickName } from './city-content';
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
