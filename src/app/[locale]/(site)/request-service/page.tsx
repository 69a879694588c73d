import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { loadBookingFormProps } from '@/features/booking/components/booking-props';
import { ServiceRequestForm } from '@/features/booking/components/service-request-form';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'booking' });
  return { title: t('request.title') };
}

export default async function RequestServicePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, { pricing }] = await Promise.all([getTranslations({ locale, namespace: 'booking' }), loadBookingFormProps()]);
  return (
    <div className="px-4 py-12">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold">{t('request.title')}</h1>
        <p className="mt-2 text-gray-700">{t('request.intro')}</p>
        <div className="mt-8 rounded-xl border border-gray-200 p-6 shadow-sm">
          <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['booking', 'errors'])}>
            <ServiceRequestForm pricing={pricing} pathPrefix={locale === 'en' ? '' : `/${locale}`} />
          </NextIntlClientProvider>
        </div>
      </div>
    </div>
  );
}
