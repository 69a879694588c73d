import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { payments } from '@/db/schema/payments';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { loadDashboard } from '@/features/staff-dashboard/dashboard.service';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ctx = (id: number | string) => ({ params: Promise.resolve({ id: String(id) }) });
const { PATCH: patchAppointment } = (await import('@/app/api/admin/appointments/[id]/route')) as unknown as { PATCH: Handler };
const { GET: getMoveDates } = (await import('@/app/api/admin/appointments/[id]/dates/route')) as unknown as { GET: Handler };

const move = (id: number, body: unknown, locale = 'en') => patchAppointment(new Request(`http://localhost/api/admin/appointments/${id}`, {
  method: 'PATCH',
  headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}` },
  body: typeof body === 'string' ? body : JSON.stringify(body),
}), ctx(id));
const listDates = async (id: number) => {
  const res = await getMoveDates(new Request(`http://localhost/api/admin/appointments/${id}/dates`), ctx(id));
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; date: string; status: string; stopsNeeded: number; dates: string[] };
};

let adminToken = '';
let technicianToken = '';
let customerId = 0;
/** Bookable Fridays of the coming season, read once from the available-dates rule (today + lead time on). */
let fridays: string[] = [];
let nextFriday = 0;
/** A Friday no other test touches. */
const takeFriday = () => fridays[nextFriday++]!;

async function addVisits(date: string, status: string, options: { serviceTypes?: string[]; paid?: boolean } = {}) {
  const db = await getDb();
  const bookingRef = randomUUID();
  const rows = await db.insert(appointments)
    .values((options.serviceTypes ?? ['onetime']).map((serviceType) => ({
      customerId, bookingRef, serviceType, date, status, address: '71 Main St W', city: 'Hamilton', visitNumber: 1,
    })))
    .returning({ id: appointments.id });
  if (options.paid) {
    await db.insert(payments).values({
      customerId, bookingRef, provider: 'test', paymentIntentId: `pi_${randomUUID()}`, idempotencyKey: randomUUID(), amount: 12_430, status: 'succeeded',
    });
  }
  return rows.map((r) => r.id);
}

/** A paid visit whose Friday was full when the payment arrived after its hold lapsed (0011). */
const addUnplacedVisit = async (date: string, serviceTypes?: string[]) => addVisits(date, 'expired', { paid: true, serviceTypes });

/** Gives a Friday `capacity` stops and fills `taken` of them with confirmed visits. */
async function prepareFriday(date: string, capacity: number, taken: number) {
  await (await getDb()).insert(serviceDays).values({ branchId: 1, date, capacityOverride: capacity });
  for (let i = 0; i < taken; i++) await addVisits(date, 'confirmed');
}

async function readVisits(ids: number[]) {
  return (await getDb())
    .select({ id: appointments.id, date: appointments.date, status: appointments.status, isRescheduled: appointments.isRescheduled, originalDate: appointments.originalDate, holdExpiresAt: appointments.holdExpiresAt })
    .from(appointments)
    .where(inArray(appointments.id, ids))
    .orderBy(appointments.id);
}

const stopsOn = async (date: string) => countActiveStops(await getDb(), 1, date, new Date());

beforeAll(async () => {
  const db = await getDb();
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  customerId = await insertCustomer();
  jar.token = adminToken;
  const [probe] = await addVisits('2027-05-07', 'confirmed');
  fridays = (await listDates(probe!)).dates;
  await db.delete(appointments).where(eq(appointments.id, probe!));
  expect(fridays.length).toBeGreaterThan(15);
});

describe('moving a visit to another Friday: access', () => {
  it('is refused without a session and to a technician, and changes nothing', async () => {
    const from = takeFriday();
    const to = takeFriday();
    const [id] = await addUnplacedVisit(from);
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await move(id!, { date: to })).status).toBe(expected);
      expect((await getMoveDates(new Request(`http://localhost/api/admin/appointments/${id}/dates`), ctx(id!))).status).toBe(expected);
    }
    expect(await readVisits([id!])).toMatchObject([{ date: from, status: 'expired', isRescheduled: false }]);
  });
});

