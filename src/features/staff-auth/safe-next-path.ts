/**
 * The page to show after a login. Only a path on this site may follow it: `//evil.example`,
 * `/\evil.example` and absolute URLs resolve to another origin and are ignored.
 */
export function safeNextPath(next: string | null, origin: string): string | null {
  if (!next || !next.startsWith('/')) return null;
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
