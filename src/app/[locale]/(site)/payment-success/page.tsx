import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PaymentSuccessView } from '@/features/payments/components/payment-success-view';
import { getStaffSession } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'checkout' });
  return { title: t('success.title'), robots: { index: false } };
}

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PaymentSuccessPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const intentId = typeof query.payment_intent === 'string' ? query.payment_intent : null;
  // admin=true alone shows nothing: the dashboard link needs a real staff session.
  const showAdminLink = query.admin === 'true' && (await getStaffSession()) !== null;
  return (
    <div className="px-4 py-12">
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['payments', 'checkout'])}>
        <PaymentSuccessView paymentIntentId={intentId} showAdminLink={showAdminLink} />
      </NextIntlClientProvider>
    </div>
  );
}
