import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RetreatmentsOffice } from '@/features/retreatments/components/retreatments-office';
import { listOfficeRetreatmentRequests } from '@/features/retreatments/retreatment.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };
// Every visit reads the requests as they are now.
export const dynamic = 'force-dynamic';

const PLANS = ['onetime', 'seasonal', 'tick-seasonal'] as const;

/** Customers' free re-treatment requests (admins only, docs/decisions/0047): schedule each on a Friday, or decline it. */
export default async function RetreatmentsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await requireStaff({ can: 'officeWork', redirectTo: '/retreatments', locale });
  const [t, tServices, requests] = await Promise.all([
    getTranslations({ locale, namespace: 'retreatments.office' }),
    getTranslations({ locale, namespace: 'adminDashboard' }),
    listOfficeRetreatmentRequests(),
  ]);
  const planLabels = Object.fromEntries(PLANS.map((plan) => [plan, tServices(`services.${plan}`)]));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 max-w-3xl text-gray-600">{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['retreatments', 'errors'])}>
        <RetreatmentsOffice open={requests.open} handled={requests.handled} planLabels={planLabels} />
      </NextIntlClientProvider>
    </div>
  );
}
