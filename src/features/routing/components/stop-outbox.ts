/**
 * The day sheet's outbox (docs/decisions/0045): a "Mark done" or "Undo" that could not reach the
 * server (no signal in a back yard) is kept on the phone, in the order taken, and sent again until
 * the server has answered it; so is "Couldn't treat" and its Undo (0086), sent to their own path. Pure: the storage and the request are passed in, so the rules are
 * unit-tested (`stop-outbox.test.ts`); `use-stop-outbox.ts` wires them to the browser.
 *
 * Idempotency: each change carries the id the phone gave it (a UUID, sent as `changeId`, 0052);
 * the server remembers the ids it applied, so the same change arriving twice (its first answer was
 * lost) writes nothing again and is answered with the stop as it is now (`replayed: true`), even
 * when the office changed the stop in between. A done mark also carries the instant it was pressed
 * (`takenAt`, sent as `doneAt`), which dates the visit (and, for changes stored before ids were
 * sent, is still the server's test of "the same mark", 0045). Every change with an id is sent with
 * that instant too (`takenAt`): the server keeps applied ids for 30 days and refuses a change taken
 * longer ago (410), which could otherwise be applied a second time once its id is gone (0057).
 * Within one browser, one tab replays at a time (a Web Lock in the hook), and each change leaves
 * the outbox only once the server has answered it.
 */

import { NOT_TREATED_REASONS, type NotTreatedReason } from '@/lib/not-treated-reasons';
import { StopChangeIdSchema } from '../route.schema';

export type StopChangeStatus = 'completed' | 'confirmed';

/** "Couldn't treat" as the dialog took it (0085): the reason and the note for the office. */
export type QueuedNotTreated = { reason: NotTreatedReason; note: string };

/** What a kept change asks for, named as the server records its id (0052, 0086). */
export type QueuedChangeKind = 'done' | 'undo' | 'not-treated' | 'not-treated-undo';

/** The products applied, as the "Mark done" dialog sends them (0042). */
export type QueuedApplication = { productId: number; amount: string };

/** One press of "Mark done" or "Undo", kept until the server has answered it. */
export type QueuedStopChange = {
  /**
   * Unique per press (a UUID from `createChangeId`): a change added twice is kept once, leaves by
   * this id, and is sent with it so the server applies it once (0052).
   */
  id: string;
  appointmentId: number;
  status: StopChangeStatus;
  /** When it was pressed (ISO instant): sent as `takenAt` with the id, and a done mark's as `doneAt`. */
  takenAt: string;
  /** The customer's name as the stop shows it, for the messages about it. */
  name: string;
  /** With a done mark: the note to the customer and the products applied, as the dialog took them. */
  note?: string;
  applications?: QueuedApplication[];
  /**
   * Set for "Couldn't treat" (0086): its reason and note, or null for its Undo. The stop stays open
   * either way (`status` 'confirmed'); without it the change is a done mark or its Undo.
   */
  notTreated?: QueuedNotTreated | null;
  /** A request has carried it, so the server may have it already (its answer may have been lost). */
  tried: boolean;
};

/** What the change asks for: a done mark, its Undo, "Couldn't treat", or its Undo. */
export function findChangeKind(change: Pick<QueuedStopChange, 'status' | 'notTreated'>): QueuedChangeKind {
  if (change.notTreated !== undefined) return change.notTreated ? 'not-treated' : 'not-treated-undo';
  return change.status === 'completed' ? 'done' : 'undo';
}

/** What the server answered: its HTTP status and its JSON body (null when there was none). */
export type StopAnswer = { status: number; body: unknown };

/** The part of `localStorage` the outbox uses. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A new change's id: a random UUID. `crypto.randomUUID` needs a secure page (the office's LAN may
 * not be one); `getRandomValues` works on any page, so the fallback builds the same version-4 UUID.
 */
export function createChangeId(cryptoApi: { getRandomValues: (bytes: Uint8Array) => Uint8Array; randomUUID?: () => string } = crypto): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True when a change's id can go to the server: changes stored by an older sheet may have another kind of id. */
export function isSendableChangeId(id: string): boolean {
  return StopChangeIdSchema.safeParse(id).success;
}

/** The outbox's key: one per signed-in staff account, so a shared phone never sends one person's marks as another's. */
export function outboxKey(owner: number): string {
  return `escarpment.daySheet.outbox.v1.${owner}`;
}

function isNotTreated(value: unknown): value is QueuedNotTreated | null {
  if (value === null) return true;
  const mark = value as QueuedNotTreated;
  return typeof value === 'object' && (NOT_TREATED_REASONS as readonly unknown[]).includes(mark.reason) && typeof mark.note === 'string';
}

