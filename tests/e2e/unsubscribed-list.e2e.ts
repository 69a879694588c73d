import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin, signInAsTechnician } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

describe('the office\'s list of unsubscribed addresses (docs/decisions/0074)', () => {
  it('records an unsubscribe asked by phone, finds it, downloads the list, and takes it off only with a note of the consent given again', async () => {
    const { page, errors } = await newPage();
    const address = `phoned.${Date.now().toString(36)}@example.com`;
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Staff navigation' }).getByRole('link', { name: 'Unsubscribed' }).click();
    await page.waitForURL((url) => url.pathname === '/unsubscribed');
    await page.getByRole('heading', { name: 'Unsubscribed addresses', level: 1 }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // Not an address: refused beside the field, before anything is sent.
    const form = page.getByRole('form', { name: 'Record an unsubscribe' });
    const email = form.getByRole('textbox', { name: 'Email address' });
    await email.fill('not an address');
    await form.getByRole('button', { name: 'Add to the list' }).click();
    await form.getByText('Enter a valid email address, such as name@example.com.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await findAxeViolations(page)).toEqual([]);

    // Typed as the person spelled it out: kept trimmed and in lower case, with who and how.
    await email.fill(`  ${address.toUpperCase()} `);
    await form.getByRole('textbox', { name: 'How they asked (optional)' }).fill('Called on Monday and asked us to stop the offers.');
    await form.getByRole('button', { name: 'Add to the list' }).click();
    await toast(page, 'Address unsubscribed').waitFor();
    const row = page.getByRole('row').filter({ hasText: address });
    await row.getByText('Recorded by the office at their request').waitFor();
    await row.getByText('Recorded by Administrator').waitFor();
    await row.getByText('Called on Monday and asked us to stop the offers.').waitFor();
    expect(await email.inputValue()).toBe('');

    // Asked twice: the office is told since when, and nothing changes.
    await email.fill(address);
    await form.getByRole('button', { name: 'Add to the list' }).click();
    await form.getByRole('alert').filter({ hasText: /^This address is already on the list, since / }).waitFor();

    // Search, as a plain form: the address keeps it for a reload.
    const search = page.getByRole('searchbox', { name: 'Search addresses' });
    await search.fill(address.slice(0, 14).toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === address.slice(0, 14).toUpperCase());
    await page.getByRole('status').filter({ hasText: `1 address contains “${address.slice(0, 14).toUpperCase()}”.` }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);

    // The whole list as a CSV file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^unsubscribed-addresses-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = new TextDecoder().decode(await readFile((await download.path())!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Email address,Date unsubscribed,Time,How,Recorded by,Note,Customer');
    expect(lines.filter((line) => line.startsWith(`${address},`))).toEqual([
      expect.stringMatching(new RegExp(`^${address.replace(/\./g, '\\.')},\\d{4}-\\d{2}-\\d{2},\\d{2}:\\d{2},Recorded by the office at their request,Administrator,Called on Monday and asked us to stop the offers\\.,$`)),
    ]);

    // Taken off the list: only with a note of how the person gave consent again.
    const opener = row.getByRole('button', { name: `Take off the list ${address}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Take ${address} off the list` });
    await dialog.waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Take off the list' }).click();
    await dialog.getByText('Say how and when the person gave consent again (at least 10 characters).').waitFor();
    const note = 'Her email of March 3 asks for the season opener again.';
    await dialog.getByRole('textbox', { name: 'How and when they gave consent' }).fill(note);
    await dialog.getByRole('button', { name: 'Take off the list' }).click();
    await toast(page, 'Taken off the list').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('row').filter({ hasText: address }).count()).toBe(0);
    const removed = page.getByRole('region', { name: 'Taken off the list after consent given again' }).getByRole('listitem').filter({ hasText: address });
    await removed.getByText(/Consent given again on .+, recorded by Administrator:/).waitFor();
    await removed.getByText(note).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    // The one refusal the server answered (409, asked twice) is the browser's only complaint.
    expect(errors.filter((e) => !/409 \(Conflict\)/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('speaks French and fits a 320 px phone; a technician is sent to their day sheet', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 320, height: 640 } });
    await signInAsAdmin(page);
    // One entry at least, so the table is drawn at 320 px.
    const address = `telephone.${Date.now().toString(36)}@example.com`;
    expect((await context.request.post('/api/admin/unsubscribed-addresses', { data: { email: address, note: 'A appelé lundi.' } })).status()).toBe(200);
    await page.goto('/fr/unsubscribed');
    await page.getByRole('heading', { name: 'Adresses désabonnées', level: 1 }).waitFor();
    await page.getByRole('form', { name: 'Consigner un désabonnement' }).waitFor();
    await page.getByRole('row').filter({ hasText: address }).getByText('Consigné par le bureau à sa demande').waitFor();
    // What sticks out, should anything: the outermost elements wider than the phone.
    const wide = await page.evaluate(() => [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > 321 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= 321)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join(' | ')).toBeLessThanOrEqual(320);
    expect(await findAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    const technician = await newPage();
    await signInAsTechnician(technician.page);
    expect(await technician.page.getByRole('link', { name: 'Unsubscribed' }).count()).toBe(0);
    await technician.page.goto('/unsubscribed');
    // Refused in words, as every office screen refuses a technician (0078).
    await technician.page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/unsubscribed');
    await technician.page.getByRole('alert').filter({ hasText: 'The “Unsubscribed addresses” page is for office staff' }).waitFor();
    expect((await technician.context.request.get('/api/admin/unsubscribed-addresses')).status()).toBe(403);
    await technician.context.close();
  });
});
