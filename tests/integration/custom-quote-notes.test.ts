/**
 * Nothing a customer submits is lost (0084): the "Special Requests" written with /request-service's
 * custom-quote request are stored with the quote, shown to the office on /quotes-admin (GET
 * /api/admin/quotes), SPEC's quote list (GET /api/quotes), the customer's page and the staff email,
 * repeated to the customer in their own confirmation email (0087), exported with the customer's personal data and erased with it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as sendQuote } from '@/app/api/send-quote/route';
import { getDb } from '@/db/client';
import { emailOutbox } from '@/db/schema/messages';
import { quotes } from '@/db/schema/quotes';
import { sendCustomQuoteRequest } from '@/features/booking/booking-client';
import { loadCustomerDetails } from '@/features/staff-dashboard/dashboard.service';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: adminQuotes } = await import('@/app/api/admin/quotes/route');
const { GET: specQuotes } = await import('@/app/api/quotes/route');
const personalData = await import('@/app/api/admin/customers/[id]/personal-data/route');

const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
const EMAIL = 'gord.acreage@example.ca';
const NOTES = 'Gate code 4412.\nThe back field by the creek is the worst: please look at it too.';

let ip = 0;
beforeAll(async () => {
  jar.token = (await signInAdminAndTechnician()).adminToken;
  // The page's fetch, answered by the route itself.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/send-quote') throw new Error(`no route for ${url.pathname}`);
    ip += 1;
    return sendQuote(new Request(`http://localhost${url.pathname}`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.84.1.${ip}` }, body: String(init?.body),
    }), noParams);
  });
});
afterAll(() => vi.unstubAllGlobals());

const request = (email: string, specialRequests?: string) => sendCustomQuoteRequest({
  name: 'Gord Acreage', email, phone: '905-555-0142', address: '900 Ridge Rd', city: 'Stoney Creek', postalCode: 'L8J 2X5',
  serviceType: 'seasonal', includeTick: false, includeStandingWater: true, specialRequests,
});

async function quoteTo(email: string) {
  const [row] = await (await getDb()).select({ id: quotes.id, notes: quotes.notes }).from(quotes).where(eq(quotes.customerEmail, email));
  return row!;
}

describe('a custom-quote request with special requests', () => {
  let quoteId = 0;
  let customerId = 0;

  beforeAll(async () => {
    const sent = await request(EMAIL, `  ${NOTES}  `);
    expect(sent.ok).toBe(true);
    quoteId = (await quoteTo(EMAIL)).id;
    customerId = await insertCustomer({ firstName: 'Gord', lastName: 'Acreage', email: EMAIL });
  });

  it('stores them with the quote, as written', async () => {
    expect(await quoteTo(EMAIL)).toEqual({ id: quoteId, notes: NOTES });
  });

  it('shows them to the office: /quotes-admin\'s card, SPEC\'s quote list and the customer\'s page', async () => {
    const admin = await adminQuotes(new Request(`http://localhost/api/admin/quotes?q=${quoteId}`), noParams);
    expect(admin.status).toBe(200);
    const { quotes: cards } = (await admin.json()) as { quotes: { id: number; notes: string | null }[] };
    expect(cards.find((card) => card.id === quoteId)?.notes).toBe(NOTES);

    const spec = await specQuotes(new Request('http://localhost/api/quotes'), noParams);
    const list = (await spec.json()) as { id: number; notes: string | null }[];
    expect(list.find((quote) => quote.id === quoteId)?.notes).toBe(NOTES);

    expect((await loadCustomerDetails(customerId))?.quotes.find((quote) => quote.id === quoteId)?.notes).toBe(NOTES);
  });

  it('puts them in the office\'s email about the request', async () => {
    const [mail] = await (await getDb()).select({ text: emailOutbox.text, html: emailOutbox.html }).from(emailOutbox)
      .where(eq(emailOutbox.relatedId, quoteId)).then((rows) => rows.filter((row) => row.text.includes('Special requests')));
    expect(mail?.text).toContain(`Special requests: ${NOTES}`);
    expect(mail?.html).toContain('The back field by the creek is the worst: please look at it too.');
  });

  it('repeats them to the customer in their own confirmation email, as they wrote them (0087)', async () => {
    const [mail] = await (await getDb()).select({ to: emailOutbox.toAddress, text: emailOutbox.text, html: emailOutbox.html }).from(emailOutbox)
      .where(eq(emailOutbox.relatedId, quoteId)).then((rows) => rows.filter((row) => row.to === EMAIL));
    expect(mail?.text).toContain(`Your special requests:\n${NOTES}\n`);
    expect(mail?.html).toContain(`<span style="white-space:pre-line">${NOTES}</span>`);
  });

  it('exports them with the customer\'s personal data, and erases them with the customer', async () => {
    const route = (method: 'GET' | 'DELETE') => (method === 'GET' ? personalData.GET : personalData.DELETE)(
      new Request(`http://localhost/api/admin/customers/${customerId}/personal-data`, { method }), { params: Promise.resolve({ id: String(customerId) }) },
    );
    const exported = (await (await route('GET')).json()) as { quotes: { id: number; notes: string | null }[] };
    expect(exported.quotes.find((quote) => quote.id === quoteId)?.notes).toBe(NOTES);

    expect((await route('DELETE')).status).toBe(200);
    const left = await (await getDb()).select({ notes: quotes.notes }).from(quotes).where(eq(quotes.id, quoteId));
    expect(left).toEqual([]);
  });
});

describe('a custom-quote request without special requests', () => {
  it('stores none, and the office\'s email has no empty line for them', async () => {
    const email = 'no.notes@example.ca';
    expect((await request(email, '   ')).ok).toBe(true);
    const { id, notes } = await quoteTo(email);
    expect(notes).toBeNull();
    const mail = await (await getDb()).select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.relatedId, id));
    expect(mail.some((row) => row.text.includes('Special requests'))).toBe(false);
  });

  it('refuses requests longer than the booking notes\' limit (1000 characters) with that limit\'s message', async () => {
    const sent = await request('too.long@example.ca', 'x'.repeat(1001));
    expect(sent).toMatchObject({ ok: false, error: { kind: 'validation' } });
    if (!sent.ok && sent.error.kind === 'validation') expect(sent.error.fields.notes).toMatch(/1,?000/);
  });
});
