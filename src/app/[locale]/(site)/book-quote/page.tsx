import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getPublicBranchInfo } from '@/features/branch/branch.service';
import { loadBookingFormProps } from '@/features/booking/components/booking-props';
import { QuoteBooking } from '@/features/booking/components/quote-booking';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'booking' });
  return { title: t('quote.title'), robots: { index: false } };
}

export default async function BookQuotePage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [props, query, branch] = await Promise.all([loadBookingFormProps(), searchParams, getPublicBranchInfo()]);
  const token = typeof query.token === 'string' ? query.token : '';
  return (
    <div className="px-4 py-12">
      <div className="mx-auto max-w-3xl">
        <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['booking', 'checkout', 'errors', 'marketingConsent'])}>
          <QuoteBooking token={token} {...props} pathPrefix={locale === 'en' ? '' : `/${locale}`} officePhone={branch.phone} />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
