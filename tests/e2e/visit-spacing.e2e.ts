import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@/lib/format';
import { pickDemoFriday } from '@/server/bootstrap/seed';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { daysBetween } from './support/fridays';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const randomIp = () => `10.94.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}`;
/** The server's refusal names the neighbouring visit with its weekday and the Fridays left without one. */
const spoken = (date: string, weekday = true) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en', { ...(weekday ? { weekday: 'long' } : {}), month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A paid tick-seasonal plan (3 visits, 21 days apart), started on a Friday away from the demo season's days. */
async function bookTickPlan(request: APIRequestContext, name: string) {
  const demo = pickDemoFriday(new Date());
  const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=tick-seasonal')).json()) as { dates: string[] };
  // The second visit's neighbours a week either way must have room (one of them is always a demo
  // follow-up Friday, which other tests also book).
  const { dates: withRoom } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
  const quiet = dates.filter((d) => d > demo && daysBetween(demo, d) % 7 === 0 && daysBetween(demo, d) % 21 !== 0)
    .filter((d) => withRoom.includes(addDays(d, 14)) && withRoom.includes(addDays(d, 28)));
  const start = quiet[Math.floor(Math.random() * Math.min(quiet.length, 6))]!;
  const ip = randomIp();
  const created = await request.post('/api/appointments', {
    headers: { 'x-forwarded-for': ip },
    data: {
      serviceType: 'tick-seasonal', propertySize: 0.25, firstName: name, lastName: 'Spacing', email: `${name.toLowerCase()}.${Date.now().toString(36)}@example.com`, phone: '905-555-0172',
      address: '45 Main St E', city: 'Hamilton', postalCode: 'L8N 1E9', date: start, status: 'pending-payment',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number; date: string }[] };
  const intent = (await (await request.post('/api/create-payment-intent', { headers: { 'x-forwarded-for': ip }, data: booking })).json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await request.post('/api/test-gateway/confirm', { headers: { 'x-forwarded-for': ip }, data: { ...intent, number: '4242424242424242', expiry: '12/34', cvc: '123' } });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(booking.appointments.map((v) => v.date)).toEqual([start, addDays(start, 21), addDays(start, 42)]);
  return booking.appointments;
}

describe('a seasonal visit moved from the appointments tab (0035)', () => {
  it('offers only the Fridays that keep the plan spaced, says why, and shows the server\'s refusal when a colleague moved the next visit meanwhile', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    const name = `Tess${Date.now().toString(36).slice(-4)}`;
    const [first, second, third] = await bookTickPlan(page.request, name);

    const panel = page.getByRole('tabpanel', { name: 'Appointments' });
    await panel.getByLabel('Friday', { exact: true }).fill(second!.date);
    await panel.getByRole('status').filter({ hasNotText: 'Loading visits...' }).filter({ hasNotText: /needs? a new date/ }).waitFor();
    const row = panel.getByRole('row').filter({ hasText: `${name} Spacing` });
    await row.getByRole('button', { name: /^Move to another Friday/ }).click();
    const dialog = page.getByRole('dialog', { name: `Move ${name} Spacing's visit` });
    const select = dialog.getByLabel('New Friday');
    await select.waitFor();

    // A week either way of its own Friday, and the reason the list stops there.
    const earlier = addDays(second!.date, -7);
    const later = addDays(second!.date, 7);
    expect(await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([earlier, later]);
    await dialog.getByText(
      `This plan's visits stay in order, at least 14 days apart: visit 1 is on ${formatLongDate(first!.date, 'en')} and visit 3 on ${formatLongDate(third!.date, 'en')}, `
      + `so only Fridays from ${formatLongDate(earlier, 'en', { weekday: false })} to ${formatLongDate(later, 'en', { weekday: false })} are listed.`,
    ).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await select.selectOption(later);

    // Another admin brings visit 3 a week forward, which its own window allows.
    const thirdMoved = addDays(third!.date, -7);
    const colleague = await page.request.patch(`/api/admin/appointments/${third!.id}`, { data: { date: thirdMoved } });
    expect(colleague.status(), await colleague.text()).toBe(200);

    await dialog.getByRole('button', { name: 'Move visit' }).click();
    await dialog.getByRole('alert').filter({
      hasText: `Visit 3 of this plan is on ${spoken(thirdMoved)}, and a plan's visits stay in order, at least 14 days apart. Pick a Friday from ${spoken(earlier, false)} to ${spoken(second!.date, false)}, or move visit 3 first.`,
    }).waitFor();
    // The dialog stays open; the refused Friday is no longer offered, and nothing else is chosen in its place.
    expect(await dialog.isVisible()).toBe(true);
    await expect.poll(() => select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['', earlier]);
    expect(await select.inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Move visit' }).isDisabled()).toBe(true);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });
});
