/**
 * "2 acres and more" is DECISIONS §1's "over 2 acres": a custom quote, never the 2-acre price
 * (0079). /request-service sends it to the office as the calculator's acreage request does; a
 * booking for it is refused and writes nothing; the booking form's largest size, "Up to 2 acres",
 * is charged the 2-acre tier it names.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postAppointment } from '@/app/api/appointments/route';
import { POST as sendQuote } from '@/app/api/send-quote/route';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { quotes } from '@/db/schema/quotes';
import { sendCustomQuoteRequest } from '@/features/booking/booking-client';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates } from '@/features/scheduling/available-dates';

const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let ip = 0;
function request(url: string, body: unknown, headers: Record<string, string> = {}) {
  ip += 1;
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.79.1.${ip}`, ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(() => {
  // The page's fetch, answered by the route itself, in French as the page's cookie says.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/send-quote') throw new Error(`no route for ${url.pathname}`);
    return sendQuote(request(url.pathname, JSON.parse(String(init?.body)), { cookie: 'NEXT_LOCALE=fr' }), noParams);
  });
});
afterAll(() => vi.unstubAllGlobals());

async function count() {
  const db = await getDb();
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
  const [a] = await db.select({ n: sql<number>`count(*)::int` }).from(appointments);
  return { customers: c!.n, appointments: a!.n };
}

const friday = () => findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType: 'onetime', visitsFor: () => 1 })[1]!;
const contact = { firstName: 'Marie-Hélène', lastName: 'Lefèvre', phone: '905-945-1234', address: '12 Livingston Ave', city: 'Grimsby', postalCode: 'L3M 1K6' };

describe('/request-service, "More than 2 acres (custom quote)"', () => {
  it('sends the office a custom-quote request with no price, books nothing and tells the customer in French', async () => {
    const sent = await sendCustomQuoteRequest({
      name: 'Marie-Hélène Lefèvre', email: 'mh.lefevre@example.ca', phone: contact.phone, address: contact.address, city: contact.city, postalCode: contact.postalCode,
      serviceType: 'seasonal', includeTick: true, includeStandingWater: false,
    });
    expect(sent.ok).toBe(true);
    const db = await getDb();
    const [quote] = await db.select().from(quotes).where(eq(quotes.customerEmail, 'mh.lefevre@example.ca'));
    expect(quote).toMatchObject({ serviceType: 'seasonal', propertySize: 999, includeTick: true, totalCents: 0 });
    expect(await count()).toEqual({ customers: 0, appointments: 0 });
    const mail = await db.select({ to: emailOutbox.toAddress, kind: emailOutbox.kind, locale: emailOutbox.locale }).from(emailOutbox);
    expect(mail.find((m) => m.to === 'mh.lefevre@example.ca')?.locale).toBe('fr');
    expect(mail.some((m) => m.kind === 'staff-notification')).toBe(true);
  });

  it('a code outside the service area is refused with the reason, in the page language', async () => {
    const sent = await sendCustomQuoteRequest({
      name: 'Alex Martin', email: 'alex.martin@example.ca', phone: '613-555-0101', address: '1 Wellington St', city: 'Ottawa', postalCode: 'K1A 0B1',
      serviceType: 'onetime', includeTick: false, includeStandingWater: false,
    });
    expect(sent).toMatchObject({ ok: false, error: { kind: 'validation' } });
    if (!sent.ok) expect(sent.error.message).toContain('K1A 0B1');
  });
});

describe('booking a property size', () => {
  const book = (propertySize: number, email: string) => postAppointment(request('/api/appointments', {
    ...contact, email, serviceType: 'onetime', propertySize, date: friday(), status: 'pending-payment',
  }), noParams);

  it('over 2 acres (999) is refused as a custom quote and writes nothing', async () => {
    const before = await count();
    const res = await book(999, 'acreage@example.ca');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields?: Record<string, string> };
    expect(body.fields?.propertySize).toBe('Please contact us for a personalized quote for a property this size.');
    expect(await count()).toEqual(before);
  });

  it('"Up to 2 acres" (2) is charged the 2-acre tier: one-time 99 + 160 = 259.00 + 33.67 HST = 292.67', async () => {
    const res = await book(2, 'two-acres@example.ca');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ subtotalCents: 25900, taxCents: 3367, totalCents: 29267 });
  });
});
