import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { loadCustomerBookings } from '@/features/cancellations/cancellation.service';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { getTranslator } from '@/i18n/messages';
import { emailsTo } from '../support/outbox';
import { bookCrewStop, seedCrew, setUpClock, signInCrew } from '../support/day-sheet-marks';
import { signInOffice } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: postNotTreated, DELETE: deleteNotTreated } = await import('@/app/api/routes/technician/stops/[id]/not-treated/route');
const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');
const { GET: getDayRoutes } = await import('@/app/api/routes/route');
const { GET: getAppointments } = await import('@/app/api/admin/appointments/route');

const FRIDAY = '2027-06-11';
const NEXT_FRIDAY = '2027-06-18';
// Friday 10:00 in Hamilton (UTC-4 in June): the sheet is used on the visit's day.
const ON_THE_DAY = new Date('2027-06-11T14:00:00Z');
const EMAIL = 'priya.nair@example.com';
const t = getTranslator('en', 'routing');

let crewToken = '';
let officeToken = '';

async function notTreated(token: string | undefined, id: number, body?: unknown) {
  jar.token = token;
  const url = `http://localhost/api/routes/technician/stops/${id}/not-treated`;
  const params = { params: Promise.resolve({ id: String(id) }) };
  const res = body === undefined
    ? await deleteNotTreated(new Request(url, { method: 'DELETE' }), params)
    : await postNotTreated(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), params);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function visit(id: number) {
  const [row] = await (await getDb()).select({
    customerId: appointments.customerId, status: appointments.status, date: appointments.date, reason: appointments.notTreatedReason, note: appointments.notTreatedNote,
    at: appointments.notTreatedAt, byId: appointments.notTreatedById, reportQueuedAt: appointments.visitReportQueuedAt,
  }).from(appointments).where(eq(appointments.id, id));
  return row!;
}

let ownStop = 0;
let otherCrewStop = 0;
let futureStop = 0;

setUpClock(ON_THE_DAY, jar);
beforeAll(async () => {
  const { crewA, crewB } = await seedCrew();
  officeToken = await signInOffice();
  crewToken = await signInCrew();
  ownStop = await bookCrewStop(crewA, EMAIL, FRIDAY);
  otherCrewStop = await bookCrewStop(crewB, 'other.crew@example.com', FRIDAY);
  futureStop = await bookCrewStop(crewA, 'next.friday@example.com', NEXT_FRIDAY);
});

