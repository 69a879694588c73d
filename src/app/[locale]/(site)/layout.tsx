import { setRequestLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { Footer } from '@/components/site/footer';
import { HashScroll } from '@/components/site/hash-scroll';
import { Header } from '@/components/site/header';
import { localePath } from '@/components/site/locale-paths';
import { getEnv } from '@/env';
import { LazyConsentBanner } from '@/features/analytics/components/lazy-consent-banner';
import { getPublicBranchInfo } from '@/features/branch/branch.service';
import { isLocale } from '@/i18n/routing';

/** The public website's frame: header, footer, hash scrolling and the consent banner. */
export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const env = getEnv();
  const [tAnalytics, branch] = await Promise.all([getTranslations({ locale, namespace: 'analytics' }), getPublicBranchInfo()]);

  return (
    <>
      {/* No client-side message provider here: each page gives its interactive islands the
          namespaces they read, so the shell ships no translation runtime. */}
      <Header locale={locale} phone={branch.phone} />
      <main id="main" className="flex-1">{children}</main>
      <Footer locale={locale} phone={branch.phone} email={branch.email} />
      <HashScroll homePath={localePath(locale, '/')} />
      {/* Advertising pixels exist only when configured, and load only after consent (DECISIONS §11). */}
      {env.META_PIXEL_ID || env.GOOGLE_ADS_ID ? (
        <LazyConsentBanner
          metaPixelId={env.META_PIXEL_ID ?? null}
          googleAdsId={env.GOOGLE_ADS_ID ?? null}
          labels={{ bannerLabel: tAnalytics('bannerLabel'), bannerText: tAnalytics('bannerText'), decline: tAnalytics('decline'), accept: tAnalytics('accept') }}
        />
      ) : null}
    </>
  );
}
