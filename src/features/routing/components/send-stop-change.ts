import { type QueuedStopChange, type StopAnswer, toStopChangeRequest } from './stop-outbox';

/**
 * How long a change may take before it counts as lost: one bar of signal can leave a request
 * hanging for minutes, and a technician should not wait for it (the change is kept instead, 0045).
 */
export const STOP_CHANGE_TIMEOUT_MS = 20_000;

/**
 * A day sheet change to the server (`toStopChangeRequest`: a done mark or its Undo, "Couldn't treat"
 * or its Undo): the server's status and JSON body (null when none). Throws when there is no answer
 * at all (no network, timed out): the caller keeps the change.
 */
export async function sendStopChange(change: QueuedStopChange): Promise<StopAnswer> {
  const { path, method, body } = toStopChangeRequest(change);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), STOP_CHANGE_TIMEOUT_MS);
  try {
    const res = await fetch(path, {
      method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: controller.signal,
    });
    const json: unknown = await res.json().catch(() => null);
    return { status: res.status, body: json };
  } finally {
    clearTimeout(timer);
  }
}
