import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { selectDashboardTotals } from '@/features/staff-dashboard/dashboard.repository';
import { buildAppointmentListPath, NEEDS_NEW_DATE_FILTER } from '@/features/staff-dashboard/appointment-list';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { bookCrewStop, seedCrew, setUpClock } from '../support/day-sheet-marks';
import { signInOffice } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: postNotTreated } = await import('@/app/api/routes/technician/stops/[id]/not-treated/route');
const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');
const { GET: getAppointments } = await import('@/app/api/admin/appointments/route');

const FRIDAY = '2027-06-11';
// The Monday after: the office rebooks the visits the crew could not treat on Friday.
const MONDAY_AFTER = new Date('2027-06-14T14:00:00Z');

let officeToken = '';
let gateLocked = 0;
let treatedLater = 0;
let moved = 0;
let cancelled = 0;
let treated = 0;

async function sayNotTreated(id: number, reason: string) {
  jar.token = officeToken;
  const res = await postNotTreated(
    new Request(`http://localhost/api/routes/technician/stops/${id}/not-treated`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reason }) }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  expect(res.status).toBe(200);
}

/** The ids the Appointments tab lists for its "Needs a new date" link (every day, that status). */
async function listedAsNeedingDate(): Promise<number[]> {
  jar.token = officeToken;
  const res = await getAppointments(new Request(`http://localhost${buildAppointmentListPath(NEEDS_NEW_DATE_FILTER)}`), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { appointments: { id: number }[] }).appointments.map((a) => a.id).sort((a, b) => a - b);
}

setUpClock(MONDAY_AFTER, jar);
beforeAll(async () => {
  const { crewA } = await seedCrew();
  officeToken = await signInOffice();
  gateLocked = await bookCrewStop(crewA, 'gate.locked@example.com', FRIDAY);
  treatedLater = await bookCrewStop(crewA, 'treated.later@example.com', FRIDAY);
  moved = await bookCrewStop(crewA, 'moved@example.com', FRIDAY);
  cancelled = await bookCrewStop(crewA, 'cancelled@example.com', FRIDAY);
  treated = await bookCrewStop(crewA, 'treated@example.com', FRIDAY);
  for (const id of [gateLocked, treatedLater, moved, cancelled]) await sayNotTreated(id, 'no-access');
});

describe("the dashboard's \"Needs attention\" counts the visits not treated that still need a new Friday (0086)", () => {
  it('counts and lists a visit not treated and not since done, moved or cancelled, and nothing else', async () => {
    const db = await getDb();
    const before = (await selectDashboardTotals(db)).needsNewDate;
    expect(before).toBe(4);
    expect(await listedAsNeedingDate()).toEqual([gateLocked, treatedLater, moved, cancelled]);

    // Treated after all (the gate opened later): the done mark clears it.
    jar.token = officeToken;
    const done = await patchStop(
      new Request(`http://localhost/api/routes/technician/stops/${treatedLater}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'completed' }) }),
      { params: Promise.resolve({ id: String(treatedLater) }) },
    );
    expect(done.status).toBe(200);
    // Rebooked: the office moved it to another Friday.
    await moveAppointment(moved, '2027-06-25', { now: MONDAY_AFTER });
    // Cancelled: nothing to rebook, even with the mark still on the row.
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, cancelled));

    expect((await selectDashboardTotals(db)).needsNewDate).toBe(1);
    expect(await listedAsNeedingDate()).toEqual([gateLocked]);
    expect(await listedAsNeedingDate()).not.toContain(treated);
  });
});
