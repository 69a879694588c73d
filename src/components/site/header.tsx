import { Phone } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AreasMenu } from './areas-menu';
import { AREA_SLUGS } from './areas';
import { LanguageMenu } from './language-menu';
import { languageNames } from './language-names';
import { localePath } from './locale-paths';
import { MobileMenu } from './mobile-menu';
import { toTelHref } from '@/lib/phone';

export async function Header({ locale, phone }: { locale: Locale; phone: string }) {
  const t = await getTranslations({ locale, namespace: 'site' });
  const home = localePath(locale, '/');
  const anchor = (id: string) => localePath(locale, `/#${id}`);
  // SPEC "Landing page": the menu labels #pricing both Services and Pricing.
  const links = [
    { href: anchor('pricing'), label: t('nav.services') },
    { href: anchor('pricing'), label: t('nav.pricing') },
    { href: anchor('about'), label: t('nav.about') },
    { href: anchor('testimonials'), label: t('nav.testimonials') },
    { href: anchor('faq'), label: t('nav.faq') },
    { href: anchor('contact'), label: t('nav.contact') },
  ];
  const areaLinks = AREA_SLUGS.map((slug) => ({ href: localePath(locale, `/${slug}`), label: t(`areas.${slug}`) }));
  // "Escarpment" over "Mosquito & Tick" on phones; one line from sm.
  const [brandLead, ...brandWords] = t('brand').split(' ');
  const brandRest = brandWords.join(' ');
  const names = languageNames(t);

  return (
    <header className="sticky top-0 z-30 bg-white/95 shadow-sm backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t('skipToContent')}
      </a>
      <div className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1 text-sm sm:py-1.5">
          <a href={toTelHref(phone)} className="inline-flex items-center gap-1.5 hover:underline">
            <Phone aria-hidden className="h-4 w-4" />
            {phone}
          </a>
          <LanguageMenu label={t('languageCurrent')} names={names} locale={locale} />
        </div>
      </div>
      {/* The full navigation needs about 1200 px in German and Spanish; below xl the menu toggle
          stands in for it, so tablets neither scroll sideways nor wrap every label. */}
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2 sm:gap-4 sm:py-3">
        {/* Below sm the brand is a two-line lockup, so the row stays one button high at 320 px
            (a wrapping brand made the header a quarter of a small phone's screen). */}
        <a href={home} className="flex flex-col whitespace-nowrap text-leaf-700 sm:block sm:text-lg sm:font-bold sm:tracking-tight">
          <span className="text-base font-bold leading-5 tracking-tight sm:text-lg sm:leading-7">{brandLead}</span>
          {brandRest ? (
            <>
              {' '}
              <span className="text-xs font-semibold leading-4 text-leaf-600 sm:text-lg sm:font-bold sm:leading-7 sm:text-leaf-700">{brandRest}</span>
            </>
          ) : null}
        </a>
        <nav aria-label={t('nav.mainNav')} className="hidden items-center gap-5 whitespace-nowrap xl:flex">
          {links.map((l) => (
            <a key={l.label} href={l.href} className="text-sm font-medium hover:text-brand-800">{l.label}</a>
          ))}
          <AreasMenu label={t('nav.areas')} links={areaLinks} />
        </nav>
        <div className="flex items-center gap-2">
          {/* A short visible label on phones; the accessible name stays the full one. */}
          <a href={anchor('quote')} className="whitespace-nowrap rounded-md bg-brand-700 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800 sm:px-4">
            <span aria-hidden="true" className="sm:hidden">{t('nav.scheduleNowShort')}</span>
            <span className="max-sm:sr-only">{t('nav.scheduleNow')}</span>
          </a>
          <MobileMenu
            links={links}
            areaLinks={areaLinks}
            areasLabel={t('nav.areas')}
            openLabel={t('nav.openMenu')}
            closeLabel={t('nav.closeMenu')}
          />
        </div>
      </div>
    </header>
  );
}
