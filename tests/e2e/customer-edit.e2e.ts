import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('customer details: the office corrects contact details and sees the quotes the customer asked for', () => {
  it('edits a customer\'s phone, email and address, refusing a bad email under its field', async () => {
    const { page, context, errors } = await newPage();
    const stamp = Date.now().toString(36);
    const created = await page.request.post('/api/customers', {
      headers: { 'x-forwarded-for': '10.94.0.1' },
      data: { firstName: 'Rosa', lastName: `Edit${stamp}`, email: `rosa.${stamp}@example.com`, phone: '905-555-0170', address: '12 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9' },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };

    await signInAsAdmin(page, `/customer-details?id=${id}`);
    await page.getByRole('heading', { name: `Rosa Edit${stamp}` }).waitFor();
    await page.getByRole('button', { name: 'Edit contact details' }).click();
    const dialog = page.getByRole('dialog', { name: `Contact details of Rosa Edit${stamp}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('905-555-0170');
    expect(await findAxeViolations(page)).toEqual([]);

    await dialog.getByLabel('Email').fill('rosa-at-example');
    await dialog.getByLabel('Phone').fill('289 555 0199');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a valid email address.').waitFor();
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Email').fill(`rosa.new.${stamp}@example.com`);
    await dialog.getByLabel('Street address').fill('45 Wilson St W');
    await dialog.getByLabel('Town').fill('Ancaster');
    await dialog.getByLabel('Postal code').fill('L9G 1N1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact details saved.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('45 Wilson St W, Ancaster, L9G 1N1').waitFor();
    expect(await page.getByRole('link', { name: '289 555 0199' }).getAttribute('href')).toBe('tel:289 555 0199');
    expect(await page.getByRole('link', { name: `rosa.new.${stamp}@example.com` }).isVisible()).toBe(true);

    // Saved, not only shown: a reload reads the same.
    await page.reload();
    await page.getByText('45 Wilson St W, Ancaster, L9G 1N1').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes from a quote card to the customer who asked for it, and from the customer\'s quotes back to the card (0068)', async () => {
    const { page, context, errors } = await newPage();
    const stamp = Date.now().toString(36);
    const ip = `10.94.${Math.floor(Math.random() * 200) + 1}.68`;
    const created = await page.request.post('/api/customers', {
      headers: { 'x-forwarded-for': ip },
      data: { firstName: 'Quinn', lastName: `Asker${stamp}`, email: `quinn.asker.${stamp}@example.com`, phone: '905-555-0168', address: '12 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9' },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };
    // The quote is asked for with the address typed in capitals.
    const sent = await page.request.post('/api/send-quote', {
      headers: { 'x-forwarded-for': ip, 'x-real-ip': ip },
      data: {
        name: `Quinn Asker${stamp}`, email: `Quinn.Asker.${stamp}@EXAMPLE.com`, phone: '905-555-0168',
        quoteDetails: { serviceType: 'seasonal', propertySize: 0.5, includeTick: true, includeTargetedInsects: false, address: '12 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9' },
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const { quoteId } = (await sent.json()) as { quoteId: number };

    // The card, found by its number, names the customer and links to their page.
    await signInAsAdmin(page, `/quotes-admin?q=${quoteId}`);
    await page.getByText('1 quote shown.', { exact: true }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search quotes' }).inputValue()).toBe(String(quoteId));
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: `Quote #${quoteId}` }) });
    const total = (await card.getByText(/^\$[\d,]+\.\d{2}$/).textContent())!;
    await card.getByRole('link', { name: `Customer: Quinn Asker${stamp}` }).click();
    await page.waitForURL((url) => url.pathname === '/customer-details' && url.searchParams.get('id') === String(id));
    await page.getByRole('heading', { level: 1, name: `Quinn Asker${stamp}` }).waitFor();

    // The customer's quotes: number, date, plan and size, total, status; the number leads back to the card.
    const quotes = page.getByRole('region', { name: 'Quotes' });
    const row = quotes.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Quote #${quoteId}` }) });
    await row.getByText(/· Seasonal Mosquito Protection, 0\.5 acres, Tick Control$/).waitFor();
    expect(await row.getByText(total, { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('Sent', { exact: true }).isVisible()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);
    await row.getByRole('link', { name: `Quote #${quoteId}` }).click();
    await page.waitForURL((url) => url.pathname === '/quotes-admin' && url.searchParams.get('q') === String(quoteId));
    await page.getByText('1 quote shown.', { exact: true }).waitFor();
    await card.getByRole('link', { name: `Customer: Quinn Asker${stamp}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
