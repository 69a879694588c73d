import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
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
    // Paid now with the test gateway's 4242 card, as the checkout page does.
    const intent = (await (await request.post('/api/create-payment-intent', { headers: { 'x-forwarded-for': ip }, data: { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef } })).json()) as { paymentIntentId: string; clientSecret: string };
    const paid = await request.post('/api/test-gateway/confirm', { headers: { 'x-forwarded-for': ip }, data: { ...intent, number: '4242424242424242', expiry: '12/34', cvc: '123' } });
    expect(paid.status(), await paid.text()).toBe(200);

    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const region = page.getByRole('region', { name: 'Export CSV' });
    const from = region.getByLabel('From');
    const to = region.getByLabel('To');
    // The current month so far.
    const today = torontoToday();
    expect([await from.inputValue(), await to.inputValue()]).toEqual([`${today.slice(0, 8)}01`, today]);
    expect(await findAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`payments-${today.slice(0, 8)}01-to-${today}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Date paid,Booking reference,Customer,Email,Plan,Amount before tax,HST,Total,Refunded,HST refunded,Net,Status,Gateway payment ID');
    expect(lines.filter((line) => line.includes(booking.bookingRef))).toEqual([
      `${today},${booking.bookingRef},Renée Bélanger,${email},One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,${intent.paymentIntentId}`,
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
    expect(customerLines[0]).toBe('Name,Email,Phone,Address,City,Postal code,Created,Bookings,Total paid');
    expect(customerLines.find((line) => line.includes(email))).toMatch(new RegExp(`^Renée Bélanger,${email.replace(/\./g, '\\.')},[^,]+,45 Main St E,Hamilton,L8N 1E9,${today},1,111\\.87$`));
    expect(await findAxeViolations(page)).toEqual([]);

    // The refused range's 400 is the only failed request the console reports.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});
