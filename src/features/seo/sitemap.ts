import { AREA_SLUGS, type AreaSlug } from '@/components/site/areas';
import { localePath } from '@/components/site/locale-paths';
import { LOCALES } from '@/i18n/routing';

type SitemapPage = { path: string; priority: number; changeFrequency: 'weekly' | 'monthly' | 'yearly' };

/** The pages after the home page and the town pages, in the sitemap's order. */
const OTHER_PAGES: readonly SitemapPage[] = [
  { path: '/book', priority: 0.7, changeFrequency: 'monthly' },
  { path: '/contact', priority: 0.6, changeFrequency: 'yearly' },
  { path: '/pricing-demo', priority: 0.5, changeFrequency: 'monthly' },
  { path: '/privacy', priority: 0.2, changeFrequency: 'yearly' },
  { path: '/terms', priority: 0.2, changeFrequency: 'yearly' },
];

/**
 * Every public, indexable page (SPEC route table); transactional and staff pages are left out. The
 * town pages are those of the towns served now (`citySlugs`, 0106): a town taken out entirely keeps
 * its page for the links and results that lead there, but the sitemap no longer offers it.
 */
export function listPublicPages(citySlugs: readonly AreaSlug[]): SitemapPage[] {
  return [
    { path: '/', priority: 1, changeFrequency: 'weekly' },
    ...AREA_SLUGS.filter((slug) => citySlugs.includes(slug)).map((slug) => ({ path: `/${slug}`, priority: 0.8, changeFrequency: 'monthly' as const })),
    ...OTHER_PAGES,
  ];
}

/** Staff and transactional paths that search engines must not crawl (in every language). */
export const DISALLOWED_PATHS = [
  '/admin', '/quotes-admin', '/routes', '/day-sheet', '/technicians', '/staff-accounts', '/business', '/products', '/account', '/email-preview', '/customer-details', '/retreatments', '/unsubscribed',
  '/checkout', '/checkout-new', '/payment-success', '/payment-confirmation', '/stripe-test', '/test-gateway', '/manage-booking',
  '/unsubscribe',
] as const;

export interface SitemapEntry {
  url: string;
  changeFrequency: 'weekly' | 'monthly' | 'yearly';
  priority: number;
  alternates: { languages: Record<string, string> };
}

/** One entry per page per language, each listing all its language versions (hreflang); `citySlugs`: the towns served now. */
export function buildSitemapEntries(siteUrl: string, citySlugs: readonly AreaSlug[]): SitemapEntry[] {
  const base = siteUrl.replace(/\/+$/, '');
  const url = (locale: string, path: string) => `${base}${localePath(locale, path) === '/' ? '' : localePath(locale, path)}`;
  return listPublicPages(citySlugs).flatMap((page) => {
    const languages: Record<string, string> = Object.fromEntries(LOCALES.map((l) => [l, url(l, page.path)]));
    languages['x-default'] = url('en', page.path);
    return LOCALES.map((locale) => ({
      url: url(locale, page.path),
      changeFrequency: page.changeFrequency,
      priority: page.priority,
      alternates: { languages },
    }));
  });
}

export function buildRobots(siteUrl: string) {
  const base = siteUrl.replace(/\/+$/, '');
  const disallow = ['/api/', ...DISALLOWED_PATHS.flatMap((p) => [p, ...LOCALES.filter((l) => l !== 'en').map((l) => `/${l}${p}`)])];
  return {
    rules: [{ userAgent: '*', allow: '/', disallow }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
