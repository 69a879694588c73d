import '../globals.css';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { getEnv } from '@/env';
import { isLocale, toLocale } from '@/i18n/routing';

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#166534' };

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'site' });
  return {
    metadataBase: new URL(getEnv().PUBLIC_SITE_URL),
    title: { default: t('brand'), template: `%s | ${t('brand')}` },
    description: t('footer.tagline'),
    // No alternates here: each page declares its own canonical and hreflang (buildAlternates).
  };
}

/**
 * The document and what every page shares. The public site's header and footer live in the
 * (site) group's layout; the staff screens have their own shell in (staff).
 */
export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'site' });

  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col">
        {children}
        <LazyToaster closeLabel={t('close')} regionLabel={t('toastRegion')} />
      </body>
    </html>
  );
}
