import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { bookAndPay, findEmptyFriday, findSharedFriday } from './support/fridays';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

type DayRoutes = { routes: { appointments: { appointment: { id: number }; addedAfterPlanning?: boolean }[] }[]; unassigned: { appointment: { id: number } }[] };

/** The server fits a paid visit in after answering the payment: wait until a route has it. */
async function waitUntilRouted(request: APIRequestContext, date: string, id: number): Promise<DayRoutes> {
  for (let i = 0; i < 50; i++) {
    const day = (await (await request.get(`/api/routes?date=${date}`)).json()) as DayRoutes;
    if (day.routes.some((r) => r.appointments.some((s) => s.appointment.id === id))) return day;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`visit ${id} never joined a route of ${date}`);
}

describe('a visit booked onto a Friday already planned (0041)', () => {
  it('joins a route by itself, marked "Added after planning" for the office, in English and French', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page, '/routes');
    // A Friday no test has planned (the demo's visits on it are planned with these), so its one late
    // stop is the only one marked; else a Friday with no visits, planned here.
    const date = await findSharedFriday(context.request, { withoutRoutes: true })
      .catch(() => findEmptyFriday(context.request, { withoutRoutes: true }))
      .catch(() => findEmptyFriday(context.request));
    await bookAndPay(context.request, date, 'Early');
    await bookAndPay(context.request, date, 'Prompt');
    const optimized = await context.request.post('/api/routes/optimize', { data: { date } });
    expect(optimized.status(), await optimized.text()).toBe(200);

    // Booked and paid after the plan: no one presses Optimize again.
    const { appointmentId } = await bookAndPay(context.request, date, 'Tardy');
    const day = await waitUntilRouted(context.request, date, appointmentId);
    expect(day.unassigned).toEqual([]);
    const stops = day.routes.flatMap((r) => r.appointments);
    expect(stops.filter((s) => s.addedAfterPlanning).map((s) => s.appointment.id)).toEqual([appointmentId]);

    await page.goto(`/routes?date=${date}`);
    await page.getByRole('heading', { name: /Route Details/ }).waitFor();
    const late = page.getByTestId('route-stop').filter({ hasText: 'Tardy Rainday' });
    await late.getByText('Added after planning').waitFor();
    expect(await page.getByText('Added after planning').count()).toBe(1);
    expect(await page.getByTestId('route-stop').filter({ hasText: 'Early Rainday' }).getByText('Added after planning').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Not on any route' }).count()).toBe(0);
    expect(await findAxeViolations(page)).toEqual([]);

    await page.goto(`/fr/routes?date=${date}`);
    await page.getByTestId('route-stop').filter({ hasText: 'Tardy Rainday' }).getByText('Ajouté après la planification').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
