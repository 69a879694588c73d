import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { waitForReact } from './support/hydration';
import { fillCalculatorCustomer } from './support/calculator';
import { createBooking } from './support/payment';
import { signInAsAdmin } from './support/staff';
import { toast } from './support/toast';
import { MIDSEASON_OFFER } from './support/midseason';

const { newPage } = setupBrowser();

/** The focused element's accessible-ish name: its label, aria-label or text. */
const focusedName = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return 'body';
  const input = el as HTMLInputElement;
  return (input.labels?.[0]?.innerText ?? el.getAttribute('aria-label') ?? el.innerText ?? '').trim().replace(/\s+/g, ' ');
});

describe('keyboard only: dialogs give focus back', () => {
  it('the midseason offer and "Send Quote to Your Email" return focus to the button that opened them on Escape', async () => {
    const { page, context, errors } = await newPage();
    await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
    await page.goto('/#quote');
    await page.locator('#quote').getByLabel('First name').waitFor();

    // The offer's button and popup exist only while the midseason special runs (0081).
    if (MIDSEASON_OFFER.running) {
      await page.getByRole('button', { name: 'View Special Offer' }).focus();
      await page.keyboard.press('Enter');
      const offer = page.getByRole('dialog', { name: 'MIDSEASON SPECIAL' });
      await offer.waitFor();
      await page.keyboard.press('Escape');
      await offer.waitFor({ state: 'detached' });
      await expect.poll(() => focusedName(page)).toBe('View Special Offer');
    }

    // Without an address the dialog does not open: a toast asks for one, and focus goes to the
    // address field, which says it is required, a dozen fields above the button.
    await page.locator('#quote').getByRole('button', { name: 'Send Quote by Email' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Address Required').waitFor();
    await expect.poll(() => focusedName(page)).toMatch(/^Service address/);
    expect(await page.locator('#quote').getByLabel('Service address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('dialog', { name: 'Send Quote to Your Email' }).count()).toBe(0);

    // The dialog opens once the calculator holds an address.
    await fillCalculatorCustomer(page, { first: 'Kim', last: 'Keys', email: `kim.keys.${Date.now().toString(36)}@example.com`, phone: '905-555-0177', address: '88 Main St W', postal: 'L8P 1H8' });
    await page.locator('#quote').getByRole('button', { name: 'Send Quote by Email' }).focus();
    await page.keyboard.press('Enter');
    const send = page.getByRole('dialog', { name: 'Send Quote to Your Email' });
    await send.waitFor();
    expect(await focusedName(page)).toBe('First name');
    await page.keyboard.press('Escape');
    await send.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('Send Quote by Email');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a reply from the Messages tab, focus stays in the message\'s row, not at the top of the page', async () => {
    const { page, context, errors } = await newPage();
    const sent = await page.request.post('/api/messages', {
      headers: { 'x-forwarded-for': '10.91.0.41' },
      data: { name: 'Tab Keyes', email: `tab.keyes.${Date.now().toString(36)}@example.com`, subject: 'question', message: 'Do you treat on Saturdays as well?' },
    });
    expect(sent.status()).toBe(200);
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Messages' }).click();
    const row = page.getByRole('tabpanel', { name: 'Messages' }).getByRole('row').filter({ hasText: 'Tab Keyes' });
    await row.getByRole('button', { name: 'Reply: Tab Keyes' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reply to Tab Keyes' });
    await dialog.getByLabel('Your reply').waitFor();
    await page.keyboard.type('Fridays only, so the crews can plan the day.');
    await dialog.getByRole('button', { name: 'Send reply' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Reply sent').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // "Reply" has gone from the row; focus goes to what the row still offers.
    await expect.poll(() => focusedName(page)).toBe('Archive: Tab Keyes');
    expect(await row.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('keyboard only: the test card form', () => {
  it('after a decline, focus is on the card number, selected, and the expiry can be typed without its slash', async () => {
    const { page, context, errors } = await newPage();
    const booking = await createBooking(context.request);
    await page.goto(`/checkout?appointmentId=${booking.appointmentId}&ref=${booking.bookingRef}`);
    await page.getByLabel('Card number').focus();
    await page.keyboard.type('4000 0000 0000 0002');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Card number');
    expect(await page.getByLabel('Card number').evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd, el.value.length])).toEqual([0, 19, 19]);

    // Typing replaces the declined number; Enter pays.
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payment-success\?payment_intent=pi_test_/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    // The declined attempt's 402 is the browser's own log line for that answer.
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
    await context.close();
  });
});

describe('keyboard and screen reader: the contact form in German', () => {
  it('a refused field takes focus with its message; once sent, focus stays on the button and the toast is read as two sentences in a German region', async () => {
    const { page, context, errors } = await newPage({ locale: 'de-DE' });
    await page.goto('/de/contact');
    // What the live regions announce, as they announce it (Radix adds its announcement for about a second).
    await page.evaluate(() => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="status"][aria-live="assertive"]')) if (el.textContent) heard.push(el.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const form = page.getByRole('form', { name: 'Kontaktformular' });
    await form.getByLabel('Ihr Name').fill('J');
    await form.getByLabel('E-Mail-Adresse').fill(`jürgen.${Date.now().toString(36)}@example`);
    await form.getByLabel('Nachricht').fill('Hallo?');
    const send = form.getByRole('button', { name: 'Nachricht senden' });
    await send.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Ihr Name');
    expect(await form.getByLabel('Ihr Name').getAttribute('aria-invalid')).toBe('true');

    await page.keyboard.press('Control+A');
    await page.keyboard.type('Jürgen Weiß');
    await form.getByLabel('E-Mail-Adresse').fill(`juergen.${Date.now().toString(36)}@example.de`);
    await form.getByLabel('Nachricht').fill('Können Sie am Freitag vormittags kommen?');
    await send.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Nachricht gesendet', { exact: true }).waitFor();
    expect(await form.getByLabel('Ihr Name').inputValue()).toBe('');
    expect(await focusedName(page)).toBe('Nachricht senden');
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard.join(' | ')))
      .toContain('Nachricht gesendet. Wir haben Ihre Nachricht erhalten');
    expect(await page.getByRole('region', { name: 'Benachrichtigungen (F8)' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('keyboard only: the language menu', () => {
  it('Escape from a language gives focus back to the menu button; tabbing past the last language closes the list', async () => {
    const { page, context, errors } = await newPage({ locale: 'de-DE' });
    await page.goto('/de/contact');
    const button = page.getByRole('button', { name: 'Sprache: Deutsch' });
    await waitForReact(button);
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await button.getAttribute('aria-haspopup')).toBeNull();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('English');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page)).toBe('Sprache: Deutsch');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Enter');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Français' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});


describe('keyboard only: the header\'s service areas', () => {
  it('opens its town list with Enter as a disclosure, Tab reaches the towns, Escape closes it and gives focus back', async () => {
    const { page, context, errors } = await newPage({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    await page.goto('/de/contact');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const button = nav.getByRole('button', { name: 'Einsatzgebiete' });
    await waitForReact(button);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-haspopup')).toBeNull();
    // Closed, its towns are out of the way: not shown, not in the tab order.
    expect(await nav.getByRole('link', { name: 'Ancaster' }).isVisible()).toBe(false);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Ancaster' }).isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Hamilton');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page)).toBe('Einsatzgebiete');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Ancaster' }).isVisible()).toBe(false);

    // A click opens it too, and a town opens its page.
    await button.click();
    await nav.getByRole('link', { name: 'Dundas' }).click();
    await page.waitForURL(/\/de\/dundas$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