function isApplication(value: unknown): value is QueuedApplication {
  const line = value as QueuedApplication;
  return typeof value === 'object' && value !== null && Number.isInteger(line.productId) && typeof line.amount === 'string';
}

/** True for an entry written by this version of the outbox (the storage is the browser's, not ours alone). */
export function isQueuedStopChange(value: unknown): value is QueuedStopChange {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return typeof c.id === 'string' && c.id.length > 0
    && Number.isInteger(c.appointmentId) && (c.appointmentId as number) > 0
    && (c.status === 'completed' || c.status === 'confirmed')
    && typeof c.takenAt === 'string' && !Number.isNaN(Date.parse(c.takenAt))
    && typeof c.name === 'string' && typeof c.tried === 'boolean'
    && (c.note === undefined || typeof c.note === 'string')
    && (c.applications === undefined || (Array.isArray(c.applications) && c.applications.every(isApplication)))
    // "Couldn't treat" leaves the stop open (0086).
    && (c.notTreated === undefined || (isNotTreated(c.notTreated) && c.status === 'confirmed'));
}

/** The owner's outbox in the order taken; [] when there is none or the storage cannot be read. */
export function readOutbox(store: KeyValueStore, owner: number): QueuedStopChange[] {
  let raw: string | null;
  try {
    raw = store.getItem(outboxKey(owner));
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isQueuedStopChange) : [];
  } catch {
    return [];
  }
}

/** Stores the owner's outbox; throws when the browser refuses (storage full or turned off). */
export function writeOutbox(store: KeyValueStore, owner: number, outbox: readonly QueuedStopChange[]): void {
  if (outbox.length === 0) store.removeItem(outboxKey(owner));
  else store.setItem(outboxKey(owner), JSON.stringify(outbox));
}

/**
 * The outbox with `change` added after the others (replayed in the order taken). The same press
 * twice is kept once. An Undo of a done mark that no request has carried yet takes that mark out
 * instead of following it: the server never hears of either, and the customer gets no visit report
 * for a stop marked done by mistake. A done mark a request may have delivered is followed by its
 * Undo, which is safe either way; and a done mark after an Undo always follows it, since it brings
 * a new note and record that must replace the stored ones. The same holds for "Couldn't treat"
 * and its Undo (0086): an Undo of a mark no request has carried takes that mark out.
 */
export function addChange(outbox: readonly QueuedStopChange[], change: QueuedStopChange): QueuedStopChange[] {
  if (outbox.some((c) => c.id === change.id)) return [...outbox];
  const kind = findChangeKind(change);
  const undoes = kind === 'undo' ? 'done' : kind === 'not-treated-undo' ? 'not-treated' : null;
  if (undoes) {
    const last = [...outbox].reverse().find((c) => c.appointmentId === change.appointmentId);
    if (last && findChangeKind(last) === undoes && !last.tried) return outbox.filter((c) => c !== last);
  }
  return [...outbox, change];
}

/**
 * The body of a change's request: PATCH /api/routes/technician/stops/{id} for a done mark or its
 * Undo, POST or DELETE on its `/not-treated` for "Couldn't treat" or its Undo (0086).
 */
export function toStopChangeBody(change: QueuedStopChange): Record<string, unknown> {
  const changeId = isSendableChangeId(change.id) ? { changeId: change.id, takenAt: change.takenAt } : {};
  if (change.notTreated !== undefined) return change.notTreated ? { ...change.notTreated, ...changeId } : changeId;
  if (change.status === 'confirmed') return { status: 'confirmed', ...changeId };
  return {
    status: 'completed',
    ...changeId,
    doneAt: change.takenAt,
    ...(change.note === undefined ? {} : { note: change.note }),
    ...(change.applications === undefined ? {} : { applications: change.applications }),
  };
}

/** Where a change is sent, and how (see `toStopChangeBody`). */
export function toStopChangeRequest(change: QueuedStopChange): { path: string; method: 'PATCH' | 'POST' | 'DELETE'; body: Record<string, unknown> } {
  const path = `/api/routes/technician/stops/${change.appointmentId}`;
  if (change.notTreated === undefined) return { path, method: 'PATCH', body: toStopChangeBody(change) };
  return { path: `${path}/not-treated`, method: change.notTreated ? 'POST' : 'DELETE', body: toStopChangeBody(change) };
}

/** A stop as the changes waiting for it leave it: its status, a done mark's note, and its "Couldn't treat" (null: taken back). */
export type PendingStop = { status: StopChangeStatus; note?: string; notTreated?: { mark: QueuedNotTreated | null; takenAt: string } };

