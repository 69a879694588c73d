import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pickDemoFriday } from '@/server/bootstrap/seed';
import { setupBrowser } from './support/browser';
import { findAxeViolations } from './support/axe';
import { bookUnplannedFriday, findEmptyFriday, findPastVisit } from './support/fridays';
import { markCompletedByApi } from './support/office-completion';

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
    // The day-sheet tests plan the demo Friday for its technicians' stops; when one of them ran
    // first, the office optimises the day again and the same figures hold.
    const planned = (await (await page.request.get(`/api/routes?date=${friday}`)).json()) as { routes: unknown[] };
    if (planned.routes.length === 0) {
      await page.getByText('No route optimized for this date yet').waitFor();
      expect(await page.getByText('Click Optimize Route to create an efficient service route').isVisible()).toBe(true);
    } else {
      await page.getByRole('heading', { name: /Route Details/ }).waitFor();
    }

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

describe('a planned Friday whose visits all left', () => {
  it('offers "Clear routes" instead of showing empty routes beside "No appointments"; the day sheet then says nothing is booked', async () => {
    const office = await newPage();
    await logIn(office.page, '/routes');
    const request = office.page.context().request;
    // A Friday of its own: no demo visit, no route, nothing booked (leftovers of other runs are skipped).
    const date = await findEmptyFriday(request, { withoutRoutes: true });
    const created = await request.post('/api/appointments', {
      headers: { 'x-forwarded-for': `10.93.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}` },
      data: {
        serviceType: 'onetime', propertySize: 0.25, firstName: 'Called', lastName: 'Off', email: `called.off.${Date.now().toString(36)}@example.com`, phone: '905-555-0171',
        address: '60 Main St', city: 'Dundas', postalCode: 'L9H 2P8', date, status: 'pending-payment',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { bookingRef } = (await created.json()) as { bookingRef: string };
    expect((await request.post('/api/routes/optimize', { data: { date } })).status()).toBe(200);
    const cancelled = await request.post(`/api/admin/bookings/${bookingRef}/cancel`, { data: { refundCents: 0, reason: 'Customer called it off' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    await office.page.goto(`/routes?date=${date}`);
    await office.page.getByText('No appointments scheduled for this date').waitFor();
    const stale = office.page.getByRole('status').filter({ hasText: 'The routes planned earlier for this date have no visits left.' });
    await stale.waitFor();
    expect(await office.page.getByRole('button', { name: 'Optimize Route' }).isDisabled()).toBe(true);
    expect(await office.page.getByRole('heading', { name: /Route Details/ }).count()).toBe(0);
    await stale.getByRole('button', { name: 'Clear routes' }).click();
    await office.page.getByText('This date has no routes any more.').first().waitFor();
    expect(await stale.count()).toBe(0);
    expect(((await (await request.get(`/api/routes?date=${date}`)).json()) as { routes: unknown[] }).routes).toEqual([]);

    // The technician's sheet for that day: nothing booked, not an empty route.
    const crew = await newPage({ viewport: { width: 375, height: 740 } });
    await logIn(crew.page, '/day-sheet', 'crew-a', 'mosquito-demo');
    await crew.page.goto(`/day-sheet?date=${date}`);
    await crew.page.getByText('No stops on this route for this date.').waitFor();
    expect(await crew.page.getByRole('heading', { name: 'Crew A' }).count()).toBe(0);
    expect(office.errors).toEqual([]);
    expect(crew.errors).toEqual([]);
    await office.context.close();
    await crew.context.close();
  });
});

describe('a visit marked done before any route had it', () => {
  it('is listed as done, not as work to plan, and a day with only such visits has nothing to optimize', async () => {
    const { page, context, errors } = await newPage();
    await logIn(page, '/routes');
    const request = context.request;
    // A Friday that has passed with two visits, both marked done by the office before any route had
    // them (a visit is marked completed from its day on, 0057).
    const { date, appointmentId } = await findPastVisit(request, 'Early');
    const later = await findPastVisit(request, 'Later');
    expect(later.date).toBe(date);
    for (const id of [appointmentId, later.appointmentId]) {
      const done = await markCompletedByApi(request, { id, serviceType: 'onetime' });
      expect(done.status(), await done.text()).toBe(200);
    }

    await page.goto(`/routes?date=${date}`);
    await page.getByText('Every appointment on this date is already marked done, so there is nothing left to plan.').waitFor();
    const doneList = page.getByRole('region', { name: 'Done without a route' });
    await doneList.getByText(/Early Rainday/).waitFor();
    await doneList.getByText(/Later Rainday/).waitFor();
    expect(await page.getByText('No route optimized for this date yet').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Optimize Route' }).isDisabled()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);

    // One of them still to do after all (its completion taken back): the day can be planned again, and the done one stays apart.
    expect((await request.patch(`/api/admin/appointments/${later.appointmentId}`, { data: { status: 'confirmed' } })).status()).toBe(200);
    await page.reload();
    await page.getByText('No route optimized for this date yet').waitFor();
    await doneList.getByText(/Early Rainday/).waitFor();
    expect(await doneList.getByText(/Later Rainday/).count()).toBe(0);
    await page.getByRole('button', { name: 'Optimize Route' }).click();
    await page.getByRole('heading', { name: /Route Details/ }).first().waitFor();
    const day = (await (await request.get(`/api/routes?date=${date}`)).json()) as { routes: { appointmentOrder: number[] }[] };
    const planned = day.routes.flatMap((r) => r.appointmentOrder);
    expect(planned.length).toBeGreaterThanOrEqual(1);
    expect(planned).not.toContain(appointmentId);
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
    // The route manager (every crew's stops) is for admins: a technician is told so, with the way to their day sheet (0078).
    await page.goto('/routes');
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/routes');
    await page.getByRole('alert').filter({ hasText: 'The “Routes” page is for office staff' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Your day sheet' }).click();
    await page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a booked Friday the office has not planned yet says so (with the booked visits), not that there are no stops', async () => {
    const office = await newPage();
    await logIn(office.page, '/routes');
    const { date, booked } = await bookUnplannedFriday(office.page.context().request);
    const visits = `${booked} ${booked === 1 ? 'visit is' : 'visits are'} booked on this day, but the route has not been planned yet.`;

    // The route manager: the count, and SPEC's "not optimized yet" rather than "no appointments".
    await office.page.goto(`/routes?date=${date}`);
    await office.page.getByTestId('appointment-count').filter({ hasText: `${booked} appointment` }).waitFor();
    await office.page.getByText('No route optimized for this date yet').waitFor();
    expect(await office.page.getByText('Click Optimize Route to create an efficient service route').isVisible()).toBe(true);
    expect(await office.page.getByText('No appointments scheduled for this date').count()).toBe(0);

    // The technician on their phone, the evening before: the office will plan it; call if in doubt.
    const crew = await newPage({ viewport: { width: 375, height: 740 } });
    await logIn(crew.page, '/day-sheet', 'crew-a', 'mosquito-demo');
    await crew.page.goto(`/day-sheet?date=${date}`);
    const status = crew.page.getByRole('status').filter({ hasText: 'Route not planned yet' });
    await status.waitFor();
    expect(await status.getByText(visits).isVisible()).toBe(true);
    expect(await status.getByText(/The office plans the route before the day/).isVisible()).toBe(true);
    expect(await status.getByRole('link', { name: 'Call the office: (905) 555-0134' }).getAttribute('href')).toBe('tel:+19055550134');
    expect(await crew.page.getByText('No stops on this route for this date.').count()).toBe(0);
    expect(await crew.page.getByRole('button', { name: 'Print day sheet' }).isDisabled()).toBe(true);

    // The office's day sheet points to the button that plans the day; once planned, the status goes.
    await office.page.goto(`/day-sheet?date=${date}`);
    const officeStatus = office.page.getByRole('status').filter({ hasText: 'Route not planned yet' });
    await officeStatus.waitFor();
    expect(await officeStatus.getByText("Press Optimize Route to plan this day's route.").isVisible()).toBe(true);
    await office.page.getByRole('button', { name: 'Optimize Route' }).click();
    await office.page.getByTestId('route-stop').or(office.page.getByText(/^No stops for .+ on this day$/)).first().waitFor({ timeout: 30_000 });
    expect(await officeStatus.count()).toBe(0);
    // Each active crew: their stops, or that the planned day has none for them (other tests may add crews).
    const picker = office.page.getByLabel('Technician');
    const withStops: string[] = [];
    for (const crewName of (await picker.locator('option').allTextContents()).filter((n) => !n.endsWith('(inactive)'))) {
      await picker.selectOption({ label: crewName });
      const none = office.page.getByText(`No stops for ${crewName} on this day`);
      await office.page.getByRole('list', { name: crewName, exact: true }).or(none).first().waitFor();
      if (await none.count() === 0) withStops.push(crewName);
      else expect(await office.page.getByText("This day's route is planned; its stops are on other technicians' routes.").isVisible()).toBe(true);
    }
    expect(withStops.length).toBeGreaterThanOrEqual(1);

    // A visit booked after planning: the routes stand, and their sheets say one visit waits for a route.
    const late = await office.page.context().request.post('/api/appointments', {
      headers: { 'x-forwarded-for': `10.92.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}` },
      data: {
        serviceType: 'onetime', propertySize: 0.25, firstName: 'Late', lastName: 'Booking', email: `late.${Date.now().toString(36)}@example.com`, phone: '905-555-0169',
        address: '300 Wilson St E', city: 'Ancaster', postalCode: 'L9G 2B9', date, status: 'pending-payment',
      },
    });
    expect(late.status(), await late.text()).toBe(201);
    await office.page.reload();
    await picker.selectOption({ label: withStops[0]! });
    await office.page.getByRole('list', { name: withStops[0]!, exact: true }).waitFor();
    await office.page.getByText('1 visit booked on this day is not on any route yet. Press Optimize Route again to include it.').waitFor();

    // Crew A now has the stop, or the day went to another crew: either way, not "not planned".
    await crew.page.reload();
    await crew.page.getByTestId('route-stop').or(crew.page.getByText('No stops assigned to you on this day')).first().waitFor();
    expect(await crew.page.getByText('Route not planned yet').count()).toBe(0);
    expect(office.errors).toEqual([]);
    expect(crew.errors).toEqual([]);
    await office.context.close();
    await crew.context.close();
  });
});
