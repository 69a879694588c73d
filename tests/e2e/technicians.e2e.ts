import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { bookUnplannedFriday } from './support/fridays';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('technicians screen', () => {
  it('sends a visitor without a session to the login form, and a technician to their day sheet', async () => {
    const { page, context } = await newPage();
    await page.goto('/technicians');
    await page.waitForURL(/\/admin\?next=%2Ftechnicians/);
    await page.getByLabel('Username').fill('crew-a');
    await page.getByLabel('Password').fill('mosquito-demo');
    await page.getByRole('button', { name: 'Login' }).click();
    // Signed in as a technician: the page they asked for says it is the office's, with the way to their day sheet (0078).
    await page.getByRole('alert').filter({ hasText: 'The “Technicians” page is for office staff' }).waitFor();
    await page.goto('/technicians');
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/technicians');
    await page.getByRole('alert').filter({ hasText: 'The “Technicians” page is for office staff' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Technicians' }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Your day sheet' }).click();
    await page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    await context.close();
  });

  it('lets an admin add, edit and deactivate a technician, with no axe violations', async () => {
    const { page, context, errors } = await newPage();
    // A name of its own, so a re-run against a kept server never meets its earlier self.
    const name = `Crew ${Date.now().toString(36).slice(-4).toUpperCase()}`;
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Technicians' }).click();
    await page.waitForURL((url) => url.pathname === '/technicians');
    await page.getByRole('heading', { name: 'Technicians', level: 1 }).waitFor();
    const rows = page.getByTestId('technician-row');
    for (const crew of ['Crew A', 'Crew B', 'Crew C']) {
      expect(await rows.filter({ has: page.getByRole('heading', { name: new RegExp(`^${crew}`) }) }).count()).toBe(1);
    }
    expect(await findAxeViolations(page)).toEqual([]);

    // The browser checks with the server's rules; the server refuses a name taken in another case.
    const add = page.getByRole('form', { name: 'Add a technician' });
    await add.getByRole('button', { name: 'Add technician' }).click();
    await add.getByText('Please enter a name.').waitFor();
    await add.getByLabel('Name').fill('crew a');
    await add.getByLabel('Shift start').fill('07:00');
    await add.getByRole('button', { name: 'Add technician' }).click();
    await add.getByText('The shift must fall within the Friday working hours.').waitFor();
    await add.getByLabel('Shift start').fill('09:00');
    await add.getByRole('button', { name: 'Add technician' }).click();
    await add.getByText('Another technician already has this name.').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // A Friday planned before the new crew exists: the notice offers it for re-planning.
    const request = page.context().request;
    const { date: planned } = await bookUnplannedFriday(request);
    expect((await request.post('/api/routes/optimize', { data: { date: planned } })).status()).toBe(200);

    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Colour on the route map').fill('#7c3aed');
    await add.getByLabel('Shift end').fill('17:00');
    await add.getByRole('button', { name: 'Add technician' }).click();
    const added = page.getByRole('status').filter({ hasText: `${name} is added and will get stops from the next optimization.` });
    await added.waitFor();
    // Each day is a link to its routes, large enough to tap beside its neighbours (WCAG 2.5.8).
    const dayLinks = added.getByRole('link');
    expect(await dayLinks.count()).toBeGreaterThanOrEqual(1);
    const hrefs = await dayLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toContain(`/routes?date=${planned}`);
    for (const box of await dayLinks.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height))) {
      expect(box).toBeGreaterThanOrEqual(24);
    }
    expect(await findAxeViolations(page)).toEqual([]);
    const row = rows.filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) });
    await row.getByText('Shift: 9:00 AM to 5:00 PM').waitFor();
    expect(await row.getByText('Active', { exact: true }).isVisible()).toBe(true);
    // The form is ready for the next one.
    expect(await add.getByLabel('Name').inputValue()).toBe('');

    // Edit: a new name, an earlier end and the exterminator licence number (0042).
    const renamed = `${name} North`;
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Shift end').inputValue()).toBe('17:00');
    expect(await findAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByLabel('Shift end').fill('16:00');
    await dialog.getByLabel('Exterminator licence number (optional)').fill('e-10442');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`The changes to ${renamed} are saved.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const renamedRow = rows.filter({ has: page.getByRole('heading', { name: new RegExp(`^${renamed}`) }) });
    await renamedRow.getByText('Shift: 9:00 AM to 4:00 PM').waitFor();
    await renamedRow.getByText('Licence: E-10442').waitFor();

    // Deactivate, after a confirmation; the technician stays listed as inactive.
    await renamedRow.getByRole('button', { name: `Deactivate ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Deactivate ${renamed}?` });
    await confirm.waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(`${renamed} is deactivated and will not get new stops.`).waitFor();
    await renamedRow.getByRole('button', { name: `Reactivate ${renamed}` }).waitFor();
    expect(await renamedRow.getByText('Inactive', { exact: true }).isVisible()).toBe(true);

    // Still inactive after a reload (saved on the server), listed after the active crews.
    await page.reload();
    await page.getByRole('heading', { name: 'Technicians', level: 1 }).waitFor();
    // Other tests may have left inactive crews too: every crew from this one on is inactive.
    const names = await rows.getByRole('heading').allTextContents();
    const at = names.findIndex((n) => n.includes(renamed));
    expect(at, names.join(' | ')).toBeGreaterThan(-1);
    expect(names.slice(at).every((n) => n.endsWith('Inactive')), names.join(' | ')).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);
    // The admin's day sheet still offers them, marked inactive and last, for routes already planned.
    await page.goto('/day-sheet');
    const picker = page.getByLabel('Technician');
    await picker.waitFor();
    const options = await picker.locator('option').allTextContents();
    const option = options.indexOf(`${renamed} (inactive)`);
    expect(option, options.join(' | ')).toBeGreaterThan(-1);
    expect(options.slice(option).every((o) => o.endsWith('(inactive)')), options.join(' | ')).toBe(true);
    // The one refusal the server sent (the name taken) is the browser's only console line.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await context.close();
  });

  it('keeps the routes when nobody is active: the route manager says why and links here', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    const listed = (await (await page.request.get('/api/admin/technicians')).json()) as { technicians: { id: number; isActive: boolean }[] };
    const active = listed.technicians.filter((tech) => tech.isActive);
    expect(active.length).toBeGreaterThan(0);
    try {
      for (const tech of active) expect((await page.request.patch(`/api/admin/technicians/${tech.id}`, { data: { isActive: false } })).status()).toBe(200);
      await page.goto('/routes');
      await page.getByText('30 appointments').waitFor();
      await page.getByRole('button', { name: 'Optimize Route' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Routes not changed' });
      await alert.getByText('No technician is active, so this day cannot be planned. The current routes were kept.', { exact: false }).waitFor();
      expect(await findAxeViolations(page)).toEqual([]);
      await alert.getByRole('link', { name: 'Manage technicians' }).click();
      await page.waitForURL((url) => url.pathname === '/technicians');
      await page.getByText('No technician is active, so Optimize Route cannot plan any day.', { exact: false }).waitFor();
    } finally {
      for (const tech of active) await page.request.patch(`/api/admin/technicians/${tech.id}`, { data: { isActive: true } });
    }
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await context.close();
  });
  it('warns the owner before the season about a crew without a licence number, on the dashboard and on Technicians, until it is added (0102)', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    // The demo gives Crew A and Crew B made-up numbers and leaves Crew C without, while the demo products are active.
    const listed = (await (await page.request.get('/api/admin/technicians')).json()) as { technicians: { id: number; name: string; licenceNumber: string | null }[] };
    const crewC = listed.technicians.find((tech) => tech.name === 'Crew C')!;
    expect(crewC.licenceNumber).toBeNull();
    try {
      const beforeSeason = page.getByRole('region', { name: 'Before the season' });
      await beforeSeason.getByText(/no exterminator licence number on file \(.*Crew C.*\)/).waitFor();
      expect(await beforeSeason.getByText(/Crew A\b|Crew B\b/).count()).toBe(0);
      expect(await findAxeViolations(page)).toEqual([]);
      await beforeSeason.getByRole('link', { name: 'Add licence numbers' }).click();
      await page.waitForURL((url) => url.pathname === '/technicians');

      await page.getByText(/no exterminator licence number on file: .*Crew C/).waitFor();
      const rows = page.getByTestId('technician-row');
      const row = rows.filter({ has: page.getByRole('heading', { name: /^Crew C\b/ }) });
      const rowWarning = row.getByText('Add the licence number before the season: application records for this crew', { exact: false });
      await rowWarning.waitFor();
      const licensed = rows.filter({ has: page.getByRole('heading', { name: /^Crew A\b/ }) });
      expect(await licensed.getByText('Add the licence number before the season', { exact: false }).count()).toBe(0);
      expect(await findAxeViolations(page)).toEqual([]);

      // Added with Edit: the row's warning goes at once, and the dashboard no longer names Crew C.
      await row.getByRole('button', { name: 'Edit Crew C', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Crew C' });
      await dialog.getByLabel('Exterminator licence number (optional)').fill('e-31337');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await row.getByText('Licence: E-31337').waitFor();
      await rowWarning.waitFor({ state: 'detached' });
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await page.getByText(/no exterminator licence number on file \(.*Crew C.*\)/).count()).toBe(0);

      // In French too, for a crew without one.
      expect((await page.request.patch(`/api/admin/technicians/${crewC.id}`, { data: { licenceNumber: '' } })).status()).toBe(200);
      await page.goto('/fr/admin');
      const avant = page.getByRole('region', { name: 'Avant la saison' });
      await avant.getByRole('link', { name: 'Ajouter les numéros de permis' }).waitFor();
      expect(await avant.getByText('Crew C', { exact: false }).count()).toBe(1);
    } finally {
      await page.request.patch(`/api/admin/technicians/${crewC.id}`, { data: { licenceNumber: '' } });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
