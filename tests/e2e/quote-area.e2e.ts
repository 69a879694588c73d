/**
 * After the owner stops serving Vineland (0088), the office is told before it acts (0104):
 * /quotes-admin does not offer "Send again" on the quote sent there, says why and gives the
 * customer's phone, and the server refuses the follow-up anyway in the clerk's language; the staff
 * booking dialog says a Vineland code is not served as soon as it is typed, and does not send it.
 */
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { VINELAND_QUOTE } from './support/past-quotes';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('quotes and staff bookings at a postal code no longer served (0104)', () => {
  it('replaces "Send again" with why not, refuses the follow-up, and warns the clerk in the booking dialog', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    const stamp = Date.now().toString(36);
    const created = await page.request.post('/api/customers', {
      headers: { 'x-forwarded-for': `10.104.${Math.floor(Math.random() * 200) + 1}.1` },
      data: { firstName: 'Vera', lastName: `Area${stamp}`, email: `vera.${stamp}@example.com`, phone: '905-555-0104', address: '12 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9', locale: 'en' },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id: customerId } = (await created.json()) as { id: number };

    await signInAsAdmin(page);
    try {
      expect((await context.request.patch('/api/admin/service-area', { data: { prefix: 'L0R2C', served: false } })).status()).toBe(200);

      // The staff booking dialog: a served code books; a Vineland code is said at once and not sent.
      await page.goto(`/customer-details?id=${customerId}`);
      await page.getByRole('button', { name: 'New booking' }).click();
      const dialog = page.getByRole('dialog', { name: `New booking for Vera Area${stamp}` });
      await dialog.waitFor();
      await dialog.getByText('Total', { exact: true }).waitFor();
      const submit = dialog.getByRole('button', { name: 'Book and email the payment link' });
      expect(await submit.isEnabled()).toBe(true);
      expect(await dialog.getByTestId('outside-service-area').count()).toBe(0);

      const postal = dialog.getByLabel('Postal code');
      // Half a code says nothing yet; the whole one says it at once.
      await postal.fill('L0R 2C');
      await postal.fill('L0R 2C4');
      const flag = dialog.getByTestId('outside-service-area');
      await flag.getByText('L0R 2C4: Vineland is marked not served.').waitFor();
      await flag.getByText('New bookings here are refused, from the office too, until the owner serves the area again under Business details.', { exact: false }).waitFor();
      expect(await submit.isDisabled()).toBe(true);
      const described = (await postal.getAttribute('aria-describedby')) ?? '';
      expect(await dialog.locator(`[id="${described.split(' ')[0]}"]`).textContent()).toContain('Vineland is marked not served');
      expect(await findAxeViolations(page)).toEqual([]);

      // Beamsville, in the same FSA, is still served: the warning goes and the booking may be sent.
      await postal.fill('L0R 1B7');
      await expect.poll(() => dialog.getByTestId('outside-service-area').count()).toBe(0);
      await expect.poll(() => submit.isEnabled()).toBe(true);

      // /quotes-admin in French, narrowed to the Vineland quote: no "Renvoyer", why not, and the customer's phone.
      await page.goto(`/fr/quotes-admin?email=${encodeURIComponent(VINELAND_QUOTE.email)}`);
      const why = page.getByTestId('follow-up-outside-area');
      await why.getByText('« Renvoyer » n’est pas proposé : le client ne pourrait pas réserver ce qu’elle offre. Appelez-le plutôt.', { exact: false }).waitFor();
      expect(await why.getByRole('link', { name: 'Appeler le 905-555-0197' }).getAttribute('href')).toBe('tel:+19055550197');
      expect(await page.getByRole('button', { name: /^Renvoyer/ }).count()).toBe(0);
      expect(await findAxeViolations(page)).toEqual([]);

      // Called anyway (a stale screen, a script): refused in the clerk's language, nothing queued.
      const { quotes } = (await (await context.request.get(`/api/admin/quotes?email=${encodeURIComponent(VINELAND_QUOTE.email)}`)).json()) as { quotes: { id: number }[] };
      const quoteId = quotes[0]!.id;
      const refused = await context.request.post(`/api/admin/quotes/${quoteId}/follow-up`, { headers: { 'accept-language': 'fr' }, data: { expectedTotalCents: 11_187 } });
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({
        reason: 'outside_area', postalCode: 'L0R 2C4', area: 'Vineland',
        message: 'L0R 2C4 n’est plus desservi\u00a0: le client ne pourrait donc pas réserver cette soumission en ligne. Appelez-le plutôt que de la lui renvoyer.',
      });
      const outbox = (await (await context.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string }[] };
      expect(outbox.emails.filter((m) => m.kind === 'quote-follow-up' && m.toAddress === VINELAND_QUOTE.email)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      // The demo branch serves all of L0R again: other journeys expect it.
      expect((await context.request.patch('/api/admin/service-area', { data: { prefix: 'L0R2C', served: true } })).status()).toBe(200);
      await context.close();
    }
  });
});
