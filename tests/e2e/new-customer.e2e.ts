import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsOffice } from './support/staff';

const { newPage } = setupBrowser();

describe('the office adds a first-time caller and books them (0098)', () => {
  it('adds the customer from the Customers tab, keeps what was typed through a refusal, and lands on their page with New booking', async () => {
    const { page, context, errors } = await newPage();
    const stamp = Date.now().toString(36);
    const email = `nora.${stamp}@example.com`;

    await signInAsOffice(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.waitFor();
    await dialog.getByLabel('First name', { exact: true }).fill('Nora');
    await dialog.getByLabel('Last name', { exact: true }).fill(`Caller${stamp}`);
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Phone', { exact: true }).fill('905-555-0163');
    await dialog.getByLabel('Street address', { exact: true }).fill('290 Bremner Blvd');
    await dialog.getByLabel('City', { exact: true }).fill('Toronto');
    await dialog.getByLabel('Postal code', { exact: true }).fill('M5V 2T6');
    await dialog.getByLabel('Language of their emails', { exact: true }).selectOption('fr');
    // CASL: the box is the customer's yes, never ticked for them.
    const consent = dialog.getByRole('checkbox', { name: /The customer said yes on this call to/ });
    expect(await consent.isChecked()).toBe(false);
    expect(await findAxeViolations(page)).toEqual([]);

    // Not served: refused by the postal code, and nothing typed is lost.
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await dialog.getByText('We don\'t currently service this area.').waitFor();
    expect(await dialog.getByLabel('First name', { exact: true }).inputValue()).toBe('Nora');
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await dialog.getByLabel('Language of their emails', { exact: true }).inputValue()).toBe('fr');

    await dialog.getByLabel('Street address', { exact: true }).fill('45 Wilson St W');
    await dialog.getByLabel('City', { exact: true }).fill('Ancaster');
    await dialog.getByLabel('Postal code', { exact: true }).fill('L9G 1N1');
    await dialog.getByRole('button', { name: 'Add customer' }).click();

    // Their page, with who added them, and New booking prefilled from what was typed.
    await page.getByRole('heading', { level: 1, name: `Nora Caller${stamp}` }).waitFor();
    await page.getByText(/^Added by .+ on /).waitFor();
    await page.getByRole('button', { name: 'New booking' }).click();
    const booking = page.getByRole('dialog', { name: `New booking for Nora Caller${stamp}` });
    await booking.waitFor();
    expect(await booking.getByLabel('Service address', { exact: true }).inputValue()).toBe('45 Wilson St W');
    expect(await booking.getByLabel('Postal code', { exact: true }).inputValue()).toBe('L9G 1N1');
    expect(await booking.getByLabel('Language of the email', { exact: true }).inputValue()).toBe('fr');
    await booking.getByRole('button', { name: 'Cancel' }).click();

    // The same email again, in another case: the existing customer is offered instead.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'New customer' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('First name', { exact: true }).fill('Nora');
    await dialog.getByLabel('Last name', { exact: true }).fill('Again');
    await dialog.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await dialog.getByLabel('Phone', { exact: true }).fill('905-555-0163');
    await dialog.getByLabel('Street address', { exact: true }).fill('45 Wilson St W');
    await dialog.getByLabel('City', { exact: true }).fill('Ancaster');
    await dialog.getByLabel('Postal code', { exact: true }).fill('L9G 1N1');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await dialog.getByText('A customer with this email address already exists.').waitFor();
    // The phone typed is hers too (0105): the warning under it names her as well; the email's link opens her page.
    await dialog.getByTestId('phone-matches').getByText(`A customer with this phone already exists: Nora Caller${stamp}, Ancaster`).waitFor();
    await dialog.getByRole('link', { name: `Open Nora Caller${stamp}’s page` }).first().click();
    await page.getByRole('heading', { level: 1, name: `Nora Caller${stamp}` }).waitFor();
    // The browser logs the two refusals the clerk was shown (the area's 400, the known email's 409); nothing else.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    await context.close();
  });
});
