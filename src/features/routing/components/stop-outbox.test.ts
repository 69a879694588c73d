import { describe, expect, it } from 'vitest';
import {
  addChange, classifyAnswer, findPendingStops, outboxKey, overlayPendingStops, type QueuedStopChange, readOutbox, replayOutbox,
  type StopAnswer, toStopChangeBody, writeOutbox,
} from './stop-outbox';
import { MemoryStore } from './memory-store.test-support';


let seq = 0;
function done(appointmentId: number, overrides: Partial<QueuedStopChange> = {}): QueuedStopChange {
  seq += 1;
  return {
    id: `c${seq}`, appointmentId, status: 'completed', takenAt: new Date(Date.UTC(2027, 5, 11, 14, seq)).toISOString(), name: `Customer ${appointmentId}`,
    note: '', tried: false, ...overrides,
  };
}
function undo(appointmentId: number, overrides: Partial<QueuedStopChange> = {}): QueuedStopChange {
  seq += 1;
  return { id: `c${seq}`, appointmentId, status: 'confirmed', takenAt: new Date(Date.UTC(2027, 5, 11, 14, seq)).toISOString(), name: `Customer ${appointmentId}`, tried: false, ...overrides };
}

const OWNER = 12;

/** The outbox in `store`, wired for `replayOutbox` with a scripted `send`. */
function wire(store: MemoryStore, send: (change: QueuedStopChange) => Promise<StopAnswer>) {
  return { read: () => readOutbox(store, OWNER), write: (next: QueuedStopChange[]) => writeOutbox(store, OWNER, next), send };
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
  it('sends a done mark with when it was pressed as doneAt, its note and products; an Undo with its status only', () => {
    const mark = done(4, { note: 'Back hedge', applications: [{ productId: 3, amount: '12,5' }] });
    expect(toStopChangeBody(mark)).toEqual({ status: 'completed', doneAt: mark.takenAt, note: 'Back hedge', applications: [{ productId: 3, amount: '12,5' }] });
    expect(toStopChangeBody(undo(4))).toEqual({ status: 'confirmed' });
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
    expect(result).toEqual({ stopped: 'empty', outcomes: outbox.map((change) => ({ kind: 'delivered', change: { ...change, tried: true } })) });
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
    const lost = await replayOutbox(wire(store, async (change) => {
      patch(change);
      throw new TypeError('network connection was lost');
    }));
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
        { kind: 'delivered', change: { ...otherStop, tried: true } },
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
