/**
 * A done mark sent late from a phone without signal (docs/decisions/0045): PATCH
 * /api/routes/technician/stops/{id} with `doneAt`, the instant the technician pressed "Mark done".
 * The visit's completion and its application record are dated with it, within bounds; the same
 * mark arriving twice records nothing twice; a mark made at another time on a stop already done
 * is refused with the stop's status.
 */
import { describe, expect, it, vi } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { bookCrewStop, recordsOf, signInCrew, signInOffice, setUpCrewOnClock, visitOf } from '../support/day-sheet-marks';
import { emailsTo } from '../support/outbox';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { PATCH } = await import('@/app/api/routes/technician/stops/[id]/route');

const FRIDAY = '2027-06-11';
const NEXT_FRIDAY = '2027-06-18';
// Friday 11:00 in Hamilton (UTC-4 in June), and the Monday after at 09:00: signal came back.
const ON_THE_DAY = new Date('2027-06-11T15:00:00Z');
const MONDAY_AFTER = new Date('2027-06-14T13:00:00Z');
// When the technician pressed "Mark done" in the back yard: Friday 10:12:34.567.
const PRESSED = '2027-06-11T14:12:34.567Z';

const t = getTranslator('en', 'routing');
let crewA = 0;
let product = 0;

type Json = { id?: number; status?: string; message?: string; fields?: Record<string, string> };

/** A customer's own visit on `date`, on Crew A's route that day. */
const bookStop = (email: string, date = FRIDAY) => bookCrewStop(crewA, email, date);

