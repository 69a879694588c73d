/**
 * What the public pages claim follows the served prefixes (docs/decisions/0106), on a real
 * database, through the owner's switch (PATCH /api/admin/service-area): a town taken out entirely
 * (Grimsby, whose one prefix is L3M) leaves the sitemap, the structured data's areaServed, the
 * business description and the terms, and its page's description says online booking isn't
 * available; a town served in part (Ancaster without L9G) is still claimed. Served again, all
 * return. Nothing is read from a stale cache: the switch empties it.
 */
import { eq } from 'drizzle-orm';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { branchSettings } from '@/db/schema/branches';
import { clearBranchCache } from '@/features/branch/branch.service';
import type { CityCopy } from '@/features/city-pages/city-content';
import type { LegalFacts } from '@/features/legal/legal-text';
import { DEFAULT_SERVED_PREFIXES } from '@/features/service-area/postal-code';
import type { Handler } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// The staff route reads its session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));
// The pages run here outside Next's server-components build, where next-intl's server entry refuses
// to load: their translations come from the same message files through the plain translator.
vi.mock('next-intl/server', async () => {
  const { getTranslator } = await import('@/i18n/messages');
  return {
    setRequestLocale: () => {},
    getTranslations: async ({ locale, namespace }: { locale: 'en' | 'es' | 'fr' | 'de'; namespace?: string }) => getTranslator(locale, namespace),
  };
});

const { PATCH } = (await import('@/app/api/admin/service-area/route')) as unknown as { PATCH: Handler };
const { default: sitemap } = await import('@/app/sitemap');
const cityPage = await import('@/app/[locale]/(site)/[city]/page');
const { default: termsPage } = await import('@/app/[locale]/(site)/terms/page');
const { LocalBusinessJsonLd, ServiceOffersJsonLd } = await import('@/features/seo/json-ld-scripts');

type Locale = 'en' | 'es' | 'fr' | 'de';
type JsonLdElement = ReactElement<{ data: { description?: string; areaServed: { '@type': string; name?: string }[] } | { areaServed: { '@type': string; name?: string }[] }[] }>;

let adminToken = '';

function switchPrefix(prefix: string, served: boolean) {
  jar.token = adminToken;
  return PATCH(new Request('http://localhost/api/admin/service-area', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', cookie: 'NEXT_LOCALE=en' },
    body: JSON.stringify({ prefix, served }),
  }), { params: Promise.resolve({}) });
}

async function sitemapPaths(): Promise<string[]> {
  return (await sitemap()).map((entry) => new URL(entry.url).pathname);
}

const cities = (areaServed: { '@type': string; name?: string }[]) => areaServed.filter((a) => a['@type'] === 'City').map((a) => a.name);

/** The towns the LocalBusiness names, its description, and the towns each Service names, as /{locale}/{city} writes them. */
async function structuredData(locale: Locale, path: string) {
  const business = (await LocalBusinessJsonLd({ locale, path })) as JsonLdElement;
  const offers = (await ServiceOffersJsonLd({ locale })) as JsonLdElement;
  const data = business.props.data as { description: string; areaServed: { '@type': string; name?: string }[] };
  return {
    towns: cities(data.areaServed),
    description: data.description,
    offerTowns: (offers.props.data as { areaServed: { '@type': string; name?: string }[] }[]).map((o) => cities(o.areaServed)),
  };
}

const params = (locale: Locale, city: string) => ({ params: Promise.resolve({ locale, city }) });

async function cityCopy(locale: Locale, city: string): Promise<CityCopy> {
  const fragment = (await cityPage.default(params(locale, city))) as ReactElement<{ children: ReactElement<{ copy: CityCopy }>[] }>;
  return fragment.props.children[0]!.props.copy;
}

async function termsServiceArea(locale: Locale): Promise<string | undefined> {
  const view = (await termsPage({ params: Promise.resolve({ locale }) })) as ReactElement<{ facts: LegalFacts }>;
  return view.props.facts.serviceArea;
}

beforeAll(async () => {
  ({ adminToken } = await signInAdminAndTechnician());
});

afterEach(async () => {
  await (await getDb()).update(branchSettings).set({ servedPrefixes: [...DEFAULT_SERVED_PREFIXES] }).where(eq(branchSettings.branchId, 1));
  clearBranchCache();
  jar.token = undefined;
});

