import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { restoreBusinessDetails, signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

type Details = Record<'legalName' | 'hstNumber' | 'phone' | 'email' | 'address' | 'city' | 'province' | 'postalCode' | 'displayName', string>;

describe('business details screen (docs/decisions/0044)', () => {
  it('lets an admin set the GST/HST number on a 360 px phone, with a live preview and no axe violations, and keeps it after a reload', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page);
    // The demo branch's identity, put back at the end: the receipts journey expects it.
    const original = ((await (await context.request.get('/api/admin/business')).json()) as { details: Details }).details;
    try {
      await page.getByRole('link', { name: 'Business details' }).click();
      await page.waitForURL((url) => url.pathname === '/business');
      await page.getByRole('heading', { name: 'Business details', level: 1 }).waitFor();
      const legalName = page.getByRole('textbox', { name: 'Legal business name' });
      const number = page.getByRole('textbox', { name: 'GST/HST registration number' });
      const preview = page.getByTestId('receipt-seller-preview');
      // The mailing address the receipt prints, in the preview.
      await preview.getByText('1 Hunter St E, Hamilton, ON L8N 3W1', { exact: true }).waitFor();

      // A malformed number is refused beside its field, before anything is sent.
      await number.fill('12345678 RT0001');
      await page.getByRole('button', { name: 'Save business details' }).click();
      await page.getByText('This is not a GST/HST number', { exact: false }).waitFor();
      expect(await number.getAttribute('aria-invalid')).toBe('true');
      await preview.getByText('No GST/HST line', { exact: false }).waitFor();
      expect(await findAxeViolations(page)).toEqual([]);

      // Typed in any spacing: the preview prints it as the receipt will, then it is saved that way.
      await legalName.fill('Escarpment Mosquito & Tick Ltd.');
      await number.fill('987654321rt0002');
      await preview.getByText('987654321 RT0002', { exact: true }).waitFor();
      await preview.getByText('Operating as Escarpment Mosquito & Tick', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Save business details' }).click();
      await page.getByText('Business details saved', { exact: true }).waitFor();
      await expect.poll(() => number.inputValue()).toBe('987654321 RT0002');
      expect(await number.getAttribute('aria-invalid')).toBeNull();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await findAxeViolations(page)).toEqual([]);

      await page.reload();
      await page.getByRole('heading', { name: 'Business details', level: 1 }).waitFor();
      // The form's fields get their values when it hydrates (react-hook-form), after the heading is drawn.
      await expect.poll(() => number.inputValue()).toBe('987654321 RT0002');
      await expect.poll(() => legalName.inputValue()).toBe('Escarpment Mosquito & Tick Ltd.');
      await preview.getByText('987654321 RT0002', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await restoreBusinessDetails(context.request, original);
      await context.close();
    }
  });

  it('is not offered to a technician: no link, and the address sends them to their day sheet', async () => {
    const { page, context } = await newPage();
    await page.goto('/admin');
    await page.getByLabel('Username').fill('crew-a');
    await page.getByLabel('Password').fill('mosquito-demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Day Sheet', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Business details' }).count()).toBe(0);
    // The office's screen refuses a technician in words, with the way to their day sheet (0078).
    await page.goto('/business');
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/business');
    await page.getByRole('alert').filter({ hasText: 'The “Business details” page is for office staff' }).waitFor();
    expect((await context.request.put('/api/admin/business', {
      data: { legalName: '', hstNumber: '', phone: '905-555-0000', email: 'x@example.ca', address: '1 Main St', city: 'Hamilton', province: 'ON', postalCode: 'L8N 3W1' },
    })).status()).toBe(403);
    await context.close();
  });
});
