/**
 * After the owner stops serving Vineland (docs/decisions/0096, following 0088): the route manager
 * lists the Friday's Vineland visit as outside the current service area before the day is planned,
 * /quotes-admin flags the quote sent there, and the customer who opens that quote's link in French
 * is told first, with the phone to call; booking it anyway stops before the checkout with every
 * field still filled in.
 */
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { findEmptyFriday } from './support/fridays';
import { VINELAND_QUOTE } from './support/past-quotes';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('visits and quotes outside the current service area (0096)', () => {
  it('flags them for the office, and tells the customer before the checkout', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(page, '/routes');
    try {
      const friday = await findEmptyFriday(context.request);
      const booked = await context.request.post('/api/appointments', {
        headers: { 'x-forwarded-for': `10.96.${Math.floor(Math.random() * 200) + 1}.7` },
        data: {
          serviceType: 'onetime', propertySize: 0.25, firstName: 'Victor', lastName: 'Vinelander', email: `victor.${Date.now().toString(36)}@example.com`,
          phone: '905-555-0196', address: '4100 Victoria Ave', city: 'Vineland', postalCode: 'L0R 2C4', date: friday, status: 'pending-payment',
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      expect((await context.request.patch('/api/admin/service-area', { data: { prefix: 'L0R2C', served: false } })).status()).toBe(200);

      // The route manager, before "Optimize Route": the office calls before the Friday.
      await page.goto(`/routes?date=${friday}`);
      const outside = page.getByRole('region', { name: 'Outside the current service area' });
      await outside.getByText('1 open visit of this Friday is at an address no longer served', { exact: false }).waitFor();
      await outside.getByText('Victor Vinelander, 4100 Victoria Ave, Vineland. L0R 2C4: Vineland is marked not served.', { exact: false }).waitFor();
      await outside.getByRole('link', { name: /^Call Victor Vinelander at / }).waitFor();
      expect(await findAxeViolations(page)).toEqual([]);

      // /quotes-admin, narrowed to the quote's address.
      await page.goto(`/quotes-admin?email=${encodeURIComponent(VINELAND_QUOTE.email)}`);
      const flag = page.getByTestId('outside-service-area');
      await flag.getByText('L0R 2C4: Vineland is marked not served.').waitFor();
      await flag.getByText('Booking this quote online is refused until the area is served again.').waitFor();
      expect(await findAxeViolations(page)).toEqual([]);

      // The customer's link, in French: said first, with the phone to call.
      await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
      await page.goto(`/fr/book-quote?token=${VINELAND_QUOTE.token}`);
      const notice = page.getByTestId('quote-outside-area');
      await notice.getByText('Nous ne desservons plus L0R 2C4').waitFor();
      await notice.getByText('cette soumission ne peut donc pas être réservée en ligne', { exact: false }).waitFor();
      const call = notice.getByRole('link', { name: /^Appeler le / });
      expect(await call.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
      expect(await page.getByRole('button', { name: 'Réserver le premier vendredi libre' }).isDisabled()).toBe(true);
      expect(await findAxeViolations(page)).toEqual([]);

      // Booking it anyway: refused here, before the checkout, with the phone; nothing typed is lost.
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Réserver et payer' }) });
      const date = form.getByLabel('Date souhaitée');
      await date.locator('option').nth(1).waitFor({ state: 'attached' });
      await date.selectOption({ index: 1 });
      await form.getByRole('textbox', { name: /^Instructions particulières/u }).fill('Portail sur le côté');
      await form.getByRole('button', { name: 'Réserver et payer' }).click();
      await form.getByRole('alert').getByText(/ne desservons pas actuellement le secteur L0R\s2C4\. Appelez-nous au .+\. Tout ce que vous avez saisi reste sur cette page\./u).waitFor();
      expect(new URL(page.url()).pathname).toBe('/fr/book-quote');
      expect(await form.getByRole('textbox', { name: 'Courriel' }).inputValue()).toBe(VINELAND_QUOTE.email);
      expect(await form.getByRole('textbox', { name: /^Instructions particulières/u }).inputValue()).toBe('Portail sur le côté');
      expect(errors).toEqual([]);
    } finally {
      // The demo branch serves all of L0R again: other journeys expect it.
      expect((await context.request.patch('/api/admin/service-area', { data: { prefix: 'L0R2C', served: true } })).status()).toBe(200);
      await context.close();
    }
  });
});
