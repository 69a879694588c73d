import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isAreaSlug } from '@/components/site/areas';
import { localePath } from '@/components/site/locale-paths';
import { RedirectHome } from '@/components/site/redirect-home';
import { getBranch } from '@/features/branch/branch.service';
import { buildCityMeta, getCityContent, selectCityCopy } from '@/features/city-pages/city-content';
import { CityPageView } from '@/features/city-pages/components/city-page-view';
import { buildAlternates } from '@/features/seo/alternates';
import { isServedRow } from '@/features/service-area/postal-code';
import { findTownCoverage } from '@/features/service-area/served-towns';
import { FaqJsonLd, LocalBusinessJsonLd, ServiceOffersJsonLd } from '@/features/seo/json-ld-scripts';
import { isLocale } from '@/i18n/routing';

type Params = { params: Promise<{ locale: string; city: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, city } = await params;
  // The same 404 as the page below, thrown here too so the head is the not-found page's.
  if (!isLocale(locale) || city.includes('.')) notFound();
  if (!isAreaSlug(city)) return { robots: { index: false } };
  const content = getCityContent(city);
  // getBranch() is cached (emptied by the owner's switch), so the served prefixes cost no query per page.
  const [branch, t] = await Promise.all([getBranch(), getTranslations({ locale, namespace: 'city' })]);
  const coverage = findTownCoverage(content.name, branch.settings.servedPrefixes);
  const { title, description } = buildCityMeta(content, coverage, locale, t, { brand: branch.displayName, phone: branch.phone });
  return {
    title,
    description,
    alternates: buildAlternates(locale, `/${city}`),
    openGraph: { title, description, locale, type: 'website' },
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
  // What the page claims follows the served prefixes (0106); the FAQ's structured data is the FAQ shown.
  const copy = selectCityCopy(content, branch.settings.servedPrefixes);
  return (
    <>
      <CityPageView content={content} copy={copy} locale={locale} phone={branch.phone} email={branch.email} postalPrefixes={postalPrefixes} />
      <LocalBusinessJsonLd locale={locale} path={localePath(locale, `/${city}`)} />
      <ServiceOffersJsonLd locale={locale} />
      <FaqJsonLd items={copy.faqs.map((f) => ({ question: f.question[locale], answer: f.answer[locale] }))} />
    </>
  );
}
