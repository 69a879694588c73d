import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StaffAccountsManager } from '@/features/staff-accounts/components/staff-accounts-manager';
import { listStaffAccountsForOffice } from '@/features/staff-accounts/staff-account.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Who can sign in to the staff area (admins only): add, edit, new password, deactivate, reactivate. */
export default async function StaffAccountsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const session = await requireStaff({ can: 'staffAccounts', redirectTo: '/staff-accounts', locale });
  const [t, overview] = await Promise.all([
    getTranslations({ locale, namespace: 'staffAccounts' }),
    listStaffAccountsForOffice(session),
  ]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 max-w-3xl text-gray-600">{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['staffAccounts', 'errors'])}>
        <StaffAccountsManager initial={overview} />
      </NextIntlClientProvider>
    </div>
  );
}
