import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '@/features/scheduling/available-dates';
import { formatLongDate } from '@/lib/format';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { bookAndPay, findSharedFriday } from './support/fridays';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

type OutboxEmail = { kind: string; toAddress: string; subject: string; text: string };
const readOutbox = async (staff: Page) => ((await (await staff.request.get('/api/outbox')).json()) as { emails: OutboxEmail[] }).emails;

describe('free re-treatments under the guarantee (docs/decisions/0047)', () => {
  it('a customer asks from their Spanish booking page on a phone; the office schedules it in English; the page then shows the free visit', async () => {
    const staff = await newPage();
    await signInAsAdmin(staff.page, '/retreatments');
    await staff.page.getByRole('heading', { level: 1, name: 'Free re-treatments' }).waitFor();

    // A paid visit on a Friday other tests share, marked done by the office.
    const date = await findSharedFriday(staff.context.request);
    const lastName = `Garantía${Date.now().toString(36)}`;
    const booking = await bookAndPay(staff.context.request, date, 'Lucía', { lastName, locale: 'es', email: `retreat.es.${Date.now().toString(36)}@example.com` });
    // Done as the office marks it (0046): with the products applied and, the visit being on no route, who applied them.
    const { products } = (await (await staff.page.request.get('/api/admin/products')).json()) as { products: { id: number; isActive: boolean }[] };
    const { technicians } = (await (await staff.page.request.get('/api/admin/technicians')).json()) as { technicians: { id: number; isActive: boolean }[] };
    const done = await staff.page.request.patch(`/api/admin/appointments/${booking.appointmentId}`, {
      data: { status: 'completed', applications: [{ productId: products.find((p) => p.isActive)!.id, amount: '8' }], technicianId: technicians.find((t) => t.isActive)!.id },
    });
    expect(done.status(), await done.text()).toBe(200);
    const receipt = (await readOutbox(staff.page)).find((m) => m.kind === 'receipt' && m.toAddress === booking.email);
    const link = /https?:\/\/[^/\s]+(\/es\/manage-booking\/[\w-]+)/.exec(receipt?.text ?? '')?.[1];
    expect(link, receipt?.text).toBeDefined();

    // The customer, on a 360 px phone, in Spanish.
    const { page, errors } = await newPage({ viewport: { width: 360, height: 740 }, locale: 'es-CA' });
    await page.goto(link!);
    const section = page.getByRole('region', { name: 'Repetición gratuita del tratamiento' });
    await section.getByText('Nuestra garantía: si los mosquitos vuelven después de su tratamiento').waitFor();
    await section.getByText(`Puede pedirla hasta el ${formatLongDate(addCalendarDays(date, 7), 'es')}.`).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'Pedir una repetición gratuita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pedir una repetición gratuita' });
    await dialog.waitFor();
    // A one-time treatment has one reason, chosen already; heavy rain is a seasonal plan's.
    expect(await dialog.getByRole('radio', { name: 'Han vuelto los mosquitos o las garrapatas' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: /lluvias/ }).count()).toBe(0);
    const note = 'Muchos mosquitos junto al estanque por la tarde.';
    await dialog.getByRole('textbox', { name: '¿Algo que nuestro técnico deba saber? (opcional)' }).fill(note);
    await dialog.getByText(`${note.length} de 500 caracteres`).waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Enviar mi solicitud' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The page, read again, says the request is with the office.
    await section.getByText(/^Recibimos su solicitud del .+\. Nuestra oficina le enviará por correo electrónico una fecha/).waitFor();
    expect(await section.getByRole('button', { name: 'Pedir una repetición gratuita' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);

    // The office, in English: the request is waiting, with the customer's note; it is booked on another shared Friday.
    await staff.page.reload();
    const name = `Lucía ${lastName}`;
    const card = staff.page.getByRole('article', { name: new RegExp(`^${name}`) });
    await card.getByText(note).waitFor();
    await card.getByText('Mosquitoes or ticks are back').waitFor();
    await card.getByText('One-Time Treatment').waitFor();
    expect(await findAxeViolations(staff.page)).toEqual([]);
    await card.getByRole('button', { name: `Schedule ${name}` }).click();
    const schedule = staff.page.getByRole('dialog', { name: `Schedule ${name}’s free re-treatment` });
    const friday = schedule.getByLabel('Friday', { exact: true });
    await friday.locator('option').nth(1).waitFor({ state: 'attached' });
    const offered = await friday.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    // Not the booking's own Friday; three weeks later is another of the demo's shared Fridays.
    expect(offered).not.toContain(date);
    const target = offered.includes(addCalendarDays(date, 21)) ? addCalendarDays(date, 21) : offered[1]!;
    await friday.selectOption(target);
    expect(await findAxeViolations(staff.page)).toEqual([]);
    await schedule.getByRole('button', { name: 'Book the re-treatment' }).click();
    await staff.page.getByText('Re-treatment booked', { exact: true }).first().waitFor();
    await schedule.waitFor({ state: 'detached' });
    const answered = staff.page.getByRole('region', { name: 'Answered in the last 60 days' }).getByRole('article', { name: new RegExp(`^${name}`) });
    await answered.getByText(`Re-treatment on ${formatLongDate(target, 'en')}, booked by`, { exact: false }).waitFor();

    // The office's appointments list names the visit for what it is, on its Friday.
    await staff.page.goto('/admin');
    const appointments = staff.page.getByRole('tabpanel', { name: 'Appointments' });
    await appointments.getByLabel('Friday', { exact: true }).fill(target);
    await appointments.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Free re-treatment' }).waitFor();

    // The customer's page lists the free visit and says it is booked; the emails went out in Spanish.
    await page.reload();
    await page.getByRole('heading', { name: formatLongDate(target, 'es') }).waitFor();
    await page.getByRole('region', { name: 'Sus visitas' }).getByText('Repetición gratuita del tratamiento', { exact: true }).waitFor();
    await section.getByText('Su repetición gratuita está reservada: la encontrará con sus visitas, más arriba.').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    const mails = (await readOutbox(staff.page)).filter((m) => m.kind === 'retreatment' && m.toAddress === booking.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Recibimos su solicitud de repetición (${booking.bookingRef})`,
      `Su repetición gratuita: ${formatLongDate(target, 'es', { weekday: false })}`,
    ].sort());

    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await page.context().close();
    await staff.context.close();
  });
});
