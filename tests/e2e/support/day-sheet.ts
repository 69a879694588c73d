import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { findPastVisit } from './fridays';

/**
 * `name`'s own paid visit on the last Friday before today (`past-visits.ts`: a visit is marked
 * done only from its day on, 0057), the day planned, and the day sheet of the technician whose
 * route has it open on `page` (signed in as an admin).
 */
export async function openOwnStopOnDaySheet(page: Page, request: APIRequestContext, name: string) {
  const visit = await findPastVisit(request, name);
  const { date } = visit;
  const booking = { appointmentId: visit.appointmentId, bookingRef: visit.bookingRef, customerId: visit.customerId };
  type Day = { routes: { technicianId: number; appointmentOrder: number[] }[] };
  const readDay = async () => (await (await request.get(`/api/routes?date=${date}`)).json()) as Day;
  // The first journey to get here plans the day; the others find their stop on a route already.
  if ((await readDay()).routes.length === 0) expect((await request.post('/api/routes/optimize', { data: { date } })).status()).toBe(200);
  const technicianId = (await readDay()).routes.find((r) => r.appointmentOrder.includes(booking.appointmentId))?.technicianId;
  expect(technicianId, 'the visit is on a route').toBeDefined();

  await page.goto(`/day-sheet?date=${date}`);
  await page.getByLabel('Technician').selectOption(String(technicianId));
  const stop: Locator = page.getByTestId('route-stop').filter({ hasText: `${name} Rainday` });
  return { date, booking, technicianId: technicianId!, stop, place: visit.place };
}
