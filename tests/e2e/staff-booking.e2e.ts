import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsOffice } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

describe('the office books for a customer on the phone; the customer pays by the emailed link (0091)', () => {
  it('books from the customer page at the shown price, with no card field, and says until when the Friday is held', async () => {
    const { page, context, errors } = await newPage();
    const stamp = Date.now().toString(36);
    const created = await page.request.post('/api/customers', {
      headers: { 'x-forwarded-for': `10.91.${Math.floor(Math.random() * 200) + 1}.1` },
      data: { firstName: 'Hugo', lastName: `Phone${stamp}`, email: `hugo.${stamp}@example.com`, phone: '905-555-0191', address: '12 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9', locale: 'fr' },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };

    await signInAsOffice(page);
    await page.goto(`/customer-details?id=${id}`);
    await page.getByRole('heading', { level: 1, name: `Hugo Phone${stamp}` }).waitFor();
    await page.getByRole('button', { name: 'New booking' }).click();
    const dialog = page.getByRole('dialog', { name: `New booking for Hugo Phone${stamp}` });
    await dialog.waitFor();
    // The address comes from the record; the email's language is the customer's.
    expect(await dialog.getByLabel('Service address').inputValue()).toBe('12 Locke St S');
    expect(await dialog.getByLabel('Language of the email').inputValue()).toBe('fr');
    // Staff never handle card numbers: nothing here asks for one, and no payment frame loads.
    expect(await page.locator('input[autocomplete^="cc-"], iframe').count()).toBe(0);
    expect(await dialog.getByLabel(/card|cvc|expir/i).count()).toBe(0);

    await dialog.getByLabel('Plan or service').selectOption('onetime');
    await dialog.getByText('Total', { exact: true }).waitFor();
    const friday = dialog.getByLabel('Friday');
    await expect.poll(async () => friday.locator('option').count()).toBeGreaterThan(1);
    await friday.selectOption({ index: 1 });
    expect(await findAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Book and email the payment link' }).click();

    await toast(page, 'Payment link sent').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/^Payment link sent, held until /).waitFor();

    // A second screen on the same customer, open before anyone resends (0097).
    const other = await newPage();
    await signInAsOffice(other.page);
    await other.page.goto(`/customer-details?id=${id}`);
    const otherResend = other.page.getByRole('button', { name: 'Resend the payment link' });
    await otherResend.waitFor();

    // A double click on this screen sends one email.
    const resend = page.getByRole('button', { name: 'Resend the payment link' });
    await resend.dblclick();
    await toast(page, 'Payment link sent again').waitFor();
    const linksSent = async () => {
      const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string }[] };
      return outbox.emails.filter((m) => m.kind === 'booking-received' && m.toAddress === `hugo.${stamp}@example.com`).length;
    };
    expect(await linksSent()).toBe(2);

    // The other screen, not reloaded, is told it has just gone and sends nothing.
    await otherResend.click();
    await toast(other.page, 'The payment link was not sent.').waitFor();
    await toast(other.page, /^The payment link has just been sent again, from this screen or another/).waitFor();
    expect(await linksSent()).toBe(2);

    // Once this screen has read the new count, a deliberate press sends the link again.
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.click();
    await expect.poll(linksSent).toBe(3);

    expect(errors).toEqual([]);
    expect(other.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await other.context.close();
    await context.close();
  });
});
