/**
 * The day sheet's change ids (docs/decisions/0052): PATCH /api/routes/technician/stops/{id} with
 * `changeId`, the id the phone gave the press. A change applied once is never applied again, even
 * when the office changed the stop after it (the phone's answer was lost and it sends the change
 * again); the answer then says `replayed` with the stop as it is now. Concurrent copies apply once.
 * Without an id the PATCH works as before (0045). The retention sweep forgets ids after 30 days,
 * and a change taken longer ago than that is refused without writing anything (0057).
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appliedStopChanges, appointments } from '@/db/schema/appointments';
import { runRetentionSweep } from '@/features/privacy/retention.service';
import { getTranslator } from '@/i18n/messages';
import { bookCrewStop, recordsOf, signInCrew, signInOffice, setUpCrewOnClock, visitOf } from '../support/day-sheet-marks';
import { emailsTo } from '../support/outbox';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar
// (each request reads it before its first await, so concurrent requests keep their own token).
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');
const { PATCH: patchAppointment } = await import('@/app/api/admin/appointments/[id]/route');

const FRIDAY = '2027-06-11';
const NEXT_FRIDAY = '2027-06-18';
// Friday 11:00 in Hamilton (UTC-4 in June).
const ON_THE_DAY = new Date('2027-06-11T15:00:00Z');
// When the technician pressed "Mark done" in the back yard.
const PRESSED = '2027-06-11T14:12:34.567Z';

const t = getTranslator('en', 'routing');
let crewA = 0;
let product = 0;

type Json = { id?: number; status?: string; replayed?: boolean; message?: string; fields?: Record<string, string> };

async function call(handler: typeof patchStop, path: string, token: string, id: number, body: unknown, headers: Record<string, string> = {}) {
  jar.token = token;
  const res = await handler(
    new Request(`http://localhost${path}/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return { status: res.status, body: (await res.json()) as Json };
}

/** A customer's own visit on `date`, on Crew A's route that day. */
const bookStop = (email: string, date = FRIDAY) => bookCrewStop(crewA, email, date);

/** The day sheet's PATCH. */
const markStop = (token: string, id: number, body: unknown, headers: Record<string, string> = {}) => call(patchStop, '/api/routes/technician/stops', token, id, body, headers);
/** The dashboard's PATCH: the office takes a completion back, or marks the visit done. */
const officeChange = (token: string, id: number, body: unknown) => call(patchAppointment, '/api/admin/appointments', token, id, body);

async function appliedIds(appointmentId: number) {
  return (await getDb()).select({ id: appliedStopChanges.id, kind: appliedStopChanges.kind, appliedAt: appliedStopChanges.appliedAt })
    .from(appliedStopChanges).where(eq(appliedStopChanges.appointmentId, appointmentId)).orderBy(asc(appliedStopChanges.appliedAt));
}

const mark = (changeId: string | undefined, note = 'Back hedge and under the deck') => ({
  status: 'completed', ...(changeId ? { changeId } : {}), doneAt: PRESSED, note, applications: [{ productId: product, amount: '12,5' }],
});

setUpCrewOnClock(ON_THE_DAY, jar, (ids) => {
  ({ crewA, product } = ids);
});

