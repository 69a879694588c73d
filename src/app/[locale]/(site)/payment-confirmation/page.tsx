import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PaymentConfirmationView } from '@/features/payments/components/payment-confirmation-view';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'checkout' });
  return { title: t('confirmation.pageTitle'), robots: { index: false } };
}

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PaymentConfirmationPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  return (
    <div className="px-4 py-12">
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['payments', 'checkout'])}>
        <PaymentConfirmationView
          paymentIntentId={typeof query.payment_intent === 'string' ? query.payment_intent : null}
          redirectStatus={typeof query.redirect_status === 'string' ? query.redirect_status : null}
        />
      </NextIntlClientProvider>
    </div>
  );
}
