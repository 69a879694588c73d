import { describe, expect, it } from 'vitest';
import { findDaySheetLicenceProblem, findLicenceGaps, findLicenceProblem, type LicenceClock } from './licence-gaps';

// Between seasons: the next season the crews work ends on 2027-10-31.
const NOVEMBER: LicenceClock = { today: '2026-11-26', seasonEnd: '2027-10-31' };

const crews = [
  { id: 1, name: 'Crew A', isActive: true, licenceNumber: 'E-10442', licenceExpiresOn: null },
  { id: 2, name: 'Crew B', isActive: true, licenceNumber: null, licenceExpiresOn: null },
  { id: 3, name: 'Crew C', isActive: false, licenceNumber: null, licenceExpiresOn: null },
  { id: 4, name: 'Crew D', isActive: true, licenceNumber: '', licenceExpiresOn: null },
  { id: 5, name: 'Crew E', isActive: true, licenceNumber: 'E-1', licenceExpiresOn: '2026-11-25' },
  { id: 6, name: 'Crew F', isActive: true, licenceNumber: 'E-2', licenceExpiresOn: '2027-06-30' },
  { id: 7, name: 'Crew G', isActive: false, licenceNumber: 'E-3', licenceExpiresOn: '2026-01-01' },
];

describe('findLicenceGaps', () => {
  it('names the active crews without a number, with an expired licence, or one ending before the season, while a product is active', () => {
    expect(findLicenceGaps(crews, true, NOVEMBER).map(({ crew, problem }) => [crew.name, problem])).toEqual([
      ['Crew B', 'missing'], ['Crew D', 'missing'], ['Crew E', 'expired'], ['Crew F', 'expiresInSeason'],
    ]);
  });

  it('names nobody while the branch has no active product: no record is kept then', () => {
    expect(findLicenceGaps(crews, false, NOVEMBER)).toEqual([]);
  });

  it('leaves out inactive crews, who get no stops, whatever their licence', () => {
    expect(findLicenceGaps([crews[2]!, crews[6]!], true, NOVEMBER)).toEqual([]);
  });
});

describe('findLicenceProblem: the expiry date is the last valid day', () => {
  const licence = (licenceExpiresOn: string | null) => ({ licenceNumber: 'E-1', licenceExpiresOn });
  it.each([
    ['no expiry date on file', null, NOVEMBER, null],
    ['expires today: still valid today, but not for the season', '2026-11-26', NOVEMBER, 'expiresInSeason'],
    ['expired yesterday', '2026-11-25', NOVEMBER, 'expired'],
    ['ends the day before the season does', '2027-10-30', NOVEMBER, 'expiresInSeason'],
    ['ends on the season\'s last day: lasts it', '2027-10-31', NOVEMBER, null],
    ['ends after the season', '2028-03-31', NOVEMBER, null],
    ['in season, ends within it', '2026-08-31', { today: '2026-07-10', seasonEnd: '2026-10-31' }, 'expiresInSeason'],
    ['in season, lasts it', '2026-12-31', { today: '2026-07-10', seasonEnd: '2026-10-31' }, null],
  ] as const)('%s', (_, expiresOn, clock, problem) => {
    expect(findLicenceProblem(licence(expiresOn), clock)).toBe(problem);
  });

  it('says missing before anything about dates', () => {
    expect(findLicenceProblem({ licenceNumber: null, licenceExpiresOn: null }, NOVEMBER)).toBe('missing');
  });
});

describe('findDaySheetLicenceProblem: what the technician is told about their own licence', () => {
  it('tells a missing number and an expired licence, nothing about one still valid today', () => {
    expect(findDaySheetLicenceProblem(crews[1]!, true, NOVEMBER)).toBe('missing');
    expect(findDaySheetLicenceProblem(crews[4]!, true, NOVEMBER)).toBe('expired');
    expect(findDaySheetLicenceProblem(crews[5]!, true, NOVEMBER)).toBeNull();
    expect(findDaySheetLicenceProblem(crews[0]!, true, NOVEMBER)).toBeNull();
  });

  it('tells nothing while no product is active (no record is written)', () => {
    expect(findDaySheetLicenceProblem(crews[4]!, false, NOVEMBER)).toBeNull();
  });
});
