import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { MANY_QUOTES } from './support/past-quotes';
import { payByApi } from './support/payment';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

describe('the office sees what became of a quote (0073)', () => {
  it('shows "Booking cancelled" with the booking, when and who once its paid booking is cancelled, and offers to follow it up again', async () => {
    const { page, context, errors } = await newPage();
    const request = context.request;
    const stamp = Date.now().toString(36);
    const ip = `10.95.${Math.floor(Math.random() * 200) + 1}.73`;
    const email = `quinn.cancel.${stamp}@example.com`;
    const place = { address: '45 Main St E', city: 'Hamilton', postalCode: 'L8N 1E9' };
    // The customer asks for a quote, books it from the quote's page and pays with the test card.
    const sent = await request.post('/api/send-quote', {
      headers: { 'x-forwarded-for': ip },
      data: { name: `Quinn Cancel${stamp}`, email, phone: '905-555-0173', quoteDetails: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, ...place } },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const { quoteId } = (await sent.json()) as { quoteId: number };
    const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    const created = await request.post('/api/appointments', {
      headers: { 'x-forwarded-for': ip },
      data: { serviceType: 'onetime', propertySize: 0.25, quoteId, firstName: 'Quinn', lastName: `Cancel${stamp}`, email, phone: '905-555-0173', ...place, date: dates.at(-1), status: 'pending-payment' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { appointmentId: number; bookingRef: string; customerId: number };
    // Paid with the test gateway's 4242 card, as the checkout page does.
    await payByApi(request, booking, ip);

    await signInAsAdmin(page, `/quotes-admin?q=${quoteId}`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: `Quote #${quoteId}` }) });
    await card.getByText('Booked', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: /^Send again/ }).count()).toBe(0);

    // The office cancels the booking (the customer page's dialog; its own journey is cancellations.e2e.ts).
    const cancelled = await request.post(`/api/admin/bookings/${booking.bookingRef}/cancel`, { data: { reason: 'Customer called to cancel' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Toronto' }).format(new Date());

    await page.reload();
    await card.getByText('Booking cancelled', { exact: true }).waitFor();
    await card.getByText(`Booking ${booking.bookingRef} was cancelled by the office on ${today}.`).waitFor();
    expect(await card.getByText('Booked', { exact: true }).count()).toBe(0);
    // An open lead again: "Send again" is offered (its rules are quote-follow-up.e2e.ts's).
    await card.getByRole('button', { name: `Send again Quote #${quoteId}` }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    // The state filter follows what the card says.
    const status = page.getByLabel('Status', { exact: true });
    await status.selectOption({ label: 'Booked' });
    await page.getByText('No quotes match these filters.').waitFor();
    await status.selectOption({ label: 'Booking cancelled' });
    await page.getByText('1 quote shown.', { exact: true }).waitFor();
    await card.getByText(`Booking ${booking.bookingRef} was cancelled by the office on ${today}.`).waitFor();

    // The customer's page names the quote's state the same way.
    await card.getByRole('link', { name: `Customer: Quinn Cancel${stamp}` }).click();
    await page.waitForURL((url) => url.pathname === '/customer-details');
    const row = page.getByRole('region', { name: 'Quotes' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: `Quote #${quoteId}` }) });
    await row.getByText('Booking cancelled', { exact: true }).waitFor();
    await row.getByText(`Booking ${booking.bookingRef} was cancelled by the office on ${today}.`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens every quote of a customer with more than the page lists by their exact address, says so, and lets the office remove it', async () => {
    const { page, context, errors } = await newPage();
    const created = await page.request.post('/api/customers', {
      headers: { 'x-forwarded-for': `10.95.${Math.floor(Math.random() * 200) + 1}.74` },
      data: { firstName: 'Rowan', lastName: 'Many', email: MANY_QUOTES.email, phone: '905-555-0198', address: '20 Bay St S', city: 'Hamilton', postalCode: 'L8P 3H7' },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };

    await signInAsAdmin(page, `/customer-details?id=${id}`);
    const quotes = page.getByRole('region', { name: 'Quotes' });
    await quotes.getByText('Only the newest 50 are listed.').waitFor();
    await quotes.getByRole('link', { name: 'See every quote for this address' }).click();
    await page.waitForURL((url) => url.pathname === '/quotes-admin' && url.searchParams.get('email') === MANY_QUOTES.email && !url.searchParams.has('q'));

    const notice = `Only quotes sent to ${MANY_QUOTES.email} are shown: this exact address, in capitals or not.`;
    await page.getByText(notice).waitFor();
    await page.getByText(`${MANY_QUOTES.count} quotes shown.`, { exact: true }).waitFor();
    // Nobody else's: not the neighbour whose address contains this one.
    expect(await page.getByText(MANY_QUOTES.neighbour, { exact: true }).count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Search quotes' }).inputValue()).toBe('');
    expect(await findAxeViolations(page)).toEqual([]);

    // A reload keeps the filter.
    await page.reload();
    await page.getByText(notice).waitFor();
    await page.getByText(`${MANY_QUOTES.count} quotes shown.`, { exact: true }).waitFor();

    // Removed: the address drops it, focus goes to the search, and a word search finds the neighbour too.
    await page.getByRole('button', { name: 'Show all addresses' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('email')).toBe(false);
    expect(await page.getByText(notice).count()).toBe(0);
    const search = page.getByRole('searchbox', { name: 'Search quotes' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill(MANY_QUOTES.email);
    await page.getByText(`${MANY_QUOTES.count + 1} quotes shown.`, { exact: true }).waitFor();
    expect(await page.getByText(MANY_QUOTES.neighbour, { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
