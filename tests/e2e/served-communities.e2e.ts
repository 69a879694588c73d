/**
 * The owner stops serving a community inside a served FSA (docs/decisions/0088): at /business on a
 * laptop, with a question first and a toast after; a French visitor with a Vineland code then hears
 * the out-of-area sentence while Beamsville, in the same FSA, is still served.
 */
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

describe('service area switches (0088)', () => {
  it('lets the owner stop serving Vineland after a confirmation, and a French visitor with a Vineland code is told so', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(page, '/business');
    try {
      const row = page.getByTestId('served-prefix-L0R2C');
      await row.getByText('Served', { exact: true }).waitFor();
      // Other journeys may have switched Vineland before (served-ops.e2e): this switch adds one line to the record.
      const recorded = page.getByText('Administrator: Vineland (L0R 2C) marked not served', { exact: false });
      const recordedBefore = await recorded.count();
      await row.getByRole('button', { name: 'Stop serving Vineland L0R 2C' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Stop serving Vineland (L0R 2C)?' });
      await dialog.getByText('Bookings already made are not cancelled', { exact: false }).waitFor();
      expect(await findAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Stop serving Vineland' }).click();
      await toast(page, 'Vineland is no longer served').waitFor();
      await row.getByText('Not served', { exact: true }).waitFor();
      await expect.poll(() => recorded.count()).toBe(recordedBefore + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      expect(await findAxeViolations(page)).toEqual([]);

      await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
      await page.goto('/fr');
      const check = page.locator('form').filter({ has: page.getByRole('button', { name: 'Vérifier' }) });
      await check.getByLabel('Vérifiez votre code postal').fill('LOR 2C4');
      await check.getByRole('button', { name: 'Vérifier' }).click();
      await check.getByRole('status').getByText(/ne desservons pas encore le secteur L0R\s2C4/u).waitFor();
      await check.getByLabel('Vérifiez votre code postal').fill('L0R 1B7');
      await check.getByRole('button', { name: 'Vérifier' }).click();
      await check.getByRole('status').getByText(/nous desservons Beamsville\.$/u).waitFor();
      expect(errors).toEqual([]);
    } finally {
      // The demo branch serves all of L0R again: other journeys expect it.
      expect((await context.request.patch('/api/admin/service-area', { data: { prefix: 'L0R2C', served: true } })).status()).toBe(200);
      await context.close();
    }
  });
});