describe('a change sent with its id is applied once', () => {
  it('the same mark twice: one completion, one application record, one report; the second answer says replayed', async () => {
    const stop = await bookStop('same.id@example.com');
    const crew = await signInCrew();
    const changeId = randomUUID();

    expect(await markStop(crew, stop, mark(changeId))).toEqual({ status: 200, body: { id: stop, status: 'completed' } });
    const [first] = await recordsOf(stop);
    expect(first).toMatchObject({ amountHundredths: 1250, recordedAt: new Date(PRESSED) });

    // Sent again later (its answer was lost), the note edited in between: nothing is written.
    vi.setSystemTime(new Date('2027-06-11T16:00:00Z'));
    expect(await markStop(crew, stop, mark(changeId, 'Edited after'))).toEqual({ status: 200, body: { id: stop, status: 'completed', replayed: true } });
    expect(await recordsOf(stop)).toEqual([first]);
    expect(await visitOf(stop)).toEqual({ status: 'completed', completedAt: new Date(PRESSED), visitNote: 'Back hedge and under the deck' });
    expect(await emailsTo('same.id@example.com', 'visit-report')).toHaveLength(1);
    expect(await appliedIds(stop)).toEqual([{ id: changeId, kind: 'done', appliedAt: ON_THE_DAY }]);
  });

  it('a mark applied, then taken back by the office: the same mark again leaves the stop open and says replayed', async () => {
    const stop = await bookStop('office.undid@example.com');
    const crew = await signInCrew();
    const changeId = randomUUID();
    expect((await markStop(crew, stop, mark(changeId))).status).toBe(200);

    // The office takes the completion back from the dashboard (the mark was done by mistake).
    vi.setSystemTime(new Date('2027-06-11T15:20:00Z'));
    expect(await officeChange(await signInOffice(), stop, { status: 'confirmed' })).toEqual({ status: 200, body: expect.objectContaining({ id: stop, status: 'confirmed' }) });
    const reopened = await visitOf(stop);
    const recordsBefore = await recordsOf(stop);

    // The phone, whose answer was lost, sends its mark again.
    vi.setSystemTime(new Date('2027-06-11T15:40:00Z'));
    expect(await markStop(crew, stop, mark(changeId))).toEqual({ status: 200, body: { id: stop, status: 'confirmed', replayed: true } });
    expect(await visitOf(stop)).toEqual(reopened);
    expect(reopened.status).toBe('confirmed');
    expect(await recordsOf(stop)).toEqual(recordsBefore);
    expect(await emailsTo('office.undid@example.com', 'visit-report')).toHaveLength(1);
  });

  it('an Undo applied, then the stop marked done again by the office: the same Undo again leaves it done', async () => {
    const stop = await bookStop('office.redid@example.com');
    const crew = await signInCrew();
    expect((await markStop(crew, stop, mark(randomUUID()))).status).toBe(200);
    const undoId = randomUUID();
    expect(await markStop(crew, stop, { status: 'confirmed', changeId: undoId })).toEqual({ status: 200, body: { id: stop, status: 'confirmed' } });

    vi.setSystemTime(new Date('2027-06-11T15:30:00Z'));
    expect((await officeChange(await signInOffice(), stop, { status: 'completed', applications: [{ productId: product, amount: '4' }] })).status).toBe(200);
    const redone = await visitOf(stop);

    expect(await markStop(crew, stop, { status: 'confirmed', changeId: undoId })).toEqual({ status: 200, body: { id: stop, status: 'completed', replayed: true } });
    expect(await visitOf(stop)).toEqual(redone);
    expect(redone.status).toBe('completed');
    expect((await recordsOf(stop)).map((r) => r.amountHundredths)).toEqual([400]);
    expect((await appliedIds(stop)).map((r) => r.kind)).toEqual(['done', 'undo']);
  });

  it('copies of one mark arriving at once: one completion, one record, one report; the others say replayed', async () => {
    const stop = await bookStop('at.once@example.com');
    const crew = await signInCrew();
    const changeId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => markStop(crew, stop, mark(changeId))));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.replayed === true)).toHaveLength(2);
    expect(answers.every((a) => a.body.status === 'completed')).toBe(true);
    expect(await recordsOf(stop)).toHaveLength(1);
    expect(await emailsTo('at.once@example.com', 'visit-report')).toHaveLength(1);
    expect(await appliedIds(stop)).toHaveLength(1);
  });

  it('a refused change leaves no id behind: sent again once the stop allows it, it is applied', async () => {
    const stop = await bookStop('refused.first@example.com');
    const crew = await signInCrew();
    const changeId = randomUUID();
    // No product: a treatment needs its record while the branch has products (0042).
    const refused = await markStop(crew, stop, { status: 'completed', changeId, doneAt: PRESSED });
    expect(refused.status).toBe(400);
    expect(await appliedIds(stop)).toEqual([]);
    expect((await visitOf(stop)).status).toBe('confirmed');

    expect(await markStop(crew, stop, mark(changeId))).toEqual({ status: 200, body: { id: stop, status: 'completed' } });
    expect(await recordsOf(stop)).toHaveLength(1);
  });

  it('refuses an id used for another stop or change, and one that is not a UUID, by the field', async () => {
    const first = await bookStop('id.first@example.com');
    const second = await bookStop('id.second@example.com');
    const crew = await signInCrew();
    const changeId = randomUUID();
    expect((await markStop(crew, first, mark(changeId))).status).toBe(200);

    const otherStop = await markStop(crew, second, mark(changeId));
    expect(otherStop).toEqual({ status: 400, body: expect.objectContaining({ message: t('invalidChangeId'), fields: { changeId: t('invalidChangeId') } }) });
    expect((await visitOf(second)).status).toBe('confirmed');
    const otherKind = await markStop(crew, first, { status: 'confirmed', changeId });
    expect(otherKind.status).toBe(400);
    expect((await visitOf(first)).status).toBe('completed');

    for (const bad of ['m3k9x2-4f8a1c0b7e', '', 42]) {
      expect(await markStop(crew, second, { ...mark(undefined), changeId: bad })).toEqual({ status: 400, body: expect.objectContaining({ fields: { changeId: t('invalidChangeId') } }) });
    }
    expect((await visitOf(second)).status).toBe('confirmed');
  });

  it('answers a change applied before as it stands even when its time and the visit\'s day are now out of bounds (taken back and moved to next Friday)', async () => {
    const stop = await bookStop('admin.again@example.com');
    const office = await signInOffice();
    const changeId = randomUUID();
    expect((await markStop(office, stop, mark(changeId))).status).toBe(200);
    // The office takes it back and gives the visit next Friday (the move's own rules are not under test here).
    expect((await officeChange(office, stop, { status: 'confirmed' })).status).toBe(200);
    await (await getDb()).update(appointments).set({ date: NEXT_FRIDAY }).where(eq(appointments.id, stop));
    vi.setSystemTime(new Date('2027-06-12T14:00:00Z'));
    const again = await signInOffice();
    expect(await markStop(again, stop, mark(changeId))).toEqual({ status: 200, body: { id: stop, status: 'confirmed', replayed: true } });
    expect(await recordsOf(stop)).toHaveLength(1);
    expect(await emailsTo('admin.again@example.com', 'visit-report')).toHaveLength(1);
    // A new mark is refused: the visit's day has not come (0057).
    expect(await markStop(again, stop, mark(randomUUID()))).toEqual({ status: 409, body: expect.objectContaining({ message: t('stopNotDueYet'), status: 'confirmed' }) });
  });

  it('takes an id in capitals as the same id', async () => {
    const stop = await bookStop('capital.id@example.com');
    const crew = await signInCrew();
    const changeId = randomUUID();
    expect((await markStop(crew, stop, mark(changeId.toUpperCase()))).status).toBe(200);
    expect((await markStop(crew, stop, mark(changeId))).body.replayed).toBe(true);
  });
});

