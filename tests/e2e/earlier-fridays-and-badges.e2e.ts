/**
 * Decision 0092 in a browser: the calculator says that earlier Fridays are full when the season's
 * first Friday (the demo day, all thirty stops taken) is not offered; and on the office's customer
 * page the visits' status badges stand in one column, whether a row has a Move button or not.
 * Decision 0099: a Friday closed for rain before the list's first date is said as closed, not full,
 * by the calculator and the booking form (in French here).
 */
import { describe, expect, it } from 'vitest';
import { pickDemoFriday } from '@/server/bootstrap/seed';
import { setupBrowser } from './support/browser';
import { bookAndPay } from './support/fridays';
import { signInAsAdmin, signInAsOffice } from './support/staff';

const { newPage } = setupBrowser();

describe('0092', () => {
  it('the calculator says earlier Fridays are full when its list starts after the full first Friday', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    const demo = pickDemoFriday(new Date());
    const offer = (await (await context.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[]; earlierFull: boolean; earlierClosed: boolean };
    expect(offer.dates[0]! > demo).toBe(true);
    expect(offer).toMatchObject({ earlierFull: true, earlierClosed: false });

    await page.goto('/#quote');
    const calc = page.locator('#quote');
    await calc.getByText('Earlier Fridays are already full.').waitFor();
    expect(await calc.getByLabel('Preferred service date').inputValue()).toBe(offer.dates[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "full or closed" once the first Friday offered is closed for rain, on the calculator and the French booking form (0099)', async () => {
    const office = await newPage();
    await signInAsAdmin(office.page, '/routes');
    const staff = office.context.request;
    const { dates } = (await (await staff.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    const [closed, next] = dates as [string, string];
    await bookAndPay(staff, closed, 'Rory', { lastName: 'Earlier' });
    const rain = await staff.post('/api/admin/rain-day', { data: { date: closed, to: next } });
    expect(rain.status(), await rain.text()).toBe(200);
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    try {
      const offer = (await (await context.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[]; earlierFull: boolean; earlierClosed: boolean };
      expect(offer).toMatchObject({ earlierFull: true, earlierClosed: true });
      expect(offer.dates[0]! > closed).toBe(true);

      await page.goto('/#quote');
      const calc = page.locator('#quote');
      await calc.getByText('Earlier Fridays are full or closed to bookings.').waitFor();
      expect(await calc.getByText('Earlier Fridays are already full.').count()).toBe(0);

      await page.goto('/fr/book?serviceType=onetime');
      await page.getByText('Les vendredis précédents sont complets ou fermés aux réservations.').waitFor();
      expect(await page.getByText('Les vendredis précédents sont déjà complets.').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      // The Friday is offered again for the files after this one.
      expect((await staff.post('/api/admin/rain-day/reopen', { data: { date: closed } })).status()).toBe(200);
      await context.close();
      await office.context.close();
    }
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