describe('a town switched off and on again', () => {
  it('leaves the sitemap, areaServed, the description and the terms while not served, and its page says so; all return when served again', async () => {
    // As found: every town claimed.
    expect(await sitemapPaths()).toEqual(expect.arrayContaining(['/grimsby', '/es/grimsby', '/fr/grimsby', '/de/grimsby']));
    expect((await structuredData('en', '/grimsby')).towns).toContain('Grimsby');

    expect((await switchPrefix('L3M', false)).status).toBe(200);

    const paths = await sitemapPaths();
    expect(paths.filter((p) => p.includes('grimsby'))).toEqual([]);
    for (const slug of ['hamilton', 'ancaster', 'stoney-creek', 'dundas']) expect(paths).toContain(`/fr/${slug}`);

    const ld = await structuredData('fr', '/fr/grimsby');
    expect(ld.towns).not.toContain('Grimsby');
    expect(ld.towns).toEqual(expect.arrayContaining(['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Waterdown', 'Caledonia']));
    expect(ld.description).toMatch(/^Contrôle écologique des moustiques et des tiques pour les maisons de Hamilton, Ancaster, Stoney Creek et Dundas\./u);
    expect(ld.offerTowns).toHaveLength(3);
    for (const towns of ld.offerTowns) expect(towns).not.toContain('Grimsby');

    // The page is still there (links and search results lead to it) and says online booking isn't available.
    const meta = await cityPage.generateMetadata(params('es', 'grimsby'));
    expect(meta.title).toBe('Control de mosquitos y garrapatas en Grimsby, Ontario');
    expect(meta.description).toBe('Por ahora no es posible reservar en línea en Grimsby. Llame a Escarpment Mosquito & Tick al (905) 555-0134 para consultar sobre el control de mosquitos y garrapatas en su dirección.');
    expect((meta.openGraph as { description?: string }).description).toBe(meta.description);
    const copy = await cityCopy('en', 'grimsby');
    expect(copy.coverage).toBe('none');
    expect(copy.wholeTownText).toBeNull();
    expect((await cityCopy('en', 'stoney-creek')).nearby).toEqual(['hamilton']);

    expect(await termsServiceArea('de')).toBe('Wir betreuen Wohnhäuser und Betriebe in Hamilton, Ancaster, Stoney Creek und Dundas sowie in Nachbarorten wie Waterdown, Binbrook und Flamborough.');

    expect((await switchPrefix('L3M', true)).status).toBe(200);

    expect(await sitemapPaths()).toEqual(expect.arrayContaining(['/grimsby', '/es/grimsby', '/fr/grimsby', '/de/grimsby']));
    const back = await structuredData('en', '/grimsby');
    expect(back.towns.slice(0, 5)).toEqual(['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Grimsby']);
    expect(back.description).toMatch(/^Eco-friendly mosquito and tick control for homes in Hamilton, Ancaster, Stoney Creek, Dundas and Grimsby\./u);
    for (const towns of back.offerTowns) expect(towns).toContain('Grimsby');
    expect((await cityPage.generateMetadata(params('en', 'grimsby'))).description).toMatch(/^Friday mosquito and tick treatments for Grimsby/u);
    expect((await cityCopy('en', 'grimsby')).coverage).toBe('all');
    expect(await termsServiceArea('en')).toBe('We serve homes and businesses in Hamilton, Ancaster, Stoney Creek, Dundas and Grimsby, and nearby communities such as Waterdown, Binbrook and Flamborough.');
  });

  it('still claims a town served in part, without claiming all of it', async () => {
    expect((await switchPrefix('L9G', false)).status).toBe(200);

    expect(await sitemapPaths()).toEqual(expect.arrayContaining(['/ancaster', '/de/ancaster']));
    expect((await structuredData('en', '/ancaster')).towns).toContain('Ancaster');
    expect((await cityPage.generateMetadata(params('en', 'ancaster'))).description).toMatch(/^Mosquito and tick control for Ancaster homes/u);
    const copy = await cityCopy('en', 'ancaster');
    expect(copy.coverage).toBe('part');
    expect(copy.wholeTownText).toBeNull();
    expect(await termsServiceArea('en')).toContain('Ancaster');
  });
});