/**
 * What each stop with changes waiting will be once they arrive: the last change's status, a done
 * mark's note, and the last "Couldn't treat" or its Undo since (a done mark clears it, as the server does).
 */
export function findPendingStops(outbox: readonly QueuedStopChange[]): Map<number, PendingStop> {
  const pending = new Map<number, PendingStop>();
  for (const change of outbox) {
    const before = pending.get(change.appointmentId);
    if (change.notTreated !== undefined) pending.set(change.appointmentId, { status: 'confirmed', notTreated: { mark: change.notTreated, takenAt: change.takenAt } });
    else if (change.status === 'completed') pending.set(change.appointmentId, { status: 'completed', note: change.note, notTreated: { mark: null, takenAt: change.takenAt } });
    else pending.set(change.appointmentId, { status: 'confirmed', ...(before?.notTreated ? { notTreated: before.notTreated } : {}) });
  }
  return pending;
}

/** The stop's "Couldn't treat" fields as the sheet shows them (0085). */
type NotTreatedFields = { notTreatedReason?: string | null; notTreatedNote?: string | null; notTreatedAt?: Date | string | null; notTreatedBy?: string | null };

/**
 * Stops as the technician left them: the server's stops with the changes still waiting applied on
 * top (status, a done mark's note, and "Couldn't treat" with its reason, note and time, by nobody
 * named yet). Stops without a waiting change are returned as they are.
 */
export function overlayPendingStops<T extends { appointment: { id: number; status: string; visitNote?: string | null } & NotTreatedFields }>(
  stops: readonly T[],
  outbox: readonly QueuedStopChange[],
): T[] {
  const pending = findPendingStops(outbox);
  return stops.map((stop) => {
    const change = pending.get(stop.appointment.id);
    if (!change) return stop;
    const visitNote = change.status === 'completed' && change.note !== undefined ? change.note || null : stop.appointment.visitNote;
    const mark = change.notTreated;
    // Only where it changes what the stop shows: a mark waiting, or one the waiting changes take away.
    const notTreated = mark === undefined || (!mark.mark && !stop.appointment.notTreatedReason) ? {} : {
      notTreatedReason: mark.mark?.reason ?? null,
      notTreatedNote: mark.mark ? mark.mark.note || null : null,
      notTreatedAt: mark.mark ? mark.takenAt : null,
      notTreatedBy: null,
    };
    return { ...stop, appointment: { ...stop.appointment, status: change.status, visitNote, ...notTreated } };
  });
}

/** True when a 2xx answer to "Couldn't treat" or its Undo shows the stop as the change leaves it (0086). */
function showsNotTreated(change: QueuedStopChange, body: { notTreatedReason?: unknown }): boolean {
  return change.notTreated ? body.notTreatedReason === change.notTreated.reason : body.notTreatedReason === null;
}

/**
 * How an answer settles a change:
 * - 'delivered': 2xx with the stop in the status asked for (the same mark again is a success too);
 *   for "Couldn't treat" (0086), an open stop with that reason, or without one after its Undo;
 * - 'superseded': 2xx saying the change had been applied already (`replayed`, 0052: its first
 *   answer was lost) and the stop is now in another status: the office changed it afterwards;
 * - 'signedOut': 401, the sign-in ended: kept until the person signs in again;
 * - 'retry': the server is in trouble (5xx, 408, 425, 429), or a 2xx that is not the server's
 *   answer (a Wi-Fi sign-in page): kept, sent again later;
 * - 'tooOld': 410 from the server: the change was taken longer ago than the server keeps the ids of
 *   changes it applied (0057), so it cannot tell whether it arrived already; nothing was written;
 * - 'refused': any other 4xx (400 checks, 403 not on their route, 404, 409 changed meanwhile): the
 *   server will not take it; the technician is told.
 */
export function classifyAnswer(change: QueuedStopChange, answer: StopAnswer): 'delivered' | 'superseded' | 'tooOld' | 'refused' | 'signedOut' | 'retry' {
  if (answer.status >= 200 && answer.status < 300) {
    const body = answer.body as { status?: unknown; replayed?: unknown; notTreatedReason?: unknown } | null;
    if (body === null || typeof body !== 'object' || typeof body.status !== 'string') return 'retry';
    if (change.notTreated !== undefined && !('notTreatedReason' in body)) return 'retry';
    if (body.status === change.status && (change.notTreated === undefined || showsNotTreated(change, body))) return 'delivered';
    return body.replayed === true ? 'superseded' : 'retry';
  }
  if (answer.status === 401) return 'signedOut';
  if (answer.status === 410 && (answer.body as { code?: unknown } | null)?.code === 'gone') return 'tooOld';
  if (answer.status === 408 || answer.status === 425 || answer.status === 429 || answer.status >= 500) return 'retry';
  return answer.status >= 400 ? 'refused' : 'retry';
}

