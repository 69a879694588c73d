import type { APIRequestContext, APIResponse, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { isTreatmentVisit } from '@/features/application-records/application-rules';

type Listed = { id: number; name: string; isActive: boolean };

async function findFirstActive(request: APIRequestContext, path: '/api/admin/products' | '/api/admin/technicians', key: 'products' | 'technicians'): Promise<Listed> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const found = ((await res.json()) as Record<string, Listed[]>)[key]!.find((item) => item.isActive);
  expect(found, `an active entry in ${path}`).toBeDefined();
  return found!;
}

/**
 * The office's "Mark completed" through the API, as the dashboard sends it (docs/decisions/0046):
 * a treatment comes with its application record (1 unit of the first active product) and the
 * first active technician, whom the server names only when the visit is on no route.
 */
export async function markCompletedByApi(request: APIRequestContext, visit: { id: number; serviceType: string }): Promise<APIResponse> {
  if (!isTreatmentVisit(visit.serviceType)) return request.patch(`/api/admin/appointments/${visit.id}`, { data: { status: 'completed' } });
  const [product, technician] = await Promise.all([
    findFirstActive(request, '/api/admin/products', 'products'),
    findFirstActive(request, '/api/admin/technicians', 'technicians'),
  ]);
  return request.patch(`/api/admin/appointments/${visit.id}`, {
    data: { status: 'completed', applications: [{ productId: product.id, amount: '1' }], technicianId: technician.id },
  });
}

/** The text a dialog is described by (`aria-describedby`), as a screen reader reads it out. */
export async function readDialogDescription(dialog: Locator): Promise<string> {
  const id = await dialog.getAttribute('aria-describedby');
  expect(id, 'the dialog has a description').toBeTruthy();
  return (await dialog.page().locator(`[id="${id}"]`).textContent()) ?? '';
}

/**
 * Finishes a dashboard "Mark completed" whose button was just pressed: names the first technician
 * when asked (a treatment on no route), then in the day sheet's dialog the product applied for a
 * treatment (the first one offered unless one is chosen, amount 1), and "Mark done". `described`:
 * what the dialog's description must read first (the visit's service and add-ons, 0077).
 */
export async function finishMarkCompleted(page: Page, options: { described?: string } = {}): Promise<void> {
  const picker = page.getByRole('dialog', { name: /^Who applied the products at / });
  const dialog = page.getByRole('dialog', { name: /^Mark the visit to .+ done$/ });
  await picker.or(dialog).first().waitFor();
  if (await picker.isVisible()) {
    const technician = picker.getByRole('combobox', { name: 'Applied by' });
    await technician.selectOption({ index: 1 });
    await picker.getByRole('button', { name: 'Continue' }).click();
  }
  await dialog.waitFor();
  if (options.described !== undefined) expect(await readDialogDescription(dialog)).toBe(`${options.described} The customer gets a report of the visit by email, with your note.`);
  const product = dialog.getByRole('combobox', { name: 'Product', exact: true });
  if ((await product.count()) > 0) {
    if ((await product.inputValue()) === '') await product.selectOption({ index: 1 });
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('1');
  }
  await dialog.getByRole('button', { name: 'Mark done', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await picker.waitFor({ state: 'detached' });
}
