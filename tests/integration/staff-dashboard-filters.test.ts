import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { paymentPageQuery, selectNothingBookedAheadPage } from '@/features/staff-dashboard/dashboard.repository';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { listNothingBookedAhead, listPayments } from '@/features/staff-dashboard/dashboard.service';
import { findPeriodTotals } from '@/features/exports/exports.service';
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
  // Last came on the same Friday as nevermarked (0109's ties): the later stop first, then the later-written visit.
  ids.tieMorning = await customer('tiemorning', '2025-03-10T12:00:00Z');
  await insertConfirmedVisits(ids.tieMorning, '2025-07-04', [{ status: 'completed', time: '08:30' }]);
  ids.tieAfternoon = await customer('tieafternoon', '2025-03-11T12:00:00Z');
  await insertConfirmedVisits(ids.tieAfternoon, '2025-07-04', [{ status: 'completed', time: '14:00' }]);
  // Two bookings on their last Friday, and one before: listed once, at that Friday.
  ids.twice = await customer('twice', '2025-03-12T12:00:00Z');
  await insertConfirmedVisits(ids.twice, '2024-06-07', [{ status: 'completed' }]);
  await insertConfirmedVisits(ids.twice, '2025-06-06', [{ status: 'completed' }]);
  await insertConfirmedVisits(ids.twice, '2025-06-06', [{ status: 'completed' }]);
  // Came today and already marked done: a visit today counts as booked, done or not (0109).
  ids.doneToday = await customer('donetoday', '2025-03-13T12:00:00Z');
  await insertConfirmedVisits(ids.doneToday, '2025-05-02', [{ status: 'completed' }]);
  await insertConfirmedVisits(ids.doneToday, '2026-11-27', [{ status: 'completed' }]);
  // The newest customer, whose last visit is the oldest: last on the list, whatever its creation.
  ids.longAgo = await customer('longago', '2026-01-10T12:00:00Z');
  await insertConfirmedVisits(ids.longAgo, '2023-08-18', [{ status: 'completed' }]);
});

