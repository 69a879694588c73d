import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { emailOutbox, messages } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { describePaymentStatus } from '@/features/payments/refund-state';
import { loadDashboard } from '@/features/staff-dashboard/dashboard.service';
import { insertCustomer } from '../support/records';
import { selectRows } from '../support/sql';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Row = { id: number; createdAt: string };
type Page = Record<string, Row[]> & { nextCursor: string | null };

const lists = [
  { name: 'payments', table: 'payments', route: (await import('@/app/api/admin/payments/route')) as unknown as { GET: Handler } },
  { name: 'messages', table: 'messages', route: (await import('@/app/api/admin/messages/route')) as unknown as { GET: Handler } },
  { name: 'outbox', table: 'email_outbox', route: (await import('@/app/api/admin/outbox/route')) as unknown as { GET: Handler } },
] as const;
type List = (typeof lists)[number];

const ROWS = 130;
let adminToken = '';
let technicianToken = '';

/**
 * When row i was created: four rows a second, and within each second two at the very same instant
 * and two a microsecond apart inside one millisecond (a cursor rounded to milliseconds would skip them).
 */
const createdAt = (i: number) => {
  const second = Math.floor(i / 4);
  const micro = [0, 0, 2, 3][i % 4]!;
  return new Date(Date.UTC(2024, 4, 1, 12, 0, 0) + second * 1000).toISOString().replace('.000Z', `.123${String(micro).padStart(3, '0')}Z`);
};
/** Inserted in no time order, so id order is not creation order. */
const order = Array.from({ length: ROWS }, (_, i) => (i * 37) % ROWS);
const at = (i: number) => sql`${createdAt(i)}::timestamptz`;

/** Every row of a table as the list must show it: created_at descending, then id descending. */
async function expectedIds(table: string): Promise<number[]> {
  const rows = await selectRows<{ id: number; at: string }>(sql.raw(`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from ${table}`));
  return rows.sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id).map((r) => r.id);
}

async function request(list: List, query: string, headers: Record<string, string> = {}) {
  return list.route.GET(new Request(`http://localhost/api/admin/${list.name}${query}`, { headers }), { params: Promise.resolve({}) });
}

async function fetchPage(list: List, query: string): Promise<Row[] & { nextCursor?: string | null }> {
  const res = await request(list, query);
  expect(res.status, `${list.name}${query}`).toBe(200);
  const body = (await res.json()) as Page;
  return Object.assign(body[list.name]!, { nextCursor: body.nextCursor });
}

/** Every page of a list, following nextCursor. */
async function walk(list: List, limit?: number) {
  const pages: Row[][] = [];
  let cursor: string | null | undefined = null;
  do {
    const params = new URLSearchParams();
    if (limit) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const page = await fetchPage(list, params.size ? `?${params.toString()}` : '');
    pages.push([...page]);
    cursor = page.nextCursor;
    expect(pages.length, 'pages never end').toBeLessThan(200);
  } while (cursor);
  return { ids: pages.flat().map((r) => r.id), pages };
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  const customerId = await insertCustomer();
  const db = await getDb();
  await db.insert(payments).values(order.map((i) => ({
    customerId: i % 3 === 0 ? null : customerId, provider: 'test', paymentIntentId: `pi_${randomUUID()}`, idempotencyKey: randomUUID(),
    amount: 1000 + i, status: 'succeeded', createdAt: at(i),
  })));
  await db.insert(messages).values(order.map((i) => ({
    name: `Sender ${i}`, email: `sender${i}@example.com`, content: `Message ${i}`, createdAt: at(i),
  })));
  await db.insert(emailOutbox).values(order.map((i) => ({
    kind: 'contact-ack', toAddress: `sender${i}@example.com`, subject: `Email ${i}`, html: '<p>Hi</p>', text: 'Hi', createdAt: at(i),
  })));
});

