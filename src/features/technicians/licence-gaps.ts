/**
 * Ontario's application records name the licensed exterminator's licence number (0042). While the
 * branch offers a pesticide product, every active crew may apply one, so an active crew without a
 * licence number on file would write records without it (docs/decisions/0102). Inactive crews get
 * no stops; without an active product nothing is recorded, so nothing is missing.
 */
export function findCrewsWithoutLicence<T extends { isActive: boolean; licenceNumber: string | null }>(
  crews: readonly T[],
  productsActive: boolean,
): T[] {
  if (!productsActive) return [];
  return crews.filter((crew) => crew.isActive && !crew.licenceNumber);
}