/** "Nothing booked ahead" on `now`'s day, read through the route `limit` rows at a time: each page's first names and last visits. */
async function readAllPages(limit: number) {
  jar.token = adminToken;
  const pages: [string, string][][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ filter: 'nothing-booked-ahead', limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await get(customersRoute, `/api/admin/customers?${params}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { customers: { firstName: string; lastVisit: string }[]; nextCursor: string | null };
    expect(body.customers.length).toBeLessThanOrEqual(limit);
    pages.push(body.customers.map((c) => [c.firstName, c.lastVisit]));
    cursor = body.nextCursor;
  } while (cursor);
  return pages;
}

describe('Customers tab: nothing booked ahead (0101), by last visit (0109)', () => {
  it('lists customers with a past visit and nothing booked from today on, the most recent last visit first, ties by the later visit', async () => {
    const page = await listNothingBookedAhead({}, { now: NOW });
    expect(page.customers.map((c) => [c.firstName, c.lastVisit])).toEqual([
      ['lapsed', '2025-08-15'],
      ['tieafternoon', '2025-07-04'],
      ['nevermarked', '2025-07-04'],
      ['tiemorning', '2025-07-04'],
      ['twice', '2025-06-06'],
      ['cancelledahead', '2025-05-02'],
      ['longago', '2023-08-18'],
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('takes the day from the branch: the day after a visit, its customer is listed at it, done or not', async () => {
    const page = await listNothingBookedAhead({}, { now: new Date('2026-11-28T15:00:00Z') });
    expect(page.customers.slice(0, 2).map((c) => [c.firstName, c.lastVisit])).toEqual([['donetoday', '2026-11-27'], ['today', '2026-11-27']]);
    expect(page.customers.map((c) => c.firstName)).toContain('lapsed');
  });

  it('pages on a cursor in the same order, every customer once, ties split across pages, through GET /api/admin/customers?filter=', async () => {
    // The route reads the real clock: later than every past visit here, before the visits of 2027.
    const whole = (await readAllPages(100)).flat();
    expect(whole.map(([name]) => name)).toEqual(expect.arrayContaining(['lapsed', 'tieafternoon', 'nevermarked', 'tiemorning', 'twice', 'cancelledahead', 'longago']));
    expect(whole.map(([name]) => name).filter((name) => ['bookedahead', 'unpaidahead', 'nevervisited', 'cancelledonly', 'erased'].includes(name))).toEqual([]);
    for (const limit of [1, 2, 3]) {
      const pages = await readAllPages(limit);
      expect(pages.flat(), `pages of ${limit}`).toEqual(whole);
    }
    expect(new Set(whole.map(([name]) => name)).size).toBe(whole.length);
    expect(whole.map(([, lastVisit]) => lastVisit)).toEqual([...whole.map(([, lastVisit]) => lastVisit)].sort().reverse());
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

  it('walks the branch\'s visits back from today on their index in the list\'s order, with no sort and never a pass over a table', async () => {
    const plans = await explainWithoutSeqScans((tx) => ({
      first: selectNothingBookedAheadPage(tx, { branchId: DEFAULT_BRANCH_ID, today: '2026-11-27', limit: 101 }),
      after: selectNothingBookedAheadPage(tx, { branchId: DEFAULT_BRANCH_ID, today: '2026-11-27', limit: 101, after: { date: '2025-07-04', time: '09:00', id: 1 } }),
    }));
    for (const plan of Object.values(plans)) {
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).not.toMatch(/Sort|Aggregate/);
      expect(plan).toMatch(/Index Scan Backward using appointments_date_time_idx/);
      expect(plan).toMatch(/appointments_customer_idx/);
    }
  });
});

describe('Payments tab: From/To (0101), by the day paid (0109)', () => {
  const payment = async (createdAt: string, more: Partial<typeof payments.$inferInsert> = {}) => {
    const [row] = await (await getDb()).insert(payments).values({
      customerId: ids.lapsed!, provider: 'test', paymentIntentId: `pi_${randomUUID()}`, idempotencyKey: randomUUID(),
      amount: 5000, status: 'succeeded', createdAt: new Date(createdAt), succeededAt: new Date(createdAt), ...more,
    }).returning({ id: payments.id });
    return row!.id;
  };
  const listed = async (query: string) => {
    jar.token = adminToken;
    const res = await get(paymentsRoute, `/api/admin/payments${query}`);
    expect(res.status, query).toBe(200);
    return ((await res.json()) as { payments: { id: number }[] }).payments.map((p) => p.id);
  };

  it('lists the payments received on those days in Hamilton by when they succeeded, newest paid first, and all without a range', async () => {
    const beforeStart = await payment('2026-03-01T04:30:00Z'); // 28 February, 23:30 in Hamilton
    const first = await payment('2026-03-01T05:30:00Z'); // 1 March, 00:30
    const last = await payment('2026-04-01T03:30:00Z'); // 31 March, 23:30 (daylight time)
    const afterEnd = await payment('2026-04-01T04:30:00Z'); // 1 April, 00:30
    expect(await listed('?from=2026-03-01&to=2026-03-31')).toEqual([last, first]);
    expect(await listed('?from=2026-02-28&to=2026-02-28')).toEqual([beforeStart]);
    expect(await listed('?from=2026-03-01&to=2026-03-31&limit=1')).toEqual([last]);
    expect(await listed('')).toEqual([afterEnd, last, first, beforeStart]);
    expect(await listed('?from=&to=')).toEqual([afterEnd, last, first, beforeStart]);
  });

  it('for a range, lists what "Show totals" sums: a checkout started one day and paid the next is on the day paid; unpaid, failed and test payments are not listed', async () => {
    // 14 May 2026 in Hamilton (daylight time, UTC-4): started at 23:50, paid at 00:10 on the 15th.
    const overnight = await payment('2026-05-15T03:50:00Z', { amount: 11_300, succeededAt: new Date('2026-05-15T04:10:00Z'), metadata: { subtotalCents: 10_000, taxCents: 1_300, totalCents: 11_300 } });
    // Started on the 14th, paid the 16th at 09:00, created after the overnight one: paid later, listed first.
    const paidLater = await payment('2026-05-14T16:00:00Z', { amount: 22_600, succeededAt: new Date('2026-05-16T13:00:00Z'), metadata: { subtotalCents: 20_000, taxCents: 2_600, totalCents: 22_600 } });
    const sameDay = await payment('2026-05-15T15:00:00Z', { amount: 5_650, succeededAt: new Date('2026-05-15T15:01:00Z') });
    // On the 15th but not received: waiting for payment, failed, the payment test page's.
    const unpaid = await payment('2026-05-15T16:00:00Z', { status: 'requires_payment_method', succeededAt: null });
    const failed = await payment('2026-05-15T16:05:00Z', { status: 'failed', succeededAt: null });
    const test = await payment('2026-05-15T16:10:00Z', { metadata: { purpose: 'payment-test' } });

    expect(await listed('?from=2026-05-14&to=2026-05-14')).toEqual([]);
    expect(await listed('?from=2026-05-15&to=2026-05-15')).toEqual([sameDay, overnight]);
    expect(await listed('?from=2026-05-14&to=2026-05-16')).toEqual([paidLater, sameDay, overnight]);
    // Without a range: every payment, unpaid, failed and test ones too, by when it was created.
    const all = await listed('');
    expect(all.filter((id) => [overnight, paidLater, sameDay, unpaid, failed, test].includes(id))).toEqual([test, failed, unpaid, sameDay, overnight, paidLater]);

    for (const [from, to] of [['2026-05-14', '2026-05-14'], ['2026-05-15', '2026-05-15'], ['2026-05-14', '2026-05-16']] as const) {
      const [page, totals] = await Promise.all([listPayments({ from, to }), findPeriodTotals({ from, to })]);
      expect(page.payments.length, `${from}..${to}`).toBe(totals.payments.count);
      expect(page.payments.reduce((sum, p) => sum + p.amountCents, 0), `${from}..${to}`).toBe(totals.payments.totalCents);
    }
  });

  it('pages a range on the instant paid: every payment once, in order, across pages', async () => {
    const all = await listed('?from=2026-05-14&to=2026-05-16');
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      jar.token = adminToken;
      const res = await get(paymentsRoute, `/api/admin/payments?${new URLSearchParams({ from: '2026-05-14', to: '2026-05-16', limit: '1', ...(cursor ? { cursor } : {}) })}`);
      const body = (await res.json()) as { payments: { id: number }[]; nextCursor: string | null };
      paged.push(...body.payments.map((p) => p.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
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

  it('reads a range of payments off the (succeeded_at, id) index, and every payment off (created_at, id), with no sort', async () => {
    const range = { start: new Date('2026-03-01T05:00:00Z'), end: new Date('2026-04-01T04:00:00Z') };
    const plans = await explainWithoutSeqScans((tx) => ({
      first: paymentPageQuery(tx, { range, limit: 101 }),
      after: paymentPageQuery(tx, { range, limit: 101, after: { createdAt: '2026-03-15T12:00:00.000000Z', id: 1 } }),
      all: paymentPageQuery(tx, { limit: 101 }),
    }));
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).not.toMatch(/Seq Scan on payments/);
      expect(plan, name).toMatch(name === 'all' ? /payments_created_at_id_idx/ : /payments_succeeded_at_id_idx/);
      expect(plan, name).not.toMatch(/Sort/);
    }
  });
});
