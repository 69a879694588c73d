import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage, baseURL } = setupBrowser();

const CITIES = [
  { slug: 'hamilton', name: 'Hamilton', neighbourhood: 'Westdale', landmark: 'Cootes Paradise' },
  { slug: 'ancaster', name: 'Ancaster', neighbourhood: 'Meadowlands', landmark: 'Ancaster Old Mill' },
  { slug: 'stoney-creek', name: 'Stoney Creek', neighbourhood: 'Upper Stoney Creek', landmark: 'Devil’s Punchbowl' },
  { slug: 'dundas', name: 'Dundas', neighbourhood: 'Downtown Dundas', landmark: 'Spencer Gorge & Webster’s Falls' },
  { slug: 'grimsby', name: 'Grimsby', neighbourhood: 'Grimsby Beach', landmark: 'Forty Mile Creek' },
];

async function headingVisible(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { name, exact: typeof name === 'string' }).first().isVisible();
}

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((b) => {
    const data = JSON.parse(b) as unknown;
    return (Array.isArray(data) ? data : [data]).map((d: { '@type': string | string[] }) => [d['@type']].flat().join('+'));
  });
}

/** Path and hash of each Service offer's URL in the structured data. */
async function offerUrls(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .flatMap((b) => [JSON.parse(b) as { '@type': unknown; offers?: { url: string } }].flat())
    .filter((d) => d['@type'] === 'Service')
    .map((d) => { const url = new URL(d.offers!.url); return `${url.pathname}${url.hash}`; });
}

