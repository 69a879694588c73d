/**
 * Nobody marks a visit completed before its day (docs/decisions/0057): completing a visit sends the
 * customer their visit report (0038) and records the products applied (0042), so the office's
 * "Mark completed" (PATCH /api/admin/appointments/{id}, 0046) and an admin's "Mark done" on the day
 * sheet are refused before the visit's day in Hamilton, as a technician's always were (0027).
 * Taking a completion back, and the other changes, are left as they were.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appliedStopChanges, appointments } from '@/db/schema/appointments';
import { getTranslator } from '@/i18n/messages';
import { bookCrewStop, recordsOf, signInCrew, signInOffice, setUpCrewOnClock, visitOf } from '../support/day-sheet-marks';
import { emailsTo } from '../support/outbox';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { PATCH: patchAppointment } = await import('@/app/api/admin/appointments/[id]/route');
const { GET: listAppointments } = await import('@/app/api/admin/appointments/route');
const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');

const FRIDAY = '2027-06-11';
const NEXT_FRIDAY = '2027-06-18';
// Thursday 23:59 in Hamilton (UTC-4 in June) is already Friday in UTC; the Friday starts at 04:00 UTC.
const THURSDAY_LATE = new Date('2027-06-11T03:59:00Z');
const FRIDAY_MIDNIGHT = new Date('2027-06-11T04:00:00Z');
// A week ahead of the visit, when the office reads the list.
const WEEK_BEFORE = new Date('2027-06-04T15:00:00Z');

type Json = { id?: number; status?: string; code?: string; message?: string; fields?: Record<string, string>; today?: string; appointments?: { id: number }[] };
let crewA = 0;
let product = 0;

async function call(handler: typeof patchStop, url: string, token: string, id: number, body: unknown, headers: Record<string, string> = {}) {
  jar.token = token;
  const res = await handler(
    new Request(`http://localhost${url}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return { status: res.status, body: (await res.json()) as Json };
}

/** The dashboard's "Mark completed" (0046) and its other changes. */
const markFromDashboard = (token: string, id: number, body: unknown, headers: Record<string, string> = {}) =>
  call(patchAppointment, `/api/admin/appointments/${id}`, token, id, body, headers);
/** The day sheet's "Mark done" and "Undo". */
const markOnDaySheet = (token: string, id: number, body: unknown) => call(patchStop, `/api/routes/technician/stops/${id}`, token, id, body);

const completion = () => ({ status: 'completed', note: 'Back hedge and under the deck', applications: [{ productId: product, amount: '12,5' }] });

async function appliedIds(appointmentId: number) {
  return (await getDb()).select({ id: appliedStopChanges.id }).from(appliedStopChanges).where(eq(appliedStopChanges.appointmentId, appointmentId));
}

/** Everything a refused completion must leave as it was: the visit, its record, its report, no change id. */
async function expectUntouched(id: number, email: string) {
  expect(await visitOf(id)).toEqual({ status: 'confirmed', completedAt: null, visitNote: null });
  expect(await recordsOf(id)).toEqual([]);
  expect(await emailsTo(email, 'visit-report')).toEqual([]);
  expect(await appliedIds(id)).toEqual([]);
}

setUpCrewOnClock(WEEK_BEFORE, jar, (ids) => {
  ({ crewA, product } = ids);
});

