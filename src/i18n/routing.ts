import { defineRouting } from 'next-intl/routing';

export const LOCALES = ['en', 'es', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: 'en',
  // English at unprefixed URLs, the others under /es, /fr, /de (DECISIONS §8).
  localePrefix: 'as-needed',
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A stored or requested language as one of ours: anything else reads as English (the default). */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : routing.defaultLocale;
}
