import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs in through the real login form as the local demo administrator. */
export async function signInAsAdmin(page: Page, next?: string): Promise<void> {
  await page.goto(next ? `/admin?next=${encodeURIComponent(next)}` : '/admin');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('mosquito-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  if (next) await page.waitForURL((url) => url.pathname === next.split('?')[0]);
  else await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/** Fills in and sends the login form on /admin as a local demo account (all share the demo password). */
async function signInOnAdmin(page: Page, username: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('mosquito-demo');
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the login form on /admin as the local demo technician (crew-a), who lands on their day sheet (0110). */
export async function signInAsTechnician(page: Page): Promise<void> {
  await signInOnAdmin(page, 'crew-a');
  await page.waitForURL((url) => url.pathname === '/day-sheet');
  await page.getByRole('heading', { name: 'Day Sheet', level: 1 }).waitFor();
}

/** Signs in through the login form on /admin as the local demo office account (0082). */
export async function signInAsOffice(page: Page): Promise<void> {
  await signInOnAdmin(page, 'office');
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/** The business details as GET /api/admin/business answers them to a signed-in admin. */
export async function readBusinessDetails(request: APIRequestContext): Promise<Record<string, string>> {
  return ((await (await request.get('/api/admin/business')).json()) as { details: Record<string, string> }).details;
}

/** Puts back the business details a test read before changing them (the receipts journey expects the demo's). */
export async function restoreBusinessDetails(request: APIRequestContext, details: Record<string, string>): Promise<void> {
  const { displayName: _shown, ...fields } = details;
  const restored = await request.put('/api/admin/business', { data: fields });
  expect(restored.status()).toBe(200);
}
