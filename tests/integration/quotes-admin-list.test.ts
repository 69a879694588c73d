import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { quotes } from '@/db/schema/quotes';
import { listQuotesForStaff } from '@/features/staff-dashboard/dashboard.service';
import { selectRows } from '../support/sql';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET } = await import('@/app/api/admin/quotes/route');

type Quote = { id: number; createdAt: string; status: string; customerName: string | null; customerEmail: string | null };
type Page = { quotes: Quote[]; nextCursor: string | null };

const ROWS = 130;
const STATUSES = ['sent', 'pending', 'booked'] as const;
// A few customers whose names need folding, among many plain ones.
const NAMES = ['Émile Côté', 'Olivia Tremblay', 'Zoë Lefèbvre', 'Noah Smith', 'Ava 100% Wilson'];
let adminToken = '';
let technicianToken = '';

/**
 * When quote i was created: four a second, and within each second two at the very same instant and
 * two a microsecond apart inside one millisecond (a cursor rounded to milliseconds would skip them).
 */
const createdAt = (i: number) => {
  const second = Math.floor(i / 4);
  const micro = [0, 0, 2, 3][i % 4]!;
  return new Date(Date.UTC(2026, 4, 1, 12, 0, 0) + second * 1000).toISOString().replace('.000Z', `.123${String(micro).padStart(3, '0')}Z`);
};
/** Inserted in no time order, so id order is not creation order. */
const order = Array.from({ length: ROWS }, (_, i) => (i * 37) % ROWS);

/** Every quote as the list must show it (created_at, then id, descending), keeping those `keep` accepts. */
async function expectedIds(keep: (row: { status: string; name: string; email: string }) => boolean = () => true): Promise<number[]> {
  type Found = { id: number; status: string; name: string; email: string; at: string };
  const rows = await selectRows<Found>(sql.raw(
    `select id, status, customer_name as name, customer_email as email, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from quotes`,
  ));
  return rows.filter(keep).sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id).map((r) => r.id);
}

async function request(query: string, headers: Record<string, string> = {}) {
  return GET(new Request(`http://localhost/api/admin/quotes${query}`, { headers }), { params: Promise.resolve({}) });
}

async function fetchPage(query: string): Promise<Page> {
  const res = await request(query);
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
}

/** Every page of a filtered list, following nextCursor. */
async function walk(filter: Record<string, string> = {}, limit?: number) {
  const pages: Quote[][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(filter);
    if (limit) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const page = await fetchPage(params.size ? `?${params.toString()}` : '');
    pages.push(page.quotes);
    cursor = page.nextCursor;
    expect(pages.length, 'pages never end').toBeLessThan(200);
  } while (cursor);
  return { ids: pages.flat().map((q) => q.id), pages };
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  await (await getDb()).insert(quotes).values(order.map((i) => {
    const name = NAMES[i % NAMES.length]!;
    return {
      token: `list-test-token-${i}`, customerName: name, customerEmail: `${name.split(' ')[0]!.toLowerCase()}${i}@example.com`,
      serviceType: 'seasonal', propertySize: 0.5, totalPrice: 300, subtotalCents: 30_000, taxCents: 3900, totalCents: 33_900,
      status: STATUSES[i % STATUSES.length]!, address: `${i} King St W`, city: 'Hamilton', postalCode: 'L8P 4Y5',
      createdAt: sql`${createdAt(i)}::timestamptz`,
    };
  }));
});

