import { describe, expect, inject, it } from 'vitest';
import { addCalendarDays } from '@/features/scheduling/available-dates';
import { formatLongDate, formatShortDate } from '@/lib/format';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsOffice } from './support/staff';

const { newPage } = setupBrowser();

// Lapsed Nothingahead: a visit done on the fourth Friday back, paid 12 days before it (the payment
// started the day before that), nothing booked since (support/past-visits.ts).
const lapsedFriday = () => inject('pastFridays')[3]!;
const lapsedPaidOn = () => addCalendarDays(lapsedFriday(), -12);

/** "$1,234.50" -> 123450. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

describe('the dashboard\'s Customers and Payments filters (0101, 0109)', () => {
  it('lists the customers with nothing booked ahead, with their last visit, and keeps the filter in the address', async () => {
    const { page, context, errors } = await newPage();
    await signInAsOffice(page);
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.waitForURL((url) => url.search === '?tab=customers');
    await page.getByLabel('Show', { exact: true }).selectOption('nothing-booked-ahead');
    await page.waitForURL((url) => url.search === '?tab=customers&customers=nothing-booked-ahead');
    await page.getByRole('columnheader', { name: 'Last visit' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Lapsed Nothingahead', exact: true }) });
    await row.getByRole('cell', { name: formatShortDate(lapsedFriday(), 'en')! }).waitFor();
    // Booked through the website for a Friday to come: never on this list.
    expect(await page.getByRole('link', { name: /Renée Bélanger/ }).count()).toBe(0);
    // The search is over every customer; this list has none.
    expect(await page.getByLabel('Search customers').count()).toBe(0);
    expect(await findAxeViolations(page)).toEqual([]);

    // A reload (or the address sent to a colleague) opens the same list, in their language.
    await page.goto('/fr/admin?tab=customers&customers=nothing-booked-ahead');
    expect(await page.getByLabel('Afficher', { exact: true }).inputValue()).toBe('nothing-booked-ahead');
    await page.getByRole('columnheader', { name: 'Dernière visite' }).waitFor();
    await page.getByRole('link', { name: 'Lapsed Nothingahead', exact: true }).waitFor();

    // Back to every customer: the search again, and the address without the filter.
    await page.getByLabel('Afficher', { exact: true }).selectOption('all');
    await page.waitForURL((url) => url.search === '?tab=customers');
    await page.getByLabel('Rechercher un client').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the payments received on the days of a From/To, by the day paid, summing to its totals; kept in the address; a reversed range refused; all again', async () => {
    const { page, context, errors } = await newPage();
    await signInAsOffice(page);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const region = page.getByRole('region', { name: 'Export CSV' });
    const day = lapsedPaidOn();
    const long = (d: string) => formatLongDate(d, 'en');

    // Reversed: the exports' message, and the list stays as it was.
    await region.getByLabel('From').fill(day);
    await region.getByLabel('To').fill(addCalendarDays(day, -1));
    await region.getByRole('button', { name: 'List payments received' }).click();
    await region.getByRole('alert').filter({ hasText: 'The start date must be on or before the end date.' }).waitFor();
    expect(await region.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).searchParams.has('from')).toBe(false);

    const table = page.getByRole('tabpanel', { name: 'Payments' });
    const list = table.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Paid on' }) });
    // The day Lapsed's payment was started but not paid: not theirs.
    const dayBefore = addCalendarDays(day, -1);
    await region.getByLabel('From').fill(dayBefore);
    await region.getByLabel('To').fill(dayBefore);
    await region.getByRole('button', { name: 'List payments received' }).click();
    await page.waitForURL((url) => url.search === `?tab=payments&from=${dayBefore}&to=${dayBefore}`);
    await page.getByRole('status').filter({ hasText: `Payments received from ${long(dayBefore)} to ${long(dayBefore)}, by the day they were paid` }).filter({ hasText: / shown\.$/ }).waitFor();
    expect(await list.getByRole('link', { name: 'Lapsed Nothingahead', exact: true }).count()).toBe(0);

    // The day it was paid: listed under that day, as the files and totals date it.
    await region.getByLabel('From').fill(day);
    await region.getByLabel('To').fill(day);
    await region.getByRole('button', { name: 'List payments received' }).click();
    await page.waitForURL((url) => url.search === `?tab=payments&from=${day}&to=${day}`);
    const status = page.getByRole('status').filter({ hasText: `Payments received from ${long(day)} to ${long(day)}, by the day they were paid` });
    await status.filter({ hasText: / shown\.$/ }).waitFor();
    const lapsed = list.getByRole('row').filter({ has: page.getByRole('link', { name: 'Lapsed Nothingahead', exact: true }) });
    await lapsed.getByRole('cell', { name: formatShortDate(day, 'en')!, exact: true }).waitFor();
    // Paid on the last Friday's week, not this day: not listed.
    expect(await table.getByRole('link', { name: 'Hedge Rainday', exact: true }).count()).toBe(0);

    // The list is the range's "Show totals": as many payments, the same total.
    await region.getByRole('button', { name: 'Show totals' }).click();
    const received = region.getByRole('table').getByRole('row', { name: /^Payments received \(\d+\)/ });
    await received.waitFor();
    const count = Number(/\((\d+)\)/.exec(await received.getByRole('rowheader').innerText())![1]);
    const total = cents((await received.getByRole('cell').allInnerTexts()).at(-1)!);
    await status.filter({ hasText: `${count} ${count === 1 ? 'payment' : 'payments'} shown.` }).waitFor();
    const amounts = await list.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[2]?.textContent ?? ''));
    expect(amounts).toHaveLength(count);
    expect(amounts.reduce((sum, amount) => sum + cents(amount), 0)).toBe(total);
    expect(count).toBeGreaterThan(0);
    expect(await findAxeViolations(page)).toEqual([]);

    // A reload keeps the range, in the list and in the fields the totals and files take.
    await page.reload();
    await table.getByRole('link', { name: 'Lapsed Nothingahead', exact: true }).waitFor();
    expect(await region.getByLabel('From').inputValue()).toBe(day);
    expect(await table.getByRole('link', { name: 'Hedge Rainday', exact: true }).count()).toBe(0);

    await region.getByRole('button', { name: 'List all payments' }).click();
    await page.waitForURL((url) => url.search === '?tab=payments');
    // Every payment again, newest first: more than the one day held.
    await page.getByRole('status').filter({ hasText: /^\d+ payments shown\.$/ }).waitFor();
    await table.getByRole('columnheader', { name: 'Date', exact: true }).waitFor();
    expect(await page.getByText(/Payments received from/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