describe('a PATCH without an id, as older phones and the office send it', () => {
  it('works as before: marked done, the same doneAt again is a success without a second record, Undo by its status', async () => {
    const stop = await bookStop('no.id@example.com');
    const crew = await signInCrew();
    expect(await markStop(crew, stop, mark(undefined))).toEqual({ status: 200, body: { id: stop, status: 'completed' } });
    expect(await markStop(crew, stop, mark(undefined))).toEqual({ status: 200, body: { id: stop, status: 'completed' } });
    expect(await recordsOf(stop)).toHaveLength(1);
    expect(await markStop(crew, stop, { status: 'confirmed' })).toEqual({ status: 200, body: { id: stop, status: 'confirmed' } });
    expect(await markStop(crew, stop, { status: 'confirmed' })).toEqual({ status: 200, body: { id: stop, status: 'confirmed' } });
    expect(await appliedIds(stop)).toEqual([]);
  });
});

describe('the retention sweep', () => {
  it('forgets applied change ids after 30 days and keeps the newer ones', async () => {
    const old = await bookStop('old.id@example.com');
    const recent = await bookStop('recent.id@example.com');
    const crew = await signInCrew();
    const oldId = randomUUID();
    const recentId = randomUUID();
    expect((await markStop(crew, old, mark(oldId))).status).toBe(200);
    vi.setSystemTime(new Date('2027-06-11T18:00:00Z'));
    expect((await markStop(await signInCrew(), recent, { ...mark(recentId), doneAt: '2027-06-11T17:59:00Z' })).status).toBe(200);

    // 30 days and an hour after the first: it is due (with the earlier tests' ids, all from 15:00 to
    // 15:40 that Friday), the one applied at 18:00 is not.
    vi.setSystemTime(new Date('2027-07-11T16:00:00Z'));
    const before = await (await getDb()).$count(appliedStopChanges);
    const report = await runRetentionSweep(new Date());
    expect(report.stopChanges).toBe(before - 1);
    expect(await appliedIds(old)).toEqual([]);
    expect((await appliedIds(recent)).map((r) => r.id)).toEqual([recentId]);
    // The visits themselves are untouched.
    expect((await visitOf(old)).status).toBe('completed');
    expect((await runRetentionSweep(new Date())).stopChanges).toBe(0);
  });
});

