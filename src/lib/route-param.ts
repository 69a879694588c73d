/**
 * A dynamic route segment as text. Next decodes segments before handing them over in some
 * versions and not in others; decoding an already-decoded value is harmless unless it holds a
 * literal `%`, which must not turn into a 500, so a value that cannot be decoded is kept as it is.
 */
export function readRouteParam(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A record id from the path: a positive whole number; anything else is simply not found (null). */
export function readRecordId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
