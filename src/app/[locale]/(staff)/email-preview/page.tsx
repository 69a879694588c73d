import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

// SPEC "Email preview": the sample email from GET /api/send-sample-email in a frame titled 'Email Preview'.
export default async function EmailPreviewPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const seasonOpener = (await searchParams).email === 'season-opener';
  await requireStaff({ can: 'officeWork', redirectTo: seasonOpener ? '/email-preview?email=season-opener' : '/email-preview', locale });
  const t = await getTranslations({ locale, namespace: 'quotesAdmin' });
  const tEmail = await getTranslations({ locale, namespace: 'email' });
  if (seasonOpener) {
    // The season opener (0043) with a made-up customer, from the dashboard's Customers tab.
    const tOpener = await getTranslations({ locale, namespace: 'marketingEmail.preview' });
    return (
      <div className="mx-auto max-w-4xl px-4 py-10">
        <h1 className="text-3xl font-bold">{tOpener('title')}</h1>
        <p className="mt-2 text-gray-700">{tOpener('note')}</p>
        <iframe title={tOpener('title')} src={`/api/admin/season-opener/preview?locale=${locale}`} className="mt-6 h-[80vh] w-full rounded-lg border border-gray-200 bg-white" />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('emailPreview')}</h1>
      {/* Its links carry a made-up quote token: staff are told it is a sample, not a quote to follow. */}
      <p className="mt-2 text-gray-700">{tEmail('sampleNote')}</p>
      <iframe title={t('emailPreview')} src={`/api/send-sample-email?locale=${locale}`} className="mt-6 h-[80vh] w-full rounded-lg border border-gray-200 bg-white" />
    </div>
  );
}
