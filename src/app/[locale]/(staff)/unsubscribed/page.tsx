import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import { UnsubscribedExportLink } from '@/features/exports/components/export-controls';
import { UnsubscribedList } from '@/features/marketing-email/components/unsubscribed-list';
import { buildUnsubscribedListPath, readUnsubscribedSearchParam, UNSUBSCRIBED_LIST_PATH } from '@/features/marketing-email/unsubscribed-list';
import { loadUnsubscribedList } from '@/features/marketing-email/unsubscribed-list.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };
// Every visit reads the list as it is now.
export const dynamic = 'force-dynamic';

/**
 * The do-not-email list (admins only, docs/decisions/0074): every address that asked for no quote
 * follow-ups or promotional email, since when and how, searchable (`?q=`) and downloadable as CSV;
 * the office records an unsubscribe a person asks for, and takes an address off the list only on
 * consent given again.
 */
export default async function UnsubscribedPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const search = readUnsubscribedSearchParam((await searchParams).q);
  await requireStaff({ can: 'officeWork', redirectTo: buildUnsubscribedListPath(search), locale });
  const [t, list] = await Promise.all([getTranslations({ locale, namespace: 'marketingEmail.list' }), loadUnsubscribedList(search)]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['exports'])}>
          <UnsubscribedExportLink />
        </NextIntlClientProvider>
      </div>
      <p className="mb-6 mt-2 max-w-3xl text-gray-600">{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['marketingEmail', 'errors'])}>
        <UnsubscribedList
          list={list}
          search={search}
          listPath={localePath(locale, UNSUBSCRIBED_LIST_PATH)}
          customerPath={localePath(locale, '/customer-details')}
        />
      </NextIntlClientProvider>
    </div>
  );
}
