import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin, signInAsTechnician } from './support/staff';

const { newPage } = setupBrowser();

type Crew = { id: number; name: string; licenceNumber: string | null; licenceExpiresOn: string | null };

describe('licence expiry (0107)', () => {
  it('warns the owner on Technicians and the dashboard when a crew\'s licence has expired, and tells the technician kindly on their day sheet', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    // Crew A is the demo technician login's crew and has a made-up number (0102); it is put back as found.
    const listed = (await (await page.request.get('/api/admin/technicians')).json()) as { technicians: Crew[] };
    const found = listed.technicians.find((tech) => tech.name === 'Crew A')!;
    expect(found.licenceNumber).not.toBeNull();
    const tech = await newPage();
    try {
      await page.goto('/technicians');
      const row = page.getByTestId('technician-row').filter({ has: page.getByRole('heading', { name: /^Crew A\b/ }) });
      await row.getByRole('button', { name: 'Edit Crew A', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Crew A' });
      await dialog.getByLabel('Licence expiry date (optional)').fill('2025-03-31');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByText(`Licence: ${found.licenceNumber}, valid until March 31, 2025`).waitFor();
      await row.getByText('This licence expired on March 31, 2025. Enter the renewed licence and its new expiry date with Edit.').waitFor();
      await page.getByText(/licences? ha(s|ve) expired: (.*, )?Crew A(,|\.)/).waitFor();
      expect(await findAxeViolations(page)).toEqual([]);

      // The dashboard's "Before the season" names it with the date, and leads back to Technicians.
      await page.goto('/admin');
      const beforeSeason = page.getByRole('region', { name: 'Before the season' });
      await beforeSeason.getByText(/Expired exterminator licences?: (.*, )?Crew A \(March 31, 2025\)/).waitFor();
      expect(await findAxeViolations(page)).toEqual([]);
      await beforeSeason.getByRole('link', { name: 'Update licences' }).click();
      await page.waitForURL((url) => url.pathname === '/technicians');

      // The technician's own day sheet says so kindly, and the day goes on as usual (0102: never blocked).
      await signInAsTechnician(tech.page);
      await tech.page.goto('/day-sheet');
      await tech.page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
      const notice = tech.page.getByRole('note');
      await notice.getByText('The exterminator licence we have on file for you expired on March 31, 2025. Nothing changes for your day', { exact: false }).waitFor();
      expect(await findAxeViolations(tech.page)).toEqual([]);
      // In their language.
      await tech.page.goto('/fr/day-sheet');
      await tech.page.getByRole('note').getByText('a expiré le 31 mars 2025. Rien ne change pour votre journée', { exact: false }).waitFor();
    } finally {
      const restored = await page.request.patch(`/api/admin/technicians/${found.id}`, {
        data: { licenceNumber: found.licenceNumber ?? '', licenceExpiresOn: found.licenceExpiresOn ?? '' },
      });
      expect(restored.status()).toBe(200);
    }

    // Put back: no note on the day sheet (French: the visit above left the locale cookie) nor Crew A's date on the dashboard.
    await tech.page.goto('/fr/day-sheet');
    await tech.page.getByRole('heading', { name: 'Feuille de route', level: 1 }).waitFor();
    expect(await tech.page.getByRole('note').count()).toBe(0);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await page.getByText(/Crew A \(March 31, 2025\)/).count()).toBe(0);
    expect(errors).toEqual([]);
    expect(tech.errors).toEqual([]);
    await tech.context.close();
    await context.close();
  });
});
