import { describe, expect, inject, it } from 'vitest';
import { addCalendarDays } from '@/features/scheduling/available-dates';
import { formatLongDate, formatShortDate } from '@/lib/format';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsOffice } from './support/staff';

const { newPage } = setupBrowser();

// Lapsed Nothingahead: a visit done on the fourth Friday back, paid 12 days before it, nothing booked since (support/past-visits.ts).
const lapsedFriday = () => inject('pastFridays')[3]!;
const lapsedPaidOn = () => addCalendarDays(lapsedFriday(), -12);

describe('the dashboard\'s Customers and Payments filters (0101)', () => {
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

  it('lists the payments of a From/To, kept in the address, refuses a reversed range, and lists all again', async () => {
    const { page, context, errors } = await newPage();
    await signInAsOffice(page);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const region = page.getByRole('region', { name: 'Export CSV' });
    const day = lapsedPaidOn();

    // Reversed: the exports' message, and the list stays as it was.
    await region.getByLabel('From').fill(day);
    await region.getByLabel('To').fill(addCalendarDays(day, -1));
    await region.getByRole('button', { name: 'List these payments' }).click();
    await region.getByRole('alert').filter({ hasText: 'The start date must be on or before the end date.' }).waitFor();
    expect(await region.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).searchParams.has('from')).toBe(false);

    await region.getByLabel('To').fill(day);
    await region.getByRole('button', { name: 'List these payments' }).click();
    await page.waitForURL((url) => url.search === `?tab=payments&from=${day}&to=${day}`);
    const status = page.getByRole('status').filter({ hasText: `Payments dated from ${formatLongDate(day, 'en')} to ${formatLongDate(day, 'en')}.` });
    await status.waitFor();
    const table = page.getByRole('tabpanel', { name: 'Payments' });
    await table.getByRole('link', { name: 'Lapsed Nothingahead', exact: true }).waitFor();
    // Paid on the last Friday's week, not this day: not listed.
    expect(await table.getByRole('link', { name: 'Hedge Rainday', exact: true }).count()).toBe(0);
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
    expect(await page.getByText(/Payments dated from/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