describe('a change kept on a phone longer than the server keeps ids (0057)', () => {
  const DAY = 86_400_000;
  const tooOld = (days = 30) => expect.objectContaining({ code: 'gone', message: t('stopChangeTooOld', { days }) });

  it('a mark applied, its answer lost, taken back by the office, sent again once the sweep forgot its id: refused, nothing written again', async () => {
    const stop = await bookStop('drawer.mark@example.com');
    const changeId = randomUUID();
    expect((await markStop(await signInCrew(), stop, { ...mark(changeId), takenAt: PRESSED })).status).toBe(200);
    expect((await officeChange(await signInOffice(), stop, { status: 'confirmed' })).status).toBe(200);
    const reopened = await visitOf(stop);
    const records = await recordsOf(stop);

    // The phone spent a month in a drawer; the sweep has forgotten the id.
    vi.setSystemTime(new Date(ON_THE_DAY.getTime() + 31 * DAY));
    await runRetentionSweep(new Date());
    expect(await appliedIds(stop)).toEqual([]);
    const again = await markStop(await signInCrew(), stop, { ...mark(changeId), takenAt: PRESSED }, { 'accept-language': 'fr' });
    expect(again).toEqual({ status: 410, body: expect.objectContaining({ code: 'gone', message: getTranslator('fr', 'routing')('stopChangeTooOld', { days: 30 }) }) });
    expect(again.body.message).toContain('30');
    expect(await visitOf(stop)).toEqual(reopened);
    expect(reopened.status).toBe('confirmed');
    expect(await recordsOf(stop)).toEqual(records);
    expect(await emailsTo('drawer.mark@example.com', 'visit-report')).toHaveLength(1);
    expect(await appliedIds(stop)).toEqual([]);
  });

  it('refuses one never applied too, an Undo as a mark: the server cannot tell it from one it forgot', async () => {
    const stop = await bookStop('drawer.never@example.com');
    expect((await markStop(await signInCrew(), stop, mark(randomUUID()))).status).toBe(200);
    vi.setSystemTime(new Date(ON_THE_DAY.getTime() + 31 * DAY));
    const crew = await signInCrew();
    expect(await markStop(crew, stop, { status: 'confirmed', changeId: randomUUID(), takenAt: ON_THE_DAY.toISOString() })).toEqual({ status: 410, body: tooOld() });
    expect((await visitOf(stop)).status).toBe('completed');
    expect((await appliedIds(stop)).map((r) => r.kind)).toEqual(['done']);
  });

  it('judges an older sheet\'s done mark, sent without takenAt, by its doneAt, and its Undo without any time by its id as before', async () => {
    const stop = await bookStop('older.sheet@example.com');
    vi.setSystemTime(new Date(ON_THE_DAY.getTime() + 31 * DAY));
    const crew = await signInCrew();
    expect(await markStop(crew, stop, mark(randomUUID()))).toEqual({ status: 410, body: tooOld() });
    expect(await visitOf(stop)).toMatchObject({ status: 'confirmed', completedAt: null });
    expect(await recordsOf(stop)).toEqual([]);
    expect(await appliedIds(stop)).toEqual([]);

    // Marked done now, then an older sheet's Undo: no time to judge, so its id decides, as in 0052.
    expect((await markStop(crew, stop, { ...mark(randomUUID()), doneAt: new Date().toISOString() })).status).toBe(200);
    const undoId = randomUUID();
    expect(await markStop(crew, stop, { status: 'confirmed', changeId: undoId })).toEqual({ status: 200, body: { id: stop, status: 'confirmed' } });
    expect((await markStop(crew, stop, { status: 'confirmed', changeId: undoId })).body.replayed).toBe(true);
  });

  it('does not believe a time ahead of the server\'s clock (a phone set in the future would never look old); the clock skew is allowed', async () => {
    const stop = await bookStop('future.clock@example.com');
    const crew = await signInCrew();
    const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    expect(await markStop(crew, stop, { ...mark(randomUUID()), doneAt: undefined, takenAt: ahead(24 * 60 * 365) })).toEqual({ status: 400, body: expect.objectContaining({ message: t('takenAtInFuture') }) });
    expect(await markStop(crew, stop, { ...mark(randomUUID()), doneAt: undefined, takenAt: ahead(6) })).toEqual({ status: 400, body: expect.objectContaining({ message: t('takenAtInFuture') }) });
    expect(await visitOf(stop)).toMatchObject({ status: 'confirmed', completedAt: null });
    expect(await appliedIds(stop)).toEqual([]);
    expect((await markStop(crew, stop, { ...mark(randomUUID()), doneAt: undefined, takenAt: ahead(4) })).status).toBe(200);
  });

  it('refuses a takenAt that is not a date and time by the field', async () => {
    const stop = await bookStop('bad.time@example.com');
    for (const bad of ['yesterday', '2027-06-11 10:12', 42]) {
      expect(await markStop(await signInCrew(), stop, { ...mark(randomUUID()), takenAt: bad })).toEqual({ status: 400, body: expect.objectContaining({ fields: { takenAt: t('invalidTakenAt') } }) });
    }
    expect((await visitOf(stop)).status).toBe('confirmed');
  });

  it('still answers a change taken just inside the window as a replay: its id is kept until then', async () => {
    const stop = await bookStop('inside.window@example.com');
    const changeId = randomUUID();
    expect((await markStop(await signInCrew(), stop, { ...mark(changeId), takenAt: PRESSED })).status).toBe(200);
    // 30 days after the press, less six minutes: the sweep keeps the id applied at 15:00, and the server takes the change.
    vi.setSystemTime(new Date(new Date(PRESSED).getTime() + 30 * DAY - 6 * 60_000));
    await runRetentionSweep(new Date());
    expect(await markStop(await signInCrew(), stop, { ...mark(changeId), takenAt: PRESSED })).toEqual({ status: 200, body: { id: stop, status: 'completed', replayed: true } });
    expect(await recordsOf(stop)).toHaveLength(1);
  });
});
