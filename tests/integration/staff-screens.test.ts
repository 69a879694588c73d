import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { messages } from '@/db/schema/messages';
import { staffUsers } from '@/db/schema/staff';
import { newBookingRef } from '@/features/booking/booking-ref';
import { eraseCustomerData } from '@/features/privacy/privacy.service';
import { addCalendarDays } from '@/features/scheduling/available-dates';
import { loadDashboard } from '@/features/staff-dashboard/dashboard.service';
import { findPastFriday } from '../support/past-fridays';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });
const patch = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body });

const { GET: getRoutes } = (await import('@/app/api/routes/route')) as unknown as { GET: Handler };
const { GET: getDayAppointments } = (await import('@/app/api/routes/appointments/route')) as unknown as { GET: Handler };
const { GET: getTechnicianRoute } = (await import('@/app/api/routes/technician/route')) as unknown as { GET: Handler };
const { POST: postOptimize } = (await import('@/app/api/routes/optimize/route')) as unknown as { POST: Handler };
const { GET: getSampleEmail } = (await import('@/app/api/send-sample-email/route')) as unknown as { GET: Handler };
const { GET: getOutboxEmail } = (await import('@/app/api/admin/outbox/[id]/route')) as unknown as { GET: Handler };
const { PATCH: patchAppointment } = (await import('@/app/api/admin/appointments/[id]/route')) as unknown as { PATCH: Handler };
const { PATCH: patchMessage } = (await import('@/app/api/admin/messages/[id]/route')) as unknown as { PATCH: Handler };
const { GET: getCustomerSearch } = (await import('@/app/api/admin/customers/route')) as unknown as { GET: Handler };

// A Friday that has passed: staff mark a visit completed from its day on (0057).
const FRIDAY = findPastFriday();
let adminToken = '';
let technicianToken = '';
let customerId = 0;

async function addAppointment(status: string) {
  const [row] = await (await getDb()).insert(appointments)
    .values({ customerId, bookingRef: randomUUID(), serviceType: 'onetime', date: FRIDAY, status, address: '71 Main St W', city: 'Hamilton' })
    .returning({ id: appointments.id });
  return row!.id;
}

async function readAppointmentStatus(id: number) {
  const [row] = await (await getDb()).select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return row?.status;
}

async function addMessage() {
  const [row] = await (await getDb()).insert(messages)
    .values({ name: 'Noah Singh', email: 'noah@example.com', subject: 'question', content: 'Do you spray near vegetable gardens?' })
    .returning({ id: messages.id });
  return row!.id;
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  customerId = await insertCustomer();
});

describe('staff reads not covered elsewhere', () => {
  it('keeps the sample email and the outbox reader behind the admin role', async () => {
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await getSampleEmail(get('/api/send-sample-email'), ctx())).status).toBe(expected);
      expect((await getOutboxEmail(get('/api/admin/outbox/1'), ctx({ id: '1' }))).status).toBe(expected);
    }
    jar.token = adminToken;
    expect((await getSampleEmail(get('/api/send-sample-email'), ctx())).status).toBe(200);
    expect((await getOutboxEmail(get('/api/admin/outbox/abc'), ctx({ id: 'abc' }))).status).toBe(404);
  });

  it('renders the sample email in the language the preview page asks for', async () => {
    jar.token = adminToken;
    const german = await (await getSampleEmail(get('/api/send-sample-email?locale=de', { cookie: 'NEXT_LOCALE=en' }), ctx())).text();
    expect(german).toContain('<html lang="de"');
    const french = await (await getSampleEmail(get('/api/send-sample-email', { cookie: 'NEXT_LOCALE=fr' }), ctx())).text();
    expect(french).toContain('<html lang="fr"');
    const unknown = await (await getSampleEmail(get('/api/send-sample-email?locale=xx'), ctx())).text();
    expect(unknown).toContain('<html lang="en"');
  });
});

describe('route APIs and dates that do not exist', () => {
  it('answer 400 with a translated message for 30 February, never a 500', async () => {
    jar.token = adminToken;
    for (const date of ['2027-02-30', '2027-02-31', '2027-04-31']) {
      for (const res of [
        await getRoutes(get(`/api/routes?date=${date}`, { cookie: 'NEXT_LOCALE=fr' }), ctx()),
        await getDayAppointments(get(`/api/routes/appointments?date=${date}`, { cookie: 'NEXT_LOCALE=fr' }), ctx()),
        await getTechnicianRoute(get(`/api/routes/technician?date=${date}&technicianId=1`, { cookie: 'NEXT_LOCALE=fr' }), ctx()),
        await postOptimize(new Request('http://localhost/api/routes/optimize', {
          method: 'POST', headers: { 'content-type': 'application/json', cookie: 'NEXT_LOCALE=fr' }, body: JSON.stringify({ date }),
        }), ctx()),
      ]) {
        expect(res.status, date).toBe(400);
        expect((await res.json()).fields).toEqual({ date: 'Veuillez choisir une date valide.' });
      }
    }
    expect((await getRoutes(get('/api/routes?date=2028-02-29'), ctx())).status).toBe(200);
  });
});