describe('GET /api/admin/{payments,messages,outbox}', () => {
  it.each(lists)('$name: refused without a session (401) and to a technician (403)', async (list) => {
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      const res = await request(list, '');
      expect(res.status).toBe(expected);
      expect(await res.json()).not.toHaveProperty(list.name);
    }
  });

  it.each(lists)('$name: newest first, 100 a page, every row once, as the dashboard starts it', async (list) => {
    jar.token = adminToken;
    const expected = await expectedIds(list.table);
    expect(expected.length).toBeGreaterThanOrEqual(ROWS);
    const first = await fetchPage(list, '');
    expect(first.length).toBe(100);
    expect(first.map((r) => r.id)).toEqual(expected.slice(0, 100));
    expect(first[0]!.createdAt).toBe(new Date(createdAt(ROWS - 1).replace(/(\.\d{3})\d{3}Z$/, '$1Z')).toISOString());

    const { ids, pages } = await walk(list);
    expect(pages.map((p) => p.length)).toEqual([100, expected.length - 100]);
    expect(ids).toEqual(expected);

    const dashboard = await loadDashboard();
    const key = list.name;
    expect(dashboard[key].map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect(dashboard[`${key}NextCursor`]).toBe(first.nextCursor);
  });

  it.each(lists)('$name: pages through equal and microsecond-apart times with no row skipped or shown twice', async (list) => {
    jar.token = adminToken;
    const expected = await expectedIds(list.table);
    for (const limit of [1, 3, 7]) {
      const { ids, pages } = await walk(list, limit);
      expect(ids, `limit ${limit}`).toEqual(expected);
      expect(new Set(ids).size).toBe(ids.length);
      // The walk really crossed pages inside a tie: a page ends and the next starts at the same instant.
      const cursors = pages.slice(1).filter((page, i) => page[0] && page[0].createdAt === pages[i]!.at(-1)!.createdAt);
      expect(cursors.length, `limit ${limit}`).toBeGreaterThan(0);
    }
  });

  it('keeps the columns each tab shows', async () => {
    jar.token = adminToken;
    const [payment] = await fetchPage(lists[0], '?limit=1');
    expect(Object.keys(payment!).sort()).toEqual(['amountCents', 'createdAt', 'customerId', 'firstName', 'id', 'isTest', 'lastName', 'paymentIntentId', 'paymentMethod', 'provider', 'reference', 'refundedCents', 'refundedTaxCents', 'status', 'succeededAt']);
    const [message] = await fetchPage(lists[1], '?limit=1');
    expect(Object.keys(message!).sort()).toEqual(['content', 'createdAt', 'email', 'id', 'locale', 'name', 'phone', 'respondedAt', 'responseContent', 'status', 'subject']);
    const [email] = await fetchPage(lists[2], '?limit=1');
    expect(Object.keys(email!).sort()).toEqual(['attempts', 'createdAt', 'id', 'kind', 'lastError', 'sentAt', 'status', 'subject', 'toAddress']);
  });

  it('payments: gives each payment the money refunded on it, so the tab says "Refunded" rather than "Paid"', async () => {
    jar.token = adminToken;
    const db = await getDb();
    const [newest, second, third] = await fetchPage(lists[0], '?limit=3') as unknown as { id: number; amountCents: number }[];
    const refund = (paymentId: number, amountCents: number, status: string) => ({
      paymentId, amountCents, status, provider: 'test', reason: 'cancellation', idempotencyKey: randomUUID(), refundedAt: status === 'succeeded' ? new Date() : null,
    });
    // All of one back, part of another in two refunds, and a refund still pending: no money back yet.
    await db.insert(refunds).values([
      refund(newest!.id, newest!.amountCents, 'succeeded'),
      refund(second!.id, 100, 'succeeded'), refund(second!.id, 200, 'succeeded'),
      refund(third!.id, third!.amountCents, 'pending'),
    ]);
    const rows = (await fetchPage(lists[0], '?limit=3')) as unknown as { id: number; status: string; amountCents: number; refundedCents: number }[];
    expect(rows.map((r) => r.refundedCents)).toEqual([newest!.amountCents, 300, 0]);
    expect(rows.map(describePaymentStatus)).toEqual(['refunded', 'partly-refunded', 'succeeded']);
  });

  it.each(lists)('$name: answers 400 with a translated message for a cursor or limit it cannot read', async (list) => {
    jar.token = adminToken;
    const cursorRefused = 'The list changed while it was loading. Please load it again.';
    const cases: [string, string, string][] = [
      ['?cursor=not-a-cursor', 'cursor', cursorRefused],
      // An appointment's cursor, a time rounded to milliseconds, a day that does not exist, id 0.
      ['?cursor=2027-05-07~09%3A00~12', 'cursor', cursorRefused],
      ['?cursor=2024-05-01T12%3A00%3A00.123Z~5', 'cursor', cursorRefused],
      ['?cursor=2024-02-30T12%3A00%3A00.123456Z~5', 'cursor', cursorRefused],
      ['?cursor=2024-05-01T12%3A00%3A00.123456Z~0', 'cursor', cursorRefused],
      ['?limit=0', 'limit', 'This value is not valid.'],
      ['?limit=501', 'limit', 'This value is not valid.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await request(list, query);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ code: 'validation', message: 'Please check the highlighted fields.', fields: { [field]: message } });
    }
    const french = await request(list, '?cursor=abc', { cookie: 'NEXT_LOCALE=fr' });
    expect((await french.json()).fields).toEqual({ cursor: 'La liste a changé pendant son chargement. Veuillez la recharger.' });
    const spanish = await request(list, '?cursor=abc', { cookie: 'NEXT_LOCALE=es' });
    expect((await spanish.json()).fields).toEqual({ cursor: 'La lista cambió mientras se cargaba. Vuelva a cargarla.' });
  });
});
