import { ChevronDown } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { ServedPrefix } from '@/features/service-area/postal-code';
import { findServedTowns, LISTED_AREAS, LISTED_AREAS_PART_OF } from '@/features/service-area/served-towns';
import type { Locale } from '@/i18n/routing';
import { formatNameList } from '@/lib/format';
import type { FaqItem } from './faq-accordion';
import { LazyFaqAccordion } from './lazy-islands';

export const FAQ_KEYS = ['fridays', 'safety', 'duration', 'rain', 'guarantee', 'prepare', 'ticks', 'area'] as const;

/** The FAQ's questions and answers; "Which areas do you serve?" names the areas served now, as the map does (0100). */
export async function loadFaqItems(locale: Locale, servedPrefixes: readonly ServedPrefix[]): Promise<FaqItem[]> {
  const t = await getTranslations({ locale, namespace: 'home.faq' });
  const areas = formatNameList(findServedTowns(LISTED_AREAS, servedPrefixes, LISTED_AREAS_PART_OF), locale);
  return FAQ_KEYS.map((key) => ({ question: t(`items.${key}.q`), answer: t(`items.${key}.a`, { areas }) }));
}

/** SPEC: FAQ accordion (#faq), single-open and collapsible, with a link to #contact. */
export async function FaqSection({ locale, items }: { locale: Locale; items: FaqItem[] }) {
  const t = await getTranslations({ locale, namespace: 'home.faq' });
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-24 px-4 py-16">
      <div className="mx-auto max-w-3xl">
        <h2 id="faq-heading" className="text-center text-3xl font-bold sm:text-4xl">{t('title')}</h2>
        <div className="mt-8">
          <LazyFaqAccordion items={items}>
            {/* Same look before the accordion's script arrives; answers stay in the HTML for readers and search. */}
            <div className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
              {items.map((item) => (
                <details key={item.question} className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-semibold sm:px-6">
                    {item.question}
                    <ChevronDown aria-hidden className="h-5 w-5 shrink-0" />
                  </summary>
                  <p className="px-4 pb-4 text-gray-700 sm:px-6">{item.answer}</p>
                </details>
              ))}
            </div>
          </LazyFaqAccordion>
        </div>
        <p className="mt-6 text-center text-gray-700">
          {t('more')} <a href="#contact" className="font-semibold text-brand-800 underline">{t('contactLink')}</a>
        </p>
      </div>
    </section>
  );
}
