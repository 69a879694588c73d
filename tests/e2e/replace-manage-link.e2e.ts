import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { bookAndPay } from './support/fridays';
import { signInAsAdmin } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

/** The path of the "Manage your booking" link in the latest email of `kind` to `email`, read from the outbox as staff. */
async function readLink(staff: Page, email: string, kind: string): Promise<string> {
  const outbox = (await (await staff.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string; subject: string }[] };
  const mail = outbox.emails.find((m) => m.kind === kind && m.toAddress === email);
  const link = /https?:\/\/[^/\s]+((?:\/[a-z]{2})?\/manage-booking\/[\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(link, mail?.text).toBeDefined();
  return link!;
}

describe('the office replaces a customer\'s private booking link (0050)', () => {
  it('asks first; then the old link shows the invalid-link card and the emailed new one opens the booking', async () => {
    const staff = await newPage();
    const { dates } = (await (await staff.context.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    const booking = await bookAndPay(staff.context.request, dates.at(-3)!, 'Rowan', { lastName: 'Relink', locale: 'fr' });

    await signInAsAdmin(staff.page, `/customer-details?id=${booking.customerId}`);
    const oldLink = await readLink(staff.page, booking.email, 'receipt');

    // The link from the receipt opens the booking.
    const customer = await newPage();
    await customer.page.goto(oldLink);
    await customer.page.getByRole('heading', { level: 1, name: 'Gérer votre réservation' }).waitFor();
    await customer.page.getByText(booking.bookingRef, { exact: true }).waitFor();

    // The office replaces it, after a confirmation.
    await staff.page.getByRole('heading', { name: `Booking ${booking.bookingRef}` }).waitFor();
    await staff.page.getByRole('button', { name: `Replace the customer's link ${booking.bookingRef}` }).click();
    const dialog = staff.page.getByRole('alertdialog', { name: `Replace the link to booking ${booking.bookingRef}?` });
    await dialog.getByText('stops working at once, for anyone who has it').waitFor();
    expect(await findAxeViolations(staff.page)).toEqual([]);
    // "Keep the link" changes nothing.
    await dialog.getByRole('button', { name: 'Keep the link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await customer.page.reload();
    await customer.page.getByText(booking.bookingRef, { exact: true }).waitFor();

    await staff.page.getByRole('button', { name: `Replace the customer's link ${booking.bookingRef}` }).click();
    await dialog.getByRole('button', { name: 'Replace the link' }).click();
    await toast(staff.page, `The old link no longer opens booking ${booking.bookingRef}. The new one was emailed to ${booking.email}.`).waitFor();
    await staff.page.getByText(/^Customer's link last replaced .+ by .+\.$/).waitFor();

    // The old link: the same card as any link that opens nothing.
    await customer.page.reload();
    await customer.page.getByRole('heading', { level: 1, name: 'Ce lien n’ouvre aucune réservation' }).waitFor();
    expect(await customer.page.getByText(booking.bookingRef, { exact: true }).count()).toBe(0);

    // The new link, emailed to the customer in French, opens the booking.
    const newLink = await readLink(staff.page, booking.email, 'manage-link-replaced');
    expect(newLink).not.toBe(oldLink);
    expect(newLink.startsWith('/fr/manage-booking/')).toBe(true);
    await customer.page.goto(newLink);
    await customer.page.getByRole('heading', { level: 1, name: 'Gérer votre réservation' }).waitFor();
    await customer.page.getByText(booking.bookingRef, { exact: true }).waitFor();

    expect(customer.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await customer.context.close();
    await staff.context.close();
  });
});
