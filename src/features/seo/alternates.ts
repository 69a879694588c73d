import { localePath } from '@/components/site/locale-paths';
import { LOCALES, type Locale } from '@/i18n/routing';

/**
 * Canonical URL and hreflang alternates of one page in every language (DECISIONS §8), relative to
 * the layout's metadataBase. English doubles as x-default.
 */
export function buildAlternates(locale: Locale, path: string) {
  const languages: Record<string, string> = Object.fromEntries(LOCALES.map((l) => [l, localePath(l, path)]));
  languages['x-default'] = localePath('en', path);
  return { canonical: localePath(locale, path), languages };
}
