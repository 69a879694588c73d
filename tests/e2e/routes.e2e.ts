import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pickDemoFriday } from '@/server/bootstrap/seed';
import { setupBrowser } from './support/browser';

const { newPage } = setupBrowser();

async function logIn(page: Page, next: string, username = 'admin', password = 'mosquito-demo') {
  await page.goto(`/admin?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === next);
}

function readWaypoints(href: string): string[] {
  const waypoints = new URL(href).searchParams.get('waypoints');
  return waypoints ? waypoints.split('|') : [];
}

describe('route manager', () => {
  it('sends a visitor without a session to the login form', async () => {
    const { page, context } = await newPage();
    await page.goto('/routes');
    await page.waitForURL(/\/admin\?next=%2Froutes/);
    await context.close();
  });

  it('optimises the demo Friday: 30 stops across the technicians, a map with 30 markers, leg links of at most 9 waypoints', async () => {
    const { page, context, errors } = await newPage();
    await logIn(page, '/routes');
    const friday = pickDemoFriday(new Date());
    const longDate = new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
      .format(new Date(`${friday}T12:00:00Z`));

    await page.getByRole('heading', { name: 'Route Manager' }).waitFor();
    expect(await page.getByText('Demo Mode: test data with 30 addresses is used.').isVisible()).toBe(true);
    expect(await page.getByLabel('Service date').inputValue()).toBe(friday);
    expect(await page.getByTestId('long-date').textContent()).toBe(longDate);
    await page.getByText('30 appointments').waitFor();
    await page.getByText('No route optimized for this date yet').waitFor();
    expect(await page.getByText('Click Optimize Route to create an efficient service route').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Optimize Route' }).click();
    await page.getByRole('heading', { name: /Route Details/ }).waitFor({ timeout: 30_000 });

    const stops = page.getByTestId('route-stop');
    expect(await stops.count()).toBe(30);
    const routes = page.getByTestId('technician-route');
    const routeCount = await routes.count();
    expect(routeCount).toBeGreaterThanOrEqual(2);
    let total = 0;
    for (let i = 0; i < routeCount; i++) {
      const positions = await routes.nth(i).locator('[data-testid="route-stop"] > span[aria-hidden="true"]').allTextContents();
      expect(positions).toEqual(positions.map((_, k) => String(k + 1)));
      total += positions.length;
    }
    expect(total).toBe(30);
    // ETAs in 12-hour time, and SPEC's service labels.
    expect(await page.getByText(/ETA: \d{1,2}:\d{2}\s(AM|PM)/).count()).toBe(30);
    expect(await page.getByText('One-Time Treatment').count()).toBe(10);
    expect(await page.getByText(/\d+\.\d km/).first().isVisible()).toBe(true);

    const map = page.getByRole('img', { name: /Route map/ });
    expect(await map.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await map.locator('[data-stop-marker]').count()).toBe(30);
    expect(await map.locator('[data-depot-marker]').count()).toBe(1);
    expect(await map.locator('polyline').count()).toBe(routeCount);

    const links = page.getByRole('link', { name: /Open Route in Google Maps/ });
    const linkCount = await links.count();
    expect(linkCount).toBeGreaterThanOrEqual(routeCount);
    let waypointTotal = 0;
    for (let i = 0; i < linkCount; i++) {
      const link = links.nth(i);
      expect(await link.getAttribute('target')).toBe('_blank');
      const href = (await link.getAttribute('href'))!;
      expect(href.startsWith('https://www.google.com/maps/dir/?api=1&')).toBe(true);
      const waypoints = readWaypoints(href);
      expect(waypoints.length).toBeLessThanOrEqual(9);
      waypointTotal += waypoints.length;
    }
    // Every stop is on exactly one link: a waypoint, or the point where one leg ends and the next starts.
    expect(waypointTotal).toBe(30 - (linkCount - routeCount));

    // The plan is saved: a reload shows it again without optimising.
    await page.reload();
    await page.getByRole('heading', { name: /Route Details/ }).waitFor();
    expect(await page.getByTestId('route-stop').count()).toBe(30);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the empty state for a Friday without appointments', async () => {
    const { page, context, errors } = await newPage();
    await logIn(page, '/routes');
    await page.getByLabel('Service date').fill('2030-01-04');
    await page.getByText('No appointments scheduled for this date').waitFor();
    expect(await page.getByRole('button', { name: 'Optimize Route' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a cleared date field', () => {
  it('says a full date is needed instead of loading forever, on the route manager and the day sheet', async () => {
    const { page, context, errors } = await newPage();
    await logIn(page, '/routes');
    await page.getByText('30 appointments').waitFor();
    await page.getByLabel('Service date').fill('');
    const hint = "Enter a full date (day, month and year) to see that day's appointments.";
    await page.getByText(hint, { exact: true }).waitFor();
    expect(await page.getByText('Loading...', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Optimize Route' }).isDisabled()).toBe(true);
    await page.getByLabel('Service date').fill('2030-01-04');
    await page.getByText('No appointments scheduled for this date').waitFor();
    expect(await page.getByText(hint, { exact: true }).count()).toBe(0);

    await page.goto('/day-sheet');
    await page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    await page.getByLabel('Service date').fill('');
    await page.getByText(hint, { exact: true }).waitFor();
    expect(await page.getByText('Loading...', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Optimize Route' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('technician day sheet', () => {
  it('is readable on a 375 px phone: stops with ETAs, tap-to-call phones and maps links', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 375, height: 740 } });
    await logIn(page, '/day-sheet');
    await page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    await page.getByRole('button', { name: 'Optimize Route' }).click();
    await page.getByTestId('route-stop').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('route-stop').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /Open Route in Google Maps/ }).count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a technician only their own route, without the technician choice or the optimise action', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 375, height: 740 } });
    await logIn(page, '/day-sheet', 'crew-a', 'mosquito-demo');
    await page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    await page.getByRole('heading', { name: 'Crew A' }).waitFor();
    expect(await page.getByLabel('Technician').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Optimize Route' }).count()).toBe(0);
    expect(await page.getByTestId('route-stop').count()).toBeGreaterThan(0);
    // The route manager (every crew's stops) is for admins: a technician lands on their day sheet.
    await page.goto('/routes');
    await page.waitForURL((url) => url.pathname === '/day-sheet');
    await page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
