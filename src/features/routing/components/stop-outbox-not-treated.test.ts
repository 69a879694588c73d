import { describe, expect, it } from 'vitest';
import {
  addChange, classifyAnswer, createChangeId, findChangeKind, overlayPendingStops, type QueuedStopChange, readOutbox, replayOutbox, type StopAnswer,
  toStopChangeRequest, writeOutbox,
} from './stop-outbox';
import { MemoryStore } from './memory-store.test-support';

// "Couldn't treat" and its Undo in the day sheet's outbox (docs/decisions/0086).

const OWNER = 12;
let seq = 0;
const takenAt = () => new Date(Date.UTC(2027, 5, 11, 14, ++seq)).toISOString();

function notTreated(appointmentId: number, overrides: Partial<QueuedStopChange> = {}): QueuedStopChange {
  return {
    id: createChangeId(), appointmentId, status: 'confirmed', takenAt: takenAt(), name: `Customer ${appointmentId}`, tried: false,
    notTreated: { reason: 'no-access', note: 'Side gate padlocked' }, ...overrides,
  };
}
const notTreatedUndo = (appointmentId: number, overrides: Partial<QueuedStopChange> = {}) => notTreated(appointmentId, { notTreated: null, ...overrides });
function done(appointmentId: number): QueuedStopChange {
  return { id: createChangeId(), appointmentId, status: 'completed', takenAt: takenAt(), name: `Customer ${appointmentId}`, note: 'Gate opened at noon', tried: false };
}

/** The server's answer to "Couldn't treat" or its Undo, with the mark as it now stands. */
const marked = (change: QueuedStopChange, extra: Record<string, unknown> = {}): StopAnswer => ({
  status: 200,
  body: {
    id: change.appointmentId, status: 'confirmed', notTreatedReason: change.notTreated?.reason ?? null, notTreatedNote: change.notTreated?.note || null,
    notTreatedAt: change.notTreated ? change.takenAt : null, notTreatedBy: change.notTreated ? 'Crew A' : null, ...extra,
  },
});

describe('what is sent for a kept "Couldn\'t treat"', () => {
  it('goes to the stop\'s /not-treated with its reason, note, id and time; its Undo deletes it with its id and time', () => {
    const mark = notTreated(7);
    expect(toStopChangeRequest(mark)).toEqual({
      path: '/api/routes/technician/stops/7/not-treated', method: 'POST',
      body: { reason: 'no-access', note: 'Side gate padlocked', changeId: mark.id, takenAt: mark.takenAt },
    });
    const back = notTreatedUndo(7);
    expect(toStopChangeRequest(back)).toEqual({ path: '/api/routes/technician/stops/7/not-treated', method: 'DELETE', body: { changeId: back.id, takenAt: back.takenAt } });
    // A done mark still goes where it always went.
    expect(toStopChangeRequest(done(7))).toMatchObject({ path: '/api/routes/technician/stops/7', method: 'PATCH', body: { status: 'completed' } });
    expect([mark, back, done(7)].map(findChangeKind)).toEqual(['not-treated', 'not-treated-undo', 'done']);
  });

  it('survives being stored on the phone, and a damaged entry is not sent', () => {
    const store = new MemoryStore();
    const mark = notTreated(7);
    writeOutbox(store, OWNER, [mark, notTreatedUndo(8)]);
    expect(readOutbox(store, OWNER)).toHaveLength(2);
    expect(readOutbox(store, OWNER)[0]).toEqual(mark);
    store.setItem(`escarpment.daySheet.outbox.v1.${OWNER}`, JSON.stringify([
      { ...mark, notTreated: { reason: 'lunch', note: '' } },
      // "Couldn't treat" leaves the stop open: one claiming a done stop is not this sheet's.
      { ...mark, status: 'completed' },
    ]));
    expect(readOutbox(store, OWNER)).toEqual([]);
  });
});

describe('addChange for "Couldn\'t treat"', () => {
  it('its Undo takes out a mark no request has carried: the office hears of neither', () => {
    const other = notTreated(2);
    const mistaken = notTreated(1);
    expect(addChange([other, mistaken], notTreatedUndo(1))).toEqual([other]);
  });

  it('its Undo follows a mark a request may have delivered, and an Undo of a done mark does not take out a "Couldn\'t treat"', () => {
    const sent = notTreated(1, { tried: true });
    const back = notTreatedUndo(1);
    expect(addChange([sent], back)).toEqual([sent, back]);
    const mark = notTreated(3);
    const undoDone: QueuedStopChange = { id: createChangeId(), appointmentId: 3, status: 'confirmed', takenAt: takenAt(), name: 'Customer 3', tried: false };
    expect(addChange([mark], undoDone)).toEqual([mark, undoDone]);
  });
});

