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
