import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { paymentPageQuery, selectNothingBookedAheadPage } from '@/features/staff-dashboard/dashboard.repository';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { listNothingBookedAhead } from '@/features/staff-dashboard/dashboard.service';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { explainWithoutSeqScans } from '../support/sql';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const customersRoute = (await import('@/app/api/admin/customers/route')) as unknown as { GET: Handler };
const paymentsRoute = (await import('@/app/api/admin/payments/route')) as unknown as { GET: Handler };

// Friday 27 November 2026, 10:00 in Hamilton: "today" is the 27th.
const NOW = new Date('2026-11-27T15:00:00Z');
let adminToken = '';
let technicianToken = '';
const ids: Record<string, number> = {};

async function get(route: { GET: Handler }, path: string, headers: Record<string, string> = {}) {
  return route.GET(new Request(`http://localhost${path}`, { headers }), { params: Promise.resolve({}) });
}

const customer = (key: string, createdAt: string) => insertCustomer({ firstName: key, lastName: 'Filter', email: `${key}@example.com`, createdAt: new Date(createdAt) });

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  // Came last season and booked nothing since: listed, with the later of their two visits.
  ids.lapsed = await customer('lapsed', '2025-03-01T12:00:00Z');
  await insertConfirmedVisits(ids.lapsed, '2025-06-06', [{ status: 'completed' }]);
  await insertConfirmedVisits(ids.lapsed, '2025-08-15', [{ status: 'completed' }]);
  // A past season's booking never marked done is a visit too.
  ids.neverMarked = await customer('nevermarked', '2025-03-02T12:00:00Z');
  await insertConfirmedVisits(ids.neverMarked, '2025-07-04');
  // Came last season and is booked for next: not listed.
  ids.bookedAhead = await customer('bookedahead', '2025-03-03T12:00:00Z');
  await insertConfirmedVisits(ids.bookedAhead, '2025-07-04', [{ status: 'completed' }]);
  await insertConfirmedVisits(ids.bookedAhead, '2027-05-07');
  // Booked for next season but has not paid yet: still booked ahead, not listed.
  ids.unpaidAhead = await customer('unpaidahead', '2025-03-04T12:00:00Z');
  await insertConfirmedVisits(ids.unpaidAhead, '2025-07-04', [{ status: 'completed' }]);
  await insertConfirmedVisits(ids.unpaidAhead, '2027-05-07', [{ status: 'pending-payment' }]);
  // Their only visit ahead was cancelled: nothing booked ahead, listed.
  ids.cancelledAhead = await customer('cancelledahead', '2025-03-05T12:00:00Z');
  await insertConfirmedVisits(ids.cancelledAhead, '2025-05-02', [{ status: 'completed' }]);
  await insertConfirmedVisits(ids.cancelledAhead, '2027-05-07', [{ status: 'cancelled' }]);
  // Never visited (a cancelled past booking is no visit): not listed.
  ids.neverVisited = await customer('nevervisited', '2025-03-06T12:00:00Z');
  ids.cancelledOnly = await customer('cancelledonly', '2025-03-07T12:00:00Z');
  await insertConfirmedVisits(ids.cancelledOnly, '2025-05-02', [{ status: 'cancelled' }]);
  // A visit today is booked ahead: not listed.
  ids.today = await customer('today', '2025-03-08T12:00:00Z');
  await insertConfirmedVisits(ids.today, '2025-05-02', [{ status: 'completed' }]);
  await insertConfirmedVisits(ids.today, '2026-11-27');
  // Erased (0049): never listed.
  ids.erased = await customer('erased', '2025-03-09T12:00:00Z');
  await insertConfirmedVisits(ids.erased, '2025-05-02', [{ status: 'completed' }]);
  await (await getDb()).update(customers).set({ erasedAt: NOW, erasureReason: 'request' }).where(eq(customers.id, ids.erased));
});

