import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Card, CardContent } from '@/components/ui/card';
import { getPublicBranchInfo } from '@/features/branch/branch.service';
import { RequestLinkForm } from '@/features/manage-booking/components/request-link-form';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';
import { toTelHref } from '@/lib/phone';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'manageBooking.request' });
  // A transactional page: not for search engines (robots disallow /manage-booking, not in the sitemap).
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** "Find your booking" (decision 0032): a customer who lost the email asks for their links again. */
export default async function FindBookingPage({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, branch] = await Promise.all([getTranslations({ locale, namespace: 'manageBooking.request' }), getPublicBranchInfo()]);
  return (
    <div className="px-4 py-12">
      <div className="mx-auto max-w-xl space-y-6">
        <header className="space-y-2">
          <h1 className="text-3xl font-bold">{t('title')}</h1>
          <p className="text-gray-700">{t('intro')}</p>
        </header>
        <Card>
          <CardContent className="pt-6">
            <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['manageBooking', 'errors'])}>
              <RequestLinkForm />
            </NextIntlClientProvider>
          </CardContent>
        </Card>
        <p className="text-sm text-gray-700">
          {t('noEmail')} <a className="font-semibold text-brand-800 underline" href={toTelHref(branch.phone)}>{branch.phone}</a>
        </p>
      </div>
    </div>
  );
}
