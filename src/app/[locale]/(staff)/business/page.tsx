import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BusinessDetailsForm } from '@/features/business-details/components/business-details-form';
import { getBusinessDetails } from '@/features/business-details/business-details.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The business details (admins only, docs/decisions/0044, 0076): the legal name and GST/HST number
 * tax receipts print, and the phone, email and mailing address customers see everywhere.
 */
export default async function BusinessDetailsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await requireStaff({ can: 'businessDetails', redirectTo: '/business', locale });
  const [t, initial] = await Promise.all([
    getTranslations({ locale, namespace: 'businessDetails' }),
    getBusinessDetails(),
  ]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 max-w-3xl text-gray-600">{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['businessDetails', 'receipts', 'errors'])}>
        <BusinessDetailsForm initial={initial} />
      </NextIntlClientProvider>
    </div>
  );
}
