import { describe, expect, it } from 'vitest';
import { AREA_SLUGS } from '@/components/site/areas';
import { buildRobots, buildSitemapEntries, listPublicPages } from './sitemap';

describe('sitemap', () => {
  const entries = buildSitemapEntries('https://escarpmentmosquito.ca/', AREA_SLUGS);
  const urls = entries.map((e) => e.url);

  it('lists every public page in all four languages', () => {
    expect(entries).toHaveLength(listPublicPages(AREA_SLUGS).length * 4);
    for (const slug of AREA_SLUGS) {
      expect(urls).toContain(`https://escarpmentmosquito.ca/${slug}`);
      expect(urls).toContain(`https://escarpmentmosquito.ca/fr/${slug}`);
    }
    expect(urls).toContain('https://escarpmentmosquito.ca');
    expect(urls).toContain('https://escarpmentmosquito.ca/de');
    for (const path of ['/contact', '/pricing-demo', '/privacy', '/terms']) {
      for (const prefix of ['', '/es', '/fr', '/de']) expect(urls).toContain(`https://escarpmentmosquito.ca${prefix}${path}`);
    }
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('gives every entry hreflang alternates for en, es, fr, de and x-default', () => {
    const grimsbyFr = entries.find((e) => e.url.endsWith('/fr/grimsby'))!;
    expect(grimsbyFr.alternates.languages).toEqual({
      en: 'https://escarpmentmosquito.ca/grimsby',
      es: 'https://escarpmentmosquito.ca/es/grimsby',
      fr: 'https://escarpmentmosquito.ca/fr/grimsby',
      de: 'https://escarpmentmosquito.ca/de/grimsby',
      'x-default': 'https://escarpmentmosquito.ca/grimsby',
    });
  });

  it('leaves out the page of a town no longer served, in every language, and keeps the rest (0106)', () => {
    const without = buildSitemapEntries('https://escarpmentmosquito.ca', ['hamilton', 'ancaster', 'stoney-creek', 'dundas']).map((e) => e.url);
    expect(without.filter((u) => u.includes('grimsby'))).toEqual([]);
    expect(without).toHaveLength(urls.length - 4);
    for (const prefix of ['', '/es', '/fr', '/de']) expect(without).toContain(`https://escarpmentmosquito.ca${prefix}/dundas`);
    expect(without).toContain('https://escarpmentmosquito.ca/terms');
  });

  it('keeps staff pages out of the sitemap', () => {
    expect(urls.some((u) => /admin|routes|checkout|email-preview|account/.test(u))).toBe(false);
  });
});

describe('robots', () => {
  it('disallows staff pages in every language and points to the sitemap', () => {
    const robots = buildRobots('https://escarpmentmosquito.ca');
    const disallow = robots.rules[0]!.disallow;
    for (const p of ['/admin', '/de/admin', '/quotes-admin', '/fr/routes', '/account', '/es/account', '/api/']) expect(disallow).toContain(p);
    expect(disallow).not.toContain('/');
    expect(robots.sitemap).toBe('https://escarpmentmosquito.ca/sitemap.xml');
  });
});
