import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { payments } from '@/db/schema/payments';
import { findToday } from '@/features/scheduling/available-dates';
import { listAppointments, loadDashboard } from '@/features/staff-dashboard/dashboard.service';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const { GET: getAppointments } = (await import('@/app/api/admin/appointments/route')) as unknown as { GET: Handler };
const { PATCH: patchAppointment } = (await import('@/app/api/admin/appointments/[id]/route')) as unknown as { PATCH: Handler };

type Row = { id: number; date: string; time: string; status: string; firstName: string; needsStaffAttention: boolean };
type Page = { appointments: Row[]; nextCursor: string | null };
type Seeded = { id: number; date: string; time: string; status: string; needsStaffAttention: boolean };

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Today in Toronto, and the Friday on or after it: the first Friday the upcoming view holds. */
const today = findToday(new Date(), 'America/Toronto');
const thisFriday = addDays(today, (5 - new Date(`${today}T12:00:00Z`).getUTCDay() + 7) % 7);
/** Six Fridays before today and six from today on, 25 visits each: 150 upcoming, 150 past. */
const PAST = Array.from({ length: 6 }, (_, i) => addDays(thisFriday, -7 * (6 - i)));
const UPCOMING = Array.from({ length: 6 }, (_, i) => addDays(thisFriday, 7 * i));
// Many visits share a time (real Fridays book 9:00 AM), so pages end inside a (date, time) tie.
const TIMES = ['13:30', '09:00', '09:00', '08:00', '09:00', '11:15', '09:00', '08:00'];
const STATUSES = ['confirmed', 'confirmed', 'completed', 'confirmed', 'cancelled', 'confirmed', 'pending-payment', 'expired', 'confirmed', 'pending'];

let adminToken = '';
let technicianToken = '';
const seeded: Seeded[] = [];

const byOrder = (a: Seeded, b: Seeded) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id - b.id;
const ascending = (rows: Seeded[]) => [...rows].sort(byOrder).map((r) => r.id);
const descending = (rows: Seeded[]) => [...rows].sort((a, b) => byOrder(b, a)).map((r) => r.id);

async function request(query: string, headers: Record<string, string> = {}) {
  return getAppointments(new Request(`http://localhost/api/admin/appointments${query}`, { headers }), ctx());
}

async function fetchPage(query: string): Promise<Page> {
  const res = await request(query);
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
}

/** Every page of a query, following nextCursor; the pages' sizes too. */
async function walk(query: string) {
  const pages: Row[][] = [];
  let cursor: string | null = null;
  do {
    const separator = query ? '&' : '?';
    const page: Page = await fetchPage(cursor ? `${query}${separator}cursor=${encodeURIComponent(cursor)}` : query);
    pages.push(page.appointments);
    cursor = page.nextCursor;
    expect(pages.length, 'pages never end').toBeLessThan(200);
  } while (cursor);
  return { ids: pages.flat().map((r) => r.id), pages };
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  const customerIds = [
    await insertCustomer(),
    await insertCustomer({ firstName: 'Liam', lastName: 'Martin', email: 'liam@example.com' }),
    await insertCustomer({ firstName: 'Émile', lastName: 'Roy', email: 'emile@example.com' }),
  ];
  const db = await getDb();
  // Inserted latest Friday first and in no time order, so id order is neither date nor time order.
  const values = [...PAST, ...UPCOMING].reverse().flatMap((date, d) => Array.from({ length: 25 }, (_, i) => ({
    customerId: customerIds[(d + i) % 3]!,
    bookingRef: randomUUID(),
    serviceType: 'onetime',
    date,
    time: TIMES[(d * 3 + i) % TIMES.length]!,
    status: STATUSES[(d + i) % STATUSES.length]!,
    address: `${i + 1} King St W`,
    city: 'Hamilton',
    // Émile booked in French: "Mark completed" names the report's language from the row (0110).
    locale: (d + i) % 3 === 2 ? 'fr' : 'en',
  })));
  const rows = await db.insert(appointments).values(values).returning({ id: appointments.id, date: appointments.date, time: appointments.time, status: appointments.status, bookingRef: appointments.bookingRef });
  // Every other expired visit was paid: those need a new Friday (docs/decisions/0011).
  const paid = rows.filter((r) => r.status === 'expired').filter((_, i) => i % 2 === 0);
  await db.insert(payments).values(paid.map((r) => ({
    bookingRef: r.bookingRef, provider: 'test', paymentIntentId: `pi_${randomUUID()}`, idempotencyKey: randomUUID(), amount: 11_187, status: 'succeeded',
  })));
  const paidRefs = new Set(paid.map((r) => r.bookingRef));
  seeded.push(...rows.map((r) => ({ id: r.id, date: r.date, time: r.time, status: r.status, needsStaffAttention: paidRefs.has(r.bookingRef) })));
});

