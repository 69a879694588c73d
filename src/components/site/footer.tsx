import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { localePath } from './locale-paths';
import { toTelHref } from '@/lib/phone';

export async function Footer({ locale, phone, email }: { locale: Locale; phone: string; email: string }) {
  const t = await getTranslations({ locale, namespace: 'site' });
  const anchor = (id: string) => localePath(locale, `/#${id}`);
  return (
    <footer className="bg-ink text-gray-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-white">{t('brand')}</p>
          <p className="mt-2 max-w-md text-sm">{t('footer.tagline')}</p>
          <p className="mt-4 text-sm">
            {t('footer.labelled', { label: t('footer.call') })} <a className="underline" href={toTelHref(phone)}>{phone}</a>
            <br />
            {t('footer.labelled', { label: t('footer.email') })} <a className="underline" href={`mailto:${email}`}>{email}</a>
            <br />
            {t('footer.hours')}
          </p>
        </div>
        <nav aria-label={t('footer.quickLinks')}>
          <p className="font-semibold text-white">{t('footer.quickLinks')}</p>
          <ul className="mt-2 space-y-2 text-sm">
            <li><a className="hover:underline" href={anchor('appointment-section')}>{t('footer.book')}</a></li>
            <li><a className="hover:underline" href={anchor('about')}>{t('nav.about')}</a></li>
            <li><a className="hover:underline" href={anchor('testimonials')}>{t('nav.testimonials')}</a></li>
            <li><a className="hover:underline" href={anchor('faq')}>{t('nav.faq')}</a></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.legal')}>
          <p className="font-semibold text-white">{t('footer.legal')}</p>
          <ul className="mt-2 space-y-2 text-sm">
            <li><a className="hover:underline" href={localePath(locale, '/privacy')}>{t('footer.privacy')}</a></li>
            <li><a className="hover:underline" href={localePath(locale, '/terms')}>{t('footer.terms')}</a></li>
            <li><a className="hover:underline" href="/sitemap.xml">{t('footer.sitemap')}</a></li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs">
        {t('footer.rights', { year: new Date().getFullYear(), brand: t('brand') })}
      </p>
    </footer>
  );
}
