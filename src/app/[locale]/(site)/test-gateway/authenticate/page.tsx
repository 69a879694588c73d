import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TestAuthenticateView } from '@/features/payments/components/test-authenticate-view';
import { findTestPaymentForAuthentication } from '@/features/payments/payment.service';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'payments' });
  return { title: t('authenticate.title'), robots: { index: false } };
}

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The test gateway's stand-in for a bank's 3-D Secure page. */
export default async function TestAuthenticatePage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const intentId = typeof query.payment_intent === 'string' ? query.payment_intent : '';
  const secret = typeof query.payment_intent_client_secret === 'string' ? query.payment_intent_client_secret : '';
  const payment = intentId && secret ? await findTestPaymentForAuthentication(intentId, secret) : null;
  return (
    <div className="px-4 py-12">
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['payments'])}>
        <TestAuthenticateView payment={payment} clientSecret={secret} />
      </NextIntlClientProvider>
    </div>
  );
}
