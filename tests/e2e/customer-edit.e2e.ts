import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('customer details: the office corrects contact details', () => {
  it('edits a customer\'s phone, email and address, refusing a bad email under its field', async () => {
    const { page, context, errors } = await newPage();
    const stamp = Date.now().toString(36);
    const created = await page.request.post('/api/customers', {
      headers: { 'x-forwarded-for': '10.94.0.1' },
      data: { firstName: 'Rosa', lastName: `Edit${stamp}`, email: `rosa.${stamp}@example.com`, phone: '905-555-0170', address: '12 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9' },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };

    await signInAsAdmin(page, `/customer-details?id=${id}`);
    await page.getByRole('heading', { name: `Rosa Edit${stamp}` }).waitFor();
    await page.getByRole('button', { name: 'Edit contact details' }).click();
    const dialog = page.getByRole('dialog', { name: `Contact details of Rosa Edit${stamp}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('905-555-0170');
    expect(await findAxeViolations(page)).toEqual([]);

    await dialog.getByLabel('Email').fill('rosa-at-example');
    await dialog.getByLabel('Phone').fill('289 555 0199');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a valid email address.').waitFor();
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Email').fill(`rosa.new.${stamp}@example.com`);
    await dialog.getByLabel('Street address').fill('45 Wilson St W');
    await dialog.getByLabel('Town').fill('Ancaster');
    await dialog.getByLabel('Postal code').fill('L9G 1N1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact details saved.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('45 Wilson St W, Ancaster, L9G 1N1').waitFor();
    expect(await page.getByRole('link', { name: '289 555 0199' }).getAttribute('href')).toBe('tel:289 555 0199');
    expect(await page.getByRole('link', { name: `rosa.new.${stamp}@example.com` }).isVisible()).toBe(true);

    // Saved, not only shown: a reload reads the same.
    await page.reload();
    await page.getByText('45 Wilson St W, Ancaster, L9G 1N1').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