describe('PATCH /api/admin/appointments/{id}', () => {
  it('is refused without a session and to a technician, and changes nothing', async () => {
    const id = await addAppointment('confirmed');
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      const res = await patchAppointment(patch(`/api/admin/appointments/${id}`, JSON.stringify({ status: 'completed' })), ctx({ id: String(id) }));
      expect(res.status).toBe(expected);
    }
    expect(await readAppointmentStatus(id)).toBe('confirmed');
  });

  it('marks a confirmed visit completed and takes it back', async () => {
    jar.token = adminToken;
    const id = await addAppointment('confirmed');
    const done = await patchAppointment(patch(`/api/admin/appointments/${id}`, JSON.stringify({ status: 'completed' })), ctx({ id: String(id) }));
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ id, status: 'completed' });
    expect(await readAppointmentStatus(id)).toBe('completed');
    // Twice is harmless.
    expect((await patchAppointment(patch(`/api/admin/appointments/${id}`, JSON.stringify({ status: 'completed' })), ctx({ id: String(id) }))).status).toBe(200);

    const undone = await patchAppointment(patch(`/api/admin/appointments/${id}`, JSON.stringify({ status: 'confirmed' })), ctx({ id: String(id) }));
    expect(await undone.json()).toEqual({ id, status: 'confirmed' });
    expect(await readAppointmentStatus(id)).toBe('confirmed');
  });

  it('leaves unpaid, cancelled and expired bookings to their flows: 409, translated, nothing written', async () => {
    jar.token = adminToken;
    for (const status of ['pending', 'pending-payment', 'cancelled', 'expired']) {
      const id = await addAppointment(status);
      const res = await patchAppointment(patch(`/api/admin/appointments/${id}`, JSON.stringify({ status: 'completed' }), { cookie: 'NEXT_LOCALE=de' }), ctx({ id: String(id) }));
      expect(res.status, status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'conflict', status, message: 'Nur ein bestätigter Termin kann als erledigt markiert werden.' });
      expect(await readAppointmentStatus(id)).toBe(status);
    }
    const pending = await addAppointment('pending');
    const reopen = await patchAppointment(patch(`/api/admin/appointments/${pending}`, JSON.stringify({ status: 'confirmed' })), ctx({ id: String(pending) }));
    expect(reopen.status).toBe(409);
    expect(await readAppointmentStatus(pending)).toBe('pending');
  });

  it('answers 400 for a status staff may not set and 404 for an unknown appointment', async () => {
    jar.token = adminToken;
    const id = await addAppointment('confirmed');
    for (const body of [JSON.stringify({ status: 'cancelled' }), JSON.stringify({}), '{']) {
      const res = await patchAppointment(patch(`/api/admin/appointments/${id}`, body, { cookie: 'NEXT_LOCALE=es' }), ctx({ id: String(id) }));
      expect(res.status, body).toBe(400);
      expect((await res.json()).message).toMatch(/\S/);
    }
    const bad = await patchAppointment(patch(`/api/admin/appointments/${id}`, JSON.stringify({ status: 'cancelled' }), { cookie: 'NEXT_LOCALE=es' }), ctx({ id: String(id) }));
    expect((await bad.json()).fields).toEqual({ status: 'Elija un estado válido.' });
    expect(await readAppointmentStatus(id)).toBe('confirmed');
    for (const unknown of ['999999', 'abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await patchAppointment(patch(`/api/admin/appointments/${unknown}`, JSON.stringify({ status: 'completed' })), ctx({ id: unknown }));
      expect(res.status, unknown).toBe(404);
    }
  });
});