export type ReplayOutcome =
  /** `answer`: the server's body, which names who said "Couldn't treat" (0086). */
  | { kind: 'delivered'; change: QueuedStopChange; answer: unknown }
  | {
    kind: 'superseded';
    change: QueuedStopChange;
    /** Later changes of the same stop, made on top of the status the office has since changed, taken out with it. */
    dropped: QueuedStopChange[];
    /** The stop's status as the office left it. */
    serverStatus: string;
  }
  | {
    kind: 'tooOld';
    change: QueuedStopChange;
    /** Later changes of the same stop, made on top of it, taken out with it. */
    dropped: QueuedStopChange[];
    serverStatus?: undefined;
  }
  | {
    kind: 'refused';
    change: QueuedStopChange;
    /** Later changes of the same stop, made on top of the refused one, taken out with it. */
    dropped: QueuedStopChange[];
    /** The stop's status as the server has it, when the refusal says (a 409). */
    serverStatus?: string;
    /** The server's translated message. */
    message?: string;
  };

/** Why a replay stopped: nothing left, no way to the server, the sign-in ended, or the server in trouble. */
export type ReplayStop = 'empty' | 'unreachable' | 'signedOut' | 'serverTrouble';

export type ReplayResult = { outcomes: ReplayOutcome[]; stopped: ReplayStop };

function readRefusal(body: unknown): { serverStatus?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const { status, message, fields } = body as { status?: unknown; message?: unknown; fields?: unknown };
  const fieldMessage = typeof fields === 'object' && fields !== null ? Object.values(fields).find((v): v is string => typeof v === 'string') : undefined;
  const text = fieldMessage ?? (typeof message === 'string' ? message : undefined);
  return { ...(typeof status === 'string' ? { serverStatus: status } : {}), ...(text ? { message: text } : {}) };
}

/**
 * Sends the outbox, oldest first, one change at a time, until it is empty or a change cannot be
 * settled now. The outbox is read again before each change (another tab may have added one) and
 * written after each answer, so a change leaves it exactly when the server has answered it; before
 * a change is sent it is marked `tried`. A change the server refuses, one too old for it to judge
 * (tooOld), or one it had applied and the office has changed since (superseded), leaves with the
 * later changes of the same stop (they were made on top of it), and the replay goes on with the
 * other stops.
 */
export async function replayOutbox(io: {
  read: () => QueuedStopChange[];
  write: (outbox: QueuedStopChange[]) => void;
  send: (change: QueuedStopChange) => Promise<StopAnswer>;
}): Promise<ReplayResult> {
  const outcomes: ReplayOutcome[] = [];
  const settled = new Set<string>();
  for (;;) {
    const first = io.read()[0];
    if (!first) return { outcomes, stopped: 'empty' };
    // Settled yet still first: the storage did not take the write; stop rather than send it again.
    if (settled.has(first.id)) return { outcomes, stopped: 'unreachable' };
    const next: QueuedStopChange = { ...first, tried: true };
    if (!first.tried) io.write(io.read().map((c) => (c.id === next.id ? next : c)));
    let answer: StopAnswer;
    try {
      answer = await io.send(next);
    } catch {
      return { outcomes, stopped: 'unreachable' };
    }
    const kind = classifyAnswer(next, answer);
    if (kind === 'signedOut') return { outcomes, stopped: 'signedOut' };
    if (kind === 'retry') return { outcomes, stopped: answer.status >= 200 && answer.status < 300 ? 'unreachable' : 'serverTrouble' };
    settled.add(next.id);
    const current = io.read();
    if (kind === 'delivered') {
      io.write(current.filter((c) => c.id !== next.id));
      outcomes.push({ kind, change: next, answer: answer.body });
      continue;
    }
    const dropped = current.filter((c) => c.id !== next.id && c.appointmentId === next.appointmentId);
    io.write(current.filter((c) => c.appointmentId !== next.appointmentId));
    if (kind === 'superseded') outcomes.push({ kind, change: next, dropped, serverStatus: (answer.body as { status: string }).status });
    else if (kind === 'tooOld') outcomes.push({ kind, change: next, dropped });
    else outcomes.push({ kind, change: next, dropped, ...readRefusal(answer.body) });
  }
}
