import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DAY_SHEET_CACHE_PREFIX } from '@/features/routing/components/day-sheet-on-device';
import { pickDemoFriday } from '@/server/bootstrap/seed';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { openOwnStopOnDaySheet } from './support/day-sheet';
import { signInAsAdmin, signInAsTechnician } from './support/staff';

const { newPage } = setupBrowser();

type TechnicianDay = { route: { appointments: { customer: { firstName: string; lastName: string } }[] } | null };

/** The demo Friday, planned by the office (once), so that the demo technician has stops on it. */
async function planDemoFriday(request: APIRequestContext): Promise<string> {
  // The demo Friday: 30 demo stops, so every crew has some once it is planned (no test changes them).
  const date = pickDemoFriday(new Date());
  const { routes } = (await (await request.get(`/api/routes?date=${date}`)).json()) as { routes: unknown[] };
  if (routes.length === 0) expect((await request.post('/api/routes/optimize', { data: { date } })).status()).toBe(200);
  return date;
}

/**
 * True once the day sheet's worker controls the page and keeps, for this language, the sheet itself
 * and every script and style sheet the page runs: what a reopened sheet needs to start.
 * `controlled` false: a tab opened at another page (the login) can never be controlled by it.
 */
function isKeptForNoSignal(page: Page, scope = '/day-sheet', controlled = true): Promise<boolean> {
  return page.evaluate(async ({ prefix, scope, controlled }) => {
    if (controlled && !navigator.serviceWorker.controller) return false;
    const names = (await caches.keys()).filter((name) => name.startsWith(prefix));
    if (names.length !== 1) return false;
    const kept = new Set((await (await caches.open(names[0]!)).keys()).map((request) => request.url));
    const files = [
      // Not the old browsers' polyfills (`nomodule`): this browser never loads them.
      ...[...document.querySelectorAll('script[src]:not([nomodule])')].map((el) => (el as HTMLScriptElement).src),
      ...[...document.querySelectorAll('link[rel="stylesheet"]')].map((el) => (el as HTMLLinkElement).href),
    ];
    return kept.has(new URL(scope, location.href).href) && files.length > 0 && files.every((url) => kept.has(url));
  }, { prefix: DAY_SHEET_CACHE_PREFIX, scope, controlled });
}

/** What the day sheet has left on this phone: its localStorage keys, the worker's caches and registrations. */
function readWhatIsKept(page: Page) {
  return page.evaluate(async (prefix) => ({
    storage: Object.keys(localStorage).filter((key) => key.startsWith('escarpment.daySheet.')),
    caches: (await caches.keys()).filter((name) => name.startsWith(prefix)),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }), DAY_SHEET_CACHE_PREFIX);
}

/**
 * Opening a page without signal finds nothing: the browser's own error (ERR_FAILED when a worker
 * had nothing to answer with, ERR_INTERNET_DISCONNECTED when there is no worker at all).
 */
async function expectNoPage(page: Page, path: string, error: RegExp) {
  await expect(page.goto(path)).rejects.toThrow(error);
}

const isNoSignalError = (message: string) => message.includes('ERR_INTERNET_DISCONNECTED');