describe("POST /api/routes/technician/stops/{id}/not-treated: the technician's \"Couldn't treat\"", () => {
  it('records the reason, who and when on their own stop; the visit stays open and no report or email is queued', async () => {
    expect(await notTreated(crewToken, ownStop, { reason: 'no-access', note: '  Gate padlocked, nobody home  ' }))
      .toEqual({ status: 200, body: {
        id: ownStop, status: 'confirmed', notTreatedReason: 'no-access', notTreatedNote: 'Gate padlocked, nobody home', notTreatedAt: ON_THE_DAY.toISOString(), notTreatedBy: 'Crew A',
      } });
    const row = await visit(ownStop);
    expect(row).toMatchObject({ status: 'confirmed', reason: 'no-access', note: 'Gate padlocked, nobody home', reportQueuedAt: null });
    expect(row.at).toEqual(ON_THE_DAY);
    expect(row.byId).toEqual(expect.any(Number));
    expect(await emailsTo(EMAIL, 'visit-report')).toEqual([]);
  });

  it("shows on the office's route manager with the reason, the technician's name and the time", async () => {
    jar.token = officeToken;
    const res = await getDayRoutes(new Request(`http://localhost/api/routes?date=${FRIDAY}`), { params: Promise.resolve({}) });
    const day = (await res.json()) as { routes: { appointments: { appointment: Record<string, unknown> }[] }[] };
    const stop = day.routes.flatMap((route) => route.appointments).find((s) => s.appointment.id === ownStop)!;
    expect(stop.appointment).toMatchObject({
      notTreatedReason: 'no-access', notTreatedNote: 'Gate padlocked, nobody home', notTreatedAt: ON_THE_DAY.toISOString(), notTreatedBy: 'Crew A',
    });
  });

  it("shows on the office's visit list and the customer's page, where the row's Move sets another Friday", async () => {
    jar.token = officeToken;
    const res = await getAppointments(new Request('http://localhost/api/admin/appointments'), { params: Promise.resolve({}) });
    const page = (await res.json()) as { appointments: Record<string, unknown>[] };
    expect(page.appointments.find((a) => a.id === ownStop)).toMatchObject({
      status: 'confirmed', notTreatedReason: 'no-access', notTreatedAt: ON_THE_DAY.toISOString(), notTreatedBy: 'Crew A',
    });
    expect(page.appointments.find((a) => a.id === otherCrewStop)).toMatchObject({ notTreatedReason: null });
    // And on the customer's page, under their booking.
    const { bookings } = await loadCustomerBookings((await visit(ownStop)).customerId);
    expect(bookings.flatMap((b) => b.visits).find((v) => v.id === ownStop)).toMatchObject({ notTreatedReason: 'no-access', notTreatedBy: 'Crew A' });
  });

  it("the visit list's Status filter \"Not treated\" finds the visits still waiting for a new Friday, and only those", async () => {
    jar.token = officeToken;
    const list = async (query: string) => {
      const res = await getAppointments(new Request(`http://localhost/api/admin/appointments${query}`), { params: Promise.resolve({}) });
      expect(res.status, query).toBe(200);
      return ((await res.json()) as { appointments: { id: number; notTreatedReason: string | null }[] }).appointments;
    };
    for (const query of ['?view=all&status=not-treated', `?date=${FRIDAY}&status=not-treated`]) {
      expect((await list(query)).map((a) => a.id), query).toEqual([ownStop]);
    }
    // The same Friday's other visits are still there without the filter.
    expect((await list(`?date=${FRIDAY}`)).map((a) => a.id)).toEqual(expect.arrayContaining([ownStop, otherCrewStop]));
  });

  it("refuses another crew's stop and next Friday's visit, and changes nothing", async () => {
    expect(await notTreated(crewToken, otherCrewStop, { reason: 'weather' })).toEqual({ status: 403, body: expect.objectContaining({ message: t('stopNotOnYourRoute') }) });
    expect(await notTreated(crewToken, futureStop, { reason: 'weather' })).toEqual({ status: 409, body: expect.objectContaining({ message: t('stopNotDueYet') }) });
    // The office neither says a visit was not treated before its day.
    expect((await notTreated(officeToken, futureStop, { reason: 'weather' })).status).toBe(409);
    expect((await visit(otherCrewStop)).reason).toBeNull();
    expect((await visit(futureStop)).reason).toBeNull();
  });

  it("requires a reason from the list, and a note for 'other'", async () => {
    expect(await notTreated(crewToken, otherCrewStop, {})).toMatchObject({ status: 400 });
    const other = await notTreated(crewToken, ownStop, { reason: 'other', note: '   ' });
    expect(other).toEqual({ status: 400, body: expect.objectContaining({ fields: { note: t('notTreated.noteRequired') } }) });
    expect((await notTreated(crewToken, ownStop, { reason: 'lunch' })).status).toBe(400);
    expect((await visit(ownStop)).reason).toBe('no-access');
  });

  it('Undo takes it back; a done mark after all clears it and sends the report', async () => {
    expect(await notTreated(crewToken, ownStop)).toEqual({
      status: 200, body: { id: ownStop, status: 'confirmed', notTreatedReason: null, notTreatedNote: null, notTreatedAt: null, notTreatedBy: null },
    });
    expect(await visit(ownStop)).toMatchObject({ reason: null, note: null, at: null, byId: null });

    await notTreated(crewToken, ownStop, { reason: 'people-or-pets' });
    jar.token = crewToken;
    const done = await patchStop(
      new Request(`http://localhost/api/routes/technician/stops/${ownStop}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'completed' }) }),
      { params: Promise.resolve({ id: String(ownStop) }) },
    );
    expect(done.status).toBe(200);
    expect(await visit(ownStop)).toMatchObject({ status: 'completed', reason: null });
    expect(await emailsTo(EMAIL, 'visit-report')).toHaveLength(1);
    // A done visit is not "not treated": the done mark is taken back first.
    expect(await notTreated(crewToken, ownStop, { reason: 'weather' })).toEqual({ status: 409, body: expect.objectContaining({ message: t('notTreated.onlyOpenStop') }) });
  });

  it("the office's move to another Friday clears it", async () => {
    await notTreated(officeToken, otherCrewStop, { reason: 'customer-asked' });
    expect((await visit(otherCrewStop)).reason).toBe('customer-asked');
    await moveAppointment(otherCrewStop, '2027-06-25', { now: ON_THE_DAY });
    expect(await visit(otherCrewStop)).toMatchObject({ date: '2027-06-25', status: 'confirmed', reason: null, at: null });
  });
});
