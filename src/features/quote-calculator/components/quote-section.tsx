import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { CalculatorSettings } from '../calculator-settings';
import { QuoteCalculatorIsland } from './quote-calculator-island';

/** 'Build Your Custom Plan' (#quote, #quote-section): server-rendered heading, calculator as an island. */
export async function QuoteSection({ locale, settings }: { locale: Locale; settings: CalculatorSettings }) {
  const t = await getTranslations({ locale, namespace: 'calculator' });
  return (
    <section id="quote" aria-labelledby="quote-heading" className="scroll-mt-24 bg-gray-50 px-4 py-16">
      <div id="quote-section" className="mx-auto max-w-6xl scroll-mt-24">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="quote-heading" className="text-3xl font-bold sm:text-4xl">{t('title')}</h2>
          <p className="mt-3 text-lg text-gray-700">{t('subtitle')}</p>
        </div>
        <div className="mt-10">
          <QuoteCalculatorIsland settings={settings} loadingLabel={t('loading')} />
        </div>
      </div>
    </section>
  );
}
