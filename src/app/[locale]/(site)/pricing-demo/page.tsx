import { Check } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import { buttonVariants } from '@/components/ui/button';
import { readMessageList } from '@/features/legal/legal-text';
import { buildOrderHref, PRICING_DEMO_PLANS } from '@/features/legal/pricing-demo-plans';
import { buildAlternates } from '@/features/seo/alternates';
import { isLocale } from '@/i18n/routing';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'pricingDemo' });
  return { title: t('metaTitle'), description: t('metaDescription'), alternates: buildAlternates(locale, '/pricing-demo') };
}

export default async function PricingDemoPage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'pricingDemo' });
  const home = localePath(locale, '/');

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 wrap-anywhere sm:py-16">
      <h1 className="text-center text-3xl font-bold break-words sm:text-4xl">{t('title')}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-gray-700">{t('intro')}</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {PRICING_DEMO_PLANS.map((plan) => {
          const name = t(`plans.${plan.key}.name`);
          const features = readMessageList<string>(t.raw(`plans.${plan.key}.features`));
          return (
            <li key={plan.key} className={cn('relative flex flex-col rounded-xl border bg-white p-6 shadow-sm', plan.popular ? 'border-2 border-leaf-700' : 'border-gray-200')}>
              {plan.popular ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-leaf-700 px-3 py-1 text-xs font-semibold text-white">{t('mostPopular')}</p>
              ) : null}
              <h2 className="text-xl font-semibold">{name}</h2>
              <p className="mt-4">
                <span className="block text-sm text-gray-700">{t('from')}</span>
                <span className="text-4xl font-bold">{formatMoney(plan.fromCents, locale)}</span>{' '}
                <span className="text-gray-700">{t(plan.unit)} {t('plusHst')}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-2">
                {features.map((f) => (
                  <li key={f} className="flex gap-2"><Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-leaf-700" />{f}</li>
                ))}
              </ul>
              <Link href={buildOrderHref(home, plan.serviceType)} aria-label={t('orderNowLabel', { plan: name })} className={cn(buttonVariants({ size: 'lg', variant: plan.popular ? 'default' : 'outline' }), 'mt-6 w-full')}>
                {t('orderNow')}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
