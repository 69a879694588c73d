import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { toast } from './support/toast';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();


/** send-quote is rate-limited per client address: each test gets its own. */
let clientNo = 0;
const ownClient = () => ({ extraHTTPHeaders: { 'x-real-ip': `198.51.100.${(clientNo += 1) + 120}` } });

async function skipPromo(context: BrowserContext) {
  await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
}

async function openCalculator(page: Page) {
  await page.goto('/#quote');
  const calc = page.locator('#quote');
  await calc.getByLabel('First name').waitFor();
  return calc;
}

const customer = (email: string, postal: string) => ({
  'First name': 'Ada', 'Last name': 'Byron', 'Email address': email, 'Phone number': '905-555-0177', 'Service address': '100 King St W', 'Postal code': postal,
});

async function fill(page: Page, values: Record<string, string>) {
  const calc = page.locator('#quote');
  for (const [label, value] of Object.entries(values)) await calc.getByLabel(label).fill(value);
}

async function sendFromModal(page: Page) {
  await page.locator('#quote').getByRole('button', { name: 'Send Quote by Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Quote to Your Email' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Send My Quote' }).click();
  return dialog;
}

async function readValues(page: Page, labels: string[]) {
  const calc = page.locator('#quote');
  return Object.fromEntries(await Promise.all(labels.map(async (label) => [label, await calc.getByLabel(label).inputValue()] as const)));
}

describe('the "Send Quote to Your Email" modal and the postal code', () => {
  it('says at the postal code field and in the modal, with the phone, that a code outside the service area is not served, and sends nothing (0104)', async () => {
    const { page, context, errors } = await newPage(ownClient());
    await skipPromo(context);
    const calc = await openCalculator(page);
    const posted: string[] = [];
    page.on('request', (req) => { if (req.url().endsWith('/api/send-quote')) posted.push(req.postData() ?? ''); });
    const values = customer(`toronto-${Date.now().toString(36)}@example.ca`, 'M5H 2N2');
    await fill(page, values);

    // Said as soon as the code is complete, under the field it describes, with the branch's phone.
    const note = calc.getByTestId('calculator-outside-area');
    await note.getByText("We don't currently service the M5H 2N2 area, so it can't be quoted or booked online.", { exact: false }).waitFor();
    expect(await note.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    const postal = calc.getByLabel('Postal code');
    expect(await postal.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));

    // The modal says it instead of asking for details to send a quote that could not be booked.
    await calc.getByRole('button', { name: 'Send Quote by Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'M5H 2N2 is outside our service area' });
    await dialog.getByText(/so we can't email you a quote to book online\. Please call us at .+: we'll tell you what we can do\./).waitFor();
    expect(await dialog.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    expect(await dialog.getByRole('button', { name: 'Send My Quote' }).count()).toBe(0);
    expect(await findAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Change the postal code' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => postal.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(posted).toEqual([]);
    expect(await readValues(page, Object.keys(values))).toEqual(values);

    // Correcting the code removes the note at once, and the quote goes.
    await postal.fill('L8P 4R5');
    await expect.poll(() => note.count()).toBe(0);
    await sendFromModal(page);
    await toast(page, 'Your personalized quote has been sent to your email.').waitFor();
    expect(posted).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for a valid code before sending a malformed one, then sends once it is fixed', async () => {
    const { page, context, errors } = await newPage(ownClient());
    await skipPromo(context);
    const calc = await openCalculator(page);
    const posted: string[] = [];
    page.on('request', (req) => { if (req.url().endsWith('/api/send-quote')) posted.push(req.postData() ?? ''); });
    const email = `malformed-${Date.now().toString(36)}@example.ca`;
    await fill(page, customer(email, '12345'));
    const dialog = await sendFromModal(page);

    await toast(page, 'Missing Information').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await calc.getByText('Please enter a valid postal code').waitFor();
    expect(posted).toEqual([]);
    expect(await calc.getByLabel('Postal code').inputValue()).toBe('12345');

    await calc.getByLabel('Postal code').fill('L8P 4R5');
    await sendFromModal(page);
    await toast(page, 'Your personalized quote has been sent to your email.').waitFor();
    expect(posted).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a refused Buy Now, what the modal fills in clears the "required" messages of the calculator', async () => {
    const { page, context, errors } = await newPage(ownClient());
    await skipPromo(context);
    const calc = await openCalculator(page);
    // Buy Now with an empty form: every customer field says it is required.
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await calc.getByText('Email is required').waitFor();
    await calc.getByLabel('Service address').fill('100 King St W');
    await calc.getByLabel('Postal code').fill('L8P 4R5');

    await calc.getByRole('button', { name: 'Send Quote by Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Quote to Your Email' });
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Byron');
    await dialog.getByLabel('Email address').fill(`stale-${Date.now().toString(36)}@example.ca`);
    await dialog.getByLabel('Phone number').fill('905-555-0177');
    await dialog.getByRole('button', { name: 'Send My Quote' }).click();
    await toast(page, 'Your personalized quote has been sent to your email.').waitFor();

    expect(await calc.getByLabel('Email address').inputValue()).toMatch(/^stale-/);
    for (const label of ['First name', 'Last name', 'Email address', 'Phone number']) {
      expect(await calc.getByLabel(label).getAttribute('aria-invalid'), label).not.toBe('true');
    }
    expect(await calc.getByText('Email is required').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a custom (acreage) request reaches staff: the office gets a notification with a link to the quotes admin', async () => {
    const { page, context, errors } = await newPage(ownClient());
    await skipPromo(context);
    const calc = await openCalculator(page);
    const email = `acreage-${Date.now().toString(36)}@example.ca`;
    await fill(page, { ...customer(email, 'L0R 1H0'), 'Service address': '1200 Ridge Rd' });
    await calc.getByLabel('Property size').selectOption('999');
    await calc.getByRole('button', { name: 'Request Quote' }).click();
    // A request, not a quote with a booking link: the dialog and the toast say what happens (0078).
    const dialog = page.getByRole('dialog', { name: 'Request a Custom Quote' });
    await dialog.getByText("We'll email you to confirm we have your request, then contact you with a price for your property.").waitFor();
    expect(await dialog.getByText(/link to book/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Send My Request' }).click();
    await toast(page, 'We have your request and will contact you shortly with a price. A confirmation is on its way to your email.').waitFor();
    expect(await toast(page, 'Your personalized quote has been sent to your email.').count()).toBe(0);
    expect(errors).toEqual([]);

    await signInAsAdmin(page);
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; subject: string; text: string }[] };
    const staff = outbox.emails.find((m) => m.kind === 'staff-notification' && m.text.includes(email));
    expect(staff?.subject).toMatch(/^Custom quote request #\d+: Ada Byron$/);
    expect(staff?.text).toContain('/quotes-admin');
    // L0R 1H… is Carlisle (0078); the size as the calculator offered it, not "over 2 acres".
    expect(staff?.text).toContain('1200 Ridge Rd, Carlisle, L0R 1H0');
    expect(staff?.text).toContain('Property size: Acreage (over 2 acres)');

    // The quotes admin says there is no price yet, not $0.00 for 999 acres.
    const quoteNumber = /Custom quote request (#\d+)/.exec(staff!.subject)![1]!;
    await page.goto(`/quotes-admin?q=${encodeURIComponent(quoteNumber)}`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Quote ${quoteNumber}` }) });
    await card.getByText('Custom quote: no price yet').waitFor();
    expect(await card.getByText('Acreage (over 2 acres)').count()).toBe(1);
    expect(await card.getByText('$0.00').count()).toBe(0);
    expect(await card.getByText('999 acres').count()).toBe(0);
    await context.close();
  });
});
