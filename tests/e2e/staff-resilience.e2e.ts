import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatShortDate } from '@/lib/format';
import { setupBrowser } from './support/browser';
import { findPastVisit } from './support/fridays';
import { markCompletedByApi } from './support/office-completion';
import { signInAsAdmin, signInAsTechnician } from './support/staff';

const { newPage } = setupBrowser();

/** The focused element's role-ish description: its tag and accessible text. */
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return el && el !== document.body ? `${el.tagName.toLowerCase()}: ${el.textContent?.replace(/\s+/g, ' ').trim()}` : 'body';
});

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('staff screens when the network, the session or another admin gets in the way', () => {
  it('route manager: a day that failed to load says so and loads on "Try again", instead of claiming no appointments', async () => {
    const { page, context } = await newPage();
    await signInAsAdmin(page, '/routes');
    await page.getByTestId('appointment-count').filter({ hasText: /\d+ appointments/ }).waitFor();
    const demoFriday = await page.getByLabel('Service date').inputValue();

    // The next Friday's count fails once (a server hiccup), then answers again.
    let failures = 1;
    await page.route('**/api/routes/appointments?*', (route) => (failures-- > 0
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong."}' })
      : route.continue()));
    await page.getByLabel('Service date').fill(addDays(demoFriday, 7));
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load appointments. Please try again.' });
    await alert.waitFor();
    expect(await page.getByTestId('appointment-count').textContent()).toBe('Appointments not loaded');
    expect(await page.getByText('No appointments scheduled for this date').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Optimize Route' }).isDisabled()).toBe(true);

    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('appointment-count').filter({ hasText: /appointment/ }).waitFor();
    expect(await alert.count()).toBe(0);
    await context.close();
  });

  it('route manager: after the sign-in ended, the page says so and "Sign in again" leads to the login form', async () => {
    const { page, context } = await newPage();
    await signInAsAdmin(page, '/routes');
    await page.getByTestId('appointment-count').filter({ hasText: /\d+ appointments/ }).waitFor();
    const demoFriday = await page.getByLabel('Service date').inputValue();

    // The session ends (idle for two hours, or signed out in another tab) while the page stays open.
    await context.clearCookies();
    await page.getByLabel('Service date').fill(addDays(demoFriday, 7));
    const alert = page.getByRole('alert').filter({ hasText: 'Your sign-in has ended, so nothing more can be loaded. Sign in again to go on.' });
    await alert.waitFor();
    expect(await page.getByText('No appointments scheduled for this date').count()).toBe(0);
    await alert.getByRole('button', { name: 'Sign in again' }).click();
    await page.waitForURL(/\/admin\?next=%2Froutes/);
    await page.getByLabel('Username').waitFor();
    await context.close();
  });

  it('day sheet: a technician whose sheet failed to load is told so, not that the day has no stops', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInAsTechnician(page);
    let failures = 1;
    await page.route('**/api/routes/technician?*', (route) => (failures-- > 0
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable."}' })
      : route.continue()));
    await page.goto('/day-sheet');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load appointments. Please try again.' });
    await alert.waitFor();
    expect(await page.getByText('No stops on this route for this date.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Print day sheet' }).isDisabled()).toBe(true);

    await alert.getByRole('button', { name: 'Try again' }).click();
    // The crew's sheet as it is: its stops once the demo Friday is planned (or that they have none), else that the booked day is not planned yet.
    await page.getByTestId('route-stop').or(page.getByText('Route not planned yet')).or(page.getByText('No stops assigned to you on this day')).first().waitFor();
    expect(await alert.count()).toBe(0);
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
    await context.close();
  });

  it('appointments tab: a visit another admin completed meanwhile shows as completed once the move is refused', async () => {
    const office = await newPage();
    const other = await newPage();
    await signInAsAdmin(office.page);
    await signInAsAdmin(other.page);
    // Last Friday's visit, still confirmed (a visit is marked completed from its day on, 0057), the list showing that Friday.
    const past = await findPastVisit(other.page.request, 'Outdated');
    const visit = { id: past.appointmentId, date: past.date, serviceType: 'onetime' };
    const name = 'Outdated Rainday';
    // A seasonal customer has several visits: the buttons name the visit's date too.
    const which = `${name}, ${formatShortDate(visit.date, 'en')}`;
    const panel = office.page.getByRole('tabpanel', { name: 'Appointments' });
    await panel.getByLabel('Friday', { exact: true }).fill(visit.date);
    const moveButton = panel.getByRole('button', { name: `Move to another Friday: ${which}`, exact: true });
    await moveButton.waitFor();
    expect(await moveButton.count()).toBe(1);

    // Escape gives the keyboard back to the button that opened the dialog.
    await moveButton.click();
    const dialog = office.page.getByRole('dialog', { name: `Move ${name}'s visit` });
    await dialog.getByLabel('New Friday').waitFor();
    await office.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await moveButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // Another admin marks the visit completed; this page still shows it confirmed.
    expect((await markCompletedByApi(other.page.request, visit)).status()).toBe(200);
    await moveButton.click();
    await dialog.getByText('Only a confirmed visit, or a paid visit that needs a new date, can be moved to another Friday.').waitFor();
    await office.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The list read its rows again: the visit is completed and can no longer be moved.
    await panel.getByRole('button', { name: `Undo completed: ${which}`, exact: true }).waitFor();
    expect(await moveButton.count()).toBe(0);

    expect((await other.page.request.patch(`/api/admin/appointments/${visit.id}`, { data: { status: 'confirmed' } })).status()).toBe(200);
    expect(office.errors.filter((e) => !e.includes('409'))).toEqual([]);
    await office.context.close();
    await other.context.close();
  });

  it('technicians and staff accounts: closing a dialog puts the keyboard back on the button that opened it', async () => {
    const { page, context, errors } = await newPage();
    const name = `Crew F${Date.now().toString(36).slice(-3).toUpperCase()}`;
    await signInAsAdmin(page, '/technicians');
    const add = page.getByRole('form', { name: 'Add a technician' });
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Add technician' }).click();
    await page.getByText(`${name} is added and will get stops from the next optimization.`).waitFor();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('dialog', { name: `Edit ${name}` }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // Radix hands focus back a task after the dialog leaves the page: read it once that has run.
    await expect.poll(() => focused(page)).toBe(`button: Edit ${name}`);

    // Confirmed: the row's button turns into Reactivate once saved, and keeps the focus.
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(`${name} is deactivated and will not get new stops.`).waitFor();
    await page.waitForFunction((label) => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim() === label, `Reactivate ${name}`);

    await page.goto('/staff-accounts');
    await page.getByRole('button', { name: 'Set password Crew A' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('button: Set password Crew A');
    expect(errors).toEqual([]);
    await context.close();
  });
});
