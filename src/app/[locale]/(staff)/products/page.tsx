import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProductsManager } from '@/features/application-records/components/products-manager';
import { listProductsForOffice } from '@/features/application-records/product.service';
import { ApplicationsExportForm } from '@/features/exports/components/export-controls';
import { findDefaultApplicationExportRange } from '@/features/exports/exports.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The branch's pest control products (admins only, docs/decisions/0042): what technicians record
 * at "Mark done", with their PCP numbers; and the download of the application records.
 */
export default async function ProductsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await requireStaff({ can: 'products', redirectTo: '/products', locale });
  const [t, { products }, exportRange] = await Promise.all([
    getTranslations({ locale, namespace: 'applicationRecords.products' }),
    listProductsForOffice(),
    findDefaultApplicationExportRange(),
  ]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 max-w-3xl text-gray-600">{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['applicationRecords', 'exports', 'errors'])}>
        <ApplicationsExportForm defaultRange={exportRange} />
        <ProductsManager initial={products} />
      </NextIntlClientProvider>
    </div>
  );
}