describe('PATCH /api/admin/appointments/{id} { date }', () => {
  it('gives a paid visit that needs a new date a Friday with room and confirms it there', async () => {
    jar.token = adminToken;
    const full = takeFriday();
    const to = takeFriday();
    await prepareFriday(full, 2, 2);
    const [id] = await addUnplacedVisit(full);
    expect((await loadDashboard()).appointments.find((a) => a.id === id)?.needsStaffAttention).toBe(true);

    const offered = await listDates(id!);
    expect(offered).toMatchObject({ id, date: full, status: 'expired', stopsNeeded: 1 });
    expect(offered.dates).not.toContain(full);
    expect(offered.dates).toContain(to);

    const before = await stopsOn(to);
    const res = await move(id!, { date: to });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, status: 'confirmed', date: to, movedIds: [id] });
    expect(await readVisits([id!])).toMatchObject([{ date: to, status: 'confirmed', isRescheduled: true, originalDate: full, holdExpiresAt: null }]);
    expect(await stopsOn(to)).toBe(before + 1);
    expect(await stopsOn(full)).toBe(2);
    expect((await loadDashboard()).appointments.find((a) => a.id === id)?.needsStaffAttention).toBe(false);
  });

  it('accepts status "confirmed" with the date, and refuses "completed" with it', async () => {
    jar.token = adminToken;
    const from = takeFriday();
    const to = takeFriday();
    const [id] = await addUnplacedVisit(from);
    const completed = await move(id!, { date: to, status: 'completed' }, 'fr');
    expect(completed.status).toBe(400);
    expect((await completed.json()).fields).toEqual({ status: 'Une visite déplacée est confirmée à son nouveau vendredi\u00a0; marquez-la comme effectuée une fois la visite faite.' });
    expect(await readVisits([id!])).toMatchObject([{ date: from, status: 'expired' }]);
    expect((await move(id!, { date: to, status: 'confirmed' })).status).toBe(200);
    expect(await readVisits([id!])).toMatchObject([{ date: to, status: 'confirmed' }]);
  });

  it('moves a one-time treatment with its standing-water visit, counting both stops on the new Friday', async () => {
    jar.token = adminToken;
    const from = takeFriday();
    const oneLeft = takeFriday();
    const twoLeft = takeFriday();
    await prepareFriday(oneLeft, 3, 2);
    await prepareFriday(twoLeft, 3, 1);
    const ids = await addUnplacedVisit(from, ['onetime', 'standingwater']);

    const offered = await listDates(ids[1]!);
    expect(offered.stopsNeeded).toBe(2);
    expect(offered.dates).not.toContain(oneLeft);
    expect(offered.dates).toContain(twoLeft);

    const refused = await move(ids[0]!, { date: oneLeft });
    expect(refused.status).toBe(409);
    expect(await readVisits(ids)).toMatchObject([{ date: from, status: 'expired' }, { date: from, status: 'expired' }]);

    const res = await move(ids[0]!, { date: twoLeft });
    expect(res.status).toBe(200);
    expect((await res.json()).movedIds).toEqual(ids);
    expect(await readVisits(ids)).toMatchObject([{ date: twoLeft, status: 'confirmed' }, { date: twoLeft, status: 'confirmed' }]);
    expect(await stopsOn(twoLeft)).toBe(3);
  });

  it('refuses a full or closed Friday with a translated 409 and writes nothing', async () => {
    jar.token = adminToken;
    const from = takeFriday();
    const full = takeFriday();
    const closed = takeFriday();
    await prepareFriday(full, 1, 1);
    await (await getDb()).insert(serviceDays).values({ branchId: 1, date: closed, isClosed: true });
    const [id] = await addUnplacedVisit(from);
    const full409 = await move(id!, { date: full }, 'de');
    expect(full409.status).toBe(409);
    expect(await full409.json()).toMatchObject({ code: 'day_full', fullDates: [full], message: 'An diesem Freitag ist kein Platz mehr für diesen Besuch. Bitte wählen Sie einen anderen Freitag.' });
    // A closed Friday (a rain day moved it, 0071) is not called full.
    const closed409 = await move(id!, { date: closed }, 'de');
    expect(closed409.status).toBe(409);
    expect(await closed409.json()).toMatchObject({
      code: 'day_full', fullDates: [closed], reason: 'closed',
      message: 'Dieser Freitag ist für Buchungen gesperrt. Wählen Sie einen anderen Freitag oder geben Sie ihn zuerst im Routenplaner wieder frei.',
    });
    expect(await readVisits([id!])).toMatchObject([{ date: from, status: 'expired', isRescheduled: false }]);
    expect(await stopsOn(full)).toBe(1);
  });

  it('refuses visits that are not confirmed and do not need a date: 409, translated, nothing written', async () => {
    jar.token = adminToken;
    const from = takeFriday();
    const to = takeFriday();
    const cases: [string, boolean][] = [['pending', false], ['pending-payment', false], ['cancelled', false], ['completed', false], ['expired', false], ['cancelled', true]];
    for (const [status, paid] of cases) {
      const [id] = await addVisits(from, status, { paid });
      const res = await move(id!, { date: to }, 'es');
      expect(res.status, status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'conflict',
        status,
        message: 'Solo se puede pasar a otro viernes una visita confirmada o una visita pagada que necesita nueva fecha.',
      });
      expect((await getMoveDates(new Request(`http://localhost/api/admin/appointments/${id}/dates`), ctx(id!))).status).toBe(409);
      expect(await readVisits([id!])).toMatchObject([{ date: from, status }]);
    }
    expect((await move(999_999, { date: to })).status).toBe(404);
  });

  it('answers 400 for a date that is not a bookable Friday, naming why', async () => {
    jar.token = adminToken;
    const from = takeFriday();
    const [id] = await addUnplacedVisit(from);
    const saturday = new Date(`${fridays[0]}T12:00:00Z`);
    saturday.setUTCDate(saturday.getUTCDate() + 1);
    const lastFriday = fridays.at(-1)!;
    const afterSeason = new Date(`${lastFriday}T12:00:00Z`);
    afterSeason.setUTCDate(afterSeason.getUTCDate() + 7);
    const cases: [unknown, string][] = [
      [{ date: '2027-02-30' }, 'Please choose a valid date.'],
      [{ date: 'next friday' }, 'Please choose a valid date.'],
      [{ date: 20270514 }, 'Please choose a valid date.'],
      [{ date: saturday.toISOString().slice(0, 10) }, 'Visits are on Fridays only. Please pick a Friday.'],
      [{ date: '2026-11-20' }, 'That Friday is too close to plan the visit. Please pick a later Friday.'],
      [{ date: afterSeason.toISOString().slice(0, 10) }, 'That Friday is outside the booking season. Please pick one from the list.'],
    ];
    for (const [body, message] of cases) {
      const res = await move(id!, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).fields, JSON.stringify(body)).toEqual({ date: message });
    }
    expect((await move(id!, '{')).status).toBe(400);
    expect(await readVisits([id!])).toMatchObject([{ date: from, status: 'expired' }]);
  });

  it('moves a confirmed visit the customer asked to move, under the same capacity rule', async () => {
    jar.token = adminToken;
    const from = takeFriday();
    const to = takeFriday();
    const full = takeFriday();
    await prepareFriday(full, 1, 1);
    const [id] = await addVisits(from, 'confirmed');
    const offered = await listDates(id!);
    expect(offered.dates).not.toContain(from);
    expect(offered.dates).not.toContain(full);

    expect((await move(id!, { date: full })).status).toBe(409);
    const res = await move(id!, { date: to });
    expect(await res.json()).toEqual({ id, status: 'confirmed', date: to, movedIds: [id] });
    expect(await readVisits([id!])).toMatchObject([{ date: to, status: 'confirmed', isRescheduled: true, originalDate: from }]);
    expect(await stopsOn(from)).toBe(0);
    // Asking again for the Friday it is on is harmless.
    expect(await (await move(id!, { date: to })).json()).toEqual({ id, status: 'confirmed', date: to, movedIds: [] });
    // A second move keeps the first date it was booked for.
    const later = takeFriday();
    expect((await move(id!, { date: later })).status).toBe(200);
    expect(await readVisits([id!])).toMatchObject([{ date: later, originalDate: from }]);
  });

  it('never overbooks a Friday when two moves race for its last stop', async () => {
    jar.token = adminToken;
    const from = takeFriday();
    const last = takeFriday();
    await prepareFriday(last, 3, 2);
    const [first] = await addUnplacedVisit(from);
    const [second] = await addUnplacedVisit(from);
    const [third] = await addVisits(takeFriday(), 'confirmed');
    const results = await Promise.all([move(first!, { date: last }), move(second!, { date: last }), move(third!, { date: last })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await stopsOn(last)).toBe(3);
    const onLast = await (await getDb()).select({ id: appointments.id }).from(appointments)
      .where(and(eq(appointments.date, last), inArray(appointments.id, [first!, second!, third!])));
    expect(onLast).toHaveLength(1);
  });
});
