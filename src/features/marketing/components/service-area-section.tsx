import { MapPin } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { ServedPrefix } from '@/features/service-area/postal-code';
import { findServedTowns, LISTED_AREAS, LISTED_AREAS_PART_OF } from '@/features/service-area/served-towns';
import { MapReveal } from './map-reveal';
import { ServiceAreaCheck } from './service-area-check';
import { ServiceAreaMap } from './service-area-map';


export async function ServiceAreaSection({ locale, servedPrefixes, depot }: {
  locale: Locale; servedPrefixes: readonly ServedPrefix[]; depot: { latitude: number; longitude: number };
}) {
  const t = await getTranslations({ locale, namespace: 'home.serviceArea' });
  return (
    <section id="service-area" aria-labelledby="service-area-heading" className="scroll-mt-24 bg-gray-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="service-area-heading" className="text-3xl font-bold sm:text-4xl">{t('title')}</h2>
          <p className="mt-3 text-lg text-gray-700">{t('subtitle')}</p>
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <MapReveal loadingLabel={t('loadingMap')}>
            <ServiceAreaMap title={t('mapTitle')} lakeLabel={t('lake')} depotLabel={t('depot')} servedPrefixes={servedPrefixes} depot={depot} />
          </MapReveal>
          <div className="min-w-0 space-y-6">
            <div className="rounded-xl border border-gray-200 bg-white p-6">
              <h3 className="flex items-center gap-2 text-xl font-semibold">
                <MapPin aria-hidden className="h-5 w-5 text-leaf-700" />
                {t('cardTitle')}
              </h3>
              <p className="mt-2 text-gray-700">{t('cardBody')}</p>
              <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label={t('listLabel')}>
                {/* Only the areas served now, as the map beside it draws them (0088, 0100). */}
                {findServedTowns(LISTED_AREAS, servedPrefixes, LISTED_AREAS_PART_OF).map((area) => <li key={area} className="before:mr-1.5 before:text-leaf-700 before:content-['•']">{area}</li>)}
              </ul>
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-6">
              <ServiceAreaCheck texts={{
                label: t('check.label'), placeholder: 'L8P 1A1', submit: t('check.submit'), checking: t('check.checking'),
                invalid: t('check.invalid'), served: t('check.served'), notServed: t('check.notServed'), failed: t('check.failed'),
              }} />
            </div>
            <p className="text-gray-700">
              {t('outside')} <a href="#contact" className="font-semibold text-brand-800 underline">{t('contactLink')}</a>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
