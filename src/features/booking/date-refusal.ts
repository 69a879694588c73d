/**
 * What a booking form's Friday list becomes after the server refused a Friday (409 `day_full`), pure
 * and browser-safe (0072): the refused Fridays (`fullDates`, full or closed) leave the list, and the
 * next open Friday the server named for a closed one (`nextDate`) is in it, whether the list came
 * from the server or was computed in the browser because the server's could not be read.
 */
export function applyDateRefusal(dates: readonly string[], refusal: { refused: Iterable<string>; nextDate?: string | null }): string[] {
  const refused = new Set(refusal.refused);
  const kept = dates.filter((d) => !refused.has(d));
  if (refusal.nextDate && !refused.has(refusal.nextDate) && !kept.includes(refusal.nextDate)) kept.push(refusal.nextDate);
  return kept.sort();
}
