import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { openOwnStopOnDaySheet } from './support/day-sheet';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** Whether the element has the keyboard focus. */
const isFocused = (locator: { evaluate: (fn: (el: Element) => boolean) => Promise<boolean> }) => locator.evaluate((el) => el === document.activeElement);

describe('a technician\'s day on a 360 px phone (docs/decisions/0110)', () => {
  it('signs in from Username, focused on load, straight onto their day sheet; the office keeps its dashboard', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto('/admin');
    const username = page.getByLabel('Username');
    await expect.poll(() => isFocused(username)).toBe(true);
    // Typed straight away, no tap first.
    await page.keyboard.type('crew-a');
    await page.getByLabel('Password').fill('mosquito-demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/day-sheet');
    await page.getByRole('heading', { name: 'Day Sheet', level: 1 }).waitFor();
    await page.getByText('Welcome. Your day sheet is ready.').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Technician' }).count()).toBe(0);

    // The office signs in where it did, on its dashboard.
    await context.clearCookies();
    await page.goto('/admin');
    await expect.poll(() => isFocused(page.getByLabel('Username'))).toBe(true);
    await page.getByLabel('Username').fill('office');
    await page.getByLabel('Password').fill('mosquito-demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Office Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('clears "Choose the product" once a product is chosen, and the done stop and the customer\'s report name the product and amount', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page, '/day-sheet');
    const { stop, technicianId } = await openOwnStopOnDaySheet(page, context.request, 'Rowan');
    await stop.getByRole('button', { name: 'Mark done: Rowan Rainday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Rowan Rainday done' });
    await dialog.waitFor();
    const product = dialog.getByRole('combobox', { name: 'Product', exact: true });
    const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true });

    // Nothing chosen: both messages; choosing the product takes its message away at once, the amount's stays.
    await product.selectOption({ value: '' });
    await dialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    const productError = dialog.getByText('Choose the product applied.');
    const amountError = dialog.getByText('Enter the amount applied.');
    await productError.waitFor();
    await amountError.waitFor();
    await product.selectOption({ label: 'Demo Barrier Concentrate (PCP 99901)' });
    await productError.waitFor({ state: 'detached' });
    expect(await product.getAttribute('aria-invalid')).toBeNull();
    expect(await amountError.isVisible()).toBe(true);
    await amount.fill('1,5');
    await amountError.waitFor({ state: 'detached' });
    expect(await findAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // The done stop names what was applied, at once and as the server reads it back.
    const applied = stop.getByTestId('stop-applied');
    await applied.getByText('Products applied').waitFor();
    await applied.getByText('Demo Barrier Concentrate (PCP 99901): 1.5 mL of concentrate').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.reload();
    await page.getByLabel('Technician').selectOption(String(technicianId));
    await page.getByTestId('route-stop').filter({ hasText: 'Rowan Rainday' }).getByTestId('stop-applied')
      .getByText('Demo Barrier Concentrate (PCP 99901): 1.5 mL of concentrate').waitFor();

    // The report went out in the booking's French, naming the product, its registration number and the amount.
    const { emails } = (await (await context.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
    const report = emails.find((e) => e.kind === 'visit-report' && e.toAddress === 'rowan.past@example.com');
    expect(report?.text).toContain('Produits appliqués\n- Demo Barrier Concentrate (n° d’homologation 99901)\u00a0: 1,5 mL de concentré');
    expect(errors).toEqual([]);
    await context.close();
  });
});