describe('Customers tab: nothing booked ahead (0101)', () => {
  it('lists customers with a past visit and nothing booked from today on, newest customer first, with their last visit', async () => {
    const page = await listNothingBookedAhead({}, { now: NOW });
    expect(page.customers.map((c) => [c.firstName, c.lastVisit])).toEqual([
      ['cancelledahead', '2025-05-02'],
      ['nevermarked', '2025-07-04'],
      ['lapsed', '2025-08-15'],
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('takes the day from the branch: the day after a visit, its customer is listed', async () => {
    const page = await listNothingBookedAhead({}, { now: new Date('2026-11-28T15:00:00Z') });
    expect(page.customers.map((c) => c.firstName)).toContain('today');
    expect(page.customers.find((c) => c.firstName === 'today')?.lastVisit).toBe('2026-11-27');
  });

  it('pages on a cursor with every customer once, through GET /api/admin/customers?filter=', async () => {
    jar.token = adminToken;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams({ filter: 'nothing-booked-ahead', limit: '1', ...(cursor ? { cursor } : {}) });
      const res = await get(customersRoute, `/api/admin/customers?${params}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { customers: { firstName: string; lastVisit: string }[]; nextCursor: string | null };
      expect(body.customers.length).toBeLessThanOrEqual(1);
      seen.push(...body.customers.map((c) => c.firstName));
      cursor = body.nextCursor;
    } while (cursor);
    // Real "today" is later than every past visit here and before the visits of 2027.
    expect(seen).toEqual(expect.arrayContaining(['cancelledahead', 'nevermarked', 'lapsed']));
    expect(seen).not.toEqual(expect.arrayContaining(['bookedahead']));
    expect(seen.filter((name) => ['bookedahead', 'unpaidahead', 'nevervisited', 'cancelledonly', 'erased'].includes(name))).toEqual([]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('is refused without a session (401) and to a technician (403); a bad filter is a 400', async () => {
    for (const [token, status] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      const res = await get(customersRoute, '/api/admin/customers?filter=nothing-booked-ahead');
      expect(res.status).toBe(status);
      expect(await res.json()).not.toHaveProperty('customers');
    }
    jar.token = adminToken;
    expect((await get(customersRoute, '/api/admin/customers?filter=everyone')).status).toBe(400);
  });

  it('reads customers and visits through their indexes, never a pass over either table', async () => {
    const plans = await explainWithoutSeqScans((tx) => ({
      first: selectNothingBookedAheadPage(tx, { branchId: DEFAULT_BRANCH_ID, today: '2026-11-27', limit: 101 }),
      after: selectNothingBookedAheadPage(tx, { branchId: DEFAULT_BRANCH_ID, today: '2026-11-27', limit: 101, after: { createdAt: '2025-03-05T12:00:00.000000Z', id: ids.cancelledAhead! } }),
    }));
    for (const plan of Object.values(plans)) {
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/customers_created_at_id_idx/);
      expect(plan).toMatch(/appointments_customer_idx/);
    }
  });
});

describe('Payments tab: From/To (0101)', () => {
  const payment = async (createdAt: string) => {
    const [row] = await (await getDb()).insert(payments).values({
      customerId: ids.lapsed!, provider: 'test', paymentIntentId: `pi_${randomUUID()}`, idempotencyKey: randomUUID(),
      amount: 5000, status: 'succeeded', createdAt: new Date(createdAt),
    }).returning({ id: payments.id });
    return row!.id;
  };

  it('lists only the payments created on those days in Hamilton, newest first, and all without a range', async () => {
    jar.token = adminToken;
    const beforeStart = await payment('2026-03-01T04:30:00Z'); // 28 February, 23:30 in Hamilton
    const first = await payment('2026-03-01T05:30:00Z'); // 1 March, 00:30
    const last = await payment('2026-04-01T03:30:00Z'); // 31 March, 23:30 (daylight time)
    const afterEnd = await payment('2026-04-01T04:30:00Z'); // 1 April, 00:30
    const listed = async (query: string) => {
      const res = await get(paymentsRoute, `/api/admin/payments${query}`);
      expect(res.status, query).toBe(200);
      return ((await res.json()) as { payments: { id: number }[] }).payments.map((p) => p.id);
    };
    expect(await listed('?from=2026-03-01&to=2026-03-31')).toEqual([last, first]);
    expect(await listed('?from=2026-02-28&to=2026-02-28')).toEqual([beforeStart]);
    expect(await listed('?from=2026-03-01&to=2026-03-31&limit=1')).toEqual([last]);
    expect(await listed('')).toEqual([afterEnd, last, first, beforeStart]);
    expect(await listed('?from=&to=')).toEqual([afterEnd, last, first, beforeStart]);
  });

  it('refuses a bad, reversed or too long range with the exports\' message in the staff member\'s language', async () => {
    jar.token = adminToken;
    const cases = [
      ['?from=2026-03-31&to=2026-03-01', 'to', 'La date de début doit être antérieure ou égale à la date de fin.'],
      ['?from=2026-02-30&to=2026-03-01', 'from', 'Saisissez les deux dates au format AAAA-MM-JJ.'],
      ['?from=2026-03-01', 'to', 'Saisissez les deux dates au format AAAA-MM-JJ.'],
      ['?from=2024-01-01&to=2026-03-01', 'to', 'Choisissez au plus 366 jours à la fois.'],
    ] as const;
    for (const [query, field, message] of cases) {
      const res = await get(paymentsRoute, `/api/admin/payments${query}`, { 'accept-language': 'fr' });
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error?: string; message?: string; field?: string };
      expect(body.field, query).toBe(field);
      expect(JSON.stringify(body), query).toContain(message);
    }
  });

  it('reads a range of payments off the (created_at, id) index, with no sort', async () => {
    const range = { start: new Date('2026-03-01T05:00:00Z'), end: new Date('2026-04-01T04:00:00Z') };
    const plans = await explainWithoutSeqScans((tx) => ({
      first: paymentPageQuery(tx, { range, limit: 101 }),
      after: paymentPageQuery(tx, { range, limit: 101, after: { createdAt: '2026-03-15T12:00:00.000000Z', id: 1 } }),
    }));
    for (const plan of Object.values(plans)) {
      expect(plan).not.toMatch(/Seq Scan on payments/);
      expect(plan).toMatch(/payments_created_at_id_idx/);
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
