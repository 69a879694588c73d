import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin, signInAsOffice, signInAsTechnician } from './support/staff';

const { newPage } = setupBrowser();

const staffNav = (page: Page, name = 'Staff navigation') => page.getByRole('navigation', { name });

/**
 * The staff navigation's links as "label -> path", with the current page starred. The label is the
 * link's first text: a count of what waits on a screen (open re-treatment requests, left by other
 * test files) is not part of it; the re-treatments test reads that.
 */
async function readNav(page: Page, name?: string): Promise<string[]> {
  return staffNav(page, name).getByRole('link').evaluateAll((links) =>
    links.map((a) => `${a.firstChild?.textContent}${a.getAttribute('aria-current') === 'page' ? '*' : ''} -> ${new URL((a as HTMLAnchorElement).href).pathname}`));
}

describe('staff shell', () => {
  it('frames the login form without the public site or any staff link', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(await page.getByText('Staff area').isVisible()).toBe(true);
    expect(await staffNav(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Schedule Now' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Public website' }).getAttribute('href')).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives an admin every staff screen from every staff screen, marks the current one, and signs out', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page, '/routes');
    await page.getByRole('heading', { name: 'Route Manager' }).waitFor();
    expect(await readNav(page)).toEqual([
      'Dashboard -> /admin',
      'Routes* -> /routes',
      'Day sheets -> /day-sheet',
      'Re-treatments -> /retreatments',
      'Technicians -> /technicians',
      'Products -> /products',
      'Business details -> /business',
      'Staff accounts -> /staff-accounts',
      'Quotes -> /quotes-admin',
      'Unsubscribed -> /unsubscribed',
      'Email preview -> /email-preview',
    ]);
    // The public site's header and footer are not part of the staff screens.
    expect(await page.getByRole('link', { name: 'Schedule Now' }).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByText('Signed in as Administrator').isVisible()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);

    await staffNav(page).getByRole('link', { name: 'Quotes' }).click();
    await page.waitForURL((url) => url.pathname === '/quotes-admin');
    await page.getByRole('heading', { name: 'Quote Management' }).waitFor();
    expect((await readNav(page)).filter((line) => line.includes('*'))).toEqual(['Quotes* -> /quotes-admin']);

    await staffNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(await staffNav(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the office its screens but not the owner\'s, and says whose a refused screen is (0082)', async () => {
    const { page, context, errors } = await newPage();
    await signInAsOffice(page);
    await page.getByRole('heading', { name: 'Office Dashboard' }).waitFor();
    expect(await page.getByText('Signed in as Office').isVisible()).toBe(true);
    expect(await readNav(page)).toEqual([
      'Dashboard* -> /admin',
      'Routes -> /routes',
      'Day sheets -> /day-sheet',
      'Re-treatments -> /retreatments',
      'Quotes -> /quotes-admin',
      'Unsubscribed -> /unsubscribed',
      'Email preview -> /email-preview',
    ]);
    // The season opener goes to every customer: the owner sends it, so the office has no button for it.
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByRole('searchbox', { name: 'Search customers' }).waitFor();
    expect(await page.getByRole('button', { name: 'Season opener email' }).count()).toBe(0);
    expect(await findAxeViolations(page)).toEqual([]);

    await page.goto('/business');
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/business');
    await page.getByRole('alert').filter({ hasText: 'The “Business details” page is for administrators, so it does not open with an office login.' }).waitFor();
    await page.goto('/routes');
    await page.getByRole('heading', { name: 'Route Manager' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks the staff member\'s language and fits a 320 px phone', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 320, height: 640 } });
    await signInAsAdmin(page);
    await page.goto('/fr/routes');
    await page.getByRole('heading', { name: 'Gestionnaire de tournées' }).waitFor();
    const nav = await readNav(page, 'Navigation du personnel');
    expect(nav[0]).toBe('Tableau de bord -> /fr/admin');
    expect(nav[1]).toBe('Tournées* -> /fr/routes');
    expect(await page.getByRole('button', { name: 'Se déconnecter' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The links scroll sideways in one row on a phone; the last screen's link is brought into view.
    await page.goto('/fr/email-preview');
    const current = staffNav(page, 'Navigation du personnel').getByRole('link', { name: 'Aperçu du courriel' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    await expect.poll(async () => {
      const box = await current.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 320;
    }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits every office screen on a 320 px phone in German, long words and all', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 320, height: 640 } });
    await signInAsAdmin(page);
    // German titles such as "Schädlingsbekämpfungsmittel" are wider than the phone in one piece.
    for (const path of ['/admin', '/routes', '/day-sheet', '/retreatments', '/technicians', '/products', '/business', '/staff-accounts', '/quotes-admin', '/unsubscribed', '/email-preview', '/account']) {
      await page.goto(`/de${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `/de${path}`).toBeLessThanOrEqual(320);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a technician only their own day sheet', async () => {
    const { page, context } = await newPage();
    await signInAsTechnician(page);
    // Welcomed to what they can open, not to the office's dashboard.
    await page.getByText('Welcome. Your day sheet is ready.').first().waitFor();
    expect(await page.getByText('Welcome to the admin dashboard.').count()).toBe(0);
    // Landed on the day sheet itself (0110); from /admin the one link leads back to it.
    expect(await readNav(page)).toEqual(['Your day sheet* -> /day-sheet']);
    await page.goto('/admin');
    expect(await readNav(page)).toEqual(['Your day sheet -> /day-sheet']);
    await staffNav(page).getByRole('link', { name: 'Your day sheet' }).click();
    await page.waitForURL((url) => url.pathname === '/day-sheet');
    expect(await readNav(page)).toEqual(['Your day sheet* -> /day-sheet']);
    await context.close();
  });
});