describe('the sheet while "Couldn\'t treat" waits', () => {
  const stops = [
    { appointment: { id: 1, status: 'confirmed', visitNote: null, notTreatedReason: null, notTreatedNote: null, notTreatedAt: null, notTreatedBy: null } },
    { appointment: { id: 2, status: 'confirmed', visitNote: null, notTreatedReason: 'weather', notTreatedNote: null, notTreatedAt: '2027-06-11T13:00:00.000Z', notTreatedBy: 'Crew A' } },
    { appointment: { id: 3, status: 'confirmed', visitNote: null, notTreatedReason: 'weather', notTreatedNote: null, notTreatedAt: '2027-06-11T13:00:00.000Z', notTreatedBy: 'Crew A' } },
  ];

  it('shows the stop open with the waiting reason, note and time; an Undo or a later done mark takes it away', () => {
    const mark = notTreated(1);
    const gateOpened = done(3);
    const [first, second, third] = overlayPendingStops(stops, [mark, notTreatedUndo(2), gateOpened]);
    expect(first!.appointment).toEqual({
      id: 1, status: 'confirmed', visitNote: null, notTreatedReason: 'no-access', notTreatedNote: 'Side gate padlocked', notTreatedAt: mark.takenAt, notTreatedBy: null,
    });
    expect(second!.appointment).toMatchObject({ status: 'confirmed', notTreatedReason: null, notTreatedAt: null, notTreatedBy: null });
    expect(third!.appointment).toMatchObject({ status: 'completed', visitNote: 'Gate opened at noon', notTreatedReason: null });
  });
});

describe('replaying a kept "Couldn\'t treat"', () => {
  it('is delivered when the server shows the mark as sent, with its answer for the sheet; a page that is not the server\'s is tried again', () => {
    const mark = notTreated(1);
    expect(classifyAnswer(mark, marked(mark))).toBe('delivered');
    expect(classifyAnswer(notTreatedUndo(1), marked(notTreatedUndo(1)))).toBe('delivered');
    // A Wi-Fi sign-in page answering 200 with something else: not the server's answer.
    expect(classifyAnswer(mark, { status: 200, body: { id: 1, status: 'confirmed' } })).toBe('retry');
  });

  it('applied before and changed by the office since is superseded; a refusal (done or moved meanwhile) is refused with the server\'s message', () => {
    const mark = notTreated(1);
    expect(classifyAnswer(mark, marked(mark, { notTreatedReason: 'customer-asked', replayed: true }))).toBe('superseded');
    expect(classifyAnswer(mark, marked(mark, { status: 'completed', notTreatedReason: null, replayed: true }))).toBe('superseded');
    expect(classifyAnswer(mark, { status: 409, body: { status: 'completed', message: 'Only an open visit…' } })).toBe('refused');
    expect(classifyAnswer(mark, { status: 403, body: { message: 'This visit is not on your route…' } })).toBe('refused');
  });

  it('sends the stops\' changes in the order taken to their own paths, and a refused mark takes the same stop\'s later changes with it', async () => {
    const store = new MemoryStore();
    const moved = notTreated(1);
    const movedThenDone = done(1);
    const gate = notTreated(2);
    writeOutbox(store, OWNER, [moved, gate, movedThenDone]);
    const sent: string[] = [];
    const result = await replayOutbox({
      read: () => readOutbox(store, OWNER),
      write: (next) => writeOutbox(store, OWNER, next),
      send: async (change) => {
        const { method, path } = toStopChangeRequest(change);
        sent.push(`${method} ${path}`);
        return change.appointmentId === 1 ? { status: 403, body: { message: 'This visit is not on your route, so you cannot change it. Please call the office.' } } : marked(change);
      },
    });
    expect(sent).toEqual(['POST /api/routes/technician/stops/1/not-treated', 'POST /api/routes/technician/stops/2/not-treated']);
    expect(result).toEqual({
      stopped: 'empty',
      outcomes: [
        { kind: 'refused', change: { ...moved, tried: true }, dropped: [movedThenDone], message: 'This visit is not on your route, so you cannot change it. Please call the office.' },
        { kind: 'delivered', change: { ...gate, tried: true }, answer: marked(gate).body },
      ],
    });
    expect(readOutbox(store, OWNER)).toEqual([]);
  });
});
