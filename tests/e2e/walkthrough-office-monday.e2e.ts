/**
 * The eighth walkthrough (docs/decisions/0089): the office clerk's Monday on a 1280 px desktop. A
 * customer on the phone asks to move their visit while the clerk has their page open.
 */
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { bookAndPay } from './support/fridays';
import { signInAsOffice } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

describe('the office on a Monday', () => {
  it("moves a visit to another Friday from the customer's page, where the phone call is", async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    const request = context.request;
    const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    const booking = await bookAndPay(request, dates.at(-2)!, 'Walter', { lastName: 'Phonecall' });

    await signInAsOffice(page);
    await page.goto(`/customer-details?id=${booking.customerId}`);
    await page.getByRole('heading', { name: `Booking ${booking.bookingRef}` }).waitFor();
    const from = new Date(`${dates.at(-2)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    await page.getByRole('button', { name: `Move to another Friday: ${from}` }).click();

    const dialog = page.getByRole('dialog', { name: "Move Walter Phonecall's visit" });
    const friday = dialog.getByLabel('New Friday');
    await friday.locator(`option[value="${dates.at(-1)}"]`).waitFor({ state: 'attached' });
    await friday.selectOption(dates.at(-1)!);
    await dialog.getByRole('button', { name: 'Move visit' }).click();

    await toast(page, 'Visit moved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const to = new Date(`${dates.at(-1)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    // The page is read again: the visit is on its new Friday, still with its Move.
    await page.getByRole('button', { name: `Move to another Friday: ${to}` }).waitFor();
    expect(await page.getByText(`${to} · 9:00 AM`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
