import '../globals.css';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { Footer } from '@/components/site/footer';
import { HashScroll } from '@/components/site/hash-scroll';
import { Header } from '@/components/site/header';
import { localePath } from '@/components/site/locale-paths';
import { getEnv } from '@/env';
import { LazyConsentBanner } from '@/features/analytics/components/lazy-consent-banner';
import { getPublicBranchInfo } from '@/features/branch/branch.service';
import { isLocale } from '@/i18n/routing';

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#166534' };

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'en', namespace: 'site' });
  return {
    metadataBase: new URL(getEnv().PUBLIC_SITE_URL),
    title: { default: t('brand'), template: `%s | ${t('brand')}` },
    description: t('footer.tagline'),
    // No alternates here: each page declares its own canonical and hreflang (buildAlternates).
  };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const env = getEnv();
  const [t, tAnalytics, branch] = await Promise.all([
    getTranslations({ locale, namespace: 'site' }),
    getTranslations({ locale, namespace: 'analytics' }),
    getPublicBranchInfo(),
  ]);

  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col">
        {/* No client-side message provider here: each page gives its interactive islands the
            namespaces they read, so the shell ships no translation runtime. */}
        <Header locale={locale} phone={branch.phone} />
        <main id="main" className="flex-1">{children}</main>
        <Footer locale={locale} phone={branch.phone} email={branch.email} />
        <HashScroll homePath={localePath(locale, '/')} />
        <LazyToaster closeLabel={t('close')} regionLabel={t('toastRegion')} />
        {/* Advertising pixels exist only when configured, and load only after consent (DECISIONS §11). */}
        {env.META_PIXEL_ID || env.GOOGLE_ADS_ID ? (
          <LazyConsentBanner
            metaPixelId={env.META_PIXEL_ID ?? null}
            googleAdsId={env.GOOGLE_ADS_ID ?? null}
            labels={{ bannerLabel: tAnalytics('bannerLabel'), bannerText: tAnalytics('bannerText'), decline: tAnalytics('decline'), accept: tAnalytics('accept') }}
          />
        ) : null}
      </body>
    </html>
  );
}
