import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';

const { newPage } = setupBrowser();

const PAGES = [
  '/', '/fr',
  '/hamilton', '/ancaster', '/stoney-creek', '/dundas', '/grimsby', '/de/dundas',
  '/contact', '/es/contact', '/pricing-demo', '/privacy', '/terms', '/admin',
];

describe('accessibility (axe) and small screens', () => {
  it.each(PAGES)('%s has no axe violations', async (path) => {
    const { page, context } = await newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await findAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it.each(PAGES)('%s does not scroll sideways at 320 px', async (path) => {
    const { page, context } = await newPage({ viewport: { width: 320, height: 640 } });
    await page.goto(path, { waitUntil: 'networkidle' });
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).visibility !== 'hidden')
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')}`);
      return { scrollWidth: document.documentElement.scrollWidth, width, wide };
    });
    expect(overflow.scrollWidth, overflow.wide.join(', ')).toBeLessThanOrEqual(overflow.width);
    await context.close();
  });
});
