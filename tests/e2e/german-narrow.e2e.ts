import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { findSplitWords } from './support/layout';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/**
 * The text elements whose words stick out: past the right edge of the screen, or out of their own
 * box (a button's label over its border). Text inside a box that scrolls sideways on purpose (the
 * staff navigation, wide tables) and visually hidden text do not count.
 */
async function findOverflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element) => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip') return node !== document.body && node !== document.documentElement;
      }
      return false;
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, p, li, dt, dd, th, td, label, legend, button, a, summary')) {
      if (!el.innerText.trim() || el.closest('[aria-hidden="true"], .sr-only')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || style.position === 'fixed') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || scrollsSideways(el)) continue;
      const sticksOut = box.right > width + 1 || (style.overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0);
      if (sticksOut) found.push(`${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 60)}" (${Math.round(box.width)} px, ${el.scrollWidth}/${el.clientWidth})`);
    }
    return found;
  });
}

const PUBLIC = ['/de', '/de/hamilton', '/de/book', '/de/contact', '/de/request-service', '/de/manage-booking', '/de/privacy'];
const STAFF = ['/admin', '/routes', '/day-sheet', '/retreatments', '/technicians', '/products', '/business', '/staff-accounts', '/quotes-admin', '/unsubscribed', '/account'];

describe('German at 320 and 360 px (docs/decisions/0094)', () => {
  it('says so in the page language, so the browser hyphenates German words', async () => {
    const { page, context } = await newPage();
    for (const path of ['/de', '/de/hamilton']) {
      await page.goto(path);
      expect(await page.getAttribute('html', 'lang'), path).toBe('de');
    }
    await context.close();
  });

  for (const width of [320, 360]) {
    it(`keeps every German word inside its box and the screen at ${width} px, split only with a hyphen, on the public pages and the staff screens`, async () => {
      const { page, context, errors } = await newPage({ viewport: { width, height: 740 } });
      await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
      const problems: Record<string, string[]> = {};
      const check = async (path: string) => {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const found = await findOverflowingText(page);
        // A word too long for its line may be split, but only where the browser may hyphenate it.
        for (const word of await findSplitWords(page, 'body', { unlessHyphenated: true })) found.push(`"${word}" split without a hyphen`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) found.push(`page is ${scrollWidth} px wide`);
        if (found.length > 0) problems[path] = found;
      };
      // The newest quote on /quotes-admin has the card's longest label ("Zweite Kontaktperson") beside the longest service name.
      const quote = await page.request.post('/api/send-quote', {
        headers: { 'x-forwarded-for': `10.89.0.${width % 250}` },
        data: {
          email: `gisela.${width}.${Date.now().toString(36)}@example.com`, name: 'Gisela Brandt', phone: '905-555-0191', locale: 'de',
          secondContact: { name: 'Jürgen Brandt', email: '', phone: '905-555-0192' },
          quoteDetails: { serviceType: 'onetime', propertySize: 0.5, includeTick: false, includeTargetedInsects: true, address: '120 King St W, Hamilton, ON L8P 4V2', totalPrice: 0, lotSizeDisplay: 'Small' },
        },
      });
      expect(quote.status(), await quote.text()).toBe(200);
      // Booked and not paid yet: the card's longest state badge ("Zahlung begonnen, nicht abgeschlossen") beside its title.
      const { quoteId } = (await quote.json()) as { quoteId: number };
      const { dates } = (await (await page.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
      const held = await page.request.post('/api/appointments', {
        headers: { 'x-forwarded-for': `10.89.1.${width % 250}` },
        data: {
          serviceType: 'onetime', propertySize: 0.5, includeTargetedInsects: true, firstName: 'Gisela', lastName: 'Brandt', email: `gisela.held.${width}.${Date.now().toString(36)}@example.com`,
          phone: '905-555-0191', address: '120 King St W', city: 'Hamilton', postalCode: 'L8P 4V2', date: dates.at(-1), status: 'pending-payment', quoteId, locale: 'de',
        },
      });
      expect(held.status(), await held.text()).toBe(201);
      await signInAsAdmin(page);
      for (const path of [...PUBLIC, ...STAFF.map((staffPath) => `/de${staffPath}`)]) await check(path);
      expect(problems).toEqual({});
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
