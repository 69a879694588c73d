/**
 * Which named towns the branch serves now, for marketing copy (docs/decisions/0100), pure: the
 * served prefixes are branch data passed in. A town is served while at least one of its rows is
 * (the map draws that row's dot, 0088); a town the owner has taken out entirely is not named.
 */
import { isServedRow, type ServedPrefix } from './postal-code';

/** SPEC's five towns, in its order: the service-area note's names and the towns with their own pages. */
export const NAMED_TOWNS = ['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Grimsby'] as const;

/**
 * The landing page's list of areas (SPEC §1's wider list, in its order): SPEC's five towns, then the
 * communities around them. Westdale and Hamilton Mountain are parts of Hamilton with no rows of their own.
 */
export const LISTED_AREAS = [...NAMED_TOWNS, 'Waterdown', 'Westdale', 'Hamilton Mountain', 'Binbrook', 'Caledonia', 'Flamborough'] as const;
export const LISTED_AREAS_PART_OF: Readonly<Record<string, string>> = { Westdale: 'Hamilton', 'Hamilton Mountain': 'Hamilton' };

/**
 * The names in `names` (their order kept) that some served row's `area` names. `partOf` maps a
 * neighbourhood without rows of its own to the town whose rows serve it (Westdale → Hamilton).
 */
export function findServedTowns(names: readonly string[], servedPrefixes: readonly ServedPrefix[], partOf: Readonly<Record<string, string>> = {}): string[] {
  const served = new Set(servedPrefixes.filter(isServedRow).map((row) => row.area));
  return names.filter((name) => served.has(partOf[name] ?? name));
}

/** How much of a town the branch serves now: every row of it, some, or none (no row of it is served, or it has none). */
export type TownCoverage = 'all' | 'part' | 'none';

/**
 * A town's coverage from its rows (docs/decisions/0106): a town page claims the whole town only
 * while every row naming it is served; a town with no served row is not claimed at all.
 */
export function findTownCoverage(town: string, servedPrefixes: readonly ServedPrefix[]): TownCoverage {
  const rows = servedPrefixes.filter((row) => row.area === town);
  const served = rows.filter(isServedRow).length;
  if (served === 0) return 'none';
  return served === rows.length ? 'all' : 'part';
}
