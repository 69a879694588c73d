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

  it('finds a customer, marks a visit completed and takes it back, and files a contact message', async () => {
    const { page, context, errors } = await newPage();
    const sent = await page.request.post('/api/messages', {
      headers: { 'x-forwarded-for': '10.91.0.1' },
      data: { name: 'Mara Quinn', email: 'mara@example.com', subject: 'question', message: 'Can you treat a pond edge too?' },
    });
    expect(sent.status()).toBe(200);
    await signInAsAdmin(page);

    // Find a customer among many.
    await page.getByRole('tab', { name: 'Customers' }).click();
    const customers = page.getByRole('tabpanel', { name: 'Customers' });
    await customers.getByLabel('Search customers').fill('tremblay');
    expect(await customers.getByRole('row').count()).toBe(2);
    expect(await customers.getByRole('link', { name: 'Olivia Tremblay' }).isVisible()).toBe(true);
    await customers.getByLabel('Search customers').fill('905 555 0110');
    await customers.getByRole('link', { name: 'Olivia Tremblay' }).waitFor();
    expect(await customers.getByRole('row').count()).toBe(2);
    await customers.getByLabel('Search customers').fill('nobody-by-this-name');
    await customers.getByText('No customers match your search.', { exact: true }).waitFor();

    // Mark one of Olivia's confirmed visits completed, then undo it.
    await page.getByRole('tab', { name: 'Appointments' }).click();
    const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
    const row = appointments.getByRole('row').filter({ hasText: 'Olivia Tremblay' }).filter({ has: page.getByRole('button', { name: /^Mark completed/ }) }).first();
    const date = (await row.getByRole('cell').first().textContent())!;
    await row.getByRole('button', { name: /^Mark completed/ }).click();
    await page.getByText(`Olivia Tremblay's visit on ${date} is marked completed.`, { exact: true }).waitFor();
    const done = appointments.getByRole('row').filter({ hasText: 'Olivia Tremblay' }).filter({ hasText: 'Completed' }).first();
    await done.getByRole('button', { name: /^Undo completed/ }).click();
    await page.getByText(`Olivia Tremblay's visit on ${date} is confirmed again.`, { exact: true }).waitFor();

    // File the contact message.
    await page.getByRole('tab', { name: 'Messages' }).click();
    const messages = page.getByRole('tabpanel', { name: 'Messages' });
    const message = messages.getByRole('row').filter({ hasText: 'Mara Quinn' });
    expect(await message.getByText('New', { exact: true }).isVisible()).toBe(true);
    // The subject as the contact form names it, not its stored code.
    expect(await message.getByRole('cell', { name: 'General question', exact: true }).isVisible()).toBe(true);
    await message.getByRole('button', { name: 'Mark as replied: Mara Quinn' }).click();
    await page.getByText('The message from Mara Quinn is now: Replied.', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Messages' }).click();
    expect(await page.getByRole('tabpanel', { name: 'Messages' }).getByRole('row').filter({ hasText: 'Mara Quinn' }).getByText('Replied', { exact: true }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves a confirmed visit to another Friday with room from the appointments list', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
    // Liam Martin's seasonal plan: the newest of its visits, well after the demo route day.
    const row = appointments.getByRole('row').filter({ hasText: 'Liam Martin' }).filter({ has: page.getByRole('button', { name: /^Move to another Friday/ }) }).first();
    const before = (await row.getByRole('cell').first().textContent())!;
    await row.getByRole('button', { name: /^Move to another Friday/ }).click();

    const dialog = page.getByRole('dialog', { name: "Move Liam Martin's visit" });
    await dialog.waitFor();
    const select = dialog.getByLabel('New Friday');
    await select.waitFor();
    const offered = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered.length).toBeGreaterThan(5);
    expect(offered.every((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 5)).toBe(true);
    await select.selectOption(offered.at(-1)!);
    await dialog.getByRole('button', { name: 'Move visit' }).click();

    // The server queued the customer's email in the move's transaction, and the toast says so.
    const toastText = page.getByText(/^Liam Martin's visit is now on .+ and confirmed\. The customer gets an email with the new date\.$/);
    await toastText.waitFor();
    const after = /now on (.+) and confirmed/.exec((await toastText.textContent())!)![1]!;
    expect(after).not.toBe(before);
    expect(await dialog.count()).toBe(0);
    // Saved: after a reload the list shows the visit on its new Friday.
    await page.reload();
    const moved = page.getByRole('tabpanel', { name: 'Appointments' }).getByRole('row').filter({ hasText: 'Liam Martin' }).filter({ hasText: after });
    expect(await moved.count()).toBe(1);
    expect(await moved.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
    // The Emails tab names the queued email's kind in words, not by its stored code.
    await page.getByRole('tab', { name: 'Emails' }).click();
    const emails = page.getByRole('tabpanel', { name: 'Emails' });
    const movedEmail = emails.getByRole('row').filter({ hasText: 'liam.martin' }).filter({ hasText: 'Visit moved' });
    expect(await movedEmail.count()).toBeGreaterThan(0);
    expect(await emails.getByRole('cell', { name: 'visit-moved', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the login form again when the session ends while the dashboard is open', async () => {
    const { page, context, errors } = await newPage();
    await page.clock.install();
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    // Sign out behind the page's back (as the idle timeout would): the cookie and session are gone.
    const signedOut = await page.request.post('/api/auth/logout');
    expect(signedOut.status()).toBe(200);
    await page.clock.runFor(31_000);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Total Revenue' }).count()).toBe(0);
    // The poll's 401 is expected: only other console errors count.
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
    await context.close();
  });

  it('opens the day sheets from the dashboard, ready to print', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Day sheets' }).click();
    await page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Print day sheet' }).isVisible()).toBe(true);
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
    for (const path of ['/api/admin/dashboard', '/api/admin/outbox/1', '/api/admin/customers?q=olivia']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(401);
    }
    for (const path of ['/api/admin/appointments/1', '/api/admin/messages/1']) {
      const res = await page.request.patch(path, { data: { status: 'completed' } });
      expect(res.status(), path).toBe(401);
    }
    await context.close();
  });
});
