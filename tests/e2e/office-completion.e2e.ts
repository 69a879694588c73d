import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isTreatmentVisit } from '@/features/application-records/application-rules';
import { formatShortDate } from '@/lib/format';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { findPastVisit } from './support/fridays';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

type ListedVisit = { id: number; customerId: number; date: string; status: string; serviceType: string; firstName: string; lastName: string; technicianId: number | null };
type Product = { id: number; name: string; isActive: boolean };

/** Whether the element has the keyboard focus. */
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The Appointments tab showing one Friday's visits. */
async function showFriday(page: Page, date: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Appointments' });
  await panel.getByLabel('Friday', { exact: true }).fill(date);
  await panel.getByRole('status').filter({ hasText: / visits? on / }).waitFor();
  return panel;
}

describe('the office\'s "Mark completed" records what was applied (docs/decisions/0046)', () => {
  it('asks through the day sheet\'s dialog at 360 px, who applied the products when the visit is on no route, and the record shows on the customer\'s page', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page);
    const request = context.request;
    // Visits of a Friday that has passed and is not planned: the office hears of them late (a visit
    // is marked completed from its day on, 0057).
    const phoned = await findPastVisit(request, 'Phoned');
    const { date } = phoned;
    const day = formatShortDate(date, 'en');
    const booking = { appointmentId: phoned.appointmentId, customerId: phoned.customerId };
    const { products } = (await (await request.get('/api/admin/products')).json()) as { products: Product[] };
    const barrier = products.find((p) => p.name === 'Demo Barrier Concentrate')!;

    // Another customer's treatment on this Friday, on no route yet (the day is not planned).
    const listed = (await (await request.get(`/api/admin/appointments?date=${date}&limit=200`)).json()) as { appointments: ListedVisit[] };
    const visitsOf = (customerId: number) => listed.appointments.filter((v) => v.customerId === customerId);
    // Its button names the customer and the day: no other visit that day may have the same name.
    const sameName = (v: ListedVisit) => listed.appointments.filter((o) => o.firstName === v.firstName && o.lastName === v.lastName).length;
    const neighbour = listed.appointments.find((v) => v.status === 'confirmed' && isTreatmentVisit(v.serviceType) && v.technicianId === null && v.id !== booking.appointmentId && visitsOf(v.customerId).length === 1 && sameName(v) === 1);
    expect(neighbour, 'another treatment on no route').toBeDefined();
    const neighbourName = `${neighbour!.firstName} ${neighbour!.lastName}`;

    let panel = await showFriday(page, date);
    await panel.getByRole('button', { name: `Mark completed: ${neighbourName}, ${day}`, exact: true }).click();

    // First, who applied the products: the record names them.
    const picker = page.getByRole('dialog', { name: `Who applied the products at ${neighbourName}'s visit?` });
    await picker.waitFor();
    const appliedBy = picker.getByRole('combobox', { name: 'Applied by' });
    await expect.poll(() => isFocused(appliedBy)).toBe(true);
    await picker.getByRole('button', { name: 'Continue' }).click();
    await picker.getByText('Choose the technician who applied the products.').waitFor();
    expect(await appliedBy.getAttribute('aria-invalid')).toBe('true');
    expect(await findAxeViolations(page)).toEqual([]);
    await appliedBy.selectOption({ label: 'Crew B' });
    await picker.getByRole('button', { name: 'Continue' }).click();

    // Then the day sheet's own dialog: the products (required) and the note.
    const neighbourDialog = page.getByRole('dialog', { name: `Mark the visit to ${neighbourName} done` });
    await neighbourDialog.waitFor();
    const neighbourProduct = neighbourDialog.getByRole('combobox', { name: 'Product', exact: true });
    await expect.poll(() => isFocused(neighbourProduct)).toBe(true);
    // Crew B may have a last product from another test: start from an empty line.
    await neighbourProduct.selectOption('');
    await neighbourDialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('');
    await neighbourDialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    await neighbourDialog.getByText('Choose the product applied.').waitFor();
    await neighbourDialog.getByText('Enter the amount applied.').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    // Cancel goes back to the choice of technician, which keeps it.
    // (The form's Cancel; the dialog's corner button has the same name.)
    await neighbourDialog.getByRole('button', { name: 'Cancel', exact: true }).first().click();
    await neighbourDialog.waitFor({ state: 'detached' });
    expect(await appliedBy.inputValue()).not.toBe('');
    await picker.getByRole('button', { name: 'Continue' }).click();
    await neighbourProduct.selectOption({ label: 'Demo Larvicide Granules (PCP 99903)' });
    await neighbourDialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('250');
    await neighbourDialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    await neighbourDialog.waitFor({ state: 'detached' });
    await picker.waitFor({ state: 'detached' });
    await page.getByText(`${neighbourName}'s visit on ${day} is marked completed.`, { exact: true }).waitFor();

    // The day is planned; the technician of our own visit's route recorded a product at another stop.
    expect((await request.post('/api/routes/optimize', { data: { date } })).status()).toBe(200);
    const { routes } = (await (await request.get(`/api/routes?date=${date}`)).json()) as { routes: { technicianId: number; technician: string; appointmentOrder: number[] }[] };
    const route = routes.find((r) => r.appointmentOrder.includes(booking.appointmentId))!;
    expect(route, 'our visit is on a route').toBeDefined();
    const other = listed.appointments.find((v) => route.appointmentOrder.includes(v.id) && v.id !== booking.appointmentId && isTreatmentVisit(v.serviceType));
    expect(other, 'another treatment on the route').toBeDefined();
    const earlier = await request.patch(`/api/routes/technician/stops/${other!.id}`, { data: { status: 'completed', applications: [{ productId: barrier.id, amount: '8' }] } });
    expect(earlier.status(), await earlier.text()).toBe(200);

    // Our visit: straight to the dialog, the first line on that technician's last product.
    await page.reload();
    panel = await showFriday(page, date);
    const markCompleted = panel.getByRole('button', { name: `Mark completed: Phoned Rainday, ${day}`, exact: true });
    await markCompleted.click();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Phoned Rainday done' });
    await dialog.waitFor();
    const product = dialog.getByRole('combobox', { name: 'Product', exact: true });
    expect(await product.inputValue()).toBe(String(barrier.id));
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('12,5');
    await dialog.getByText('mL of concentrate', { exact: true }).waitFor();
    const note = 'Crew phoned in: front beds and the cedar hedge';
    await dialog.getByRole('textbox', { name: 'Note to the customer (optional)' }).fill(note);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Phoned Rainday's visit on ${day} is marked completed.`, { exact: true }).waitFor();
    const undo = panel.getByRole('button', { name: `Undo completed: Phoned Rainday, ${day}`, exact: true });
    await expect.poll(() => isFocused(undo)).toBe(true);

    // The customer's report waits in the outbox with the note, as from the day sheet.
    const { outbox } = (await (await request.get('/api/admin/outbox?limit=100')).json()) as { outbox: { id: number; kind: string; toAddress: string }[] };
    const reports = outbox.filter((o) => o.kind === 'visit-report' && o.toAddress.startsWith('phoned.'));
    expect(reports).toHaveLength(1);
    expect(await (await request.get(`/api/admin/outbox/${reports[0]!.id}`)).text()).toContain(note);

    // The customer's page: the record, who applied it, the note.
    await page.goto(`/customer-details?id=${booking.customerId}`);
    const record = page.getByTestId('visit-record');
    await record.getByText('Demo Barrier Concentrate (PCP 99901): 12.5 mL of concentrate').waitFor();
    await record.getByText(note).waitFor();
    await record.getByText(new RegExp(`^Applied by ${route.technician}`)).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // The other customer's visit names the technician the office chose.
    await page.goto(`/customer-details?id=${neighbour!.customerId}`);
    const neighbourRecord = page.getByTestId('visit-record').filter({ hasText: 'Demo Larvicide Granules (PCP 99903): 250 g' });
    await neighbourRecord.getByText(/^Applied by Crew B/).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
