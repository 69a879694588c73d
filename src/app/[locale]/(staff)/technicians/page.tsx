import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { TechniciansManager } from '@/features/technicians/components/technicians-manager';
import { listTechniciansForOffice } from '@/features/technicians/technician.service';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The office's technicians (admins only): who the route planner plans for. */
export default async function TechniciansPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await requireStaff({ can: 'technicians', redirectTo: '/technicians', locale });
  const [t, overview] = await Promise.all([
    getTranslations({ locale, namespace: 'technicians' }),
    listTechniciansForOffice(),
  ]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 max-w-3xl text-gray-600">{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['technicians', 'errors'])}>
        <TechniciansManager initial={overview} routesHref={localePath(locale, '/routes')} />
      </NextIntlClientProvider>
    </div>
  );
}