async function markStop(token: string, id: number, body: unknown, headers: Record<string, string> = {}) {
  jar.token = token;
  const res = await PATCH(
    new Request(`http://localhost/api/routes/technician/stops/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return { status: res.status, body: (await res.json()) as Json };
}

const mark = (doneAt: string, note = 'Back hedge and under the deck') => ({ status: 'completed', doneAt, note, applications: [{ productId: product, amount: '12,5' }] });

setUpCrewOnClock(ON_THE_DAY, jar, (ids) => {
  ({ crewA, product } = ids);
});

describe('a done mark sent late, with when it was pressed (doneAt)', () => {
  it('dates the visit\'s completion and its application record with the press, not with its arrival on Monday', async () => {
    const stop = await bookStop('late.mark@example.com');
    vi.setSystemTime(MONDAY_AFTER);
    const crew = await signInCrew();

    expect(await markStop(crew, stop, mark(PRESSED))).toEqual({ status: 200, body: { id: stop, status: 'completed' } });
    expect(await visitOf(stop)).toEqual({ status: 'completed', completedAt: new Date(PRESSED), visitNote: 'Back hedge and under the deck' });
    const records = await recordsOf(stop);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ productId: product, amountHundredths: 1250, appliedOn: FRIDAY, recordedAt: new Date(PRESSED), technicianId: crewA });
    expect(await emailsTo('late.mark@example.com', 'visit-report')).toHaveLength(1);

    // Without doneAt, as before: dated when it arrives.
    const unstamped = await bookStop('no.time@example.com');
    expect((await markStop(crew, unstamped, { status: 'completed', applications: [{ productId: product, amount: '3' }] })).status).toBe(200);
    expect((await visitOf(unstamped)).completedAt).toEqual(MONDAY_AFTER);
    expect((await recordsOf(unstamped))[0]!.recordedAt).toEqual(MONDAY_AFTER);
  });

  it('reads a time written with its offset as the same instant', async () => {
    const stop = await bookStop('offset.mark@example.com');
    expect((await markStop(await signInCrew(), stop, mark('2027-06-11T10:12:34.567-04:00'))).status).toBe(200);
    expect((await visitOf(stop)).completedAt).toEqual(new Date(PRESSED));
  });

  it('takes the same mark arriving again (its first answer was lost) as a success, recording nothing twice', async () => {
    const stop = await bookStop('twice.mark@example.com');
    const crew = await signInCrew();
    expect((await markStop(crew, stop, mark(PRESSED))).status).toBe(200);
    const [first] = await recordsOf(stop);

    // The phone sends it again, even with a note edited in between: the mark is the one stored.
    expect(await markStop(crew, stop, mark(PRESSED, 'Edited after'))).toEqual({ status: 200, body: { id: stop, status: 'completed' } });
    expect(await recordsOf(stop)).toEqual([first]);
    expect(await visitOf(stop)).toEqual({ status: 'completed', completedAt: new Date(PRESSED), visitNote: 'Back hedge and under the deck' });
    expect(await emailsTo('twice.mark@example.com', 'visit-report')).toHaveLength(1);

    // Undone and marked again later: a new mark with its own time replaces the record.
    expect((await markStop(crew, stop, { status: 'confirmed' })).status).toBe(200);
    const later = '2027-06-11T15:30:00.000Z';
    vi.setSystemTime(new Date('2027-06-11T15:31:00Z'));
    expect((await markStop(crew, stop, mark(later, 'Second pass'))).status).toBe(200);
    expect(await visitOf(stop)).toEqual({ status: 'completed', completedAt: new Date(later), visitNote: 'Second pass' });
    expect((await recordsOf(stop)).map((r) => r.recordedAt)).toEqual([new Date(later)]);
  });

  it('refuses a mark made at another time on a stop already done (the office, another phone), with its status, changing nothing', async () => {
    const stop = await bookStop('office.first@example.com');
    // The office marks it done from the dashboard meanwhile (no time of its own: the server's clock).
    expect((await markStop(await signInOffice(), stop, { status: 'completed', applications: [{ productId: product, amount: '2' }] })).status).toBe(200);
    const before = await visitOf(stop);

    vi.setSystemTime(new Date('2027-06-11T15:30:00Z'));
    const refused = await markStop(await signInCrew(), stop, mark('2027-06-11T15:20:00.000Z'));
    expect(refused).toEqual({ status: 409, body: expect.objectContaining({ status: 'completed', message: t('stopAlreadyDone') }) });
    expect(await visitOf(stop)).toEqual(before);
    expect((await recordsOf(stop)).map((r) => r.amountHundredths)).toEqual([200]);
  });

  it('refuses a time ahead of the server\'s clock by more than a few minutes, in the caller\'s language', async () => {
    const stop = await bookStop('future.mark@example.com');
    const crew = await signInCrew();
    const sixMinutesAhead = new Date(ON_THE_DAY.getTime() + 6 * 60_000).toISOString();
    expect(await markStop(crew, stop, mark(sixMinutesAhead))).toEqual({ status: 400, body: expect.objectContaining({ message: t('doneAtInFuture') }) });
    const inFrench = await markStop(crew, stop, mark(sixMinutesAhead), { 'accept-language': 'fr' });
    expect(inFrench.body.message).toBe(getTranslator('fr', 'routing')('doneAtInFuture'));
    expect(await visitOf(stop)).toMatchObject({ status: 'confirmed', completedAt: null });
    expect(await recordsOf(stop)).toEqual([]);

    // A phone a little ahead of the server is fine.
    const fourMinutesAhead = new Date(ON_THE_DAY.getTime() + 4 * 60_000).toISOString();
    expect((await markStop(crew, stop, mark(fourMinutesAhead))).status).toBe(200);
    expect((await visitOf(stop)).completedAt).toEqual(new Date(fourMinutesAhead));
  });

  it('refuses a time before the visit\'s day in Hamilton, and takes its first minute', async () => {
    const stop = await bookStop('early.mark@example.com');
    const crew = await signInCrew();
    // Thursday 23:59 in Hamilton is already Friday in UTC.
    expect(await markStop(crew, stop, mark('2027-06-11T03:59:00.000Z'))).toEqual({ status: 400, body: expect.objectContaining({ message: t('doneAtBeforeVisitDay') }) });
    expect(await visitOf(stop)).toMatchObject({ status: 'confirmed', completedAt: null });
    expect((await markStop(crew, stop, mark('2027-06-11T04:00:00.000Z'))).status).toBe(200);
  });

  it('refuses a doneAt that is not an instant with its offset, by the field', async () => {
    const stop = await bookStop('bad.time@example.com');
    const crew = await signInCrew();
    for (const doneAt of ['2027-06-11', '2027-06-11T10:12:00', 'yesterday', 1781187154567]) {
      const refused = await markStop(crew, stop, { status: 'completed', doneAt, applications: [{ productId: product, amount: '1' }] });
      expect(refused).toEqual({ status: 400, body: expect.objectContaining({ fields: { doneAt: t('invalidDoneAt') } }) });
    }
    expect((await visitOf(stop)).status).toBe('confirmed');
  });

  it('refuses an admin\'s mark of a later visit sent at once (0057), and once its day has come, one dated before that day', async () => {
    const soon = await bookStop('admin.early@example.com', NEXT_FRIDAY);
    const lines = [{ productId: product, amount: '1' }];
    const early = await markStop(await signInOffice(), soon, { status: 'completed', doneAt: ON_THE_DAY.toISOString(), applications: lines });
    expect(early).toEqual({ status: 409, body: expect.objectContaining({ message: t('stopNotDueYet'), status: 'confirmed' }) });
    expect(await visitOf(soon)).toMatchObject({ status: 'confirmed', completedAt: null });
    expect(await recordsOf(soon)).toEqual([]);
    expect(await emailsTo('admin.early@example.com', 'visit-report')).toEqual([]);
    // The Monday after that Friday: the day has come, but the mark's time is a week before it.
    const late = await bookStop('admin.late@example.com', NEXT_FRIDAY);
    vi.setSystemTime(new Date('2027-06-21T13:00:00Z'));
    const refused = await markStop(await signInOffice(), late, { status: 'completed', doneAt: ON_THE_DAY.toISOString(), applications: lines });
    expect(refused).toEqual({ status: 400, body: expect.objectContaining({ message: t('doneAtBeforeVisitDay') }) });
    expect(await recordsOf(late)).toEqual([]);
  });
});
