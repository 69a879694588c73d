import { describe, expect, it } from 'vitest';
import { APPLIED_STOP_CHANGE_KEEP_DAYS, findAppliedStopChangesCutoff, findStopChangeAgeProblem } from '../stop-completion';
import {
  addChange, classifyAnswer, createChangeId, findPendingStops, isSendableChangeId, outboxKey, overlayPendingStops, type QueuedStopChange, readOutbox,
  replayOutbox, type StopAnswer, toStopChangeBody, writeOutbox,
} from './stop-outbox';
import { MemoryStore } from './memory-store.test-support';


let seq = 0;
function done(appointmentId: number, overrides: Partial<QueuedStopChange> = {}): QueuedStopChange {
  seq += 1;
  return {
    id: createChangeId(), appointmentId, status: 'completed', takenAt: new Date(Date.UTC(2027, 5, 11, 14, seq)).toISOString(), name: `Customer ${appointmentId}`,
    note: '', tried: false, ...overrides,
  };
}
function undo(appointmentId: number, overrides: Partial<QueuedStopChange> = {}): QueuedStopChange {
  seq += 1;
  return { id: createChangeId(), appointmentId, status: 'confirmed', takenAt: new Date(Date.UTC(2027, 5, 11, 14, seq)).toISOString(), name: `Customer ${appointmentId}`, tried: false, ...overrides };
}

const OWNER = 12;

/** The outbox in `store`, wired for `replayOutbox` with a scripted `send`. */
function wire(store: MemoryStore, send: (change: QueuedStopChange) => Promise<StopAnswer>) {
  return { read: () => readOutbox(store, OWNER), write: (next: QueuedStopChange[]) => writeOutbox(store, OWNER, next), send };
}

/** A try where the server takes every change sent and each answer is lost on the way back. */
function sendLosingAnswers(store: MemoryStore, patch: (change: QueuedStopChange) => unknown) {
  return replayOutbox(wire(store, async (change) => {
    patch(change);
    throw new TypeError('network connection was lost');
  }));
}

const ok = (change: QueuedStopChange): StopAnswer => ({ status: 200, body: { id: change.appointmentId, status: change.status } });

