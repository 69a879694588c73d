/** What the technicians API answered: success, and the JSON body (a refusal carries the translated `message` and per-field `fields`). */
export type TechniciansApiAnswer<T> = {
  ok: boolean;
  body: (T & { message?: string; fields?: Record<string, string> }) | null;
};

/**
 * One call to /api/admin/technicians with the session cookie. A network failure or a body that is
 * not JSON is an answer too (`ok: false`, `body: null`), never a thrown error.
 */
export async function callTechniciansApi<T>(path: string, init: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown } = {}): Promise<TechniciansApiAnswer<T>> {
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    ...(init.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
  }).catch(() => null);
  const body = (await res?.json().catch(() => null)) as TechniciansApiAnswer<T>['body'];
  return { ok: res?.ok ?? false, body: body ?? null };
}
