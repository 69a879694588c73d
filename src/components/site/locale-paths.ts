import type { Locale } from '@/i18n/routing';

/** A path in the given locale: English unprefixed, the others under /es, /fr, /de. */
export function localePath(locale: Locale | string, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === 'en') return clean;
  if (clean === '/') return `/${locale}`;
  if (clean.startsWith('/#')) return `/${locale}${clean.slice(1)}`;
  return `/${locale}${clean}`;
}
