import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getPublicBranchInfo } from '@/features/branch/branch.service';
import { loadPriceContext } from '@/features/pricing/pricing.service';
import { CheckoutNewView } from '@/features/payments/components/checkout-new-view';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'checkout' });
  return { title: t('new.title'), robots: { index: false } };
}

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CheckoutNewPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [raw, branch, { taxRate }] = await Promise.all([searchParams, getPublicBranchInfo(), loadPriceContext()]);
  const query = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  return (
    <div className="px-4 py-12">
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['payments', 'checkout', 'errors', 'marketingConsent'])}>
        <CheckoutNewView query={query} supportPhone={branch.phone} taxRate={taxRate} businessName={branch.displayName} />
      </NextIntlClientProvider>
    </div>
  );
}