describe('city landing pages (English)', () => {
  it.each(CITIES)('$slug shows every block, Friday hours, links and structured data', async (city) => {
    const { page, errors, context } = await newPage();
    const res = await page.goto(`/${city.slug}`);
    expect(res?.status()).toBe(200);
    expect(await page.title()).toContain(city.name);
    expect(await headingVisible(page, `Mosquito & Tick Control in ${city.name}`)).toBe(true);
    for (const heading of [
      `Mosquito control made for ${city.name}`,
      `Neighbourhoods we serve in ${city.name}`,
      'Local hot spots',
      `Our services in ${city.name}`,
      `Results in ${city.name}`,
      'Mosquito species guide',
      'From our field expert',
      `What ${city.name} neighbours say`,
      `Questions from ${city.name} homeowners`,
      'Service area',
      `Contact our ${city.name} team`,
    ]) {
      expect(await headingVisible(page, heading), heading).toBe(true);
    }
    // SPEC "City landing pages": the blocks follow its order.
    const order = await page.evaluate(() => [...document.querySelectorAll('article > section[id]')].map((el) => el.id));
    expect(order).toEqual(['intro', 'neighbourhoods', 'landmarks', 'testimonial', 'services', 'faq', 'results', 'species', 'service-area', 'contact']);
    expect(await headingVisible(page, city.neighbourhood)).toBe(true);
    expect(await headingVisible(page, city.landmark)).toBe(true);
    for (const card of ['One-Time Treatment', 'Seasonal Protection', 'Tick Control']) expect(await headingVisible(page, card), card).toBe(true);
    expect(await page.getByText('Friday 9:00 AM - 5:00 PM').isVisible()).toBe(true);
    expect(await page.locator('#contact').getByRole('link', { name: '(905) 555-0134' }).isVisible()).toBe(true);

    expect(await page.getByRole('link', { name: 'Schedule Service' }).first().getAttribute('href')).toBe('/schedule');
    expect(await page.getByRole('link', { name: 'View Pricing' }).first().getAttribute('href')).toBe('/#pricing');
    expect(await page.getByRole('link', { name: 'Contact Us' }).first().getAttribute('href')).toBe('/contact');

    // Before/after carousel: three examples, previous disabled at the start, next disabled at the end.
    const carousel = page.getByRole('region', { name: 'Before and after results' });
    expect(await carousel.getByRole('group', { name: 'Example 1 of 3' }).isVisible()).toBe(true);
    const previous = carousel.getByRole('button', { name: 'Previous example' });
    const next = carousel.getByRole('button', { name: 'Next example' });
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    expect(await carousel.getByRole('group', { name: 'Example 2 of 3' }).isVisible()).toBe(true);
    await next.click();
    expect(await carousel.getByRole('group', { name: 'Example 3 of 3' }).isVisible()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    expect(await carousel.getByRole('group', { name: 'Example 2 of 3' }).isVisible()).toBe(true);

    const types = await jsonLdTypes(page);
    expect(types).toContain('PestControl+HomeAndConstructionBusiness');
    expect(types).toContain('FAQPage');
    expect(types.filter((t) => t === 'Service')).toHaveLength(3);
    expect(await offerUrls(page)).toEqual(['/#quote', '/#quote', '/#quote']);
    const hreflangs = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((ls) => ls.map((l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!).pathname}`));
    expect(hreflangs).toEqual(expect.arrayContaining([`en /${city.slug}`, `fr /fr/${city.slug}`, `es /es/${city.slug}`, `de /de/${city.slug}`]));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('city landing pages (French and German)', () => {
  it('serves Dundas in French with its hours and localized links', async () => {
    const { page, errors, context } = await newPage({ locale: 'fr-CA' });
    await page.goto('/fr/dundas');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await headingVisible(page, 'Contrôle des moustiques et des tiques à Dundas')).toBe(true);
    expect(await headingVisible(page, 'Quartiers desservis à Dundas')).toBe(true);
    expect(await headingVisible(page, 'Guide des espèces de moustiques')).toBe(true);
    expect(await page.getByText('Vendredi de 9\u00a0h à 17\u00a0h').isVisible()).toBe(true);
    // The expert's words in French quotation marks.
    expect(await page.locator('figure blockquote').last().textContent()).toMatch(/^«\u00a0.+\u00a0»$/);
    expect(await page.getByRole('link', { name: 'Planifier un traitement' }).first().getAttribute('href')).toBe('/fr/schedule');
    expect(await page.getByRole('link', { name: 'Voir les tarifs' }).first().getAttribute('href')).toBe('/fr#pricing');
    expect(await page.getByRole('link', { name: 'Nous joindre' }).first().getAttribute('href')).toBe('/fr/contact');
    await page.getByRole('button', { name: 'Exemple suivant' }).click();
    expect(await page.getByRole('group', { name: 'Exemple 2 sur 3' }).isVisible()).toBe(true);
    // The offers in the structured data point at the calculator in French.
    expect(await offerUrls(page)).toEqual(['/fr#quote', '/fr#quote', '/fr#quote']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves Ancaster in Spanish, with descriptive place names and customer names in Spanish too', async () => {
    const { page, errors, context } = await newPage({ locale: 'es-MX' });
    await page.goto('/es/ancaster');
    expect(await headingVisible(page, 'Control de mosquitos y garrapatas en Ancaster')).toBe(true);
    expect(await headingVisible(page, 'Pueblo de Wilson Street')).toBe(true);
    expect(await headingVisible(page, 'Ruinas del Hermitage, valle de Dundas')).toBe(true);
    expect(await headingVisible(page, 'Comuníquese con nuestro equipo de Ancaster')).toBe(true);
    expect(await page.locator('#testimonial figcaption').textContent()).toBe('Mark y Julie T., Old Mill');
    const text = await page.locator('main').textContent();
    expect(text).not.toMatch(/\b(and|Downtown|village|ruins)\b/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves Grimsby in German', async () => {
    const { page, errors, context } = await newPage({ locale: 'de-DE' });
    await page.goto('/de/grimsby');
    expect(await headingVisible(page, 'Mücken- und Zeckenbekämpfung in Grimsby')).toBe(true);
    expect(await headingVisible(page, 'Main Street in der Innenstadt')).toBe(true);
    expect(await headingVisible(page, 'Seeufer von Grimsby')).toBe(true);
    expect(await headingVisible(page, 'Orte in der Nähe, die wir ebenfalls betreuen')).toBe(true);
    expect(await offerUrls(page)).toEqual(['/de#quote', '/de#quote', '/de#quote']);
    expect(await page.getByText('Freitag 9:00–17:00 Uhr').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('site header at every width', () => {
  // German and Spanish labels are the longest; the full navigation needs about 1200 px.
  const LOCALES = ['', '/es', '/fr', '/de'];

  it.each([768, 1024, 1280])('fits %i px in every language without scrolling sideways or wrapping', async (width) => {
    for (const prefix of LOCALES) {
      const { page, context } = await newPage({ viewport: { width, height: 800 } });
      await page.goto(`${prefix}/hamilton`);
      const header = await page.evaluate(() => {
        const row = document.querySelector('header > div:last-child')!;
        return {
          scrollWidth: document.documentElement.scrollWidth,
          width: document.documentElement.clientWidth,
          rowHeight: row.getBoundingClientRect().height,
          rightmost: Math.max(...[...row.querySelectorAll('a, button')].map((el) => el.getBoundingClientRect().right)),
        };
      });
      expect(header.scrollWidth, `${prefix}/hamilton at ${width}`).toBeLessThanOrEqual(header.width);
      expect(header.rightmost, `${prefix}/hamilton at ${width}`).toBeLessThanOrEqual(header.width - 16);
      // One line of links and buttons: a wrapped label makes the row 80 px or more.
      expect(header.rowHeight, `${prefix}/hamilton at ${width}`).toBeLessThanOrEqual(72);
      // The menu toggle stands in for the full navigation until it fits.
      expect(await page.locator('header nav').first().isVisible()).toBe(width >= 1280);
      expect(await page.locator('header button[aria-controls="mobile-menu"]').isVisible()).toBe(width < 1280);
      await context.close();
    }
  });

  it.each([320, 1280])('lands table-of-contents links and section hashes below the sticky header at %i px', async (width) => {
    const { page, context } = await newPage({ viewport: { width, height: 800 } });
    const clearance = (headingId: string) => page.evaluate((id) => {
      const header = document.querySelector('header')!.getBoundingClientRect().bottom;
      return Math.round(document.getElementById(id)!.getBoundingClientRect().top - header);
    }, headingId);
    for (const path of ['/privacy', '/de/terms']) {
      await page.goto(path);
      await page.locator('nav[aria-labelledby="toc-heading"] a').nth(2).click();
      await page.waitForFunction(() => window.location.hash === '#section-3');
      await page.waitForTimeout(800); // the smooth scroll
      expect(await clearance('section-3-heading'), path).toBeGreaterThanOrEqual(0);
    }
    await page.goto('/fr/hamilton#faq');
    await page.waitForTimeout(800);
    expect(await clearance('faq-heading')).toBeGreaterThanOrEqual(0);
    await context.close();
  });

  it('stays compact at 320 px in every language: no wrapping brand, every header control there', async () => {
    const names = {
      '': { schedule: 'Schedule Now', language: /^Language/, menu: 'Open menu' },
      '/es': { schedule: 'Reservar ahora', language: /^Idioma/, menu: 'Abrir menú' },
      '/fr': { schedule: 'Réserver maintenant', language: /^Langue/, menu: 'Ouvrir le menu' },
      '/de': { schedule: 'Jetzt buchen', language: /^Sprache/, menu: 'Menü öffnen' },
    } as const;
    for (const prefix of LOCALES as (keyof typeof names)[]) {
      const { page, context, errors } = await newPage({ viewport: { width: 320, height: 640 } });
      await page.goto(`${prefix}/hamilton`);
      const header = page.locator('header');
      const sizes = await page.evaluate(() => {
        const brand = document.querySelector('header a[href="/"], header a[href="/es"], header a[href="/fr"], header a[href="/de"]')!;
        return {
          header: document.querySelector('header')!.getBoundingClientRect().height,
          brand: brand.getBoundingClientRect().height,
          // Each part of the brand on a single line: one line box per text node.
          brandLines: [...brand.querySelectorAll('span')].map((span) => {
            const range = document.createRange();
            range.selectNodeContents(span);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          }),
          scrollWidth: document.documentElement.scrollWidth,
        };
      });
      // It was 136 px: the brand wrapped to three lines, a quarter of a small phone's screen.
      expect(sizes.header, prefix || '/').toBeLessThanOrEqual(100);
      expect(sizes.brand, prefix || '/').toBeLessThanOrEqual(40);
      expect(sizes.brandLines, prefix || '/').toEqual([1, 1]);
      expect(sizes.scrollWidth, prefix || '/').toBeLessThanOrEqual(320);
      // SPEC's header, reachable and named as before: home link, Schedule Now, language menu, menu toggle, phone.
      expect(await header.getByRole('link', { name: 'Escarpment Mosquito & Tick', exact: true }).isVisible()).toBe(true);
      const schedule = header.getByRole('link', { name: names[prefix].schedule, exact: true });
      expect(await schedule.isVisible()).toBe(true);
      expect(await schedule.getAttribute('href')).toBe(`${prefix || '/'}#quote`);
      expect(await header.getByRole('button', { name: names[prefix].language }).isVisible()).toBe(true);
      expect(await header.getByRole('link', { name: '(905) 555-0134' }).isVisible()).toBe(true);
      await header.getByRole('button', { name: names[prefix].menu }).click();
      expect(await page.locator('#mobile-menu').getByRole('link').filter({ hasText: 'Grimsby' }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('keeps the menu toggle inside the page margin at 320 px in every language', async () => {
    for (const prefix of LOCALES) {
      const { page, context } = await newPage({ viewport: { width: 320, height: 640 } });
      await page.goto(`${prefix}/hamilton`);
      const box = await page.locator('header button[aria-controls="mobile-menu"]').boundingBox();
      expect(box!.x + box!.width, prefix || '/').toBeLessThanOrEqual(320 - 16);
      await context.close();
    }
  });
});

describe('language menu', () => {
  it('keeps the query string and the hash when switching language', async () => {
    const { page, context, errors } = await newPage({ locale: 'fr-CA' });
    // The landing page's promo popup would cover the menu once the page scrolls past the prices.
    await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
    await page.goto('/fr/hamilton?x=1#faq');
    await page.getByRole('button', { name: /^Langue/ }).click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${baseURL()}/de/hamilton?x=1#faq`);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // English goes through /en/..., which redirects to the unprefixed address.
    await page.getByRole('button', { name: /^Sprache/ }).click();
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${baseURL()}/hamilton?x=1#faq`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    // The hash read when the menu opens, after in-page navigation; the landing page's root too.
    await page.goto('/es?utm_source=flyer');
    const menu = page.getByRole('button', { name: /^Idioma/ });
    await menu.click();
    expect(await page.getByRole('link', { name: 'Français' }).getAttribute('href')).toBe('/fr?utm_source=flyer');
    await page.keyboard.press('Escape');
    await page.evaluate(() => { window.location.hash = 'pricing'; });
    await menu.click();
    expect(await page.getByRole('link', { name: 'Français' }).getAttribute('href')).toBe('/fr?utm_source=flyer#pricing');
    expect(await page.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/en?utm_source=flyer#pricing');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('not-found page', () => {
  it.each([
    ['', 'Page not found', '404 Page Not Found'],
    ['/es', 'Página no encontrada', '404 Página no encontrada'],
    ['/fr', 'Page introuvable', '404 Page introuvable'],
    ['/de', 'Seite nicht gefunden', '404 Seite nicht gefunden'],
  ])('%s/no/such/page has a translated title', async (prefix, title, heading) => {
    const { page, context } = await newPage();
    if (prefix === '/de') {
      // A file name in a single segment is a 404 too (DECISIONS §12), with the same title.
      const res = await page.goto('/de/no-such-file.html');
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.title()).toBe(`${title} | Escarpment Mosquito & Tick`);
    }
    const res = await page.goto(`${prefix}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await page.title()).toBe(`${title} | Escarpment Mosquito & Tick`);
    await context.close();
  });
});

describe('redirects', () => {
  it('an unknown city says Redirecting... and goes home, in English and French', async () => {
    const { page, context } = await newPage();
    const html = await (await page.request.get('/atlantis')).text();
    expect(html).toContain('Redirecting...');
    await page.goto('/atlantis');
    await page.waitForURL(`${baseURL()}/`);
    await page.goto('/fr/atlantis');
    await page.waitForURL(`${baseURL()}/fr`);
    await context.close();
  });

  it('/schedule leads to the booking page in the same language', async () => {
    const { page, context } = await newPage();
    await page.goto('/schedule');
    await page.waitForURL(`${baseURL()}/book`);
    await page.goto('/fr/schedule');
    await page.waitForURL(`${baseURL()}/fr/book`);
    await context.close();
  });
});

describe('pricing demo, privacy and terms', () => {
  it('/pricing-demo shows three cards with From prices plus HST and Order Now links to the quote', async () => {
    const { page, errors, context } = await newPage();
    await page.goto('/pricing-demo');
    for (const plan of ['One-Time Treatment', 'Seasonal Protection', 'Tick Control']) expect(await headingVisible(page, plan)).toBe(true);
    const cards = page.locator('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    expect(await cards.count()).toBe(3);
    expect(await cards.nth(0).textContent()).toMatch(/From\s*\$99\.00\s*per visit \+ HST/);
    expect(await cards.nth(1).textContent()).toMatch(/From\s*\$79\.00\s*per visit \+ HST/);
    expect(await cards.nth(1).textContent()).toContain('Most Popular');
    expect(await cards.nth(2).textContent()).toMatch(/From\s*\$149\.00\s*per season \+ HST/);
    expect(await page.getByRole('link', { name: 'Order Now: Seasonal Protection' }).getAttribute('href')).toBe('/?serviceType=seasonal#quote');
    expect(await page.getByRole('link', { name: 'Order Now: One-Time Treatment' }).getAttribute('href')).toBe('/?serviceType=onetime#quote');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/es/pricing-demo is in Spanish', async () => {
    const { page, context } = await newPage({ locale: 'es-ES' });
    await page.goto('/es/pricing-demo');
    expect(await headingVisible(page, 'Protección de temporada')).toBe(true);
    expect(await page.getByRole('link', { name: 'Pedir ahora: Protección de temporada' }).getAttribute('href')).toBe('/es?serviceType=seasonal#quote');
    await context.close();
  });

  it('/privacy and /terms have their headings in English and German', async () => {
    const { page, errors, context } = await newPage();
    await page.goto('/privacy');
    expect(await headingVisible(page, 'Privacy Policy')).toBe(true);
    expect(await headingVisible(page, '1. Who is responsible: our Privacy Officer')).toBe(true);
    expect(await headingVisible(page, /What we collect and why/)).toBe(true);
    expect(await headingVisible(page, /Canada’s Anti-Spam Legislation \(CASL\)/)).toBe(true);
    expect(await page.getByText('hello@escarpmentmosquito.ca').first().isVisible()).toBe(true);
    await page.goto('/terms');
    expect(await headingVisible(page, 'Terms of Service')).toBe(true);
    expect(await headingVisible(page, /90% fewer mosquitoes or free re-treatment/)).toBe(true);
    expect(await headingVisible(page, /Refunds$/)).toBe(true);
    await page.goto('/de/privacy');
    expect(await headingVisible(page, 'Datenschutzerklärung')).toBe(true);
    await page.goto('/de/terms');
    expect(await headingVisible(page, 'Allgemeine Geschäftsbedingungen')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('dates the last update in each language, with the French "1er" for the first of the month', async () => {
    const { page, errors, context } = await newPage();
    // The privacy policy's do-not-email line came with decision 0066; the terms did not change.
    await page.goto('/privacy');
    expect(await page.getByText('Last updated: November 25, 2026').isVisible()).toBe(true);
    await page.goto('/fr/terms');
    expect(await page.getByText(/^Dernière mise à jour\s:\s1er mai 2025$/).isVisible()).toBe(true);
    await page.goto('/de/terms');
    expect(await page.getByText('Zuletzt aktualisiert: 1. Mai 2025').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('canonical and hreflang links', () => {
  async function readHead(page: Page) {
    return page.evaluate(() => ({
      canonical: new URL(document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '', location.href).pathname,
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')]
        .map((l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!, location.href).pathname}`).sort(),
    }));
  }

  it('/ and /book each declare their own page, with English as x-default', async () => {
    const { page, context, errors } = await newPage();
    // English first: a prefixed visit stores the language, and the unprefixed address then follows it.
    await page.goto('/book');
    expect(await readHead(page)).toEqual({ canonical: '/book', alternates: ['de /de/book', 'en /book', 'es /es/book', 'fr /fr/book', 'x-default /book'] });
    await page.goto('/de/book');
    expect((await readHead(page)).canonical).toBe('/de/book');
    await page.goto('/fr');
    expect(await readHead(page)).toEqual({ canonical: '/fr', alternates: ['de /de', 'en /', 'es /es', 'fr /fr', 'x-default /'] });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every public page in every language with hreflang alternates', async () => {
    const { page, context } = await newPage();
    const res = await page.request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const path of ['/', ...CITIES.map((c) => `/${c.slug}`), '/contact', '/pricing-demo', '/privacy', '/terms']) {
      for (const prefix of ['', '/es', '/fr', '/de']) {
        const expected = prefix && path === '/' ? prefix : `${prefix}${path}`;
        expect(locs, expected).toContain(expected);
      }
    }
    expect(xml).toMatch(/hreflang="de"[^>]*href="[^"]*\/de\/hamilton"/);
    expect(xml).toContain('hreflang="x-default"');
    expect(locs.some((p) => p.includes('admin'))).toBe(false);
    await context.close();
  });

  it('robots.txt keeps staff pages out and points to the sitemap', async () => {
    const { page, context } = await newPage();
    const text = await (await page.request.get('/robots.txt')).text();
    expect(text).toMatch(/Disallow: \/admin$/m);
    expect(text).toMatch(/Disallow: \/fr\/quotes-admin$/m);
    expect(text).toMatch(/Disallow: \/de\/technicians$/m);
    expect(text).toMatch(/Sitemap: .*\/sitemap\.xml/);
    await context.close();
  });
});

describe('contact page', () => {
  it('shows field messages for bad input and keeps what was typed, then sends good input', async () => {
    const { page, errors, context } = await newPage();
    await page.goto('/contact');
    expect(await headingVisible(page, 'Contact Us')).toBe(true);
    expect(await page.getByText('Friday: 8:00 AM - 6:00 PM').isVisible()).toBe(true);
    expect(await page.getByText('Monday - Thursday: by appointment only').isVisible()).toBe(true);
    expect(await page.getByText('Saturday - Sunday: closed').isVisible()).toBe(true);

    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name', { exact: true }).fill('J');
    await form.getByLabel('Email address').fill('jo@');
    await form.getByLabel('Message').fill('Too short');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByText('Name is required').isVisible()).toBe(true);
    expect(await form.getByText('Invalid email address').isVisible()).toBe(true);
    expect(await form.getByText('Message should be at least 10 characters').isVisible()).toBe(true);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('J');
    expect(await form.getByLabel('Message').inputValue()).toBe('Too short');
    expect(await form.getByLabel('Subject').inputValue()).toBe('question');

    await form.getByLabel('Name', { exact: true }).fill('Jo Tremblay');
    await form.getByLabel('Email address').fill('jo.tremblay@example.ca');
    await form.getByLabel('Phone (optional)').fill('905-555-0199');
    await form.getByLabel('Subject').selectOption('quote');
    await form.getByLabel('Message').fill('Could you quote a seasonal plan for a half-acre lot in Westdale?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent', { exact: true }).first().waitFor();
    expect(await page.getByText('We\'ve received your message and will get back to you shortly.', { exact: true }).first().isVisible()).toBe(true);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Message').inputValue()).toBe('');
    expect(errors).toEqual([]);

    // Stored, with the acknowledgement to the visitor and the notification to staff queued.
    await signInAsAdmin(page);
    const stored = (await (await page.request.get('/api/messages')).json()) as { email: string; subject: string }[];
    expect(stored.some((m) => m.email === 'jo.tremblay@example.ca')).toBe(true);
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { toAddress: string; kind: string; text: string }[] };
    expect(outbox.emails.some((e) => e.kind === 'contact-ack' && e.toAddress === 'jo.tremblay@example.ca')).toBe(true);
    expect(outbox.emails.some((e) => e.kind === 'staff-notification' && e.text.includes('jo.tremblay@example.ca'))).toBe(true);
    await context.close();
  });

  it('shows a server refusal under the field it names (an over-long name), not only in a toast', async () => {
    const { page, errors, context } = await newPage();
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    expect(await form.getByLabel('Name', { exact: true }).getAttribute('maxlength')).toBe('100');
    expect(await form.getByLabel('Message').getAttribute('maxlength')).toBe('5000');
    await form.getByLabel('Phone (optional)').fill('call me');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Please enter a North American phone number, for example 905-555-0134 (an extension like x123 is fine).').waitFor();

    await page.route('**/api/messages', (route) => route.fulfill({
      status: 400, contentType: 'application/json',
      body: JSON.stringify({ code: 'validation', message: 'Please check the highlighted fields.', fields: { name: 'Please keep the name to 100 characters or fewer.' } }),
    }));
    await form.getByLabel('Name', { exact: true }).fill('Jo Tremblay');
    await form.getByLabel('Email address').fill('jo.tremblay@example.ca');
    await form.getByLabel('Phone (optional)').fill('');
    await form.getByLabel('Message').fill('Could you quote a seasonal plan for a half-acre lot?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Please keep the name to 100 characters or fewer.').waitFor();
    expect(await form.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Failed to send message', { exact: true }).first().waitFor();
    expect(await page.getByText('Please check the highlighted fields.', { exact: true }).first().isVisible()).toBe(true);
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('shows the server message when sending fails, and keeps what was typed', async () => {
    const { page, errors, context } = await newPage();
    await page.route('**/api/messages', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Our inbox is busy. Please try again in a minute.' }) }));
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name', { exact: true }).fill('Jo Tremblay');
    await form.getByLabel('Email address').fill('jo@example.ca');
    await form.getByLabel('Message').fill('Is a half-acre lot in Westdale a Detached House?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Failed to send message', { exact: true }).first().waitFor();
    expect(await page.getByText('Our inbox is busy. Please try again in a minute.', { exact: true }).first().isVisible()).toBe(true);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Jo Tremblay');
    expect(errors.filter((e) => !/503|Failed to load resource/i.test(e))).toEqual([]);
    await context.close();
  });

  it('validates in French too', async () => {
    const { page, errors, context } = await newPage({ locale: 'fr-CA' });
    await page.goto('/fr/contact');
    const form = page.getByRole('form', { name: 'Formulaire de contact' });
    await form.getByLabel('Adresse courriel').fill('pas-un-courriel');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    expect(await form.getByText('Le nom est obligatoire').isVisible()).toBe(true);
    expect(await form.getByText('Adresse courriel invalide').isVisible()).toBe(true);
    expect(await form.getByLabel('Adresse courriel').inputValue()).toBe('pas-un-courriel');
    expect(errors).toEqual([]);
    await context.close();
  });
});