describe('the office\'s "Mark completed" before the visit\'s day', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('is refused with 409 in the office\'s language (%s), the visit\'s status with it, and nothing written', async (locale) => {
    const email = `early.${locale}@example.com`;
    const visit = await bookCrewStop(crewA, email, FRIDAY);
    const refused = await markFromDashboard(await signInOffice(), visit, completion(), { cookie: `NEXT_LOCALE=${locale}` });
    expect(refused).toEqual({ status: 409, body: expect.objectContaining({ code: 'conflict', status: 'confirmed', message: getTranslator(locale, 'routing')('stopNotDueYet') }) });
    expect(refused.body.message).not.toMatch(/^routing\./);
    await expectUntouched(visit, email);
  });

  it('is refused at 23:59 on the Thursday in Hamilton, already Friday in UTC, and taken at midnight', async () => {
    const email = 'midnight@example.com';
    const visit = await bookCrewStop(crewA, email, FRIDAY);
    vi.setSystemTime(THURSDAY_LATE);
    expect((await markFromDashboard(await signInOffice(), visit, completion())).status).toBe(409);
    await expectUntouched(visit, email);
    vi.setSystemTime(FRIDAY_MIDNIGHT);
    expect(await markFromDashboard(await signInOffice(), visit, completion())).toEqual({ status: 200, body: expect.objectContaining({ id: visit, status: 'completed' }) });
    expect(await recordsOf(visit)).toHaveLength(1);
    expect(await emailsTo(email, 'visit-report')).toHaveLength(1);
  });

  it('is taken after the day, to catch up on a visit the office heard about late', async () => {
    const visit = await bookCrewStop(crewA, 'catch.up@example.com', FRIDAY);
    vi.setSystemTime(new Date('2027-06-14T13:30:00Z'));
    expect((await markFromDashboard(await signInOffice(), visit, completion())).body.status).toBe('completed');
  });
});

describe('an admin\'s "Mark done" on the day sheet before the visit\'s day', () => {
  it('is refused like the office\'s, with a change id and the time of the press too, and leaves no id behind', async () => {
    const email = 'sheet.early@example.com';
    const visit = await bookCrewStop(crewA, email, NEXT_FRIDAY);
    vi.setSystemTime(new Date('2027-06-11T15:00:00Z'));
    const office = await signInOffice();
    const now = new Date().toISOString();
    for (const body of [completion(), { ...completion(), changeId: randomUUID(), doneAt: now, takenAt: now }]) {
      expect(await markOnDaySheet(office, visit, body)).toEqual({ status: 409, body: expect.objectContaining({ status: 'confirmed', message: getTranslator('en', 'routing')('stopNotDueYet') }) });
    }
    await expectUntouched(visit, email);
    // Crew A's own stop: refused as before (0027).
    expect((await markOnDaySheet(await signInCrew(), visit, completion())).status).toBe(409);
    await expectUntouched(visit, email);
  });
});

describe('what stays as it was', () => {
  it('an admin takes back a later visit\'s completion made before this rule, from either screen', async () => {
    const first = await bookCrewStop(crewA, 'legacy.one@example.com', NEXT_FRIDAY);
    const second = await bookCrewStop(crewA, 'legacy.two@example.com', NEXT_FRIDAY);
    const db = await getDb();
    for (const id of [first, second]) await db.update(appointments).set({ status: 'completed', completedAt: WEEK_BEFORE }).where(eq(appointments.id, id));
    const office = await signInOffice();
    expect(await markFromDashboard(office, first, { status: 'confirmed' })).toEqual({ status: 200, body: expect.objectContaining({ id: first, status: 'confirmed' }) });
    expect(await markOnDaySheet(office, second, { status: 'confirmed' })).toEqual({ status: 200, body: expect.objectContaining({ id: second, status: 'confirmed' }) });
    // And it cannot be marked done again before its day.
    expect((await markFromDashboard(office, first, completion())).status).toBe(409);
  });

  it('the office still moves a later visit to another Friday', async () => {
    const visit = await bookCrewStop(crewA, 'still.moves@example.com', NEXT_FRIDAY);
    const moved = await markFromDashboard(await signInOffice(), visit, { date: '2027-06-25' });
    expect(moved.status).toBe(200);
    expect(await visitOf(visit)).toMatchObject({ status: 'confirmed' });
  });
});

describe('the Appointments tab\'s list', () => {
  it('says which day it is for the branch, so the tab offers "Mark completed" from a visit\'s day on', async () => {
    const read = async () => {
      jar.token = await signInOffice();
      const res = await listAppointments(new Request('http://localhost/api/admin/appointments?view=all'), { params: Promise.resolve({}) } as never);
      return (await res.json()) as Json;
    };
    expect((await read()).today).toBe('2027-06-04');
    vi.setSystemTime(THURSDAY_LATE);
    expect((await read()).today).toBe('2027-06-10');
    vi.setSystemTime(FRIDAY_MIDNIGHT);
    expect((await read()).today).toBe(FRIDAY);
  });
});
