/** A Next route handler, as integration tests call it directly. */
export type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The segment of a route without dynamic parts. */
export const noParams = { params: Promise.resolve({}) };

/**
 * A JSON POST to a handler, each from a new client address (10.{net}.x.y), so the per-address rate
 * limits of the public endpoints never add up across a file's tests. Give each file its own `net`.
 */
export function jsonPoster(net: number) {
  let sent = 0;
  return (handler: Handler, path: string, body: unknown) => {
    sent += 1;
    return handler(new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${net}.${Math.floor(sent / 200)}.${sent % 200}` },
      body: JSON.stringify(body),
    }), noParams);
  };
}

/**
 * A staff screen's JSON POST to a handler, in the clerk's language (the NEXT_LOCALE cookie), with
 * the route's dynamic `params`. The session comes from the file's mocked `next/headers`.
 */
export function staffJsonPost(handler: Handler, url: string, body: unknown, params: Record<string, string> = {}, locale = 'en') {
  return handler(
    new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}` },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );
}
