import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OwnPasswordForm } from '@/features/staff-accounts/components/own-password-form';
import { ROLE_LABELS } from '@/features/staff-accounts/staff-account.schema';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Every staff member's own account (any role): who is signed in, and their password (decision 0037). */
export default async function AccountPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const session = await requireStaff({ redirectTo: '/account', locale });
  const [t, tAccounts] = await Promise.all([
    getTranslations({ locale, namespace: 'account' }),
    getTranslations({ locale, namespace: 'staffAccounts' }),
  ]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <p className="mb-6 text-gray-600">{t('intro')}</p>
      <section aria-labelledby="account-details-title" className="mb-8 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="account-details-title" className="mb-3 text-xl font-semibold">{t('detailsTitle')}</h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 sm:gap-x-6">
          <dt className="font-medium text-gray-700">{tAccounts('displayName')}</dt>
          <dd className="break-words">{session.displayName}</dd>
          <dt className="font-medium text-gray-700">{tAccounts('username')}</dt>
          <dd className="break-words">{session.username}</dd>
          <dt className="font-medium text-gray-700">{tAccounts('access')}</dt>
          <dd className="break-words">{tAccounts(ROLE_LABELS[session.role].label)}</dd>
        </dl>
        <p className="mt-3 text-sm text-gray-600">{t('detailsHint')}</p>
      </section>
      <section aria-labelledby="account-password-title" className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="account-password-title" className="text-xl font-semibold">{t('passwordTitle')}</h2>
        <p className="text-sm text-gray-600">{t('passwordIntro')}</p>
        <p className="mb-4 text-sm text-gray-600">{t('forgotHint')}</p>
        <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['account', 'staffAccounts', 'errors'])}>
          <OwnPasswordForm username={session.username} labelledBy="account-password-title" />
        </NextIntlClientProvider>
      </section>
    </div>
  );
}
