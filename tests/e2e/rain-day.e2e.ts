import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { bookAndPay, findPastVisit, pickEmptyFriday } from './support/fridays';
import { markCompletedByApi } from './support/office-completion';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

const longDate = (date: string, locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
  .format(new Date(`${date}T12:00:00Z`));

describe('rain day on the route manager', () => {
  it('moves a rained-out Friday in English: preview, move, the day left empty, a second press answered', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page, '/routes');
    const { date, next } = await pickEmptyFriday(context.request, []);
    await bookAndPay(context.request, date, 'Rory');
    await bookAndPay(context.request, date, 'Sky');

    await page.goto(`/routes?date=${date}`);
    await page.getByTestId('appointment-count').filter({ hasText: '2 appointments' }).waitFor();
    const open = page.getByRole('button', { name: 'Move this Friday (rain day)' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: `Rain day: move ${longDate(date, 'en')}` });
    await dialog.waitFor();
    await dialog.getByLabel('Move the visits to').selectOption(next);
    await dialog.getByText('2 visits of 2 customers move.').waitFor();
    expect(await dialog.getByText(`${longDate(next, 'en')}: 2 visits (2 customers)`).isVisible()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Move 2 visits' }).click();
    await dialog.getByText('2 visits of 2 customers moved. Each customer gets an email with the new date.').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No appointments scheduled for this date').waitFor();

    // The visits are on the new Friday, still to be planned there.
    const moved = (await (await context.request.get(`/api/routes/appointments?date=${next}`)).json()) as { count: number };
    expect(moved.count).toBeGreaterThanOrEqual(2);

    // A second press: the server's answer, nothing moved again.
    await open.click();
    await dialog.getByText('No confirmed visit is left on this Friday. If you just moved it, the move is done.').waitFor();
    expect(await dialog.getByRole('button', { name: /^Move \d+ visits?$/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The rained-out Friday is closed to bookings (0071): the route manager says so, and neither the
    // public calendar nor the crew's day sheet treats it as a free day.
    const closure = page.getByRole('region', { name: 'Closed for rain' });
    await closure.getByText(`Its visits were moved to ${longDate(next, 'en')}.`).waitFor();
    expect(await closure.getByText(/^Closed on .+ by .+\.$/).isVisible()).toBe(true);
    expect(await closure.getByText('Customers cannot book it, and no move, re-treatment or later rain day can land on it.').isVisible()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);
    const offered = async () => ((await (await context.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] }).dates;
    expect(await offered()).not.toContain(date);

    const sheet = await context.newPage();
    await sheet.goto(`/day-sheet?date=${date}`);
    const rainNotice = sheet.getByTestId('moved-for-rain');
    await rainNotice.getByText('Moved for rain').waitFor();
    expect(await rainNotice.getByText(`Because of rain, this Friday's visits were moved to ${longDate(next, 'en')}.`).isVisible()).toBe(true);
    await sheet.close();

    // A changed forecast: the office reopens the Friday, after saying so in a dialog.
    await closure.getByRole('button', { name: 'Reopen this Friday' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Reopen ${longDate(date, 'en')}?` });
    await confirm.getByText('The visits already moved stay on their new Fridays, and nobody is emailed.', { exact: false }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Reopen this Friday' }).click();
    await page.getByText(`${longDate(date, 'en')} is open to bookings again.`).first().waitFor();
    await closure.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('route-date');
    expect(await offered()).toContain(date);
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await context.close();
  });

  it('is off, with the reason beside it, on a Friday whose only visit was marked done before any route had it', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page, '/routes');
    // A Friday that has passed with this one visit (a visit is marked completed from its day on, 0057).
    const { date, appointmentId } = await findPastVisit(context.request, 'Dora');
    const done = await markCompletedByApi(context.request, { id: appointmentId, serviceType: 'onetime' });
    expect(done.status(), await done.text()).toBe(200);

    await page.goto(`/routes?date=${date}`);
    await page.getByText('Every appointment on this date is already marked done, so there is nothing left to plan.').waitFor();
    const button = page.getByRole('button', { name: 'Move this Friday (rain day)' });
    expect(await button.isDisabled()).toBe(true);
    const reasonId = await button.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe('Nothing to move: every visit on this Friday is already marked done.');
    expect(await findAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walks the dialog in French, with a target the server refuses shown in French and the choice kept', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page, '/routes');
    const { date, next } = await pickEmptyFriday(context.request, []);
    await bookAndPay(context.request, date, 'Maude');

    await page.goto(`/fr/routes?date=${date}`);
    await page.getByTestId('appointment-count').filter({ hasText: '1' }).waitFor();
    await page.getByRole('button', { name: 'Déplacer ce vendredi (jour de pluie)' }).click();
    const dialog = page.getByRole('dialog', { name: `Jour de pluie\u00a0: déplacer le ${longDate(date, 'fr')}` });
    await dialog.waitFor();
    const select = dialog.getByLabel('Déplacer les visites au');
    await select.selectOption(next);
    await dialog.getByText('1 visite de 1 client est déplacée.').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // A colleague moves the day from another screen meanwhile: the press gets the server's answer in
    // French, and the Friday chosen stays chosen.
    const colleague = await context.request.post('/api/admin/rain-day', { data: { date, to: next } });
    expect(colleague.status()).toBe(200);
    await dialog.getByRole('button', { name: 'Déplacer 1 visite' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Il ne reste aucune visite confirmée ce vendredi. Si vous venez de les déplacer, c’est fait.' }).first().waitFor();
    expect(await select.inputValue()).toBe(next);
    expect(await findAxeViolations(page)).toEqual([]);

    // The colleague's rain day closed the Friday (0071): the notice reads in French once the dialog is closed.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await page.goto(`/fr/routes?date=${date}`);
    await page.getByRole('region', { name: 'Fermé pour cause de pluie' }).getByText(`Ses visites ont été déplacées\u00a0: ${longDate(next, 'fr')}.`).waitFor();
    // Reopened for the tests after this one, which pick their Fridays among those offered.
    expect((await context.request.post('/api/admin/rain-day/reopen', { data: { date } })).status()).toBe(200);
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await context.close();
  });
});
