import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import { RouteManager } from '@/features/routing/components/route-manager';
import { isCalendarDate } from '@/features/routing/route.schema';
import { findDefaultRouteDate, isDemoDataPresent } from '@/features/routing/route.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function RoutesPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await requireStaff({ can: 'officeWork', redirectTo: '/routes', locale });
  const [t, query, isDemo] = await Promise.all([getTranslations({ locale, namespace: 'routing' }), searchParams, isDemoDataPresent()]);
  const asked = typeof query.date === 'string' && isCalendarDate(query.date) ? query.date : null;
  const initialDate = asked ?? (await findDefaultRouteDate());

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 text-gray-600">{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['routing', 'rainDay', 'serviceAreaAdmin', 'applicationRecords'])}>
        <RouteManager initialDate={initialDate} isDemo={isDemo} techniciansHref={localePath(locale, '/technicians')} />
      </NextIntlClientProvider>
    </div>
  );
}