describe('GET /api/admin/appointments', () => {
  it('is refused without a session and to a technician', async () => {
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      const res = await request('?view=all');
      expect(res.status).toBe(expected);
      expect(await res.json()).not.toHaveProperty('appointments');
    }
  });

  it('lists upcoming visits by default, soonest first, then by time and id, 100 a page', async () => {
    jar.token = adminToken;
    const upcoming = seeded.filter((r) => r.date >= today);
    expect(upcoming.length).toBe(150);
    const first = await fetchPage('');
    expect(first.appointments.length).toBe(100);
    expect(first.appointments.map((r) => r.id)).toEqual(ascending(upcoming).slice(0, 100));
    expect(first.appointments[0]).toMatchObject({ date: thisFriday, time: '08:00' });
    expect(first.nextCursor).toEqual(expect.any(String));

    const { ids, pages } = await walk('');
    expect(pages.map((p) => p.length)).toEqual([100, 50]);
    expect(ids).toEqual(ascending(upcoming));
    // The dashboard's first render is the same first page, with the same cursor.
    const dashboard = await loadDashboard();
    expect(dashboard.appointments.map((r) => r.id)).toEqual(first.appointments.map((r) => r.id));
    expect(dashboard.appointmentsNextCursor).toBe(first.nextCursor);
  });

  it('lists past visits most recent first, and all visits in calendar order', async () => {
    jar.token = adminToken;
    const past = seeded.filter((r) => r.date < today);
    expect((await fetchPage('?view=past')).appointments[0]).toMatchObject({ date: PAST.at(-1), time: '13:30' });
    expect((await walk('?view=past')).ids).toEqual(descending(past));
    expect((await walk('?view=all')).ids).toEqual(ascending(seeded));
  });

  it('pages through ties on date and time with no visit skipped or shown twice', async () => {
    jar.token = adminToken;
    for (const [query, expected] of [
      ['?view=upcoming&limit=7', ascending(seeded.filter((r) => r.date >= today))],
      ['?view=past&limit=7', descending(seeded.filter((r) => r.date < today))],
      ['?view=all&status=confirmed&limit=11', ascending(seeded.filter((r) => r.status === 'confirmed'))],
    ] as const) {
      const { ids, pages } = await walk(query);
      expect(ids, query).toEqual(expected);
      expect(new Set(ids).size).toBe(ids.length);
      // The walk really crossed pages inside a tie: a page ends and the next starts on the same date and time.
      const splitTies = pages.slice(1).filter((page, i) => {
        const before = pages[i]!.at(-1)!;
        return page[0] && page[0].date === before.date && page[0].time === before.time;
      });
      expect(splitTies.length, query).toBeGreaterThan(0);
    }
  });

  it('shows one Friday by time, past or upcoming, whatever the view', async () => {
    jar.token = adminToken;
    for (const friday of [PAST[2]!, UPCOMING[3]!]) {
      const expected = ascending(seeded.filter((r) => r.date === friday));
      for (const view of ['upcoming', 'past', 'all']) {
        const page = await fetchPage(`?view=${view}&date=${friday}`);
        expect(page.appointments.map((r) => r.id), `${view} ${friday}`).toEqual(expected);
        expect(page.nextCursor).toBeNull();
      }
    }
    expect((await fetchPage(`?date=${addDays(UPCOMING.at(-1)!, 7)}`)).appointments).toEqual([]);
  });

  it('carries each visit\'s booking language, the one its visit report goes out in (0110)', async () => {
    jar.token = adminToken;
    const { appointments: listed } = await fetchPage(`?view=all&date=${PAST[2]!}`);
    const languages = new Set(listed.map((r) => `${r.firstName} ${(r as { locale?: string }).locale}`));
    expect([...languages].sort()).toEqual(['Liam en', 'Olivia en', 'Émile fr'].sort());
  });

  it('filters by status, also the paid visits that need a new Friday, and with a date', async () => {
    jar.token = adminToken;
    for (const status of ['completed', 'cancelled', 'pending-payment', 'expired', 'pending']) {
      const { ids, pages } = await walk(`?view=all&status=${status}`);
      expect(ids, status).toEqual(ascending(seeded.filter((r) => r.status === status)));
      expect(pages.flat().every((r) => r.status === status)).toBe(true);
    }
    const attention = await walk('?view=all&status=needs-attention');
    expect(attention.ids).toEqual(ascending(seeded.filter((r) => r.needsStaffAttention)));
    expect(attention.ids.length).toBeGreaterThan(0);
    expect(attention.pages.flat().every((r) => r.status === 'expired' && r.needsStaffAttention)).toBe(true);

    const pastCancelled = await walk('?view=past&status=cancelled');
    expect(pastCancelled.ids).toEqual(descending(seeded.filter((r) => r.date < today && r.status === 'cancelled')));
    const friday = UPCOMING[1]!;
    expect((await fetchPage(`?date=${friday}&status=confirmed`)).appointments.map((r) => r.id))
      .toEqual(ascending(seeded.filter((r) => r.date === friday && r.status === 'confirmed')));
  });

  it('answers 400 with a translated message for a query it cannot read', async () => {
    jar.token = adminToken;
    const cases: [string, string, string][] = [
      ['?view=tomorrow', 'view', 'Please choose which visits to show.'],
      ['?date=2027-02-30', 'date', 'Please choose a valid date.'],
      [`?date=${addDays(thisFriday, 1)}`, 'date', 'Visits are on Fridays only. Please pick a Friday.'],
      ['?status=deleted', 'status', 'Please choose a valid status.'],
      ['?cursor=not-a-cursor', 'cursor', 'The list changed while it was loading. Please load it again.'],
      ['?limit=0', 'limit', 'This value is not valid.'],
      ['?limit=5000', 'limit', 'This value is not valid.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await request(query);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ code: 'validation', message: 'Please check the highlighted fields.', fields: { [field]: message } });
    }
    const french = await request(`?date=${addDays(thisFriday, 1)}`, { cookie: 'NEXT_LOCALE=fr' });
    expect((await french.json()).fields).toEqual({ date: 'Les visites ont lieu uniquement le vendredi. Veuillez choisir un vendredi.' });
    const spanish = await request('?status=deleted', { cookie: 'NEXT_LOCALE=es' });
    expect((await spanish.json()).fields).toEqual({ status: 'Elija un estado válido.' });
  });

  it('reflects a change at once: a completed visit leaves the confirmed list and joins the completed one', async () => {
    jar.token = adminToken;
    // The last Friday before today: a visit is marked completed from its day on (0057).
    const friday = PAST.at(-1)!;
    const confirmed = await fetchPage(`?date=${friday}&status=confirmed`);
    const visit = confirmed.appointments[0]!;
    const res = await patchAppointment(new Request(`http://localhost/api/admin/appointments/${visit.id}`, {
      method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'completed' }),
    }), ctx({ id: String(visit.id) }));
    expect(res.status).toBe(200);
    expect((await fetchPage(`?date=${friday}&status=confirmed`)).appointments.map((r) => r.id)).not.toContain(visit.id);
    expect((await fetchPage(`?date=${friday}&status=completed`)).appointments.map((r) => r.id)).toContain(visit.id);
  });
});

describe('the upcoming view and the day in Toronto', () => {
  it('keeps a Friday upcoming until midnight in Toronto, whatever the UTC date', async () => {
    const friday = UPCOMING[2]!;
    const [year, month, day] = friday.split('-').map(Number) as [number, number, number];
    // 23:30 on Friday in Toronto is already Saturday in UTC; 00:30 on Saturday is Saturday everywhere.
    const lateFriday = new Date(new TZDate(year, month - 1, day, 23, 30, 'America/Toronto').getTime());
    const earlySaturday = new Date(new TZDate(year, month - 1, day + 1, 0, 30, 'America/Toronto').getTime());
    expect(lateFriday.toISOString().slice(0, 10)).toBe(addDays(friday, 1));
    expect((await listAppointments({}, { now: lateFriday })).appointments[0]?.date).toBe(friday);
    expect((await listAppointments({}, { now: earlySaturday })).appointments[0]?.date).toBe(UPCOMING[3]);
    expect((await listAppointments({ view: 'past' }, { now: earlySaturday })).appointments[0]?.date).toBe(friday);
  });
});
