import { CalendarCheck, ShieldCheck, Users } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

/**
 * The landing page's hero. `summer` is the page's season decision (findHeroSummer, 0100): SPEC's
 * tagline ("this summer") until the season ends, "next summer" after it; server-rendered either way.
 */
export async function HeroSection({ locale, summer }: { locale: Locale; summer: 'this' | 'next' }) {
  const t = await getTranslations({ locale, namespace: 'home.hero' });
  const claims = [
    { icon: ShieldCheck, text: t('claimGuarantee') },
    { icon: CalendarCheck, text: t('claimDuration') },
    { icon: Users, text: t('claimCustomers') },
  ];
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-leaf-700 to-leaf-600 px-4 py-16 text-white sm:py-24">
      <div className="mx-auto max-w-5xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{t('eyebrow')}</p>
        <h1 id="hero-heading" className="mt-2 text-4xl font-bold leading-tight sm:text-5xl">{t('title')}</h1>
        <p className="mt-4 max-w-2xl text-lg sm:text-xl">{t(summer === 'next' ? 'taglineNextSummer' : 'tagline')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a href="#quote-section" className="inline-flex min-h-12 items-center justify-center rounded-md bg-brand-500 px-6 py-2 text-center text-base font-bold text-ink hover:bg-brand-100">
            {t('freeQuote')}
          </a>
          <a href="#quote" className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-white px-6 py-2 text-center text-base font-bold text-white hover:bg-white/10">
            {t('schedule')}
          </a>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {claims.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-2 text-base">
              <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-100" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