describe('PATCH /api/admin/messages/{id}', () => {
  it('is refused without a session and to a technician', async () => {
    const id = await addMessage();
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await patchMessage(patch(`/api/admin/messages/${id}`, JSON.stringify({ status: 'read' })), ctx({ id: String(id) }))).status).toBe(expected);
    }
    const [row] = await (await getDb()).select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'new', isRead: false });
  });

  it('files a message as read, replied (timed once) and archived, and back to new', async () => {
    jar.token = adminToken;
    const id = await addMessage();
    const read = async () => (await (await getDb()).select().from(messages).where(eq(messages.id, id)))[0]!;
    const set = (status: string) => patchMessage(patch(`/api/admin/messages/${id}`, JSON.stringify({ status })), ctx({ id: String(id) }));

    expect(await (await set('read')).json()).toEqual({ id, status: 'read' });
    expect(await read()).toMatchObject({ status: 'read', isRead: true, respondedAt: null });
    await set('replied');
    const replied = await read();
    expect(replied).toMatchObject({ status: 'replied', isRead: true });
    expect(replied.respondedAt).toBeInstanceOf(Date);
    await set('archived');
    await set('replied');
    expect((await read()).respondedAt?.getTime()).toBe(replied.respondedAt!.getTime());
    await set('new');
    expect(await read()).toMatchObject({ status: 'new', isRead: false });

    const bad = await patchMessage(patch(`/api/admin/messages/${id}`, JSON.stringify({ status: 'deleted' })), ctx({ id: String(id) }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ status: 'Please choose a valid status.' });
    expect((await patchMessage(patch('/api/admin/messages/424242', JSON.stringify({ status: 'read' })), ctx({ id: '424242' }))).status).toBe(404);
  });
});

describe('GET /api/admin/customers?q=', () => {
  it('is refused without a session and to a technician', async () => {
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await getCustomerSearch(get('/api/admin/customers?q=olivia'), ctx())).status).toBe(expected);
    }
  });

  it('finds any customer, also one older than the newest 500 the dashboard lists', async () => {
    const db = await getDb();
    const old = new Date('2026-01-05T12:00:00Z');
    await db.insert(customers).values({ firstName: 'Émile', lastName: 'O_Brien', email: 'emile.obrien@example.com', phone: '(289) 555-0199', address: '8 Ottawa St N', city: 'Hamilton', postalCode: 'L8H 3Y7', createdAt: old });
    await db.insert(customers).values(Array.from({ length: 520 }, (_, i) => ({
      firstName: `Newer${i}`, lastName: 'Customer', email: `newer${i}@example.com`, phone: `905555${String(i).padStart(4, '0')}`, address: `${i} King St`, city: 'Hamilton', postalCode: 'L8P 1A1',
    })));
    expect((await loadDashboard()).customers.some((c) => c.lastName === 'O_Brien')).toBe(false);

    jar.token = adminToken;
    const search = async (q: string) => {
      const res = await getCustomerSearch(get(`/api/admin/customers?q=${encodeURIComponent(q)}`), ctx());
      expect(res.status).toBe(200);
      return ((await res.json()) as { customers: { lastName: string; email: string }[] }).customers;
    };
    // A number read out with the country code finds it too (0108).
    for (const q of ['o_brien', 'ÉMILE ottawa', 'ÉMILE.OBRIEN', 'émile.obrien@', '289 555 0199', '2895550199', 'l8h3y7', 'L8H 3Y7', '+1 289 555 0199', '1-289-555-0199']) {
      expect((await search(q)).map((c) => c.email), q).toEqual(['emile.obrien@example.com']);
    }
    // Wildcards are characters, not patterns: '_' matches only the name that holds one.
    expect((await search('_')).map((c) => c.lastName)).toEqual(['O_Brien']);
    expect(await search('%')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect((await search('newer')).length).toBe(50);
    // A word never matches across two fields (the town and the postal code here).
    expect(await search('hamiltonl8h3y7')).toEqual([]);
    // The folded search columns follow a change to the row.
    await db.update(customers).set({ lastName: 'Lévesque', phone: '905 555 0177' }).where(eq(customers.email, 'emile.obrien@example.com'));
    expect((await search('levesque 9055550177')).map((c) => c.email)).toEqual(['emile.obrien@example.com']);
    expect(await search('o_brien')).toEqual([]);
  });
});

describe('the customer lists of the dashboard', () => {
  it('keep one order for customers written at the same instant (the demo seed writes thirty at once): newest row first', async () => {
    const db = await getDb();
    // Newer than every other row of this file, so that they are among the newest the dashboard lists.
    const instant = new Date(Date.now() + 60_000);
    const rows = await db.insert(customers).values(Array.from({ length: 6 }, (_, i) => ({
      firstName: `Twin${i}`, lastName: 'Sameinstant', email: `twin${i}.sameinstant@example.com`, phone: '9055550100', address: `${i} Bay St`, city: 'Hamilton', postalCode: 'L8P 1A1', createdAt: instant,
    }))).returning({ id: customers.id });
    const newestFirst = rows.map((r) => r.id).sort((a, b) => b - a);

    jar.token = adminToken;
    const res = await getCustomerSearch(get('/api/admin/customers?q=sameinstant'), ctx());
    expect(((await res.json()) as { customers: { id: number }[] }).customers.map((c) => c.id)).toEqual(newestFirst);
    const listed = (await loadDashboard()).customers.filter((c) => c.lastName === 'Sameinstant').map((c) => c.id);
    expect(listed).toEqual(newestFirst);
  });
});

