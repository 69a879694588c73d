import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@/lib/format';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { payByApi } from './support/payment';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** Books a one-time treatment through the API in `locale` and pays it with the test gateway's 4242 card, as the checkout does. */
async function bookAndPay(request: APIRequestContext, locale: string, pick: (dates: string[]) => string) {
  const ip = `10.79.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}`;
  const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
  const email = `manage.${locale}.${Date.now().toString(36)}@example.com`;
  const created = await request.post('/api/appointments', {
    headers: { 'x-forwarded-for': ip },
    data: {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Noor', lastName: 'Manage', email, phone: '905-555-0178',
      address: '45 Main St E', city: 'Hamilton', postalCode: 'L8N 1E9', date: pick(dates), status: 'pending-payment', locale,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { appointmentId: number; bookingRef: string };
  await payByApi(request, booking, ip);
  return { ...booking, email };
}

/** The Manage your booking link of the customer's receipt, read from the outbox as staff; its path (the emails name the configured site address). */
async function readReceiptLink(staff: Page, email: string): Promise<string> {
  const outbox = (await (await staff.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
  const receipt = outbox.emails.find((m) => m.kind === 'receipt' && m.toAddress === email);
  const link = /https?:\/\/[^/\s]+((?:\/[a-z]{2})?\/manage-booking\/[\w-]+)/.exec(receipt?.text ?? '')?.[1];
  expect(link, receipt?.text).toBeDefined();
  return link!;
}

const JOURNEYS = [
  {
    locale: 'en',
    pick: (dates: string[]) => dates[dates.length - 1]!,
    words: {
      heading: 'Manage your booking', move: 'Move this visit', moveTitle: 'Move your visit of', newFriday: 'New Friday', submitMove: 'Move my visit', moved: 'Visit moved',
      cancel: 'Cancel my booking', cancelTitle: (ref: string) => `Cancel booking ${ref}?`, refund: 'We will refund $111.87 to the card you paid with, within 10 business days.',
      confirm: 'Yes, cancel my booking', cancelled: 'Booking cancelled', allCancelled: 'This booking has been cancelled.', refunded: 'Refunded to your card', amount: '$111.87',
      // Times as the rest of the site writes them ('8:00 AM', not en-CA's '8:00 a.m.').
      deadline: / at 8:00 AM to move this visit online\./, cancelHeading: 'Cancel your booking',
    },
  },
  {
    locale: 'fr',
    pick: (dates: string[]) => dates[dates.length - 2]!,
    words: {
      heading: 'Gérer votre réservation', move: 'Déplacer cette visite', moveTitle: 'Déplacer votre visite du', newFriday: 'Nouveau vendredi', submitMove: 'Déplacer ma visite', moved: 'Visite déplacée',
      cancel: 'Annuler ma réservation', cancelTitle: (ref: string) => `Annuler la réservation ${ref}\u00a0?`, refund: 'Nous rembourserons 111,87\u00a0$ sur la carte utilisée, sous 10 jours ouvrables.',
      confirm: 'Oui, annuler ma réservation', cancelled: 'Réservation annulée', allCancelled: 'Cette réservation a été annulée.', refunded: 'Remboursé sur votre carte', amount: '111,87\u00a0$',
      deadline: /jusqu’au mercredi .+ à 8\u00a0h\u00a000\./, cancelHeading: 'Annuler votre réservation',
    },
  },
] as const;

describe('customers manage their own booking from the link in their receipt', () => {
  it.each(JOURNEYS)('$locale: opens the link, moves the visit to another Friday, then cancels with the full refund', async ({ locale, pick, words }) => {
    const { page, context, errors } = await newPage();
    const booking = await bookAndPay(context.request, locale, pick);

    const staff = await newPage();
    await signInAsAdmin(staff.page);
    const link = await readReceiptLink(staff.page, booking.email);
    expect(link.startsWith(locale === 'en' ? '/manage-booking/' : `/${locale}/manage-booking/`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: words.heading }).waitFor();
    await page.getByText(booking.bookingRef, { exact: true }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await findAxeViolations(page)).toEqual([]);
    await page.getByText(words.deadline).first().waitFor();

    // Move: the office's list of Fridays, one picked, the page shows the new date.
    await page.getByRole('button', { name: new RegExp(`^${words.move}`) }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${words.moveTitle}`) });
    const select = dialog.getByLabel(words.newFriday);
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    expect(await findAxeViolations(page)).toEqual([]);
    const target = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(target!);
    await dialog.getByRole('button', { name: words.submitMove }).click();
    await page.getByText(words.moved, { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: formatLongDate(target!, locale) }).waitFor();

    // Cancel, from the keyboard: the refund shown first, then the cancellation; the page then says so
    // and shows the refund, with focus on the section that says it (the button has gone), not the page's top.
    await page.getByRole('button', { name: words.cancel }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: words.cancelTitle(booking.bookingRef) });
    await confirm.getByText(words.refund).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: words.confirm }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(words.cancelled, { exact: true }).first().waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? '')).toBe(words.cancelHeading);
    await page.getByText(words.allCancelled, { exact: true }).waitFor();
    await page.getByText(words.refunded, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: words.cancel }).count()).toBe(0);
    expect(await page.getByText(words.amount).count()).toBeGreaterThanOrEqual(2);

    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    await context.close();
  });

  it('a link that opens nothing says so in the page\'s language, with the office\'s phone, and passes axe', async () => {
    const { page, context, errors } = await newPage();
    const res = await page.goto('/de/manage-booking/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Dieser Link öffnet keine Buchung' }).waitFor();
    expect(await page.getByRole('link', { name: /555/ }).first().getAttribute('href')).toMatch(/^tel:/);
    expect(await findAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  const LOST_LINK = [
    {
      locale: 'en', badLink: 'This link does not open a booking', again: 'Send me my link again', title: 'Find your booking',
      label: 'Email address used to book', submit: 'Email me my link',
      sent: 'If we have a booking for this address, we have emailed its link. Check your inbox (and spam folder) in a few minutes.',
      heading: 'Manage your booking',
    },
    {
      locale: 'es', badLink: 'Este enlace no abre ninguna reserva', again: 'Enviarme de nuevo mi enlace', title: 'Encuentre su reserva',
      label: 'Correo electrónico con el que reservó', submit: 'Enviarme mi enlace',
      sent: 'Si tenemos una reserva con este correo, le hemos enviado su enlace. Revise su bandeja de entrada (y la carpeta de correo no deseado) en unos minutos.',
      heading: 'Gestionar su reserva',
    },
  ] as const;

  it.each(LOST_LINK)('$locale: a customer who lost the link asks for it again from the bad-link card and gets it by email', async (words) => {
    const { page, context, errors } = await newPage();
    const booking = await bookAndPay(context.request, words.locale, (dates) => dates[dates.length - 3]!);
    const prefix = words.locale === 'en' ? '' : `/${words.locale}`;
    await page.goto(`${prefix}/manage-booking/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH`);
    await page.getByRole('heading', { level: 1, name: words.badLink }).waitFor();
    await page.getByRole('link', { name: words.again }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/manage-booking`);
    await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await findAxeViolations(page)).toEqual([]);

    await page.getByLabel(words.label).fill(booking.email.toUpperCase());
    await page.getByRole('button', { name: words.submit }).click();
    await page.getByRole('status').filter({ hasText: words.sent }).waitFor();
    // The address never reaches the page's address.
    expect(page.url()).not.toContain('example.com');
    expect(page.url().toLowerCase()).not.toContain(booking.email.split('@')[0]!);

    const staff = await newPage();
    await signInAsAdmin(staff.page);
    const outbox = (await (await staff.page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
    const mails = outbox.emails.filter((m) => m.kind === 'manage-link' && m.toAddress === booking.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(booking.bookingRef);
    const link = /https?:\/\/[^/\s]+((?:\/[a-z]{2})?\/manage-booking\/[\w-]+)/.exec(mails[0]!.text)?.[1];
    expect(link?.startsWith(`${prefix}/manage-booking/`), mails[0]!.text).toBe(true);
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: words.heading }).waitFor();
    await page.getByText(booking.bookingRef, { exact: true }).waitFor();

    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    await context.close();
  });
});
