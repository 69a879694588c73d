import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** Fills in the login form the page shows and sends it. */
async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('your account (0037)', () => {
  it('lets a technician change their own password, sign out and sign in with the new one; no axe violations', async () => {
    // A login of its own, so the demo accounts other files sign in with keep their passwords.
    const suffix = Date.now().toString(36).slice(-5);
    const username = `robin-${suffix}`;
    const first = 'handed over in person';
    const chosen = 'my own garden password';
    const office = await newPage();
    await signInAsAdmin(office.page);
    const overview = (await (await office.page.request.get('/api/admin/staff-accounts')).json()) as { technicians: { id: number; isActive: boolean }[] };
    const created = await office.page.request.post('/api/admin/staff-accounts', {
      data: { displayName: `Robin ${suffix}`, username, role: 'technician', technicianId: overview.technicians.find((t) => t.isActive)!.id, password: first },
    });
    expect(created.status()).toBe(201);
    await office.context.close();

    const { page, context, errors } = await newPage();
    await page.goto('/admin');
    await fillLogin(page, username, first);
    await page.getByRole('heading', { name: 'Day Sheet', level: 1 }).waitFor();

    // The staff shell links every role to their own account.
    await page.getByRole('banner').getByRole('link', { name: 'Your account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    const details = page.getByRole('region', { name: 'Your details' });
    expect(await details.getByText(username, { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText(`Robin ${suffix}`, { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText('Technician', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect(await findAxeViolations(page)).toEqual([]);

    // The browser checks the rules first; each message sits under its field.
    const form = page.getByRole('form', { name: 'Change password' });
    const current = form.getByLabel('Current password');
    const fresh = form.getByLabel('New password', { exact: true });
    const repeat = form.getByLabel('Repeat new password');
    await current.fill(first);
    await fresh.fill(chosen);
    await repeat.fill('my own garden passwort');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The two new passwords do not match.').waitFor();
    expect(await repeat.getAttribute('aria-invalid')).toBe('true');
    expect(await findAxeViolations(page)).toEqual([]);

    // The server refuses a wrong current password next to its field.
    await current.fill('not what I was given');
    await repeat.fill(chosen);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('That is not your current password.').waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');

    await current.fill(first);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Use your new password from now on. Your other devices were signed out.').first().waitFor();
    expect(await current.inputValue()).toBe('');
    expect(await fresh.inputValue()).toBe('');

    // Still signed in here; after signing out, only the new password opens the staff area.
    await page.reload();
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    await fillLogin(page, username, first);
    await page.getByText('Invalid username or password.').first().waitFor();
    await fillLogin(page, username, chosen);
    await page.getByRole('heading', { name: 'Day Sheet', level: 1 }).waitFor();

    expect(errors.filter((e) => !e.includes('status of 400') && !e.includes('status of 401'))).toEqual([]);
    await context.close();
  });
});
