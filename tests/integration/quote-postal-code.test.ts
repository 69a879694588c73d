/**
 * /book-quote for a quote that kept no postal code (0087), through the route handlers on a real
 * database: the page is offered a code only where one is known to be this property's (written in
 * the quote's street, or the customer record's for the same street), never SPEC's stand-in; and
 * a booking made from the quote is refused on the server without a code or outside the area,
 * leaving no booking behind, and taken with a served one, which the visit keeps.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { quotes } from '@/db/schema/quotes';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster } from '../support/handlers';
import { insertCustomer } from '../support/records';

const { POST: sendQuoteRoute } = (await import('@/app/api/send-quote/route')) as unknown as { POST: Handler };
const { GET: byTokenRoute } = (await import('@/app/api/quotes/by-token/[token]/route')) as unknown as { GET: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };

const post = jsonPoster(187);
let friday = '';

/** A quote asked for with a street and no postal code (SPEC §7's callers send only the address). */
async function quoteWithoutCode(email: string, address: string) {
  const res = await post(sendQuoteRoute, '/api/send-quote', {
    name: 'Iris Vale', email, phone: '905-555-0187',
    quoteDetails: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, address },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { quoteId } = (await res.json()) as { quoteId: number };
  const [row] = await (await getDb()).select({ token: quotes.token, postalCode: quotes.postalCode }).from(quotes).where(eq(quotes.id, quoteId));
  expect(row!.postalCode).toBeNull();
  return { id: quoteId, token: row!.token };
}

async function readByToken(token: string) {
  const res = await byTokenRoute(new Request(`http://localhost/api/quotes/by-token/${token}`), { params: Promise.resolve({ token }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { postalCode: string | null; postalCodeFrom: string | null };
}

/** What /book-quote's form and its "first available Friday" send for the quote, with `postalCode` as given. */
const bookFromQuote = (quote: { id: number }, email: string, address: string, postalCode?: string) => post(createAppointment, '/api/appointments', {
  serviceType: 'onetime', propertySize: 0.25, quoteId: quote.id, firstName: 'Iris', lastName: 'Vale', email, phone: '905-555-0187',
  address, city: 'Hamilton', ...(postalCode === undefined ? {} : { postalCode }), date: friday, time: '09:00', status: 'pending',
});

const bookingsOf = async (quoteId: number) => (await getDb()).select({ postalCode: appointments.postalCode }).from(appointments).where(eq(appointments.quoteId, quoteId));

beforeAll(async () => {
  const dates = await getAvailableDates({ now: new Date() });
  expect(dates.length).toBeGreaterThan(0);
  friday = dates.at(-1)!;
});

describe('the postal code /book-quote offers for a quote that kept none', () => {
  it('offers the customer record\'s code when the record is for the same street, and says where it comes from', async () => {
    await insertCustomer({ firstName: 'Iris', lastName: 'Vale', email: 'Iris.Vale@example.com', address: '45 Wilson St E', city: 'Ancaster', postalCode: 'L9G 2B5' });
    const quote = await quoteWithoutCode('iris.vale@example.com', '45 Wilson St. E, Ancaster');
    expect(await readByToken(quote.token)).toMatchObject({ postalCode: 'L9G 2B5', postalCodeFrom: 'customer' });
  });

  it('offers none when the customer record is for another street: that code could be another property\'s', async () => {
    await insertCustomer({ firstName: 'Iris', lastName: 'Moved', email: 'iris.moved@example.com', address: '3 Old Rd', postalCode: 'L9G 2B5' });
    const quote = await quoteWithoutCode('iris.moved@example.com', '88 New St, Hamilton');
    expect(await readByToken(quote.token)).toMatchObject({ postalCode: null, postalCodeFrom: null });
  });

  it('offers the code written in the quote\'s street, and none when nothing gives one', async () => {
    const written = await quoteWithoutCode('iris.written@example.com', '12 King St W, Hamilton ON l8p1a1');
    expect(await readByToken(written.token)).toMatchObject({ postalCode: 'L8P 1A1', postalCodeFrom: 'address' });
    const unknown = await quoteWithoutCode('iris.unknown@example.com', '12 King St W, Hamilton');
    expect(await readByToken(unknown.token)).toMatchObject({ postalCode: null, postalCodeFrom: null });
  });
});

describe('a booking made from such a quote', () => {
  it('is refused on the server without a code and outside the area, leaving no booking; a served code is booked and kept', async () => {
    const email = 'iris.books@example.com';
    const address = '20 Bay St S';
    const quote = await quoteWithoutCode(email, address);

    const missing = await bookFromQuote(quote, email, address);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fields?: Record<string, string> }).fields).toHaveProperty('postalCode');
    const outside = await bookFromQuote(quote, email, address, 'K1A 0B1');
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { message: string }).message).toContain('K1A 0B1');
    expect(await bookingsOf(quote.id)).toEqual([]);

    const served = await bookFromQuote(quote, email, address, 'l8p 4r5');
    expect(served.status, await served.clone().text()).toBe(201);
    expect(await bookingsOf(quote.id)).toEqual([{ postalCode: 'L8P 4R5' }]);
  });
});
