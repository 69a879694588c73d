import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { openOwnStopOnDaySheet } from './support/day-sheet';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** Whether the element has the keyboard focus. */
const isFocused = (locator: { evaluate: (fn: (el: Element) => boolean) => Promise<boolean> }) => locator.evaluate((el) => el === document.activeElement);

describe('pesticide application records (docs/decisions/0042)', () => {
  it('are asked for at "Mark done" on a 360 px phone, kept when the request fails, then shown and edited on the customer\'s page', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page, '/day-sheet');
    const request = context.request;

    // Its own paid visit on the last Friday, planned, on its technician's day sheet (a visit is marked done from its day on).
    const { date, booking, technicianId, stop, place } = await openOwnStopOnDaySheet(page, request, 'Spray');
    await stop.getByRole('button', { name: 'Mark done: Spray Rainday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Spray Rainday done' });
    await dialog.waitFor();
    const product = dialog.getByRole('combobox', { name: 'Product', exact: true });
    const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true });
    const note = dialog.getByRole('textbox', { name: 'Note to the customer (optional)' });
    expect(await isFocused(product)).toBe(true);
    expect(await amount.getAttribute('inputmode')).toBe('decimal');

    // Nothing chosen: the dialog says what is missing, by the fields, and focuses the first.
    await product.selectOption({ value: '' });
    await note.fill('Front beds and the cedar hedge');
    const markDone = dialog.getByRole('button', { name: 'Mark done', exact: true });
    await markDone.click();
    await dialog.getByText('Choose the product applied.').waitFor();
    await dialog.getByText('Enter the amount applied.').waitFor();
    expect(await product.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(product)).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);

    // A second line, then removed again: its own numbered labels and "Remove".
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await dialog.getByRole('combobox', { name: 'Product 2', exact: true }).waitFor();
    await expect.poll(() => isFocused(dialog.getByRole('combobox', { name: 'Product 2', exact: true }))).toBe(true);
    await dialog.getByRole('button', { name: 'Remove product 2' }).click();
    await product.waitFor();

    // The full-width buttons and the fields fit the phone.
    await product.selectOption({ label: 'Demo Barrier Concentrate (PCP 99901)' });
    await amount.fill('12,5');
    await dialog.getByText('mL of concentrate', { exact: true }).waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const buttonBox = await markDone.boundingBox();
    expect(buttonBox!.width).toBeGreaterThan(box!.width - 60);

    // The connection drops once: nothing is lost. The mark is kept on the phone, the stop shows
    // it waiting (0045), and "Send now" delivers it as typed.
    let drops = 1;
    await page.route(`**/api/routes/technician/stops/${booking.appointmentId}`, (route) => (drops-- > 0 ? route.abort('internetdisconnected') : route.continue()));
    await markDone.click();
    await dialog.waitFor({ state: 'detached' });
    const waiting = stop.getByText('Waiting for signal — will be sent automatically');
    await waiting.waitFor();
    await stop.getByText('Done', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send now' }).click();
    await waiting.waitFor({ state: 'detached' });
    await stop.getByText('Done', { exact: true }).waitFor();

    // The office: on the customer's page beside the done visit, the note and the record.
    await page.goto(`/customer-details?id=${booking.customerId}`);
    const record = page.getByTestId('visit-record');
    await record.getByText('Demo Barrier Concentrate (PCP 99901): 12.5 mL of concentrate').waitFor();
    await record.getByText('Front beds and the cedar hedge').waitFor();
    await record.getByText(/^Applied by /).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // "Edit record": the report already went out and is not sent again; both are rewritten.
    const edit = record.getByRole('button', { name: /^Edit record / });
    await edit.click();
    const editor = page.getByRole('dialog', { name: /^Visit record for / });
    await editor.getByText('The visit report has already been emailed to the customer. Changing the note here does not send it again.').waitFor();
    expect(await editor.getByRole('combobox', { name: 'Applied by' }).inputValue()).toBe(String(technicianId));
    await editor.getByRole('textbox', { name: 'Amount', exact: true }).fill('10');
    await editor.getByRole('textbox', { name: 'Note to the customer (optional)' }).fill('Front beds, cedar hedge and the side gate');
    expect(await findAxeViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save record' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByText('Visit record saved', { exact: true }).waitFor();
    await record.getByText('Demo Barrier Concentrate (PCP 99901): 10 mL of concentrate').waitFor();
    await record.getByText('Front beds, cedar hedge and the side gate').waitFor();
    await record.getByText(/^Last edited by Administrator on /).waitFor();
    await expect.poll(() => isFocused(edit)).toBe(true);

    // Read again from the server, as the next visitor sees it.
    await page.reload();
    await page.getByTestId('visit-record').getByText('Demo Barrier Concentrate (PCP 99901): 10 mL of concentrate').waitFor();

    // The export for the visit's Friday carries the edited record.
    const csv = await (await request.get(`/api/admin/exports/applications?from=${date}&to=${date}`)).text();
    expect(csv).toContain(`${date},"${place.address}, ${place.city}, ${place.postalCode}",Demo Barrier Concentrate,99901,10.00,mL of concentrate,`);

    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('lets the office add and retire products on their own screen, and download the records', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page, '/products');
    await page.getByRole('heading', { name: 'Pesticide products', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Products' }).and(page.locator('[aria-current="page"]')).waitFor();
    const rows = page.getByTestId('product-row');
    await rows.filter({ hasText: 'Demo Barrier Concentrate' }).waitFor();

    // Added by keyboard-friendly form, refused first with translated messages by the field.
    const name = `Demo Test Product ${Date.now().toString(36)}`;
    const add = page.getByRole('form', { name: 'Add a product' });
    await add.getByLabel('Product name').fill(name);
    await add.getByLabel('PCP registration number').fill('12');
    await add.getByRole('button', { name: 'Add product' }).click();
    await add.getByText('Enter the PCP registration number as on the label: 3 to 6 digits.').waitFor();
    await add.getByLabel('PCP registration number').fill('99977');
    await add.getByLabel('Amounts recorded in').selectOption({ label: 'g' });
    await add.getByRole('button', { name: 'Add product' }).click();
    await page.getByText(`${name} is added and offered when a visit is marked done.`).waitFor();
    const row = rows.filter({ hasText: name });
    await row.getByText('Not in any record yet').waitFor();

    // Retired after a confirmation; never used, it could also be deleted.
    await row.getByRole('button', { name: `Retire ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Retire ${name}?` });
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await page.getByText(`${name} is retired and no longer offered.`).waitFor();
    await row.getByText('Retired', { exact: true }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`${name} is deleted.`).waitFor();
    await row.waitFor({ state: 'detached' });

    // The export form downloads a CSV file.
    const exportForm = page.getByRole('region', { name: 'Export application records' });
    const [file] = await Promise.all([page.waitForEvent('download'), exportForm.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^application-records-\d{4}-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);

    expect(errors).toEqual([]);
    await context.close();
  });
});
