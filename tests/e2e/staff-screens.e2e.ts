import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('staff screens', () => {
  it('shows the dashboard cards and tabs with the demo season', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    for (const label of ['Total Revenue', 'Confirmed Appointments', 'Total Customers', 'Total Payments']) {
      expect(await page.getByRole('heading', { name: label }).isVisible()).toBe(true);
    }
    const appointmentsTable = page.getByRole('tabpanel', { name: 'Appointments' });
    for (const col of ['Date', 'Time', 'Customer', 'Service', 'Address', 'Status']) {
      expect(await appointmentsTable.getByRole('columnheader', { name: col, exact: true }).count()).toBe(1);
    }
    // The seeded demo Friday has thirty confirmed stops at 9:00 AM.
    expect(await appointmentsTable.getByRole('cell', { name: '9:00 AM' }).count()).toBeGreaterThanOrEqual(30);
    await page.getByRole('tab', { name: 'Customers' }).click();
    const customers = page.getByRole('tabpanel', { name: 'Customers' });
    await customers.getByRole('link', { name: 'Olivia Tremblay' }).click();
    await page.getByRole('heading', { name: 'Olivia Tremblay' }).waitFor();
    expect(await page.getByText('71 Main St W, Hamilton, L8P 4Y5').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists quotes on the quote management page, behind the login', async () => {
    const { page, context } = await newPage();
    await page.goto('/quotes-admin');
    await page.waitForURL(/\/admin\?next=/);
    await signInAsAdmin(page, '/quotes-admin');
    await page.getByRole('heading', { name: 'Quote Management' }).waitFor();
    await context.close();
  });

  it('keeps staff APIs closed without a session', async () => {
    const { page, context } = await newPage();
    for (const path of ['/api/admin/dashboard', '/api/admin/outbox/1']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(401);
    }
    await context.close();
  });
});
