import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** Chromium logs every 4xx fetch as a console error; the ones a test provokes on purpose are expected. */
const unexpected = (errors: string[], allowedStatus: number[] = []) => errors.filter((e) => !allowedStatus.some((s) => e.includes(`status of ${s}`)));

const CONSENT = 'Email me seasonal reminders and offers from Escarpment Mosquito & Tick. I can unsubscribe at any time.';

describe('seasonal email: consent at booking, the season opener, and unsubscribing (0043)', () => {
  it('books on a phone with the box ticked, gets the season opener, and unsubscribes from its link', async () => {
    const email = `opener.${Date.now().toString(36)}@example.com`;
    const visitor = await newPage({ viewport: { width: 360, height: 780 }, extraHTTPHeaders: { 'x-forwarded-for': `10.143.${Math.floor(Math.random() * 200) + 1}.9` } });
    const { page } = visitor;

    // /book at 360 px: the box is there, unticked, and ticking it is the only extra step.
    await page.goto('/book');
    const form = page.getByRole('form', { name: 'Booking form' });
    await form.getByLabel('First Name').fill('Rowan');
    await form.getByLabel('Last Name').fill('Opener');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone').fill('905-555-0143');
    await form.getByLabel('Service Address').fill('88 James St S');
    await form.getByLabel('City').fill('Hamilton');
    await form.getByLabel('Postal Code').fill('L8P 2Y3');
    await form.locator('select[id$="-date"] option[value^="20"]').first().waitFor({ state: 'attached' });
    const consent = form.getByRole('checkbox', { name: CONSENT });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await page.waitForURL(/\/checkout\?appointmentId=\d+/);

    // The office sends the season opener from the Customers tab.
    const staff = await newPage();
    await signInAsAdmin(staff.page);
    await staff.page.getByRole('tab', { name: 'Customers' }).click();
    await staff.page.getByRole('button', { name: 'Season opener email' }).click();
    const dialog = staff.page.getByRole('dialog', { name: /^Season opener email, \d{4}$/ });
    await dialog.getByText(/customers? will receive it\.$/).waitFor();
    expect(await dialog.getByText(/^First Friday of the season: Friday, /).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: /Preview the email/ }).getAttribute('href')).toBe('/email-preview?email=season-opener');
    expect(await findAxeViolations(staff.page)).toEqual([]);
    await dialog.getByRole('button', { name: /^Send to \d+ customers?$/ }).click();
    await dialog.getByRole('status').filter({ hasText: /in the outbox\.$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The queued email's own unsubscribe link, read from the outbox as staff.
    const outbox = (await (await staff.page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string; relatedId: number | null }[] };
    const opener = outbox.emails.find((m) => m.kind === 'season-opener' && m.toAddress === email);
    expect(opener?.text).toContain('Hello Rowan,');
    const link = /https?:\/\/[^/\s]+(\/unsubscribe\/[\w.-]+)/.exec(opener?.text ?? '')?.[1];
    expect(link, opener?.text).toBeDefined();

    // Opening the link changes nothing; the button does, without needing JavaScript.
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Unsubscribe from our seasonal emails' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await findAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // The staff customer page says so.
    await staff.page.goto(`/customer-details?id=${opener!.relatedId}`);
    await staff.page.getByRole('heading', { name: 'Seasonal emails' }).waitFor();
    expect(await staff.page.getByText(/^Unsubscribed on /).isVisible()).toBe(true);

    expect(unexpected(visitor.errors)).toEqual([]);
    expect(unexpected(staff.errors)).toEqual([]);
    await staff.context.close();
    await visitor.context.close();
  });

  it('answers a link that does not work with a translated card and the phone, not indexed', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/de/unsubscribe/not-a-token');
    await page.getByRole('heading', { level: 1, name: 'Dieser Abmeldelink funktioniert nicht' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: '(905) 555-0134' }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await findAxeViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