describe('GET /api/admin/quotes', () => {
  it('is refused without a session (401) and to a technician (403)', async () => {
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      const res = await request('');
      expect(res.status).toBe(expected);
      expect(await res.json()).not.toHaveProperty('quotes');
    }
  });

  it('lists every quote newest first, 100 a page, each once, as /quotes-admin renders its first page', async () => {
    jar.token = adminToken;
    const expected = await expectedIds();
    expect(expected.length).toBe(ROWS);
    const first = await fetchPage('');
    expect(first.quotes.map((q) => q.id)).toEqual(expected.slice(0, 100));
    expect(first.quotes[0]!.createdAt).toBe(new Date(createdAt(ROWS - 1).replace(/(\.\d{3})\d{3}Z$/, '$1Z')).toISOString());
    expect(Object.keys(first.quotes[0]!).sort()).toEqual([
      'address', 'cancelledBooking', 'city', 'createdAt', 'customer', 'customerEmail', 'customerName', 'customerPhone', 'extras', 'followUpCount', 'id', 'includeStandingWater', 'includeTick',
      'lastSentAt', 'lastSentByName', 'notes', 'outsideServiceArea', 'postalCode', 'propertySize', 'secondContact', 'serviceType', 'status', 'totalCents', 'unpaidBooking',
    ]);
    // No quote of this file was followed up (0059), and none has a customer record (0068).
    expect(first.quotes[0]).toMatchObject({ followUpCount: 0, lastSentAt: null, lastSentByName: null, customer: null });
    // Hamilton is served: no quote of this file is flagged (0096).
    expect(first.quotes.every((q) => (q as { outsideServiceArea?: unknown }).outsideServiceArea === null)).toBe(true);

    const { ids, pages } = await walk();
    expect(pages.map((p) => p.length)).toEqual([100, ROWS - 100]);
    expect(ids).toEqual(expected);

    // The page renders the same first page on the server, with the cursor its "Load more" continues from.
    const rendered = await listQuotesForStaff();
    expect(rendered.quotes.map((q) => q.id)).toEqual(expected.slice(0, 100));
    expect(rendered.nextCursor).toBe(first.nextCursor);
  });

  it('pages through equal and microsecond-apart times with no quote skipped or shown twice', async () => {
    jar.token = adminToken;
    const expected = await expectedIds();
    for (const limit of [1, 3, 7]) {
      const { ids, pages } = await walk({}, limit);
      expect(ids, `limit ${limit}`).toEqual(expected);
      // The walk really crossed pages inside a tie: a page ends and the next starts at the same instant.
      const ties = pages.slice(1).filter((page, i) => page[0] && page[0].createdAt === pages[i]!.at(-1)!.createdAt);
      expect(ties.length, `limit ${limit}`).toBeGreaterThan(0);
    }
  });

  it.each(['pending', 'sent', 'booked'])('lists only %s quotes when asked, in the same order, page after page', async (status) => {
    jar.token = adminToken;
    const expected = await expectedIds((row) => row.status === status);
    expect(expected.length).toBeGreaterThan(7);
    const { ids, pages } = await walk({ status }, 7);
    expect(ids).toEqual(expected);
    expect(pages.flat().every((q) => q.status === status)).toBe(true);
  });

  it('finds quotes by customer name or email, case and accents ignored, every word counting', async () => {
    jar.token = adminToken;
    const named = (name: string) => (row: { name: string }) => row.name === name;
    expect((await walk({ q: 'emile cote' }, 3)).ids).toEqual(await expectedIds(named('Émile Côté')));
    expect((await walk({ q: 'CÔTÉ' })).ids).toEqual(await expectedIds(named('Émile Côté')));
    expect((await walk({ q: 'zoe lefebvre' })).ids).toEqual(await expectedIds(named('Zoë Lefèbvre')));
    // A word of an email: quote 11's customer is olivia11@example.com (olivia111@ is another one).
    const olivia = await expectedIds((row) => row.email === 'olivia11@example.com');
    expect(olivia.length).toBe(1);
    expect((await walk({ q: 'OLIVIA11@example' })).ids).toEqual(olivia);
    // Both words must match: nobody is called Olivia Smith.
    expect((await walk({ q: 'olivia smith' })).ids).toEqual([]);
    // '%' and '_' are the characters themselves, not wildcards.
    expect((await walk({ q: '100%' })).ids).toEqual(await expectedIds(named('Ava 100% Wilson')));
    expect((await walk({ q: 'a%w' })).ids).toEqual([]);
    expect((await walk({ q: 'no_ah' })).ids).toEqual([]);
  });

  it('finds a quote by its number, and combines a search with a status', async () => {
    jar.token = adminToken;
    const all = await expectedIds();
    const id = all[57]!;
    expect((await fetchPage(`?q=${encodeURIComponent(`#${id}`)}`)).quotes.map((q) => q.id)).toEqual([id]);
    expect((await fetchPage(`?q=${id}`)).quotes.map((q) => q.id)).toEqual([id]);
    expect((await fetchPage('?q=%232147483647')).quotes).toEqual([]);

    const bookedTremblays = await expectedIds((row) => row.status === 'booked' && row.name === 'Olivia Tremblay');
    expect(bookedTremblays.length).toBeGreaterThan(0);
    expect((await walk({ status: 'booked', q: 'tremblay' }, 2)).ids).toEqual(bookedTremblays);
  });

  it('answers 400 with a translated message for a status, search, cursor or limit it cannot read', async () => {
    jar.token = adminToken;
    const cases: [string, string, string][] = [
      ['?status=draft', 'status', 'Please choose a valid status.'],
      [`?q=${'x'.repeat(101)}`, 'q', 'This value is not valid.'],
      ['?cursor=not-a-cursor', 'cursor', 'The list changed while it was loading. Please load it again.'],
      ['?cursor=2024-05-01T12%3A00%3A00.123Z~5', 'cursor', 'The list changed while it was loading. Please load it again.'],
      ['?limit=501', 'limit', 'This value is not valid.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await request(query);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ code: 'validation', fields: { [field]: message } });
    }
    const french = await request('?cursor=abc', { cookie: 'NEXT_LOCALE=fr' });
    expect((await french.json()).fields).toEqual({ cursor: 'La liste a changé pendant son chargement. Veuillez la recharger.' });
  });
});
