/**
 * Quotes and customer records meet by email address (docs/decisions/0068): a customer's page lists
 * the quotes sent to their address, and each /quotes-admin card links to the live customer with the
 * quote's address. Both compare addresses trimmed and in lower case, through indexes.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { customers } from '@/db/schema/customers';
import { quotes } from '@/db/schema/quotes';
import { selectQuotePage, selectQuotesByEmail } from '@/features/staff-dashboard/dashboard.repository';
import { CUSTOMER_QUOTES_SHOWN, loadCustomerDetails } from '@/features/staff-dashboard/dashboard.service';
import { insertCustomer } from '../support/records';
import { explainWithoutSeqScans } from '../support/sql';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET } = await import('@/app/api/admin/quotes/route');

type Card = { id: number; customerEmail: string | null; customer: { id: number; name: string } | null };

let minute = 0;
/** Inserts a quote to `email`, each a minute after the one before, and returns its id. */
async function insertQuote(email: string | null, values: Partial<typeof quotes.$inferInsert> = {}): Promise<number> {
  minute += 1;
  const createdAt = new Date(Date.UTC(2026, 5, 1, 12, minute));
  const [row] = await (await getDb()).insert(quotes).values({
    token: `quote-customer-link-${minute}`, customerName: 'Someone', customerEmail: email, serviceType: 'onetime', propertySize: 0.5,
    totalPrice: 150, subtotalCents: 15_000, taxCents: 1950, totalCents: 16_950, status: 'sent', createdAt, updatedAt: createdAt, ...values,
  }).returning({ id: quotes.id });
  return row!.id;
}

