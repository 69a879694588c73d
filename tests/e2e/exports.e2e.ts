import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { payByApi } from './support/payment';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** Today in Toronto as YYYY-MM-DD (en-CA writes dates that way). */
const torontoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

describe('the office downloads CSV exports from the dashboard (docs/decisions/0036)', () => {
  it('downloads this month\'s payments with a known booking\'s row, refuses a reversed range, and exports the customers', async () => {
    const { page, context, errors } = await newPage();
    const request = context.request;
    const ip = `10.79.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}`;
    const email = `renee.${Date.now().toString(36)}@example.com`;
    const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    const created = await request.post('/api/appointments', {
      headers: { 'x-forwarded-for': ip },
      data: {
        serviceType: 'onetime', propertySize: 0.25, firstName: 'Renée', lastName: 'Bélanger', email, phone: '905-555-0188',
        address: '45 Main St E', city: 'Hamilton', postalCode: 'L8N 1E9', date: dates[dates.length - 2], status: 'pending-payment',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { appointmentId: number; bookingRef: string };
    // Paid with the test gateway's 4242 card, as the checkout page does.
    const intent = await payByApi(request, booking, ip);

    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const region = page.getByRole('region', { name: 'Export CSV' });
    const from = region.getByLabel('From');
    const to = region.getByLabel('To');
    // The current month so far.
    const today = torontoToday();
    expect([await from.inputValue(), await to.inputValue()]).toEqual([`${today.slice(0, 8)}01`, today]);
    expect(await findAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: 'Download payments CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`payments-${today.slice(0, 8)}01-to-${today}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Date paid,Booking reference,Customer,Email,Plan,Amount before tax,HST,Total,Refunded,HST refunded,Net,Status,Gateway payment ID,Payment method,Payment reference');
    expect(lines.filter((line) => line.includes(booking.bookingRef))).toEqual([
      `${today},${booking.bookingRef},Renée Bélanger,${email},One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,${intent.paymentIntentId},Card,`,
    ]);

    // A reversed range: the server's message beside the fields, and no file. By keyboard: Enter in a field sends the form.
    await from.fill(today);
    await to.fill(`${today.slice(0, 8)}01` === today ? '2020-01-01' : `${today.slice(0, 8)}01`);
    await to.press('Enter');
    await region.getByRole('alert').filter({ hasText: 'The start date must be on or before the end date.' }).waitFor();
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    expect(await findAxeViolations(page)).toEqual([]);

    // The Customers tab's link downloads the customer list.
    await page.getByRole('tab', { name: 'Customers' }).click();
    const [customers] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(customers.suggestedFilename()).toBe(`customers-${today}.csv`);
    const customerLines = (await readFile((await customers.path())!)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(customerLines[0]).toBe('Name,Email,Phone,Address,City,Postal code,Created,Bookings,Total paid,Last visit,Next visit,Seasonal emails,Agreed on,Unsubscribed on,Address unsubscribed on');
    expect(customerLines.find((line) => line.includes(email))).toMatch(new RegExp(`^Renée Bélanger,${email.replace(/\./g, '\\.')},[^,]+,45 Main St E,Hamilton,L8N 1E9,${today},1,111\\.87,,${dates[dates.length - 2]},Not agreed,,,$`));
    expect(await findAxeViolations(page)).toEqual([]);

    // The refused range's 400 is the only failed request the console reports.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('shows a part refund with its HST on the Payments tab and the customer page, lists it in the refunds CSV on its day, and the consent in the customer CSV (0075)', async () => {
    const { page, context, errors } = await newPage();
    const request = context.request;
    const ip = `10.75.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}`;
    const email = `lea.${Date.now().toString(36)}@example.com`;
    const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    // Booked with the seasonal-email box ticked, paid with 4242: 99.00 + 12.87 HST.
    const created = await request.post('/api/appointments', {
      headers: { 'x-forwarded-for': ip },
      data: {
        serviceType: 'onetime', propertySize: 0.25, firstName: 'Léa', lastName: 'Martin', email, phone: '905-555-0175',
        address: '88 James St N', city: 'Hamilton', postalCode: 'L8R 2K5', date: dates[dates.length - 2], status: 'pending-payment', marketingConsent: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { appointmentId: number; bookingRef: string };
    // Paid with the test gateway's 4242 card, as the checkout page does.
    const intent = await payByApi(request, booking, ip);

    // The office cancels and gives $50.00 back: 44.25 + 5.75 HST, as the receipt will say.
    await signInAsAdmin(page);
    const cancelled = await page.request.post(`/api/admin/bookings/${booking.bookingRef}/cancel`, { data: { refundCents: 5000, reason: 'Customer kept the second visit only' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.reload();

    await page.getByRole('tab', { name: 'Payments' }).click();
    const row = page.getByRole('tabpanel', { name: 'Payments' }).getByRole('row').filter({ hasText: intent.paymentIntentId });
    await row.getByText('$50.00 refunded, including $5.75 HST').waitFor();
    expect(await row.getByText('Partly refunded', { exact: true }).isVisible()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);

    // The month's refunds, each on the day it was made, with the receipt number of its payment.
    const today = torontoToday();
    const region = page.getByRole('region', { name: 'Export CSV' });
    const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: 'Download refunds CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`refunds-${today.slice(0, 8)}01-to-${today}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Date refunded,Receipt number,Date paid,Booking reference,Customer,Email,Plan,Refund before tax,HST refunded,Refund total,Gateway refund ID,Gateway payment ID,Refund method,Refund reference');
    const refundLines = lines.filter((line) => line.includes(booking.bookingRef));
    expect(refundLines).toHaveLength(1);
    expect(refundLines[0]).toMatch(new RegExp(`^${today},${booking.bookingRef}-\\d+,${today},${booking.bookingRef},Léa Martin,${email.replace(/\./g, '\\.')},One-Time Treatment,44\\.25,5\\.75,50\\.00,re_test_\\w+,${intent.paymentIntentId},Card,$`));

    // The customer's page says the same, for the payment and for the refund.
    await row.getByRole('link', { name: 'Léa Martin', exact: true }).click();
    await page.getByRole('heading', { name: 'Léa Martin', level: 1 }).waitFor();
    await page.getByText('$50.00 refunded, including $5.75 HST').waitFor();
    expect(await page.getByText('Refund of $50.00, including $5.75 HST').isVisible()).toBe(true);
    expect(await findAxeViolations(page)).toEqual([]);

    // The customer list says Léa agreed to seasonal emails, and when, in Toronto time.
    await page.goBack();
    await page.getByRole('tab', { name: 'Customers' }).click();
    const [customers] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const customerLines = (await readFile((await customers.path())!)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(customerLines.find((line) => line.includes(email))).toMatch(new RegExp(`,${today},1,61\\.87,,,Agreed,${today} \\d{2}:\\d{2},,$`));

    expect(errors).toEqual([]);
    await context.close();
  });
});