describe('addChange: the order taken, each press once', () => {
  it('appends changes in the order they were taken, across stops', () => {
    const a = done(1);
    const b = done(2);
    const c = undo(2, { tried: false });
    let outbox = addChange([], a);
    outbox = addChange(outbox, { ...b, tried: true });
    outbox = addChange(outbox, c);
    expect(outbox.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
  });

  it('keeps the same press once (a double tap, a second tab adding it again)', () => {
    const a = done(1);
    expect(addChange(addChange([], a), { ...a })).toEqual([a]);
  });

  it('an Undo takes out a done mark no request has carried yet: the server hears of neither', () => {
    const other = done(2);
    const mistaken = done(1);
    const outbox = addChange(addChange([], other), mistaken);
    expect(addChange(outbox, undo(1))).toEqual([other]);
  });

  it('an Undo follows a done mark a request may have delivered (its answer lost): sent in order, safe either way', () => {
    const sent = done(1, { tried: true });
    const taken = undo(1);
    expect(addChange([sent], taken)).toEqual([sent, taken]);
  });

  it('a done mark after an Undo always follows it: it brings a new note and record to store', () => {
    const back = undo(1);
    const again = done(1, { note: 'Second look at the hedge' });
    expect(addChange([back], again)).toEqual([back, again]);
    // Taken back again before anything went: only the new mark goes, the earlier Undo stays.
    expect(addChange([back, again], undo(1))).toEqual([back]);
  });
});

describe('what is sent and what the sheet shows', () => {
  it('sends a done mark with its id and when it was pressed (as takenAt and doneAt), its note and products; an Undo with its id, when it was pressed and its status', () => {
    const mark = done(4, { note: 'Back hedge', applications: [{ productId: 3, amount: '12,5' }] });
    expect(toStopChangeBody(mark)).toEqual({
      status: 'completed', changeId: mark.id, takenAt: mark.takenAt, doneAt: mark.takenAt, note: 'Back hedge', applications: [{ productId: 3, amount: '12,5' }],
    });
    const back = undo(4);
    expect(toStopChangeBody(back)).toEqual({ status: 'confirmed', changeId: back.id, takenAt: back.takenAt });
  });

  it('sends a change stored by an older sheet, whose id is no UUID, without an id (the server then goes by doneAt, 0045)', () => {
    const old = done(4, { id: 'm3k9x2-4f8a1c0b7e' });
    expect(toStopChangeBody(old)).toEqual({ status: 'completed', doneAt: old.takenAt, note: '' });
    expect(toStopChangeBody(undo(4, { id: 'm3k9x3-0a1b2c3d4e' }))).toEqual({ status: 'confirmed' });
  });

  it('shows each stop as its last waiting change leaves it, with a done mark\'s note', () => {
    const stops = [
      { appointment: { id: 1, status: 'confirmed', visitNote: null } },
      { appointment: { id: 2, status: 'completed', visitNote: 'Old note' } },
      { appointment: { id: 3, status: 'confirmed', visitNote: null } },
    ];
    const outbox = [done(1, { note: 'Front beds' }), done(2, { tried: true }), undo(2)];
    expect(overlayPendingStops(stops, outbox)).toEqual([
      { appointment: { id: 1, status: 'completed', visitNote: 'Front beds' } },
      // Undo keeps the stored note (it is shown only on a done stop).
      { appointment: { id: 2, status: 'confirmed', visitNote: 'Old note' } },
      stops[2],
    ]);
    expect([...findPendingStops(outbox).keys()]).toEqual([1, 2]);
  });
});

describe('createChangeId: one id per press, sent with the change', () => {
  it('is a UUID the server takes, new each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createChangeId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(isSendableChangeId(id), id).toBe(true);
  });

  it('builds a version-4 UUID from random bytes on a page without crypto.randomUUID (not a secure page)', () => {
    const ids = Array.from({ length: 20 }, () => createChangeId({ getRandomValues: (bytes) => crypto.getRandomValues(bytes) }));
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(isSendableChangeId(id)).toBe(true);
    }
    expect(new Set(ids).size).toBe(20);
    // All-zero bytes still make a well-formed id.
    expect(createChangeId({ getRandomValues: (bytes) => bytes })).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('is kept with the change in the stored outbox and is the one every try sends', async () => {
    const store = new MemoryStore();
    const mark = done(7, { note: 'Hedge' });
    writeOutbox(store, OWNER, addChange(readOutbox(store, OWNER), mark));
    expect(readOutbox(store, OWNER).map((c) => c.id)).toEqual([mark.id]);
    const sentIds: unknown[] = [];
    const send = async (change: QueuedStopChange): Promise<StopAnswer> => {
      sentIds.push(toStopChangeBody(change).changeId);
      throw new TypeError('Failed to fetch');
    };
    await replayOutbox(wire(store, send));
    await replayOutbox(wire(store, send));
    expect(sentIds).toEqual([mark.id, mark.id]);
    expect(readOutbox(store, OWNER)).toEqual([{ ...mark, tried: true }]);
  });
});

describe('classifyAnswer', () => {
  const mark = done(1);
  it.each([
    ['200 with the stop done', { status: 200, body: { id: 1, status: 'completed' } }, 'delivered'],
    ['200 that is a Wi-Fi sign-in page (no JSON)', { status: 200, body: null }, 'retry'],
    ['200 with another status', { status: 200, body: { id: 1, status: 'confirmed' } }, 'retry'],
    ['401: the sign-in ended', { status: 401, body: { message: 'Sign in' } }, 'signedOut'],
    ['500', { status: 500, body: null }, 'retry'],
    ['503 from a proxy', { status: 503, body: null }, 'retry'],
    ['429 rate limited', { status: 429, body: null }, 'retry'],
    ['408', { status: 408, body: null }, 'retry'],
    ['400 a check refused it', { status: 400, body: { message: 'x' } }, 'refused'],
    ['403 no longer on their route', { status: 403, body: { message: 'x' } }, 'refused'],
    ['404', { status: 404, body: null }, 'refused'],
    ['409 changed meanwhile', { status: 409, body: { status: 'completed' } }, 'refused'],
    ['200 replayed, the stop still done', { status: 200, body: { id: 1, status: 'completed', replayed: true } }, 'delivered'],
    ['200 replayed, the office took the completion back since', { status: 200, body: { id: 1, status: 'confirmed', replayed: true } }, 'superseded'],
    ['200 replayed without a status', { status: 200, body: { replayed: true } }, 'retry'],
    ['410 from the server: taken longer ago than it keeps ids (0057)', { status: 410, body: { code: 'gone', message: 'x' } }, 'tooOld'],
    ['410 that is not the server\'s answer', { status: 410, body: null }, 'refused'],
  ] as const)('%s: %s', (_label, answer, expected) => {
    expect(classifyAnswer(mark, answer)).toBe(expected);
  });
});

describe('the stored outbox', () => {
  it('is kept per signed-in account, survives a reload (read back as written) and goes when empty', () => {
    const store = new MemoryStore();
    const outbox = [done(1, { applications: [{ productId: 2, amount: '5' }] }), undo(3)];
    writeOutbox(store, OWNER, outbox);
    expect(readOutbox(store, OWNER)).toEqual(outbox);
    expect(readOutbox(store, OWNER + 1)).toEqual([]);
    writeOutbox(store, OWNER, []);
    expect(store.items.has(outboxKey(OWNER))).toBe(false);
  });

  it('reads a damaged or foreign value as nothing, and skips entries it does not know', () => {
    const store = new MemoryStore();
    store.setItem(outboxKey(OWNER), '{not json');
    expect(readOutbox(store, OWNER)).toEqual([]);
    const good = done(5);
    store.setItem(outboxKey(OWNER), JSON.stringify([good, { id: 'x', appointmentId: 'seven' }, null, { ...good, id: 'y', status: 'cancelled' }]));
    expect(readOutbox(store, OWNER)).toEqual([good]);
  });

  it('throws when the phone cannot store it, so the caller can say the change was not kept', () => {
    const store = new MemoryStore();
    store.full = true;
    expect(() => writeOutbox(store, OWNER, [done(1)])).toThrow();
  });
});

describe('replayOutbox', () => {
  it('sends the changes in the order taken and removes each once the server has it', async () => {
    const store = new MemoryStore();
    const outbox = [done(1, { note: 'A' }), done(2), undo(1, { tried: true })];
    writeOutbox(store, OWNER, outbox);
    const sent: string[] = [];
    const result = await replayOutbox(wire(store, async (change) => {
      sent.push(change.id);
      return ok(change);
    }));
    expect(sent).toEqual(outbox.map((c) => c.id));
    expect(result).toEqual({ stopped: 'empty', outcomes: outbox.map((change) => ({ kind: 'delivered', change: { ...change, tried: true }, answer: expect.anything() })) });
    expect(readOutbox(store, OWNER)).toEqual([]);
  });

  it('stops at the first change that cannot reach the server, keeps all of them, and marks it tried', async () => {
    const store = new MemoryStore();
    const [first, second] = [done(1), done(2)];
    writeOutbox(store, OWNER, [first!, second!]);
    const sent: string[] = [];
    const result = await replayOutbox(wire(store, async (change) => {
      sent.push(change.id);
      throw new TypeError('Failed to fetch');
    }));
    expect(result).toEqual({ stopped: 'unreachable', outcomes: [] });
    expect(sent).toEqual([first!.id]);
    expect(readOutbox(store, OWNER)).toEqual([{ ...first, tried: true }, second]);
    // Tried, so an Undo now follows it instead of taking it out.
    expect(addChange(readOutbox(store, OWNER), undo(1)).map((c) => c.status)).toEqual(['completed', 'completed', 'confirmed']);
  });

  it('keeps everything when the server is in trouble or the sign-in ended', async () => {
    const store = new MemoryStore();
    const mark = done(1);
    writeOutbox(store, OWNER, [mark]);
    expect((await replayOutbox(wire(store, async () => ({ status: 503, body: null })))).stopped).toBe('serverTrouble');
    expect((await replayOutbox(wire(store, async () => ({ status: 200, body: null })))).stopped).toBe('unreachable');
    expect((await replayOutbox(wire(store, async () => ({ status: 401, body: { message: 'Sign in' } })))).stopped).toBe('signedOut');
    expect(readOutbox(store, OWNER)).toEqual([{ ...mark, tried: true }]);
  });

  it('never records a mark twice: one whose answer was lost is delivered once when it is sent again', async () => {
    // The server's rule (application-record.service): a done mark finds its stop done at its own
    // time -> 200 without writing; done at another time -> 409; open -> done at the mark's time.
    const server = new Map<number, { status: string; completedAt: string | null; writes: number }>([[1, { status: 'confirmed', completedAt: null, writes: 0 }]]);
    const patch = (change: QueuedStopChange): StopAnswer => {
      const stop = server.get(change.appointmentId)!;
      if (change.status === 'completed' && stop.status === 'completed') {
        return stop.completedAt === change.takenAt ? { status: 200, body: { id: change.appointmentId, status: 'completed' } } : { status: 409, body: { status: 'completed' } };
      }
      if (stop.status !== change.status) {
        stop.status = change.status;
        stop.completedAt = change.status === 'completed' ? change.takenAt : null;
        stop.writes += 1;
      }
      return ok(change);
    };
    const store = new MemoryStore();
    const mark = done(1, { note: 'Hedge', applications: [{ productId: 1, amount: '20' }] });
    writeOutbox(store, OWNER, [mark]);
    // First try: the server takes it, the answer is lost on the way back.
    const lost = await sendLosingAnswers(store, patch);
    expect(lost.stopped).toBe('unreachable');
    expect(readOutbox(store, OWNER)).toHaveLength(1);
    // Signal back: sent again, answered as delivered, written once.
    const again = await replayOutbox(wire(store, async (change) => patch(change)));
    expect(again.outcomes.map((o) => o.kind)).toEqual(['delivered']);
    expect(server.get(1)).toEqual({ status: 'completed', completedAt: mark.takenAt, writes: 1 });
    expect(readOutbox(store, OWNER)).toEqual([]);
    // A replay that finds nothing sends nothing.
    expect(await replayOutbox(wire(store, async () => {
      throw new Error('not sent');
    }))).toEqual({ stopped: 'empty', outcomes: [] });
  });

  /**
   * The server's rule with change ids (0052, application-record.service): an id applied before
   * writes nothing and answers the stop as it is now, `replayed`; a new one is applied and stored.
   */
  function serverWithIds(stops: Record<number, string>) {
    const state = { stops: new Map(Object.entries(stops).map(([id, status]) => [Number(id), status])), applied: new Set<string>(), writes: 0 };
    const patch = (change: QueuedStopChange): StopAnswer => {
      const { changeId } = toStopChangeBody(change) as { changeId: string };
      const status = state.stops.get(change.appointmentId)!;
      if (state.applied.has(changeId)) return { status: 200, body: { id: change.appointmentId, status, replayed: true } };
      state.applied.add(changeId);
      if (status !== change.status) {
        state.stops.set(change.appointmentId, change.status);
        state.writes += 1;
      }
      return ok(change);
    };
    return { state, patch };
  }

  it('a mark applied whose answer was lost, then taken back by the office: sent again, it writes nothing and the stop shows the office\'s status', async () => {
    const { state, patch } = serverWithIds({ 1: 'confirmed', 2: 'confirmed' });
    const store = new MemoryStore();
    const mark = done(1, { note: 'Hedge', applications: [{ productId: 1, amount: '20' }] });
    writeOutbox(store, OWNER, [mark]);
    // The server takes it; the answer is lost on the way back.
    const lost = await sendLosingAnswers(store, patch);
    expect(lost.stopped).toBe('unreachable');
    // Meanwhile the office takes the completion back, and the technician, unaware, taps Undo and
    // marks the next stop done.
    state.stops.set(1, 'confirmed');
    const laterUndo = undo(1);
    const nextStop = done(2);
    writeOutbox(store, OWNER, addChange(addChange(readOutbox(store, OWNER), laterUndo), nextStop));

    const again = await replayOutbox(wire(store, async (change) => patch(change)));
    expect(again).toEqual({
      stopped: 'empty',
      outcomes: [
        { kind: 'superseded', change: { ...mark, tried: true }, dropped: [laterUndo], serverStatus: 'confirmed' },
        { kind: 'delivered', change: { ...nextStop, tried: true }, answer: expect.anything() },
      ],
    });
    // Stop 1 was done once and not again; stop 2 is done.
    expect(state.writes).toBe(2);
    expect(Object.fromEntries(state.stops)).toEqual({ 1: 'confirmed', 2: 'completed' });
    expect(readOutbox(store, OWNER)).toEqual([]);
  });

  it('an Undo applied whose answer was lost, then the stop marked done again by the office: sent again, the stop stays done', async () => {
    const { state, patch } = serverWithIds({ 3: 'completed' });
    const store = new MemoryStore();
    const back = undo(3);
    writeOutbox(store, OWNER, [back]);
    await sendLosingAnswers(store, patch);
    state.stops.set(3, 'completed');
    const again = await replayOutbox(wire(store, async (change) => patch(change)));
    expect(again.outcomes).toEqual([{ kind: 'superseded', change: { ...back, tried: true }, dropped: [], serverStatus: 'completed' }]);
    expect(state.stops.get(3)).toBe('completed');
    expect(state.writes).toBe(1);
  });

  it('a change kept on the phone longer than the server keeps ids (0057): refused once its id may be gone, never applied twice, dropped with the stop\'s later changes', async () => {
    // The server's rules with the sweep (application-record.service, privacy retention): ids of
    // applied changes are deleted once older than the keep window; a change is judged by its age
    // before its id; an id still held is a replay.
    const DAY = 86_400_000;
    let now = new Date('2027-06-11T15:00:00Z');
    const applied = new Map<string, Date>();
    const stops = new Map<number, string>([[1, 'confirmed'], [2, 'confirmed']]);
    let writes = 0;
    const patch = (change: QueuedStopChange): StopAnswer => {
      const body = toStopChangeBody(change) as { changeId: string; takenAt: string };
      if (findStopChangeAgeProblem({ takenAt: new Date(body.takenAt), now }) === 'stopChangeTooOld') return { status: 410, body: { code: 'gone', message: 'Too old.' } };
      if (applied.has(body.changeId)) return { status: 200, body: { id: change.appointmentId, status: stops.get(change.appointmentId), replayed: true } };
      applied.set(body.changeId, now);
      if (stops.get(change.appointmentId) !== change.status) writes += 1;
      stops.set(change.appointmentId, change.status);
      return ok(change);
    };
    const sweep = () => {
      for (const [id, at] of applied) if (at < findAppliedStopChangesCutoff(now)) applied.delete(id);
    };
    const store = new MemoryStore();
    const mark = done(1, { takenAt: now.toISOString(), note: 'Hedge' });
    writeOutbox(store, OWNER, [mark]);
    // Applied on the Friday; the answer is lost. The office takes it back; the phone goes in a drawer.
    await sendLosingAnswers(store, patch);
    stops.set(1, 'confirmed');
    const laterUndo = undo(1, { takenAt: new Date(now.getTime() + 60_000).toISOString() });
    const otherStop = done(2, { takenAt: new Date(now.getTime() + 120_000).toISOString() });
    writeOutbox(store, OWNER, [...readOutbox(store, OWNER), laterUndo, otherStop]);

    // A day short of the window the sweep still holds the id (sent then, it would be a replay).
    now = new Date(now.getTime() + (APPLIED_STOP_CHANGE_KEEP_DAYS - 1) * DAY);
    sweep();
    expect(applied.has(mark.id)).toBe(true);
    // Past the window the sweep has forgotten it, and the server no longer takes the change.
    now = new Date(now.getTime() + 2 * DAY);
    sweep();
    expect(applied.has(mark.id)).toBe(false);
    const result = await replayOutbox(wire(store, async (change) => patch(change)));
    expect(result).toEqual({
      stopped: 'empty',
      outcomes: [
        { kind: 'tooOld', change: { ...mark, tried: true }, dropped: [laterUndo] },
        { kind: 'tooOld', change: { ...otherStop, tried: true }, dropped: [] },
      ],
    });
    expect(writes).toBe(1);
    expect(Object.fromEntries(stops)).toEqual({ 1: 'confirmed', 2: 'confirmed' });
    expect(readOutbox(store, OWNER)).toEqual([]);
  });

  it('a change applied whose answer was lost and left as it was is simply delivered when sent again', async () => {
    const { state, patch } = serverWithIds({ 4: 'confirmed' });
    const store = new MemoryStore();
    const mark = done(4);
    writeOutbox(store, OWNER, [mark]);
    await sendLosingAnswers(store, patch);
    const again = await replayOutbox(wire(store, async (change) => patch(change)));
    expect(again.outcomes).toEqual([{ kind: 'delivered', change: { ...mark, tried: true }, answer: expect.anything() }]);
    expect(state.writes).toBe(1);
  });

  it('tells a refusal with the server\'s status and message, drops the same stop\'s later changes with it, and goes on with the others', async () => {
    const store = new MemoryStore();
    const refusedMark = done(1, { note: 'Back hedge' });
    const laterUndo = undo(1, { tried: true });
    const otherStop = done(2);
    writeOutbox(store, OWNER, [refusedMark, otherStop, laterUndo]);
    const sent: string[] = [];
    const result = await replayOutbox(wire(store, async (change) => {
      sent.push(change.id);
      return change.appointmentId === 1
        ? { status: 409, body: { status: 'completed', message: 'This visit had already been marked done.' } }
        : ok(change);
    }));
    // The Undo was never sent: it would have taken back the office's own done mark.
    expect(sent).toEqual([refusedMark.id, otherStop.id]);
    expect(result).toEqual({
      stopped: 'empty',
      outcomes: [
        { kind: 'refused', change: { ...refusedMark, tried: true }, dropped: [laterUndo], serverStatus: 'completed', message: 'This visit had already been marked done.' },
        { kind: 'delivered', change: { ...otherStop, tried: true }, answer: expect.anything() },
      ],
    });
    expect(readOutbox(store, OWNER)).toEqual([]);
  });

  it('takes a field\'s message from a validation refusal', async () => {
    const store = new MemoryStore();
    writeOutbox(store, OWNER, [done(1)]);
    const result = await replayOutbox(wire(store, async () => ({ status: 400, body: { message: 'Check the fields.', fields: { 'applications.0.productId': 'This product is no longer offered.' } } })));
    expect(result.outcomes).toEqual([expect.objectContaining({ kind: 'refused', message: 'This product is no longer offered.', dropped: [] })]);
  });

  it('also sends a change another tab added while it was sending', async () => {
    const store = new MemoryStore();
    const first = done(1);
    const added = done(2);
    writeOutbox(store, OWNER, [first]);
    const sent: string[] = [];
    await replayOutbox(wire(store, async (change) => {
      sent.push(change.id);
      if (change.id === first.id) writeOutbox(store, OWNER, addChange(readOutbox(store, OWNER), added));
      return ok(change);
    }));
    expect(sent).toEqual([first.id, added.id]);
  });

  it('does not send a change again and again when the storage will not take the write', async () => {
    const store = new MemoryStore();
    writeOutbox(store, OWNER, [done(1, { tried: true })]);
    let sends = 0;
    const io = wire(store, async (change) => {
      sends += 1;
      return ok(change);
    });
    const result = await replayOutbox({ ...io, write: () => {} });
    expect(sends).toBe(1);
    expect(result.stopped).toBe('unreachable');
  });
});
