import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { QuoteList } from '@/features/staff-dashboard/components/quote-list';
import { listQuotesForStaff } from '@/features/staff-dashboard/dashboard.service';
import { buildQuoteAdminPath, readQuoteEmailParam, readQuoteSearch, readQuoteSearchParam } from '@/features/staff-dashboard/quote-list';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * SPEC's quotes admin: the newest quotes' cards, rendered here, then filtered and paged in the
 * browser. `?q=` starts it on a search (a quote number from a customer's page, 0068), `?email=` on
 * the quotes sent to one address exactly (a customer's page with more than it lists, 0073).
 */
export default async function QuotesAdminPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const search = readQuoteSearchParam(query.q);
  const email = readQuoteEmailParam(query.email);
  await requireStaff({ can: 'officeWork', redirectTo: buildQuoteAdminPath({ search, email }), locale });
  const t = await getTranslations({ locale, namespace: 'quotesAdmin' });
  const firstPage = await listQuotesForStaff({ q: readQuoteSearch(search) ?? undefined, email: email ?? undefined }).catch(() => null);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {firstPage === null ? (
        <p role="alert" className="mt-6 text-red-700">{t('error')}</p>
      ) : (
        <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['quotesAdmin', 'adminDashboard', 'pricing', 'serviceAreaAdmin'])}>
          <QuoteList initial={firstPage} initialSearch={search} initialEmail={email} />
        </NextIntlClientProvider>
      )}
    </div>
  );
}
