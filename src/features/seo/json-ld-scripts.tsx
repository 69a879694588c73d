import 'server-only';
import { getTranslations } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import { getEnv } from '@/env';
import { getBranch } from '@/features/branch/branch.service';
import type { Locale } from '@/i18n/routing';
import { buildFaqPage, buildLocalBusiness, buildServiceOffers, describeBusiness, type JsonLdObject, listAreaServed, serializeJsonLd } from './json-ld';

/** One JSON-LD <script>; server-rendered, no client JavaScript. */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

/** The branch's facts, from `getBranch()`'s cache (no query per page); `areaServed` follows the served prefixes (0106). */
async function loadFacts() {
  const branch = await getBranch();
  return {
    name: branch.displayName,
    phone: branch.phone,
    email: branch.email,
    streetAddress: branch.address ?? '',
    city: branch.city ?? 'Hamilton',
    province: branch.province ?? 'ON',
    postalCode: branch.postalCode ?? '',
    latitude: branch.settings.depotLatitude,
    longitude: branch.settings.depotLongitude,
    areaServed: listAreaServed(branch.serviceArea, branch.settings.servedPrefixes),
    servedPrefixes: branch.settings.servedPrefixes,
  };
}

/** LocalBusiness (PestControl) for the branch: name, phone, address, geo, towns, Friday hours. */
export async function LocalBusinessJsonLd({ locale, path = '/' }: { locale: Locale; path?: string }) {
  const [facts, t] = await Promise.all([loadFacts(), getTranslations({ locale, namespace: 'seo' })]);
  const siteUrl = getEnv().PUBLIC_SITE_URL.replace(/\/+$/, '');
  return <JsonLd data={buildLocalBusiness(facts, { siteUrl, pageUrl: `${siteUrl}${path === '/' ? '' : path}`, description: describeBusiness(t, locale, facts.servedPrefixes) })} />;
}

/** Service + Offer entries: one-time, seasonal and tick control "from" prices before HST. */
export async function ServiceOffersJsonLd({ locale }: { locale: Locale }) {
  const [facts, t] = await Promise.all([loadFacts(), getTranslations({ locale, namespace: 'seo' })]);
  const services = (['onetime', 'seasonal', 'tick'] as const).map((code) => ({ code, name: t(`services.${code}.name`), description: t(`services.${code}.description`) }));
  const quotePath = localePath(locale, '/#quote');
  return <JsonLd data={buildServiceOffers(services, { siteUrl: getEnv().PUBLIC_SITE_URL, areaServed: facts.areaServed, quotePath })} />;
}

/** FAQPage for questions shown on the same page (Google requires them to be visible). */
export function FaqJsonLd({ items }: { items: readonly { question: string; answer: string }[] }) {
  return <JsonLd data={buildFaqPage(items)} />;
}
