/**
 * Ontario's application records name the licensed exterminator's licence number (0042). While the
 * branch offers a pesticide product, every active crew may apply one, so an active crew without a
 * licence number on file would write records without it (docs/decisions/0102), and one whose
 * licence has expired, or runs out before the season does, would apply under a licence that is no
 * longer valid (0107). Inactive crews get no stops; without an active product nothing is recorded,
 * so nothing is missing. Pure and client-safe: the day and the season's end come as arguments
 * (`readLicenceClock`, licence-season.ts).
 */

/** `missing`: no number on file; `expired`: its expiry date is past; `expiresInSeason`: it ends before the season does. */
export type LicenceProblem = 'missing' | 'expired' | 'expiresInSeason';

/** Today and the last day of the season the crews work next, both calendar days in the branch's time zone. */
export type LicenceClock = { today: string; seasonEnd: string };

type LicensedCrew = { isActive: boolean; licenceNumber: string | null; licenceExpiresOn: string | null };

/**
 * What is wrong with one crew's licence, or null. The expiry date is the licence's last valid day:
 * it has expired from the day after, and it lasts the season when it is the season's last day or later.
 */
export function findLicenceProblem(crew: Omit<LicensedCrew, 'isActive'>, clock: LicenceClock): LicenceProblem | null {
  if (!crew.licenceNumber) return 'missing';
  if (!crew.licenceExpiresOn) return null;
  if (crew.licenceExpiresOn < clock.today) return 'expired';
  if (crew.licenceExpiresOn < clock.seasonEnd) return 'expiresInSeason';
  return null;
}

/** The active crews with a licence problem while a product is active, each with its problem, in the order given. */
export function findLicenceGaps<T extends LicensedCrew>(crews: readonly T[], productsActive: boolean, clock: LicenceClock): { crew: T; problem: LicenceProblem }[] {
  if (!productsActive) return [];
  return crews.flatMap((crew) => {
    const problem = crew.isActive ? findLicenceProblem(crew, clock) : null;
    return problem ? [{ crew, problem }] : [];
  });
}

/**
 * What the technician's own day sheet tells them (0107): only what is true today, a number missing
 * or a licence expired; a licence that runs out later in the season is the owner's to renew, and
 * the dashboard says so. Never a reason to stop the day's work (0102).
 */
export function findDaySheetLicenceProblem(crew: LicensedCrew, productsActive: boolean, clock: LicenceClock): 'missing' | 'expired' | null {
  const [gap] = findLicenceGaps([crew], productsActive, clock);
  return gap && gap.problem !== 'expiresInSeason' ? gap.problem : null;
}
