/**
 * The page to show after a login. Only a path on this site may follow it: `//evil.example`,
 * `/\evil.example` and absolute URLs resolve to another origin and are ignored. So is a path that
 * only becomes `//evil.example` once its dot segments are resolved (`/..//evil.example`): the
 * router would read that answer as an address on another host.
 */
export function safeNextPath(next: string | null, origin: string): string | null {
  if (!next || !next.startsWith('/')) return null;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin || url.pathname.startsWith('//')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
