/**
 * A dynamic route segment as text. Next decodes segments before handing them over in some
 * versions and not in others; decoding an already-decoded value is harmless unless it holds a
 * literal `%`, which must not turn into a 500, so a value that cannot be decoded is kept as it is.
 * A value holding a NUL character comes back empty.
 */
export function readRouteParam(value: string | undefined): string {
  if (!value) return '';
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // kept as it is
  }
  // A NUL character names nothing this site stores (PostgreSQL text cannot hold one): not found, not a 500.
  return text.includes('\u0000') ? '' : text;
}

/** A record id from the path: a positive whole number; anything else is simply not found (null). */
export function readRecordId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
