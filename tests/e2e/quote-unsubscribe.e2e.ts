import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('a quote email\'s unsubscribe link (0066)', () => {
  it('opens a page in the quote\'s language (French) whose button unsubscribes the address', async () => {
    const email = `quote.stop.${Date.now().toString(36)}@example.com`;
    const staff = await newPage();
    // A quote asked for in French: the language the email and its link are written in.
    const sent = await staff.page.request.post('/api/send-quote', {
      headers: { 'x-forwarded-for': `10.174.${Math.floor(Math.random() * 200) + 1}.7`, 'accept-language': 'fr-CA' },
      data: {
        email, name: 'Léa Gagnon', phone: '905-555-0174',
        quoteDetails: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1' },
      },
    });
    expect(sent.status()).toBe(200);

    // The link exists only in the queued email, which staff can read.
    await signInAsAdmin(staff.page);
    const outbox = (await (await staff.page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
    const mail = outbox.emails.find((m) => m.kind === 'quote' && m.toAddress === email);
    const link = /https?:\/\/[^/\s]+(\/fr\/unsubscribe\/[\w.-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link, mail?.text).toBeDefined();
    await staff.context.close();

    // Opening it changes nothing (mail scanners open links); the button does, without JavaScript.
    const { page, context, errors } = await newPage();
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Vous désabonner de nos relances et de nos offres' }).waitFor();
    expect(await page.getByText(/ne vous relancera plus au sujet de vos soumissions/).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await findAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Me désabonner' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vous êtes désabonné' }).waitFor();
    expect(await page.getByRole('status').getByText(/^Depuis le .+ ne vous envoie plus de relances de soumission/).isVisible()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
