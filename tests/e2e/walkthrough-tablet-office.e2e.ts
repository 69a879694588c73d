/**
 * The sixth walkthrough (docs/decisions/0078): a French-speaking homeowner at the edge of the
 * service area on a 768 px tablet, and the office on a laptop. What the walk found, held here.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { findSplitWords } from './support/layout';
import { signInAsAdmin, signInAsTechnician } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

const tablet = { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true, locale: 'fr-CA' };

/** send-quote and booking are rate-limited per client address: each test gets its own. */
let clientNo = 0;
const ownClient = () => ({ extraHTTPHeaders: { 'x-real-ip': `198.51.100.${(clientNo += 1) + 200}` } });

async function skipPromo(context: BrowserContext) {
  await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
}

describe('a French homeowner at the edge of the service area, on a tablet', () => {
  it('reads the five steps without words cut in two, at 768 px and on a laptop, in every language', async () => {
    const { page, context, errors } = await newPage(tablet);
    await skipPromo(context);
    for (const [width, prefix] of [[768, '/fr'], [768, '/de'], [768, ''], [1024, '/de'], [1280, '/de']] as const) {
      await page.setViewportSize({ width, height: 1024 });
      await page.goto(prefix || '/');
      expect(await findSplitWords(page, '#how-it-works'), `${prefix || '/en'} at ${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hears that Beamsville is served when she checks a Beamsville code typed with a letter O', async () => {
    const { page, context, errors } = await newPage(tablet);
    await skipPromo(context);
    await page.goto('/fr');
    const check = page.locator('form').filter({ has: page.getByRole('button', { name: 'Vérifier' }) });
    await check.getByLabel('Vérifiez votre code postal').fill('LOR 1B7');
    await check.getByRole('button', { name: 'Vérifier' }).tap();
    await check.getByRole('status').getByText(/^Bonne nouvelle\s:\snous desservons Beamsville\.$/u).waitFor();
    await check.getByLabel('Vérifiez votre code postal').fill('L3M 4E7');
    await check.getByRole('button', { name: 'Vérifier' }).tap();
    await check.getByRole('status').getByText(/nous desservons Grimsby\.$/u).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for a custom quote for her acreage and is told what happens next, not that a quote with a booking link is on its way', async () => {
    const { page, context, errors } = await newPage({ ...tablet, ...ownClient() });
    await skipPromo(context);
    await page.goto('/fr#quote');
    const calc = page.locator('#quote');
    await calc.getByLabel('Prénom').fill('Marie-Hélène');
    await calc.getByLabel(/^Nom\b/).fill('Lefèvre');
    await calc.getByLabel('Adresse courriel').fill(`mh.${Date.now().toString(36)}@example.ca`);
    await calc.getByLabel('Numéro de téléphone').fill('905 945-1234');
    await calc.getByLabel('Adresse du service').fill('12 Livingston Ave, Grimsby');
    await calc.getByLabel('Code postal').fill('L3M 1K6');
    await calc.getByLabel('Taille du terrain').selectOption('999');
    await calc.getByRole('button', { name: 'Demander une soumission' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Demander une soumission personnalisée' });
    await dialog.getByText('Nous vous confirmerons la réception de votre demande par courriel, puis nous vous contacterons avec un prix pour votre terrain.').waitFor();
    expect(await dialog.getByText(/lien pour réserver/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).tap();
    await toast(page, 'Demande envoyée').waitFor();
    expect(await calc.getByText('Ceci est une estimation', { exact: false }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/checkout-new refuses a malformed postal code before making a customer record, and focuses the refused field', async () => {
    const { page, context, errors } = await newPage({ ...tablet, ...ownClient() });
    const email = `checkout-${Date.now().toString(36)}@example.ca`;
    const query = new URLSearchParams({
      service: 'onetime', size: '0.5', includeTick: 'false', includeStandingWater: 'false', address: '12 Livingston Ave', city: 'Grimsby',
      postalCode: 'L3M 4E', name: 'Marie-Hélène Lefèvre', email, phone: '905 945-1234', price: '119',
    });
    const posted: string[] = [];
    page.on('request', (request) => { if (request.method() === 'POST') posted.push(new URL(request.url()).pathname); });
    await page.goto(`/fr/checkout-new?${query.toString()}`);
    const continueButton = page.getByRole('button', { name: 'Continuer vers le paiement' });
    await continueButton.tap();
    const postal = page.getByLabel('Code postal');
    await page.getByText('Veuillez entrer un code postal canadien valide, par exemple L8P 1A1.').waitFor();
    expect(await postal.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(posted.filter((p) => p === '/api/customers' || p === '/api/appointments')).toEqual([]);

    // A code the booking refuses on the server (outside the area): focus goes to it too, not to the page.
    await postal.fill('M5V 2T6');
    await continueButton.tap();
    await page.getByText(/M5V 2T6/).first().waitFor();
    await expect.poll(() => postal.evaluate((el) => el === document.activeElement)).toBe(true);
    // The customer is made with the booking or not at all (0079): one request, refused, and no customer record before it.
    expect(posted.filter((p) => p === '/api/customers' || p === '/api/appointments')).toEqual(['/api/appointments']);
    // The refusal's 400 is the only error: every message the page shows is in its language.
    expect(errors.filter((error) => !error.includes('400 (Bad Request)'))).toEqual([]);
    await context.close();
  });
});

describe('the office, on a laptop', () => {
  it('sees the phone a visitor left with their message, to call them back', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 800 }, ...ownClient() });
    const name = `Marie-Hélène Rappel ${Date.now().toString(36)}`;
    const res = await page.request.post('/api/messages', {
      headers: { cookie: 'NEXT_LOCALE=fr' },
      data: { name, email: 'rappel@example.ca', phone: '905 945-1234', subject: 'quote', message: 'Pouvez-vous me rappeler en français ? Merci.' },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Messages' }).click();
    const row = page.getByRole('tabpanel', { name: 'Messages' }).getByRole('row').filter({ hasText: name });
    const call = row.getByRole('link', { name: '905 945-1234' });
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:9059451234');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a technician who opens the quotes or a customer page is told it is the office\'s, in their language', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 800 } });
    await signInAsTechnician(page);
    await page.goto('/quotes-admin');
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('next') === '/quotes-admin');
    await page.getByRole('alert').filter({ hasText: 'The “Quotes” page is for office staff, so it does not open with a technician’s login.' }).waitFor();
    // Opened directly, /admin is the technician's card without the note.
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Technician' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'is for office staff' }).count()).toBe(0);
    await page.goto('/fr/customer-details?id=1');
    await page.getByRole('alert').filter({ hasText: /^La page «\sFiche client\s» est réservée au personnel de bureau/u }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Votre feuille de route' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
