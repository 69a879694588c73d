/**
 * The ninth walkthrough (docs/decisions/0095), in late November: a German-speaking customer on a
 * 360 px phone who books next spring's plan, and the owner's year-end on a 1440 px desktop. What
 * the walk found, held here.
 */
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { payByApi } from './support/payment';
import { signInAsAdmin } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

const phone = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: 'de-DE' };
const desktop = { viewport: { width: 1440, height: 900 } };

const randomIp = () => `10.95.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}`;

/** A seasonal plan with tick control for an Ancaster address (a premium area), booked in German through the API and paid with 4242. */
async function bookSpringPlanInGerman(request: APIRequestContext) {
  const ip = randomIp();
  const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=seasonal')).json()) as { dates: string[] };
  const email = `klaus.${Date.now().toString(36)}@example.de`;
  const created = await request.post('/api/appointments', {
    headers: { 'x-forwarded-for': ip },
    data: {
      serviceType: 'seasonal', propertySize: 0.5, includeTick: true, firstName: 'Klaus', lastName: 'Bäumer', email, phone: '905-648-2210',
      address: '55 Wilson St E', city: 'Ancaster', postalCode: 'L9G 2B3', date: dates[0], status: 'pending-payment', locale: 'de',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { appointmentId: number; bookingRef: string };
  const { paymentIntentId } = await payByApi(request, booking, ip);
  return { ...booking, email, firstFriday: dates[0]!, paymentIntentId };
}

const germanDate = (day: string) =>
  new Intl.DateTimeFormat('de-DE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

describe('a German-speaking customer books next spring in late November, on a phone', () => {
  it('reads the first Friday on the success page, and a cancelled booking no longer says it can be moved or cancelled', async () => {
    const { page, context, errors } = await newPage(phone);
    const booking = await bookSpringPlanInGerman(context.request);

    // 49 + 4 × 99 + 3 × 99 − 60 = 682, × 1.1 in Ancaster = 750.20 → 750.00, + 97.50 HST.
    await page.goto(`/de/payment-success?payment_intent=${booking.paymentIntentId}&appointment_id=${booking.appointmentId}`);
    await page.getByRole('heading', { name: 'Zahlung erfolgreich' }).waitFor();
    await page.getByText('847,50 $ CAD bezahlt').waitFor();
    // Months ahead, the page names the first visit's Friday, not only "your Friday service date".
    await page.getByText(`Ihr erster Besuch: ${germanDate(booking.firstFriday)}`, { exact: true }).waitFor();

    const staff = await newPage();
    await signInAsAdmin(staff.page);
    const outbox = (await (await staff.page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
    const receipt = outbox.emails.find((m) => m.kind === 'receipt' && m.toAddress === booking.email);
    const manage = /https?:\/\/[^/\s]+(\/de\/manage-booking\/[\w-]+)\s/.exec(receipt?.text ?? '')?.[1];
    expect(manage, receipt?.text).toBeDefined();
    await staff.context.close();

    await page.goto(manage!);
    const greeting = page.getByRole('main').locator('header p').first();
    expect(await greeting.innerText()).toBe('Hallo Klaus, hier ist Ihre Buchung bei uns. Bis Mittwoch, 8:00 Uhr vor dem Termin können Sie einen Besuch online auf einen anderen Freitag verschieben oder stornieren.');
    await page.getByRole('button', { name: 'Meine Buchung stornieren' }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, Buchung stornieren' }).tap();
    await toast(page, 'Buchung storniert').waitFor();
    await page.reload();
    await page.getByText('Diese Buchung wurde storniert.').waitFor();
    // Nothing is left to change online: the greeting no longer says how.
    expect(await greeting.innerText()).toBe('Hallo Klaus, hier ist Ihre Buchung bei uns.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A CSV's named amount columns summed in cents, with its row count. */
function sumCsv(text: string, columns: string[]): { rows: number; sums: number[] } {
  const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
  const names = header!.split(',');
  // The amounts sit after the free-text cells, so they are read from the end of each row.
  const fromEnd = columns.map((c) => names.length - names.indexOf(c));
  return {
    rows: rows.length,
    sums: fromEnd.map((back) => rows.reduce((sum, row) => {
      const cells = row.split(',');
      return sum + Math.round(Number(cells[cells.length - back]) * 100);
    }, 0)),
  };
}

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`;

describe("the owner's year-end on a desktop", () => {
  it('shows the year\'s payments, refunds and net, before tax, HST and total, equal to the two files summed', async () => {
    const { page, context, errors } = await newPage(desktop);
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const form = page.getByRole('region', { name: 'Export CSV' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const from = `${today.slice(0, 4)}-01-01`;
    await form.getByLabel('From').fill(from);
    await form.getByLabel('To').fill(today);
    await form.getByRole('button', { name: 'Show totals' }).click();
    const table = form.getByRole('table');
    await table.waitFor();

    const files = await Promise.all(['payments', 'refunds'].map(async (name) => (await page.request.get(`/api/admin/exports/${name}?from=${from}&to=${today}`)).text()));
    const paid = sumCsv(files[0]!, ['Amount before tax', 'HST', 'Total']);
    const back = sumCsv(files[1]!, ['Refund before tax', 'HST refunded', 'Refund total']);
    const cells = async (name: RegExp | string) => (await table.getByRole('row', { name }).getByRole('cell').allInnerTexts()).map((t) => t.trim());
    expect(await cells(`Payments received (${paid.rows})`)).toEqual(paid.sums.map(dollars));
    expect(await cells(`Refunds made (${back.rows})`)).toEqual(back.sums.map(dollars));
    expect(await cells(/^Net/)).toEqual(paid.sums.map((cents, i) => dollars(cents - back.sums[i]!)));
    expect(paid.rows).toBeGreaterThan(0);

    // A new date takes the figures away until they are asked for again.
    await form.getByLabel('From').fill(today);
    expect(await table.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
