import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { bookAndPay, findSharedFriday } from './fridays';

/**
 * A paid visit for `name` on one of the demo's follow-up Fridays, among the demo's visits, the day
 * planned, and the day sheet of the technician whose route has it open on `page` (signed in as
 * an admin). Every bookable Friday is still to come, and the sheet offers "Mark done" from the
 * visit's day on: its answer about which day the branch is on is made the visit's day here (the
 * server's own check is the technicians' rule; an admin may mark any visit, 0027).
 */
export async function openOwnStopOnDaySheet(page: Page, request: APIRequestContext, name: string) {
  // A follow-up Friday another test has planned, where the paid visit joins a crew's route by itself
  // (0041) after the payment's answer; only the first time one no test has planned, planned here.
  // The unplanned follow-ups stay for the tests that plan a day themselves (late visits, office completion).
  const date = await findSharedFriday(request, { planned: true }).catch(() => findSharedFriday(request, { withoutRoutes: true }));
  const booking = (await bookAndPay(request, date, name)) as { appointmentId: number; bookingRef: string; customerId?: number };
  type Day = { routes: { technicianId: number; appointmentOrder: number[] }[] };
  const readDay = async () => (await (await request.get(`/api/routes?date=${date}`)).json()) as Day;
  if ((await readDay()).routes.length === 0) expect((await request.post('/api/routes/optimize', { data: { date } })).status()).toBe(200);
  let technicianId: number | undefined;
  for (let tries = 0; technicianId === undefined && tries < 50; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    technicianId = (await readDay()).routes.find((r) => r.appointmentOrder.includes(booking.appointmentId))?.technicianId;
  }
  expect(technicianId, 'the visit is on a route').toBeDefined();

  await page.route('**/api/routes/technician?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { today: string };
    await route.fulfill({ response, json: { ...body, today: date } });
  });
  await page.goto(`/day-sheet?date=${date}`);
  await page.getByLabel('Technician').selectOption(String(technicianId));
  const stop: Locator = page.getByTestId('route-stop').filter({ hasText: `${name} Rainday` });
  return { date, booking, technicianId: technicianId!, stop };
}
