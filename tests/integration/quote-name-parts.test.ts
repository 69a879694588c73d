/**
 * A quote keeps the first and last name as typed in the calculator's two fields (0070): booking it
 * from its link gives the customer record those names, and the emails after it greet the first
 * name whole ("José María", never "José"). Quotes sent before keep SPEC's split at the first space.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as availableDates } from '@/app/api/appointments/available-dates/route';
import { POST as postAppointment } from '@/app/api/appointments/route';
import { POST as postCustomer } from '@/app/api/customers/route';
import { GET as quoteByToken } from '@/app/api/quotes/by-token/[token]/route';
import { POST as sendQuote } from '@/app/api/send-quote/route';
import { getDb } from '@/db/client';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { quotes } from '@/db/schema/quotes';
import { prepareOrderCustomer } from '@/features/booking/booking.schema';
import { readQuoteSummary } from '@/features/booking/booking-client';
import { splitFullName } from '@/lib/person-name';

const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let ip = 0;

function request(url: string, body?: unknown, headers: Record<string, string> = {}) {
  ip += 1;
  return new Request(`http://localhost${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.70.0.${ip}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const spanish = { cookie: 'NEXT_LOCALE=es' };
const quoteDetails = {
  serviceType: 'seasonal', propertySize: 0.5, includeTick: true, includeTargetedInsects: false,
  address: '45 King St E', city: 'Stoney Creek', postalCode: 'L8G 1K1', totalPrice: 0, lotSizeDisplay: 'Medium',
};

/** Sends a quote as the calculator's dialog does, in Spanish; answers the stored row. */
async function sendSpanishQuote(body: Record<string, unknown>) {
  const res = await sendQuote(request('/api/send-quote', { phone: '905-555-0161', quoteDetails, ...body }, spanish), noParams);
  expect(res.status, await res.clone().text()).toBe(200);
  const { quoteId } = (await res.json()) as { quoteId: number };
  const [row] = await (await getDb()).select().from(quotes).where(eq(quotes.id, quoteId));
  return row!;
}

/** GET /api/quotes/by-token/{token}, read as /book-quote reads it. */
async function openQuoteLink(token: string) {
  const res = await quoteByToken(request(`/api/quotes/by-token/${token}`), { params: Promise.resolve({ token }) });
  expect(res.status).toBe(200);
  return readQuoteSummary(await res.json())!;
}

/**
 * /book-quote's "Book First Available Friday" (SPEC's order-creation path), as its component runs
 * it: the customer from the quote (`prepareOrderCustomer`), then the booking on the first Friday.
 */
async function bookFirstFriday(quote: NonNullable<ReturnType<typeof readQuoteSummary>>) {
  const prepared = prepareOrderCustomer({
    name: quote.name, firstName: quote.firstName, lastName: quote.lastName, email: quote.email, phone: quote.phone,
    address: quote.address, city: quote.city, postalCode: quote.postalCode,
  });
  if (!prepared.ok) throw new Error(`missing ${prepared.missing.join(', ')}`);
  const created = await postCustomer(request('/api/customers', { ...prepared.customer, locale: 'es' }, spanish), noParams);
  expect(created.status, await created.clone().text()).toBeLessThan(300);
  const { id: customerId } = (await created.json()) as { id: number };
  const dates = (await (await availableDates(request(`/api/appointments/available-dates?serviceType=${quote.serviceType}`), noParams)).json()) as { dates: string[] };
  const booked = await postAppointment(request('/api/appointments', {
    customerId, email: prepared.customer.email, serviceType: quote.serviceType, date: dates.dates[0], time: '09:00', notes: 'Online order',
    propertySize: quote.propertySize, includeTick: quote.includeTick, includeTargetedInsects: quote.includeTargetedInsects,
    address: prepared.customer.address, city: prepared.customer.city, postalCode: prepared.customer.postalCode, quoteId: quote.id, locale: 'es',
  }, spanish), noParams);
  expect(booked.status, await booked.clone().text()).toBe(201);
  const db = await getDb();
  const [customer] = await db.select({ firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, customerId));
  const [email] = await db.select({ text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox).where(and(eq(emailOutbox.toAddress, prepared.customer.email), eq(emailOutbox.kind, 'booking-received')));
  return { customer: customer!, email: email! };
}

describe('a quote sent with the first and last name as typed', () => {
  it('keeps both, books the customer as "José María" "Núñez Peña" and greets "José María"', async () => {
    const row = await sendSpanishQuote({ email: 'jose.maria@example.com', name: 'José María Núñez Peña', firstName: 'José María', lastName: 'Núñez Peña' });
    expect(row).toMatchObject({ customerName: 'José María Núñez Peña', customerFirstName: 'José María', customerLastName: 'Núñez Peña' });

    // The email's Buy now link carries them beside SPEC's name, for direct-buy mode and /checkout-new.
    const [quoteEmail] = await (await getDb()).select({ text: emailOutbox.text }).from(emailOutbox).where(and(eq(emailOutbox.relatedId, row.id), eq(emailOutbox.kind, 'quote')));
    const buy = new URL(/(http:\/\/localhost:3000\/es\?directBuy=true&\S+)/.exec(quoteEmail!.text)![1]!);
    expect([buy.searchParams.get('name'), buy.searchParams.get('firstName'), buy.searchParams.get('lastName')]).toEqual(['José María Núñez Peña', 'José María', 'Núñez Peña']);

    const quote = await openQuoteLink(row.token);
    expect(quote).toMatchObject({ firstName: 'José María', lastName: 'Núñez Peña' });
    // What /book-quote's booking form is filled with.
    expect(splitFullName(quote.name, quote)).toEqual({ firstName: 'José María', lastName: 'Núñez Peña' });

    const { customer, email } = await bookFirstFriday(quote);
    expect(customer).toEqual({ firstName: 'José María', lastName: 'Núñez Peña' });
    expect(email.text).toContain('Hola, José María:');
    expect(email.html).toContain('Hola, José María:');
  });

  it('refuses a full name that is not the two parts joined, in the caller\'s language', async () => {
    const res = await sendQuote(request('/api/send-quote', {
      email: 'mismatch@example.com', name: 'Ana Ruiz', firstName: 'José María', lastName: 'Núñez Peña', phone: '905-555-0161', quoteDetails,
    }, spanish), noParams);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ name: 'El nombre completo no coincide con el nombre y los apellidos indicados.' });

    const half = await sendQuote(request('/api/send-quote', {
      email: 'half@example.com', name: 'José María Núñez Peña', firstName: 'José María', phone: '905-555-0161', quoteDetails,
    }, spanish), noParams);
    expect(half.status).toBe(400);
    expect(((await half.json()) as { fields: Record<string, string> }).fields).toEqual({ lastName: 'El apellido es obligatorio' });
    const db = await getDb();
    expect(await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.customerEmail, 'mismatch@example.com'))).toEqual([]);
  });
});

describe('a quote sent with the full name only (SPEC\'s body, quotes from before 0070)', () => {
  it('still splits it at the first space', async () => {
    const row = await sendSpanishQuote({ email: 'old.quote@example.com', name: 'Mary Ann Smith' });
    expect(row).toMatchObject({ customerName: 'Mary Ann Smith', customerFirstName: null, customerLastName: null });
    const quote = await openQuoteLink(row.token);
    expect(quote).toMatchObject({ firstName: 'Mary', lastName: 'Ann Smith' });
    const { customer, email } = await bookFirstFriday(quote);
    expect(customer).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
    expect(email.text).toContain('Hola, Mary:');
  });
});