describe('the day sheet reopens without signal (docs/decisions/0048)', () => {
  it('opens again on a 360 px phone whose tab was dropped, from the kept page and the saved day; the public site is never controlled; logout leaves nothing', async () => {
    const office = await newPage();
    await signInAsAdmin(office.page);
    const date = await planDemoFriday(office.context.request);
    await office.context.close();

    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsTechnician(page);
    const day = (await (await page.request.get(`/api/routes/technician?date=${date}`)).json()) as TechnicianDay;
    const names = (day.route?.appointments ?? []).map((stop) => `${stop.customer.firstName} ${stop.customer.lastName}`);
    expect(names.length, 'the demo technician has stops on the planned Friday').toBeGreaterThan(0);

    // With signal: the sheet is read, its day saved on the phone, and the worker keeps the page.
    await page.goto(`/day-sheet?date=${date}`);
    const stops = page.getByTestId('route-stop');
    await stops.first().waitFor();
    await expect.poll(() => isKeptForNoSignal(page), { timeout: 20_000 }).toBe(true);

    // The public site and the other staff pages: no worker, ever.
    for (const path of ['/', '/fr', '/account']) {
      const other = await context.newPage();
      await other.goto(path);
      expect(await other.evaluate(async () => ({
        controller: navigator.serviceWorker.controller === null,
        registration: (await navigator.serviceWorker.getRegistration()) === undefined,
      })), path).toEqual({ controller: true, registration: true });
      await other.close();
    }

    // The phone drops the tab while Google Maps is open; back in a yard without signal, the sheet
    // opens again: the kept page, the day as saved, said so.
    await context.setOffline(true);
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: /^No signal — showing the copy saved at / });
    await banner.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Day Sheet' }).waitFor();
    await expect.poll(() => stops.count()).toBe(names.length);
    for (const name of names) await stops.filter({ hasText: name }).first().waitFor();
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart > 0)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);

    // Signal again: the day is read anew by itself.
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });

    // Nothing waits: logout asks nothing, and leaves nothing of the day sheet on the phone.
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.getByText('You have been successfully logged out.', { exact: true }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await readWhatIsKept(page)).toEqual({ storage: [], caches: [], workers: 0 });
    await context.setOffline(true);
    await expectNoPage(page, `/day-sheet?date=${date}`, /ERR_INTERNET_DISCONNECTED/);

    expect(errors.filter((e) => !isNoSignalError(e))).toEqual([]);
    await context.close();
  });

  it('shows another account nothing of the last one\'s kept sheet when it signs in after the sign-in ended', async () => {
    const office = await newPage();
    await signInAsAdmin(office.page);
    const date = await planDemoFriday(office.context.request);
    await office.context.close();

    const { page, context, errors } = await newPage();
    await signInAsTechnician(page);
    await page.goto(`/day-sheet?date=${date}`);
    await page.getByTestId('route-stop').first().waitFor();
    await expect.poll(() => isKeptForNoSignal(page), { timeout: 20_000 }).toBe(true);

    // The technician's sign-in ends without a logout; the office manager signs in on the same phone.
    await context.clearCookies();
    await signInAsAdmin(page);
    const kept = await readWhatIsKept(page);
    expect(kept.caches).toEqual([]);
    expect(kept.workers).toBe(1);
    // Without signal the worker has no sheet to show: not the technician's.
    await context.setOffline(true);
    await expectNoPage(page, '/day-sheet', /ERR_FAILED|ERR_INTERNET_DISCONNECTED/);

    expect(errors.filter((e) => !isNoSignalError(e))).toEqual([]);
    await context.close();
  });

  it('keeps a sheet reached from the login without a full load, and reopens it without signal (0061)', async () => {
    const { page, context, errors } = await newPage();
    // The login sends the office manager on to the sheet in the same tab, opened at /admin.
    await signInAsAdmin(page, '/day-sheet');
    await page.getByRole('heading', { level: 1, name: 'Day Sheet' }).waitFor();
    await expect.poll(() => isKeptForNoSignal(page, '/day-sheet', false), { timeout: 20_000 }).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Day Sheet' }).waitFor();
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart > 0)).toBe(true);

    expect(errors.filter((e) => !isNoSignalError(e))).toEqual([]);
    await context.close();
  });

  it('takes over and keeps a sheet that was loading while its worker started (0061)', async () => {
    const office = await newPage();
    await signInAsAdmin(office.page);
    const date = await planDemoFriday(office.context.request);
    await office.context.close();

    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    // The sheet is on its way in one tab (its answer held back) when a second tab opens the sheet
    // and starts its worker: no worker answered for the first tab's page.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => { asked = resolve; });
    const isSheetOfDate = (url: URL) => url.pathname === '/day-sheet' && url.searchParams.get('date') === date && !url.searchParams.has('_rsc');
    await page.route(isSheetOfDate, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    const opened = page.goto(`/day-sheet?date=${date}`);
    await requested;
    const other = await context.newPage();
    await other.goto('/day-sheet');
    await expect.poll(() => isKeptForNoSignal(other), { timeout: 20_000 }).toBe(true);
    await other.close();
    release();
    await opened;
    await page.unroute(isSheetOfDate);
    await page.getByTestId('route-stop').first().waitFor();
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart)).toBe(0);

    // Taken over once it tells the worker what it loaded, and kept whole.
    await expect.poll(() => isKeptForNoSignal(page), { timeout: 20_000 }).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before a logout would delete a change still waiting for signal, naming it, and lets the technician stay (360 px)', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page, '/day-sheet');
    const { stop } = await openOwnStopOnDaySheet(page, context.request, 'Handover');
    await expect.poll(() => isKeptForNoSignal(page), { timeout: 20_000 }).toBe(true);

    // The mark gets no answer (no signal where the stop is): it waits on the phone.
    await page.route('**/api/routes/technician/stops/*', (route) => route.abort('internetdisconnected'));
    await stop.getByRole('button', { name: 'Mark done: Handover Rainday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Handover Rainday done' });
    await dialog.getByRole('combobox', { name: 'Product', exact: true }).selectOption({ label: 'Demo Barrier Concentrate (PCP 99901)' });
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('12');
    await dialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const waiting = stop.getByText('Waiting for signal — will be sent automatically');
    await waiting.waitFor();

    // Logout asks first, naming the customer, and says what would be lost.
    const logout = page.getByRole('button', { name: 'Logout', exact: true });
    await logout.click();
    const question = page.getByRole('alertdialog', { name: 'A change on the day sheet has not been sent' });
    await question.getByText('Waiting on this phone: Handover Rainday.').waitFor();
    await question.getByText('If you log out now, it is deleted from this phone and never reaches the office. To send it, stay signed in and tap “Send now” on the day sheet when there is signal.').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // "Stay signed in": nothing changed.
    await question.getByRole('button', { name: 'Stay signed in' }).click();
    await question.waitFor({ state: 'detached' });
    await waiting.waitFor();
    expect((await readWhatIsKept(page)).storage.filter((key) => key.includes('.outbox.'))).toHaveLength(1);
    expect(await page.getByText('You have been successfully logged out.', { exact: true }).count()).toBe(0);

    // Asked again, the change is given up knowingly: the sign-in ends and nothing of the sheet stays.
    await logout.click();
    await question.getByRole('button', { name: 'Log out and delete' }).click();
    await page.getByText('You have been successfully logged out.', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(await readWhatIsKept(page)).toEqual({ storage: [], caches: [], workers: 0 });

    expect(errors.filter((e) => !isNoSignalError(e))).toEqual([]);
    await context.close();
  });
});
