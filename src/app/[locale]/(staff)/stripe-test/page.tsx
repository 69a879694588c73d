import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PaymentTestView } from '@/features/payments/components/payment-test-view';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'checkout' });
  return { title: t('test.title'), robots: { index: false } };
}

/**
 * SPEC "Payment test page": the office only, whichever gateway is configured (DECISIONS §5 lists it
 * with the staff pages; a technician's login opens only their day sheet, docs/decisions/0014).
 */
export default async function PaymentTestPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await requireStaff({ can: 'paymentTest', redirectTo: '/stripe-test', locale });
  return (
    <div className="px-4 py-12">
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['payments', 'checkout'])}>
        <PaymentTestView />
      </NextIntlClientProvider>
    </div>
  );
}
