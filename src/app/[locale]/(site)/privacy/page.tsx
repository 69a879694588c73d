import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getBranch } from '@/features/branch/branch.service';
import { formatMailingAddress } from '@/features/email/email-layout';
import { LegalDocumentView } from '@/features/legal/components/legal-document-view';
import { buildAlternates } from '@/features/seo/alternates';
import { isLocale } from '@/i18n/routing';

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'legal.privacy' });
  return { title: t('metaTitle'), description: t('metaDescription'), alternates: buildAlternates(locale, '/privacy') };
}

export default async function PrivacyPage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const branch = await getBranch();
  const address = formatMailingAddress(branch) ?? '';
  return <LegalDocumentView locale={locale} document="privacy" facts={{ brand: branch.displayName, address, email: branch.email, phone: branch.phone }} />;
}
