import { Check } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import type { Locale } from '@/i18n/routing';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import type { PriceTable } from '@/features/pricing/price-table';
import type { MidseasonOffer } from '../midseason-offer';
import { PlanButton, SpecialOfferButton } from './plan-button';

const OFFER_BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-md bg-leaf-700 px-5 py-2 text-center font-semibold text-white hover:bg-leaf-600';

/**
 * SPEC "Pricing section": three plan cards (#onetime, #seasonal, #consult), the help box and the
 * offer button. 'View Special Offer' only while the midseason special runs (0081); otherwise the
 * same place offers booking the next season's seasonal plan early, with the plan cards' button.
 */
export async function PricingSection({ locale, priceTable, offer }: { locale: Locale; priceTable: PriceTable; offer: MidseasonOffer }) {
  const t = await getTranslations({ locale, namespace: 'home.pricing' });
  const money = (cents: number) => formatMoney(cents, locale);
  const quotePath = localePath(locale, '/#quote');
  const plans = [
    { id: 'onetime', serviceType: 'onetime', price: money(priceTable.plans.onetime.basePriceCents), popular: false },
    { id: 'seasonal', serviceType: 'seasonal', price: money(priceTable.plans.seasonal.perVisitCents), popular: true },
    { id: 'consult', serviceType: 'consult', price: t('plans.consult.price'), popular: false },
  ] as const;
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-24 bg-gray-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold sm:text-4xl">{t('title')}</h2>
          <p className="mt-3 text-lg text-gray-700">{t('subtitle')}</p>
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          {plans.map((plan) => (
            <article
              key={plan.id}
              id={plan.id}
              aria-labelledby={`${plan.id}-title`}
              className={cn('relative flex scroll-mt-24 flex-col rounded-2xl border bg-white p-6 shadow-sm', plan.popular ? 'border-2 border-brand-500' : 'border-gray-200')}
            >
              {plan.popular ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-500 px-3 py-1 text-xs font-bold text-ink">{t('popular')}</p>
              ) : null}
              <h3 id={`${plan.id}-title`} className="text-xl font-semibold">{t(`plans.${plan.id}.name`)}</h3>
              <p className="mt-3">
                <span className="text-4xl font-bold">{plan.price}</span>{' '}
                <span className="text-gray-600">{t(`plans.${plan.id}.unit`)}</span>
              </p>
              <p className="mt-3 text-gray-700">{t(`plans.${plan.id}.description`)}</p>
              <ul className="mt-4 flex-1 space-y-2">
                {(['f1', 'f2', 'f3', 'f4'] as const).map((f) => (
                  <li key={f} className="flex items-start gap-2">
                    <Check aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-leaf-700" />
                    <span>{t(`plans.${plan.id}.${f}`, { misting: money(priceTable.mistingSystem.annualCents) })}</span>
                  </li>
                ))}
              </ul>
              <PlanButton
                serviceType={plan.serviceType}
                quotePath={quotePath}
                className={cn(
                  'mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-md px-4 py-2 text-center font-semibold',
                  plan.popular ? 'bg-brand-700 text-white hover:bg-brand-800' : 'border border-gray-300 bg-white text-ink hover:bg-gray-50',
                )}
              >
                {t(`plans.${plan.id}.cta`)}
              </PlanButton>
            </article>
          ))}
        </div>
        <div className="mt-10 grid gap-6 rounded-2xl bg-white p-6 shadow-sm md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
          <div>
            <h3 className="text-xl font-semibold">{t('unsure.title')}</h3>
            <p className="mt-2 text-gray-700">{t('unsure.body')}</p>
            <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
              <a href="#quote-section" className="font-semibold text-brand-800 underline">{t('unsure.customQuote')}</a>
              <a href="#contact" className="font-semibold text-brand-800 underline">{t('unsure.expert')}</a>
            </p>
          </div>
          {offer.running ? (
            <SpecialOfferButton className={OFFER_BUTTON}>{t('specialOffer')}</SpecialOfferButton>
          ) : (
            <PlanButton serviceType="seasonal" quotePath={quotePath} className={OFFER_BUTTON}>
              {t('bookEarly', { year: offer.nextSeason.year })}
            </PlanButton>
          )}
        </div>
      </div>
    </section>
  );
}
