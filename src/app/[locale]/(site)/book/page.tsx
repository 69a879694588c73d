import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BookingForm } from '@/features/booking/components/booking-form';
import { loadBookingFormProps } from '@/features/booking/components/booking-props';
import { toFormServiceType } from '@/features/booking/booking.schema';
import { loadBookingInvitePrefill } from '@/features/booking/booking-invite.service';
import { buildAlternates } from '@/features/seo/alternates';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'booking' });
  return { title: t('page.title'), alternates: buildAlternates(locale, '/book') };
}

export default async function BookPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, props, query] = await Promise.all([getTranslations({ locale, namespace: 'booking' }), loadBookingFormProps(), searchParams]);
  const serviceType = toFormServiceType(typeof query.serviceType === 'string' ? query.serviceType : null) ?? undefined;
  // The office's "Email a booking link" (0105): the customer's details from their record, never from the URL.
  const invited = await loadBookingInvitePrefill(typeof query.invite === 'string' ? query.invite : null, new Date());
  const initialValues = serviceType || invited ? { ...invited, ...(serviceType ? { serviceType } : {}) } : undefined;
  return (
    <div className="px-4 py-12">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold">{t('page.title')}</h1>
        <p className="mt-2 text-gray-700">{t('page.intro')}</p>
        <div className="mt-8 rounded-xl border border-gray-200 p-6 shadow-sm">
          <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['booking', 'errors', 'marketingConsent'])}>
            <BookingForm variant="page" {...props} pathPrefix={locale === 'en' ? '' : `/${locale}`} initialValues={initialValues} />
          </NextIntlClientProvider>
        </div>
      </div>
    </div>
  );
}
