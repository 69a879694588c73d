import type { AppointmentStatusChange, MessageStatusChange } from '../dashboard.schema';

/** What a staff API answered: whether it succeeded, and its JSON body (a refusal carries the server's translated `message` and per-field `fields`). */
export type StaffApiAnswer<T> = { ok: boolean; body: (T & { message?: string; fields?: Record<string, string> }) | null };

/**
 * One call from the dashboard to a staff API, with the session cookie. A network failure or a
 * body that is not JSON is an answer too (`ok: false`, `body: null`), never a thrown error.
 */
export async function callStaffApi<T>(path: string, init: { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {}): Promise<StaffApiAnswer<T>> {
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    signal: init.signal,
    ...(init.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
  }).catch(() => null);
  const body = (await res?.json().catch(() => null)) as StaffApiAnswer<T>['body'];
  return { ok: res?.ok ?? false, body: body ?? null };
}

/**
 * What a refusal says to the person: the first field's message when the server named one (a
 * filter that is not a Friday), else its message; null when it said nothing readable.
 */
export function readRefusal(body: StaffApiAnswer<unknown>['body']): string | null {
  const field = body?.fields ? Object.values(body.fields)[0] : undefined;
  return field ?? body?.message ?? null;
}

/** Sends one status change (an appointment's or a message's); the server's translated message when it refuses. */
export async function patchStatus(path: string, body: AppointmentStatusChange | MessageStatusChange): Promise<{ ok: true; status: string } | { ok: false; message: string | null }> {
  const answer = await callStaffApi<{ status?: string }>(path, { method: 'PATCH', body });
  if (answer.ok && answer.body?.status) return { ok: true, status: answer.body.status };
  return { ok: false, message: answer.body?.message ?? null };
}