/** Every card of /quotes-admin (GET /api/admin/quotes, as the page renders its first page), by quote id. */
async function readCards(query = ''): Promise<Map<number, Card>> {
  const res = await GET(new Request(`http://localhost/api/admin/quotes?limit=500${query}`), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  const { quotes: cards } = (await res.json()) as { quotes: Card[] };
  return new Map(cards.map((card) => [card.id, card]));
}

let ana = 0;
let ben = 0;
let nobody = 0;
const q = { anaFirst: 0, anaShouting: 0, otherDomain: 0, longerAddress: 0, ben: 0, noEmail: 0, anaLatest: 0 };

beforeAll(async () => {
  jar.token = (await signInAdminAndTechnician()).adminToken;
  ana = await insertCustomer({ firstName: 'Ana', lastName: 'López', email: 'ana.lopez@example.com' });
  // A row from before addresses were stored in lower case.
  ben = await insertCustomer({ firstName: 'Ben', lastName: 'Stone', email: 'Ben.Stone@Example.COM' });
  nobody = await insertCustomer({ firstName: 'Nadia', lastName: 'Quoteless', email: 'nadia@example.com' });
  q.anaFirst = await insertQuote('ana.lopez@example.com', { serviceType: 'seasonal', propertySize: 1.25, totalCents: 61_020 });
  q.anaShouting = await insertQuote('  ANA.Lopez@Example.com ', { status: 'pending' });
  q.otherDomain = await insertQuote('ana.lopez@example.org');
  q.longerAddress = await insertQuote('xana.lopez@example.com');
  q.ben = await insertQuote('ben.stone@example.com');
  q.noEmail = await insertQuote(null);
  q.anaLatest = await insertQuote('ana.lopez@example.com', { status: 'booked', includeTick: true, includeStandingWater: true, totalCents: 33_900 });
});

describe('a customer page\'s quotes', () => {
  it('lists the quotes sent to the customer\'s address whatever its case and spaces, newest first, and no one else\'s', async () => {
    const details = await loadCustomerDetails(ana);
    expect(details?.quotes.map((quote) => quote.id)).toEqual([q.anaLatest, q.anaShouting, q.anaFirst]);
    expect(details?.quotes[0]).toEqual({
      id: q.anaLatest, createdAt: '2026-06-01T12:07:00.000Z', status: 'booked', serviceType: 'onetime', propertySize: 0.5,
      includeTick: true, includeStandingWater: true, extras: [], totalCents: 33_900, notes: null, cancelledBooking: null, unpaidBooking: null,
    });
    expect(details?.quotes[2]).toMatchObject({ serviceType: 'seasonal', propertySize: 1.25, totalCents: 61_020, status: 'sent' });
    expect(details?.moreQuotes).toBe(false);

    // The customer's own address in capitals finds the quote written in lower case.
    expect((await loadCustomerDetails(ben))?.quotes.map((quote) => quote.id)).toEqual([q.ben]);
    expect((await loadCustomerDetails(nobody))?.quotes).toEqual([]);
  });

  it('lists the newest quotes only, and says there are more', async () => {
    const db = await getDb();
    const busy = await insertCustomer({ firstName: 'Busy', lastName: 'Asker', email: 'busy@example.com' });
    const ids: number[] = [];
    for (let i = 0; i <= CUSTOMER_QUOTES_SHOWN; i++) ids.push(await insertQuote('busy@example.com'));
    const details = await loadCustomerDetails(busy);
    expect(details?.quotes.map((quote) => quote.id)).toEqual(ids.reverse().slice(0, CUSTOMER_QUOTES_SHOWN));
    expect(details?.moreQuotes).toBe(true);
    await db.delete(quotes).where(eq(quotes.customerEmail, 'busy@example.com'));
    await db.delete(customers).where(eq(customers.id, busy));
  });
});

describe('a /quotes-admin card\'s customer', () => {
  it('is the live customer with the quote\'s address, whatever its case, and nobody for any other quote', async () => {
    const cards = await readCards();
    const anaLink = { id: ana, name: 'Ana López' };
    expect(cards.get(q.anaFirst)?.customer).toEqual(anaLink);
    expect(cards.get(q.anaShouting)?.customer).toEqual(anaLink);
    expect(cards.get(q.anaLatest)?.customer).toEqual(anaLink);
    expect(cards.get(q.ben)?.customer).toEqual({ id: ben, name: 'Ben Stone' });
    for (const id of [q.otherDomain, q.longerAddress, q.noEmail]) expect(cards.get(id)?.customer, `quote ${id}`).toBeNull();
    // A search finds the same link on the card (the customer page opens /quotes-admin on one quote).
    expect((await readCards(`&q=${q.anaShouting}`)).get(q.anaShouting)?.customer).toEqual(anaLink);
  });
});

describe('an erased customer (0049)', () => {
  it('shows no quotes on their page, and the cards of the quotes to their address link to nobody', async () => {
    const before = await loadCustomerDetails(ana);
    expect(before?.quotes).toHaveLength(3);
    // The erasure replaces the address in the same statement; this row keeps it, to hold the page
    // and the cards to the erasure itself and not only to the address it leaves behind.
    await (await getDb()).update(customers).set({ erasedAt: new Date(), erasureReason: 'request' }).where(eq(customers.id, ana));
    expect((await loadCustomerDetails(ana))?.quotes).toEqual([]);
    const cards = await readCards();
    for (const id of [q.anaFirst, q.anaShouting, q.anaLatest]) expect(cards.get(id)?.customer, `quote ${id}`).toBeNull();
    expect(cards.get(q.ben)?.customer).toEqual({ id: ben, name: 'Ben Stone' });
    await (await getDb()).update(customers).set({ erasedAt: null, erasureReason: null }).where(eq(customers.id, ana));
  });
});

describe('the queries', () => {
  it('find quotes by address and cards their customer through the email indexes, not by reading every row', async () => {
    const plan = await explainWithoutSeqScans((tx) => ({
      page: selectQuotesByEmail(tx, 'Ana.Lopez@example.com', 51, new Date()),
      list: selectQuotePage(tx, { limit: 101, now: new Date() }),
    }));
    expect(plan.page).toContain('quotes_email_key_idx');
    // The quotes come in the index's order; the only sort is within one quote's paid bookings (0073).
    expect(plan.page).not.toMatch(/Seq Scan|Sort Key: .*created_at/);
    expect(plan.list).toContain('customers_email_key_idx');
    expect(plan.list).not.toContain('Seq Scan on customers');
  });
});
