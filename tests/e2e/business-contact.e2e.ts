import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

type Details = Record<'legalName' | 'hstNumber' | 'phone' | 'email' | 'address' | 'city' | 'province' | 'postalCode', string>;

/** The structured data's business entry on a public page. */
async function readBusinessTelephone(page: import('playwright-core').Page): Promise<unknown> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = blocks
    .flatMap((b) => [JSON.parse(b) as Record<string, unknown>].flat())
    .find((d) => [d['@type']].flat().includes('PestControl'));
  return business?.telephone;
}

describe('the business contact details follow a change at /business (docs/decisions/0076)', () => {
  it('an admin changes the phone; the public pages, their structured data and a newly queued email show it at once', async () => {
    const office = await newPage();
    await signInAsAdmin(office.page);
    // The seeded details, put back at the end: the other journeys expect them.
    const original = ((await (await office.context.request.get('/api/admin/business')).json()) as { details: Details & { displayName: string } }).details;
    try {
      const { page } = office;
      await page.goto('/business');
      await page.getByRole('heading', { name: 'Business details', level: 1 }).waitFor();
      const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
      const postalCode = page.getByRole('textbox', { name: 'Postal code', exact: true });
      const save = page.getByRole('button', { name: 'Save business details' });
      // Stored as +19055550134, shown as the site shows it; the fields get their values when the form
      // hydrates (react-hook-form), after the heading is drawn (as in business-details.e2e.ts).
      await expect.poll(() => phone.inputValue()).toBe('(905) 555-0134');

      // Refused beside each field, in the browser, with what was typed still there.
      await phone.fill('905-555-01');
      await postalCode.fill('h2x 1y4');
      await save.click();
      await page.getByText('Enter a North American phone number, for example 905-555-0134.', { exact: true }).waitFor();
      await page.getByText('This postal code is in another province or territory: check the first letter, or the province chosen.', { exact: true }).waitFor();
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      expect(await postalCode.getAttribute('aria-invalid')).toBe('true');
      expect(await phone.inputValue()).toBe('905-555-01');
      expect(await postalCode.inputValue()).toBe('h2x 1y4');
      expect(await findAxeViolations(page)).toEqual([]);

      await phone.fill('289.555.0199');
      await postalCode.fill('l8n3w1');
      await save.click();
      await toast(page, 'Business details saved').waitFor();
      // The fields show what was stored, in the form every page shows it.
      await expect.poll(() => phone.inputValue()).toBe('(289) 555-0199');
      expect(await postalCode.inputValue()).toBe('L8N 3W1');
      expect(await phone.getAttribute('aria-invalid')).toBeNull();
      // Who changed what, and when.
      const history = page.getByRole('region', { name: 'Changes' });
      await history.getByText('Phone: (905) 555-0134 → (289) 555-0199', { exact: true }).waitFor();
      await history.getByText(/, by Administrator$/).first().waitFor();
      expect(office.errors).toEqual([]);

      // A visitor's very next page: header, footer, contact section and the listing search engines read.
      // Its own address (the one proxy hop the server trusts), so the contact form's limit is its own.
      const visitor = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.76' } });
      await visitor.context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
      await visitor.page.goto('/');
      const header = visitor.page.locator('header');
      expect(await header.getByRole('link', { name: '(289) 555-0199' }).getAttribute('href')).toBe('tel:+12895550199');
      expect(await visitor.page.locator('footer').getByRole('link', { name: '(289) 555-0199' }).count()).toBe(1);
      expect(await visitor.page.locator('#contact').getByRole('link', { name: '(289) 555-0199' }).count()).toBe(1);
      expect(await visitor.page.getByText('(905) 555-0134').count()).toBe(0);
      expect(await readBusinessTelephone(visitor.page)).toBe('+1 289-555-0199');
      // The contact page, a town page and another language follow too.
      await visitor.page.goto('/contact');
      expect(await visitor.page.getByRole('main').getByRole('link', { name: '(289) 555-0199' }).count()).toBe(1);
      await visitor.page.getByText('1 Hunter St E, Hamilton, ON L8N 3W1', { exact: true }).waitFor();
      await visitor.page.goto('/fr/hamilton');
      expect(await visitor.page.getByRole('main').getByRole('link', { name: '(289) 555-0199' }).count()).toBeGreaterThan(0);
      expect(await readBusinessTelephone(visitor.page)).toBe('+1 289-555-0199');

      // The visitor writes in: the acknowledgement queued now ends with the new number.
      const email = `contact-${Date.now()}@example.com`;
      const sent = await visitor.context.request.post('/api/messages', {
        data: { name: 'Noor Haddad', email, subject: 'question', message: 'Do you treat yards on the Mountain in June?' },
      });
      expect(sent.status()).toBe(200);
      const { emails } = (await (await office.context.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
      const ack = emails.find((m) => m.kind === 'contact-ack' && m.toAddress === email);
      expect(ack?.text).toContain('Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1\n(289) 555-0199 · hello@escarpmentmosquito.ca');
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
    } finally {
      const { displayName: _shown, ...fields } = original;
      const restored = await office.context.request.put('/api/admin/business', { data: fields });
      expect(restored.status()).toBe(200);
      await office.context.close();
    }
  });
});
