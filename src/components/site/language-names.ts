import { LOCALES, type Locale } from '@/i18n/routing';

/** Each language's name for the language menu, from the `site` messages (`languages.<locale>`). */
export function languageNames(t: (key: `languages.${Locale}`) => string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, t(`languages.${locale}`)])) as Record<Locale, string>;
}
