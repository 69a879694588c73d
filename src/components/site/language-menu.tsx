'use client';
import { Globe } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { LOCALES, type Locale } from '@/i18n/routing';
import { localePath } from './locale-paths';
import { useDisclosure } from './use-disclosure';

export const PREFERRED_LANGUAGE_KEY = 'preferredLanguage';

/** The page's path without its locale prefix: /fr/hamilton and /hamilton both give /hamilton. */
export function stripLocale(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  if (first && (LOCALES as readonly string[]).includes(first)) return `/${rest.join('/')}`;
  return pathname || '/';
}

/**
 * The same page in another language, with the page's query string and hash (`?x=1#faq`) kept.
 * English is linked through /en/..., which the locale middleware answers with a redirect to the
 * unprefixed address (keeping the query; the browser keeps the hash) and a reset language cookie.
 */
export function languageHref(pathname: string, target: Locale, searchAndHash = ''): string {
  const path = stripLocale(pathname);
  return (target === 'en' ? `/en${path === '/' ? '' : path}` : localePath(target, path)) + searchAndHash;
}

export function LanguageMenu({ label, names, locale }: { label: string; names: Record<Locale, string>; locale: Locale }) {
  const pathname = usePathname();
  const { open, setOpen, container, button, listId, onBlur } = useDisclosure();
  // The query string and hash of the page, read when the menu opens: the same page in another
  // language keeps them (/fr/hamilton?x=1#faq -> /de/hamilton?x=1#faq). Not a hook like
  // useSearchParams, which would add client rendering, and no hook knows the hash.
  const [suffix, setSuffix] = useState('');

  useEffect(() => {
    // SPEC's stored preference mirrors the locale the visitor is reading.
    try { localStorage.setItem(PREFERRED_LANGUAGE_KEY, locale); } catch { /* storage disabled */ }
  }, [locale]);

  return (
    // A click elsewhere, Escape or tabbing past the last language closes the list (`useDisclosure`).
    <div ref={container} className="relative" onBlur={onBlur}>
      {/* A disclosure of links, not an ARIA menu (no arrow-key menu behind it): expanded and controls. */}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => {
          setSuffix(window.location.search + window.location.hash);
          setOpen((v) => !v);
        }}
        className="inline-flex items-center gap-1 rounded px-2 py-1 text-sm hover:bg-white/10"
      >
        <Globe aria-hidden className="h-4 w-4" />
        <span className="sr-only">{label} </span>
        {names[locale]}
      </button>
      {open ? (
        <ul id={listId} className="absolute right-0 z-50 mt-1 w-40 rounded-md border border-gray-200 bg-white py-1 text-ink shadow-lg">
          {LOCALES.map((l) => (
            <li key={l}>
              <a
                href={languageHref(pathname, l, suffix)}
                hrefLang={l}
                lang={l}
                aria-current={l === locale ? 'true' : undefined}
                onClick={() => {
                  try { localStorage.setItem(PREFERRED_LANGUAGE_KEY, l); } catch { /* storage disabled */ }
                  // The middleware reads this cookie on unprefixed addresses (src/i18n/routing.ts).
                  document.cookie = `NEXT_LOCALE=${l}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
                  setOpen(false);
                }}
                className="block px-3 py-2 text-sm hover:bg-gray-100 aria-[current=true]:font-semibold"
              >
                {names[l]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
