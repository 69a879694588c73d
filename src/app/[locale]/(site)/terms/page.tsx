import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getBranch } from '@/features/branch/branch.service';
import { formatMailingAddress } from '@/features/email/email-layout';
import { LegalDocumentView } from '@/features/legal/components/legal-document-view';
import { describeTermsServiceArea } from '@/features/legal/legal-text';
import { buildAlternates } from '@/features/seo/alternates';
import { isLocale } from '@/i18n/routing';

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'legal.terms' });
  return { title: t('metaTitle'), description: t('metaDescription'), alternates: buildAlternates(locale, '/terms') };
}

export default async function TermsPage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [branch, tArea] = await Promise.all([getBranch(), getTranslations({ locale, namespace: 'legal.terms.serviceArea' })]);
  const address = formatMailingAddress(branch) ?? '';
  // Where we work follows the served prefixes (0106), from getBranch()'s cache like the rest of the page.
  const serviceArea = describeTermsServiceArea(tArea, locale, branch.settings.servedPrefixes);
  return <LegalDocumentView locale={locale} document="terms" facts={{ brand: branch.displayName, address, email: branch.email, phone: branch.phone, serviceArea }} />;
}
