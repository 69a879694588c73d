import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isAreaSlug } from '@/components/site/areas';
import { localePath } from '@/components/site/locale-paths';
import { RedirectHome } from '@/components/site/redirect-home';
import { getBranch } from '@/features/branch/branch.service';
import { getCityContent } from '@/features/city-pages/city-content';
import { CityPageView } from '@/features/city-pages/components/city-page-view';
import { buildAlternates } from '@/features/seo/alternates';
import { isServedRow } from '@/features/service-area/postal-code';
import { FaqJsonLd, LocalBusinessJsonLd, ServiceOffersJsonLd } from '@/features/seo/json-ld-scripts';
import { isLocale } from '@/i18n/routing';

type Params = { params: Promise<{ locale: string; city: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, city } = await params;
  // The same 404 as the page below, thrown here too so the head is the not-found page's.
  if (!isLocale(locale) || city.includes('.')) notFound();
  if (!isAreaSlug(city)) return { robots: { index: false } };
  const content = getCityContent(city);
  return {
    title: content.meta.title[locale],
    description: content.meta.description[locale],
    alternates: buildAlternates(locale, `/${city}`),
    openGraph: { title: content.meta.title[locale], description: content.meta.description[locale], locale, type: 'website' },
  };
}

export default async function CityPage({ params }: Params) {
  const { locale, city } = await params;
  if (!isLocale(locale) || city.includes('.')) notFound();
  setRequestLocale(locale);
  if (!isAreaSlug(city)) {
    const t = await getTranslations({ locale, namespace: 'site' });
    return <RedirectHome href={localePath(locale, '/')} label={t('redirecting')} />;
  }
  const content = getCityContent(city);
  const branch = await getBranch();
  const postalPrefixes = branch.settings.servedPrefixes.filter((p) => p.area === content.name && isServedRow(p)).map((p) => p.prefix);
  return (
    <>
      <CityPageView content={content} locale={locale} phone={branch.phone} email={branch.email} postalPrefixes={postalPrefixes} />
      <LocalBusinessJsonLd locale={locale} path={localePath(locale, `/${city}`)} />
      <ServiceOffersJsonLd locale={locale} />
      <FaqJsonLd items={content.faqs.map((f) => ({ question: f.question[locale], answer: f.answer[locale] }))} />
    </>
  );
}
