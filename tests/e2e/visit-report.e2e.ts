import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '@/features/scheduling/available-dates';
import { formatLongDate } from '@/lib/format';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { openOwnStopOnDaySheet } from './support/day-sheet';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('the day sheet\'s "Mark done" with a note to the customer (docs/decisions/0038, 0042)', () => {
  it('asks for the note in a dialog that works by keyboard at 360 px, marks the stop done, shows the note and queues the report', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page, '/day-sheet');
    const request = context.request;

    // Its own paid visit on the last Friday, planned, on its technician's day sheet (a visit is marked done from its day on).
    const { stop, date } = await openOwnStopOnDaySheet(page, request, 'Hedge');
    const markDone = stop.getByRole('button', { name: 'Mark done: Hedge Rainday' });
    await markDone.waitFor();

    // Escape closes the dialog without changing anything; focus goes back to the button.
    await markDone.click();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Hedge Rainday done' });
    await dialog.waitFor();
    // A treatment: the products applied come first (the application record, 0042), then the note.
    const product = dialog.getByRole('combobox', { name: 'Product', exact: true });
    const note = dialog.getByRole('textbox', { name: 'Note to the customer (optional)' });
    expect(await product.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => markDone.evaluate((el) => el === document.activeElement)).toBe(true);

    // Again by keyboard: the product (one of the seeded demo products), its amount, past "Add
    // product" to the note box with its counter; the dialog fits the phone.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await product.selectOption({ label: 'Demo Barrier Concentrate (PCP 99901)' });
    await page.keyboard.press('Tab');
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await note.evaluate((el) => el === document.activeElement)).toBe(true);
    const text = 'Treated the back hedge and under the deck; tipped out water in two planters';
    await page.keyboard.type(text);
    await dialog.getByText(`${text.length} of 500 characters`).waitFor();
    expect(await note.getAttribute('maxlength')).toBe('500');
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.getByRole('button', { name: 'Mark done' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The stop is done in place, with the note; Undo has the focus.
    await stop.getByText('Done', { exact: true }).waitFor();
    await stop.getByText(`Note to the customer: ${text}`).waitFor();
    const undo = stop.getByRole('button', { name: 'Undo: Hedge Rainday' });
    await expect.poll(() => undo.evaluate((el) => el === document.activeElement)).toBe(true);
    // The same button turned from "Mark done" into "Undo": let its colour transition end before axe reads the contrast.
    await undo.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await findAxeViolations(page)).toEqual([]);

    // The customer's report waits in the outbox, with the note.
    const { outbox } = (await (await request.get('/api/admin/outbox?limit=100')).json()) as { outbox: { id: number; kind: string; toAddress: string }[] };
    const reports = outbox.filter((o) => o.kind === 'visit-report' && o.toAddress.startsWith('hedge.'));
    expect(reports).toHaveLength(1);
    const html = await (await request.get(`/api/admin/outbox/${reports[0]!.id}`)).text();
    expect(html).toContain('Your visit is done');
    expect(html).toContain(text);

    // A one-time treatment: the report links the customer's own re-treatment request, with its last day (0065).
    const until = formatLongDate(addCalendarDays(date, 7), 'en');
    expect(html).toContain(`You can also ask for your free re-treatment online until ${until}.`);
    const link = /href="https?:\/\/[^/"]+(\/manage-booking\/[\w-]+#free-retreatment)"/.exec(html)?.[1];
    expect(link, html).toBeDefined();

    // The customer follows it: their booking's page, at its "Free re-treatment" section, the request there.
    const customer = await newPage({ viewport: { width: 360, height: 740 } });
    await customer.page.goto(link!);
    const section = customer.page.getByRole('region', { name: 'Free re-treatment' });
    await section.getByText(`You can ask until ${until}.`).waitFor();
    await section.getByRole('button', { name: 'Request a free re-treatment' }).waitFor();
    await expect.poll(() => section.evaluate((el) => {
      const { top } = el.getBoundingClientRect();
      return top >= 0 && top < window.innerHeight;
    })).toBe(true);
    expect(customer.errors).toEqual([]);
    await customer.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });
});
