/**
 * Decision 0092 in a browser: the calculator says that earlier Fridays are full when the season's
 * first Friday (the demo day, all thirty stops taken) is not offered; and on the office's customer
 * page the visits' status badges stand in one column, whether a row has a Move button or not.
 */
import { describe, expect, it } from 'vitest';
import { pickDemoFriday } from '@/server/bootstrap/seed';
import { setupBrowser } from './support/browser';
import { bookAndPay } from './support/fridays';
import { signInAsOffice } from './support/staff';

const { newPage } = setupBrowser();

describe('0092', () => {
  it('the calculator says earlier Fridays are full when its list starts after the full first Friday', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    const demo = pickDemoFriday(new Date());
    const offer = (await (await context.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[]; earlierFull: boolean };
    expect(offer.dates[0]! > demo).toBe(true);
    expect(offer.earlierFull).toBe(true);

    await page.goto('/#quote');
    const calc = page.locator('#quote');
    await calc.getByText('Earlier Fridays are already full.').waitFor();
    expect(await calc.getByLabel('Preferred service date').inputValue()).toBe(offer.dates[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lines up the status badges of a customer's visits, with and without a Move button", async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    const request = context.request;
    const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    const paid = await bookAndPay(request, dates.at(-3)!, 'Badge', { lastName: 'Columns' });
    // A second booking of the same customer, not paid: its row has no Move.
    const unpaid = await request.post('/api/appointments', {
      headers: { 'x-forwarded-for': '10.92.0.7' },
      data: {
        serviceType: 'onetime', propertySize: 0.5, firstName: 'Badge', lastName: 'Columns', email: paid.email, phone: '905-555-0170',
        address: '45 Main St E', city: 'Hamilton', postalCode: 'L8N 1E9', date: dates.at(-4), status: 'pending-payment',
      },
    });
    expect(unpaid.status(), await unpaid.text()).toBe(201);

    await signInAsOffice(page);
    await page.goto(`/customer-details?id=${paid.customerId}`);
    await page.getByRole('heading', { name: `Booking ${paid.bookingRef}` }).waitFor();
    const badges = page.getByTestId('visit-status');
    expect(await badges.count()).toBe(2);
    const lefts = await Promise.all((await badges.all()).map(async (b) => Math.round((await b.boundingBox())!.x)));
    expect(lefts[0]).toBe(lefts[1]);
    expect(await page.getByRole('button', { name: /^Move to another Friday/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
