import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CheckoutView } from '@/features/payments/components/checkout-view';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale } from '@/i18n/routing';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'checkout' });
  return { title: t('title'), robots: { index: false } };
}

type Props = { params: Promise<{ locale: string; appointmentId?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CheckoutPage({ params, searchParams }: Props) {
  const { locale, appointmentId } = await params;
  if (!isLocale(locale) || (appointmentId && appointmentId.length > 1)) notFound();
  setRequestLocale(locale);
  const raw = await searchParams;
  const query = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  return (
    <div className="px-4 py-12">
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['payments', 'checkout'])}>
        <CheckoutView pathAppointmentId={appointmentId?.[0]} query={query} />
      </NextIntlClientProvider>
    </div>
  );
}
