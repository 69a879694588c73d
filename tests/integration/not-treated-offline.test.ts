import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appliedStopChanges, appointments } from '@/db/schema/appointments';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { getTranslator } from '@/i18n/messages';
import { bookCrewStop, seedCrew, setUpClock, signInCrew } from '../support/day-sheet-marks';
import { signInOffice } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: postNotTreated, DELETE: deleteNotTreated } = await import('@/app/api/routes/technician/stops/[id]/not-treated/route');
const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');

const FRIDAY = '2027-06-11';
// Friday 15:00 in Hamilton (UTC-4 in June): signal is back after a morning in a dead zone.
const NOW = new Date('2027-06-11T19:00:00Z');
// 10:12 that morning, at the locked gate.
const AT_THE_GATE = new Date('2027-06-11T14:12:00Z');
const t = getTranslator('en', 'routing');

let crewToken = '';
let officeToken = '';
let gate = 0;
let doneByOffice = 0;
let movedByOffice = 0;

/** POST (a mark) or DELETE (its Undo) of "Couldn't treat", as the phone's outbox sends a kept change. */
async function send(token: string, id: number, body: Record<string, unknown>, method: 'POST' | 'DELETE' = 'POST') {
  jar.token = token;
  const req = new Request(`http://localhost/api/routes/technician/stops/${id}/not-treated`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const res = await (method === 'POST' ? postNotTreated : deleteNotTreated)(req, { params: Promise.resolve({ id: String(id) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function markOf(id: number) {
  const [row] = await (await getDb()).select({ status: appointments.status, date: appointments.date, reason: appointments.notTreatedReason, at: appointments.notTreatedAt })
    .from(appointments).where(eq(appointments.id, id));
  return row!;
}

async function appliedIds(id: number) {
  return (await (await getDb()).select({ id: appliedStopChanges.id, kind: appliedStopChanges.kind }).from(appliedStopChanges).where(eq(appliedStopChanges.appointmentId, id)))
    .map((row) => `${row.kind}:${row.id}`).sort();
}

setUpClock(NOW, jar);
beforeAll(async () => {
  const { crewA } = await seedCrew();
  officeToken = await signInOffice();
  crewToken = await signInCrew();
  gate = await bookCrewStop(crewA, 'locked.gate@example.com', FRIDAY);
  doneByOffice = await bookCrewStop(crewA, 'done.by.office@example.com', FRIDAY);
  movedByOffice = await bookCrewStop(crewA, 'moved.by.office@example.com', FRIDAY);
});

const MARK_ID = '7d1c0b7e-3f0a-4a51-9a59-2f7b8e1c4a01';
const UNDO_ID = '7d1c0b7e-3f0a-4a51-9a59-2f7b8e1c4a02';

describe('"Couldn\'t treat" kept on the phone and sent when signal is back (0086)', () => {
  it('is dated when it was pressed, and the same change arriving twice is applied once', async () => {
    const mark = { reason: 'no-access', note: 'Padlock on the side gate', changeId: MARK_ID, takenAt: AT_THE_GATE.toISOString() };
    expect(await send(crewToken, gate, mark)).toEqual({ status: 200, body: {
      id: gate, status: 'confirmed', notTreatedReason: 'no-access', notTreatedNote: 'Padlock on the side gate', notTreatedAt: AT_THE_GATE.toISOString(), notTreatedBy: 'Crew A',
    } });
    expect((await markOf(gate)).at).toEqual(AT_THE_GATE);

    // The office corrects the reason; then the phone, whose first answer was lost, sends the mark again.
    expect((await send(officeToken, gate, { reason: 'customer-asked' })).status).toBe(200);
    expect(await send(crewToken, gate, mark)).toEqual({ status: 200, body: expect.objectContaining({ id: gate, status: 'confirmed', notTreatedReason: 'customer-asked', replayed: true }) });
    expect((await markOf(gate)).reason).toBe('customer-asked');
    expect(await appliedIds(gate)).toEqual([`not-treated:${MARK_ID}`]);
  });

  it('its Undo, kept too, is applied once: a resend does not take back a mark made since', async () => {
    const undo = { changeId: UNDO_ID, takenAt: AT_THE_GATE.toISOString() };
    expect(await send(crewToken, gate, undo, 'DELETE')).toEqual({ status: 200, body: expect.objectContaining({ notTreatedReason: null }) });
    expect((await markOf(gate)).reason).toBeNull();
    expect((await send(crewToken, gate, { reason: 'weather' })).status).toBe(200);
    expect(await send(crewToken, gate, undo, 'DELETE')).toEqual({ status: 200, body: expect.objectContaining({ notTreatedReason: 'weather', replayed: true }) });
    expect((await markOf(gate)).reason).toBe('weather');
    // An id names one change: sent as another kind, it is refused.
    expect((await send(crewToken, gate, { reason: 'weather', changeId: UNDO_ID, takenAt: AT_THE_GATE.toISOString() })).status).toBe(400);
  });

  it('is refused with the reason when the office marked the visit done meanwhile, and leaves no id behind', async () => {
    jar.token = officeToken;
    const done = await patchStop(
      new Request(`http://localhost/api/routes/technician/stops/${doneByOffice}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'completed' }) }),
      { params: Promise.resolve({ id: String(doneByOffice) }) },
    );
    expect(done.status).toBe(200);
    const late = { reason: 'people-or-pets', changeId: '7d1c0b7e-3f0a-4a51-9a59-2f7b8e1c4a03', takenAt: AT_THE_GATE.toISOString() };
    expect(await send(crewToken, doneByOffice, late)).toEqual({ status: 409, body: expect.objectContaining({ status: 'completed', message: t('notTreated.onlyOpenStop') }) });
    expect(await markOf(doneByOffice)).toMatchObject({ status: 'completed', reason: null });
    expect(await appliedIds(doneByOffice)).toEqual([]);
  });

  it('is refused when the office moved the visit to another Friday meanwhile: no mark lands on the new date', async () => {
    await moveAppointment(movedByOffice, '2027-06-25', { now: NOW });
    const late = { reason: 'no-access', changeId: '7d1c0b7e-3f0a-4a51-9a59-2f7b8e1c4a04', takenAt: AT_THE_GATE.toISOString() };
    expect(await send(crewToken, movedByOffice, late)).toEqual({ status: 403, body: expect.objectContaining({ message: t('stopNotOnYourRoute') }) });
    expect(await markOf(movedByOffice)).toMatchObject({ date: '2027-06-25', reason: null });
  });

  it('is refused unread when it waited longer than the server keeps change ids', async () => {
    const old = { reason: 'no-access', changeId: '7d1c0b7e-3f0a-4a51-9a59-2f7b8e1c4a05', takenAt: new Date(NOW.getTime() - 31 * 24 * 3600_000).toISOString() };
    expect((await send(crewToken, doneByOffice, old)).status).toBe(410);
  });
});