describe('GET /api/admin/customers?q= with a booking reference (0064)', () => {
  type Found = { id: number; lastName: string; booking?: { reference: string; date: string; fridays: number } };
  const search = async (q: string) => {
    jar.token = adminToken;
    const res = await getCustomerSearch(get(`/api/admin/customers?q=${encodeURIComponent(q)}`), ctx());
    expect(res.status).toBe(200);
    return ((await res.json()) as { customers: Found[] }).customers;
  };
  /** A booking of `customer` on these Fridays, under a reference the booking flow makes unless `more` names one. */
  const book = async (customer: number, fridays: string[], more: Partial<typeof appointments.$inferInsert> = {}) => {
    const reference = more.bookingRef ?? newBookingRef();
    await (await getDb()).insert(appointments).values(fridays.map((date, i) => ({
      customerId: customer, bookingRef: reference, serviceType: 'seasonal', date, status: 'confirmed', visitNumber: i + 1, address: '12 Locke St S', city: 'Hamilton', ...more,
    })));
    return reference;
  };

  it('finds the customer who holds the booking however the reference is typed, and says which booking', async () => {
    const first = addCalendarDays(FRIDAY, -28);
    const holder = await insertCustomer({ firstName: 'Nadia', lastName: 'Okafor', email: 'nadia.okafor@example.com', phone: '905 555 0161' });
    const reference = await book(holder, [first, addCalendarDays(first, 14), addCalendarDays(first, 28)], { bookingRef: 'BK-7H3K9QZ2' });
    // A phone that holds the reference's digits (7392) is no match: a word with letters is not a phone number.
    await insertCustomer({ firstName: 'Omar', lastName: 'Aziz', email: 'omar.aziz@example.com', phone: '(289) 739-2110' });
    // A free re-treatment booked later (0047) shares the reference but is no Friday the customer booked.
    await (await getDb()).insert(appointments).values({ customerId: holder, bookingRef: reference, serviceType: 'seasonal', kind: 'retreatment', date: addCalendarDays(first, -7), status: 'completed' });
    const other = await insertCustomer({ firstName: 'Pavel', lastName: 'Novak', email: 'pavel.novak@example.com', phone: '905 555 0162' });
    const otherReference = await book(other, [first]);

    const body = reference.slice(3);
    for (const q of [reference, reference.toLowerCase(), `bk ${body.slice(0, 4)} ${body.slice(4)}`, body.toLowerCase(), `${body.slice(0, 4)} ${body.slice(4).toLowerCase()}`]) {
      expect(await search(q), q).toEqual([expect.objectContaining({ id: holder, lastName: 'Okafor', booking: { reference, date: first, fridays: 3 } })]);
    }
    expect(await search(otherReference.slice(3))).toEqual([expect.objectContaining({ id: other, booking: { reference: otherReference, date: first, fridays: 1 } })]);
    // One character wrong is another booking, which nobody holds.
    const wrong = 'BK-7H3K9QZ3';
    expect(await search(wrong)).toEqual([]);
    expect(await search(wrong.slice(3))).toEqual([]);
  });

  it('still finds a name shaped like a reference, after the booking that reference names', async () => {
    const named = await insertCustomer({ firstName: 'Greta', lastName: 'Hartmann', email: 'greta.h@example.com', phone: '905 555 0163' });
    const holder = await insertCustomer({ firstName: 'Theo', lastName: 'Brandt', email: 'theo.brandt@example.com', phone: '905 555 0165' });
    await (await getDb()).insert(appointments).values({ customerId: holder, bookingRef: 'BK-HARTMANN', serviceType: 'onetime', date: FRIDAY, status: 'confirmed' });
    expect((await search('Hartmann')).map((c) => [c.id, c.booking?.reference])).toEqual([[holder, 'BK-HARTMANN'], [named, undefined]]);
  });

  it('does not lead from a reference to a customer whose data was erased', async () => {
    const gone = await insertCustomer({ firstName: 'Ingrid', lastName: 'Lund', email: 'ingrid.lund@example.com', phone: '905 555 0164' });
    // Done and paid long ago: nothing open stops the erasure.
    const reference = await book(gone, [addCalendarDays(FRIDAY, -35)], { serviceType: 'onetime', status: 'completed' });
    expect((await search(reference)).map((c) => c.id)).toEqual([gone]);

    const [office] = await (await getDb()).select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'office'));
    await eraseCustomerData(gone, { staff: { staffUserId: office!.id, username: 'office' } });
    // The booking keeps its reference for the accountant (0049); the search names nobody.
    const [kept] = await (await getDb()).select({ customerId: appointments.customerId }).from(appointments).where(eq(appointments.bookingRef, reference));
    expect(kept?.customerId).toBe(gone);
    for (const q of [reference, reference.slice(3).toLowerCase()]) expect(await search(q), q).toEqual([]);
  });
});
