import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BusinessDetailsForm } from '@/features/business-details/components/business-details-form';
import { getBusinessDetails } from '@/features/business-details/business-details.service';
import { ServedPrefixesPanel } from '@/features/service-area/components/served-prefixes-panel';
import { getServiceAreaSettings } from '@/features/service-area/served-prefix.service';
import { can } from '@/features/staff-auth/capabilities';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The business details (admins only, docs/decisions/0044, 0076): the legal name and GST/HST number
 * tax receipts print, and the phone, email and mailing address customers see everywhere; and
 * which towns and communities are served (0088).
 */
export default async function BusinessDetailsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const session = await requireStaff({ can: 'businessDetails', redirectTo: '/business', locale });
  const [t, initial, serviceArea] = await Promise.all([
    getTranslations({ locale, namespace: 'businessDetails' }),
    getBusinessDetails(),
    // Where the business works (0088): the owner's too.
    can(session.role, 'serviceArea') ? getServiceAreaSettings() : null,
  ]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 max-w-3xl text-gray-600">{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['businessDetails', 'serviceAreaAdmin', 'receipts', 'errors'])}>
        <BusinessDetailsForm initial={initial} />
        {serviceArea ? <div className="mt-10 border-t border-gray-200 pt-8"><ServedPrefixesPanel initial={serviceArea} /></div> : null}
      </NextIntlClientProvider>
    </div>
  );
}
