/**
 * A town the owner stops serving entirely (docs/decisions/0106): Grimsby has one postal prefix,
 * L3M. Switched off from /business, its page stays (links and search results lead there) but says
 * online booking isn't available, with the phone instead of the booking button, in its search
 * description too; the sitemap, the structured data's areaServed and the terms stop claiming it.
 * Switched back on, all of it returns. The demo database is left serving Grimsby, as found.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

/** The cities the page's structured data names as served (LocalBusiness and the three Services). */
async function citiesServed(page: Page): Promise<string[][]> {
  const blocks = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null') as unknown));
  // The Services are one script holding an array; the LocalBusiness and the FAQPage one object each.
  return blocks
    .flatMap((b) => (Array.isArray(b) ? (b as unknown[]) : [b]))
    .filter((b): b is { areaServed: { '@type': string; name?: string }[] } => typeof b === 'object' && b !== null && 'areaServed' in b)
    .map((b) => b.areaServed.filter((a) => a['@type'] === 'City').map((a) => a.name ?? ''));
}

const metaDescription = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

async function switchGrimsby(page: Page, served: boolean): Promise<void> {
  await page.goto('/business');
  const row = page.getByTestId('served-prefix-L3M');
  await row.getByText(served ? 'Not served' : 'Served', { exact: true }).waitFor();
  if (served) {
    await row.getByRole('button', { name: 'Serve again Grimsby L3M' }).click();
    await page.getByRole('alertdialog', { name: 'Serve Grimsby (L3M) again?' }).getByRole('button', { name: 'Serve Grimsby' }).click();
    await toast(page, 'Grimsby is served again').waitFor();
  } else {
    await row.getByRole('button', { name: 'Stop serving Grimsby L3M' }).click();
    await page.getByRole('alertdialog', { name: 'Stop serving Grimsby (L3M)?' }).getByRole('button', { name: 'Stop serving Grimsby' }).click();
    await toast(page, 'Grimsby is no longer served').waitFor();
  }
  await row.getByText(served ? 'Served' : 'Not served', { exact: true }).waitFor();
}

describe('a town no longer served (0106)', () => {
  it('keeps its page but says online booking is not available there, with the phone, and the sitemap, structured data and terms stop claiming it until it is served again', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
    await signInAsAdmin(page, '/business');
    try {
      // As found: Grimsby served, claimed everywhere.
      expect(await sitemapPaths(context.request)).toEqual(expect.arrayContaining(['/grimsby', '/fr/grimsby']));

      await switchGrimsby(page, false);

      const res = await page.goto('/grimsby');
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Mosquito & Tick Control in Grimsby' }).waitFor();
      const notice = page.getByRole('note', { name: "Online booking isn't available in Grimsby right now" });
      expect(await notice.count()).toBe(2);
      const call = notice.first().getByRole('link', { name: /^Call \(\d{3}\) \d{3}-\d{4}$/u });
      expect(await call.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/u);
      expect(await page.getByRole('link', { name: 'Schedule Service' }).count()).toBe(0);
      expect(await page.locator('#service-area').getByText('Grimsby is outside our current service area.').isVisible()).toBe(true);
      expect(await page.getByText('We serve all of Grimsby', { exact: false }).count()).toBe(0);
      expect(await page.getByText('Do you really come out to Grimsby?').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Neighbourhoods of Grimsby' }).isVisible()).toBe(true);
      expect(await metaDescription(page)).toMatch(/^Online booking isn't available in Grimsby right now\. Call .+ at \(\d{3}\) \d{3}-\d{4}/u);
      const served = await citiesServed(page);
      expect(served).toHaveLength(4);
      for (const towns of served) {
        expect(towns).not.toContain('Grimsby');
        expect(towns).toContain('Stoney Creek');
      }
      expect(await findAxeViolations(page)).toEqual([]);

      // The other towns' pages stop offering it as a nearby area we serve; their own claims stand.
      await page.goto('/stoney-creek');
      expect(await page.locator('#service-area').getByRole('link', { name: 'Grimsby' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Schedule Service' }).first().isVisible()).toBe(true);

      // In German, the page and its description say the same (a visitor of their own: the language
      // cookie would otherwise send this one's unprefixed pages to German).
      const german = await newPage();
      await german.page.goto('/de/grimsby');
      await german.page.getByRole('note', { name: 'Online-Buchung ist in Grimsby derzeit nicht möglich' }).first().waitFor();
      expect(await metaDescription(german.page)).toMatch(/^Online-Buchung ist in Grimsby derzeit nicht möglich\./u);
      expect(german.errors).toEqual([]);
      await german.context.close();

      const paths = await sitemapPaths(context.request);
      expect(paths.filter((p) => p.includes('grimsby'))).toEqual([]);
      expect(paths).toEqual(expect.arrayContaining(['/dundas', '/es/dundas', '/terms']));

      await page.goto('/terms');
      // The nearby examples depend on what earlier journeys left served; SPEC's towns are the point here.
      const terms = page.locator('#section-1 p').first();
      expect(await terms.textContent()).toMatch(/^We serve homes and businesses in Hamilton, Ancaster, Stoney Creek and Dundas[,.]/u);
      expect(await terms.textContent()).not.toContain('Grimsby');

      await switchGrimsby(page, true);

      await page.goto('/grimsby');
      await page.getByText('We serve all of Grimsby', { exact: false }).waitFor();
      expect(await page.getByRole('note').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Schedule Service' }).first().getAttribute('href')).toBe('/schedule');
      expect(await page.getByText('Do you really come out to Grimsby?').isVisible()).toBe(true);
      expect(await metaDescription(page)).toMatch(/^Friday mosquito and tick treatments for Grimsby/u);
      for (const towns of await citiesServed(page)) expect(towns).toContain('Grimsby');
      expect(await sitemapPaths(context.request)).toEqual(expect.arrayContaining(['/grimsby', '/es/grimsby', '/fr/grimsby', '/de/grimsby']));
      expect(errors).toEqual([]);
    } finally {
      // Other journeys expect the demo branch to serve Grimsby.
      expect((await context.request.patch('/api/admin/service-area', { data: { prefix: 'L3M', served: true } })).status()).toBe(200);
      await context.close();
    }
  });
});
