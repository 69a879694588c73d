import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** The login form a signed-out visitor of `path` is sent to, filled in. */
async function signInThrough(page: Page, path: string, username: string, password: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('staff accounts screen', () => {
  it('sends a visitor without a session to the login form, and tells a technician the screen is the office\'s', async () => {
    const { page, context } = await newPage();
    await signInThrough(page, '/staff-accounts', 'crew-a', 'mosquito-demo');
    await page.getByRole('alert').filter({ hasText: 'The “Staff accounts” page is for office staff' }).waitFor();
    await page.goto('/staff-accounts');
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/staff-accounts');
    await page.getByRole('alert').filter({ hasText: 'The “Staff accounts” page is for office staff' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Staff accounts' }).count()).toBe(0);
    await context.close();
  });

  it('lets an admin give a technician a login, change it, and take it away; no axe violations', async () => {
    const { page, context, errors } = await newPage();
    // A name of its own, so a re-run against a kept server never meets its earlier self.
    const suffix = Date.now().toString(36).slice(-5);
    const username = `dana-${suffix}`;
    const name = `Dana ${suffix.toUpperCase()}`;
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Staff accounts' }).click();
    await page.waitForURL((url) => url.pathname === '/staff-accounts');
    await page.getByRole('heading', { name: 'Staff accounts', level: 1 }).waitFor();
    const rows = page.getByTestId('staff-account-row');
    expect(await rows.filter({ has: page.getByRole('heading', { name: /^Administrator/ }) }).count()).toBe(1);
    expect(await findAxeViolations(page)).toEqual([]);

    // The browser checks with the server's rules, and each message sits under its field.
    const add = page.getByRole('form', { name: 'Add an account' });
    await add.getByRole('button', { name: 'Add account' }).click();
    await add.getByText("Please enter the person's name.").waitFor();
    expect(await add.getByRole('combobox', { name: 'Technician' }).getAttribute('aria-invalid')).toBe('true');
    await add.getByLabel('Name', { exact: true }).fill(name);
    await add.getByLabel('Username').fill(username.toUpperCase());
    await add.getByRole('combobox', { name: 'Technician' }).selectOption({ label: 'Crew B' });
    await add.getByLabel('Password', { exact: true }).fill(username);
    await add.getByRole('button', { name: 'Add account' }).click();
    await add.getByText('Please use at least 12 characters for the password.').waitFor();
    const password = add.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('aria-describedby')).toMatch(/-error/);
    expect(await findAxeViolations(page)).toEqual([]);
    await password.fill('first crew password');
    await add.getByRole('button', { name: 'Add account' }).click();
    await page.getByText(`${name} can now sign in as ${username}.`).waitFor();
    const row = rows.filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) });
    await row.getByText('Day sheet: Crew B').waitFor();
    await row.getByText('Never signed in').waitFor();
    expect(await add.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    // Edit: the name and the technician.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await edit.getByLabel('Name', { exact: true }).fill(`${name} North`);
    await edit.getByRole('combobox', { name: 'Technician' }).selectOption({ label: 'Crew A' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`The changes to ${name} North are saved.`).waitFor();
    await edit.waitFor({ state: 'detached' });
    const renamed = rows.filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} North`) }) });
    await renamed.getByText('Day sheet: Crew A').waitFor();

    // A new password, checked in the dialog before it is sent.
    await renamed.getByRole('button', { name: `Set password ${name} North` }).click();
    const reset = page.getByRole('dialog', { name: `New password for ${name} North` });
    await reset.waitFor();
    await reset.getByLabel('New password').fill(`  ${username.toUpperCase()}  `);
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.getByText('The password cannot be the username.').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await reset.getByLabel('New password').fill('second crew password');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(`${name} North has a new password and was signed out everywhere.`).waitFor();

    // The technician signs in on their own device and lands on their day sheet.
    const crew = await newPage();
    await signInThrough(crew.page, '/day-sheet', username, 'second crew password');
    await crew.page.waitForURL((url) => url.pathname === '/day-sheet');
    await crew.page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    // Their sheet is fixed to their technician: no picker of other crews.
    expect(await crew.page.getByLabel('Technician').count()).toBe(0);

    // The office sees the sign-in, then deactivates the login after a confirmation.
    await page.reload();
    await renamed.getByText(/^Last sign-in: /).waitFor();
    await renamed.getByRole('button', { name: `Deactivate ${name} North` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Deactivate ${name} North?` });
    await confirm.waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(`${name} North is deactivated and was signed out everywhere.`).waitFor();
    await renamed.getByRole('button', { name: `Reactivate ${name} North` }).waitFor();
    expect(await renamed.getByText('Inactive', { exact: true }).isVisible()).toBe(true);

    // The technician's next page goes to the login form, and the old password no longer opens anything.
    await crew.page.goto('/day-sheet');
    await crew.page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/day-sheet');
    await crew.page.getByLabel('Username').fill(username);
    await crew.page.getByLabel('Password').fill('second crew password');
    await crew.page.getByRole('button', { name: 'Login' }).click();
    await crew.page.getByText('Invalid username or password.').first().waitFor();
    expect(crew.errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    await crew.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an admin give the office a login, which opens the office but not the staff accounts (0082)', async () => {
    const { page, context, errors } = await newPage();
    const suffix = Date.now().toString(36).slice(-5);
    const username = `desk-${suffix}`;
    const name = `Front Desk ${suffix.toUpperCase()}`;
    await signInAsAdmin(page, '/staff-accounts');
    const add = page.getByRole('form', { name: 'Add an account' });
    await add.getByLabel('Name', { exact: true }).fill(name);
    await add.getByLabel('Username').fill(username);
    await add.getByRole('radio', { name: 'Office' }).check();
    // Only a technician's login names a technician.
    expect(await add.getByRole('combobox', { name: 'Technician' }).count()).toBe(0);
    await add.getByLabel('Password', { exact: true }).fill('front desk password');
    await add.getByRole('button', { name: 'Add account' }).click();
    await page.getByText(`${name} can now sign in as ${username}.`).waitFor();
    const row = page.getByTestId('staff-account-row').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) });
    await row.getByText('Office', { exact: true }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('front desk password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Office Dashboard' }).waitFor();
    await page.goto('/staff-accounts');
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/staff-accounts');
    await page.getByRole('alert').filter({ hasText: 'The “Staff accounts” page is for administrators, so it does not open with an office login.' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Staff accounts' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
