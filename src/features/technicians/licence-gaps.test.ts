import { describe, expect, it } from 'vitest';
import { findCrewsWithoutLicence } from './licence-gaps';

const crews = [
  { id: 1, name: 'Crew A', isActive: true, licenceNumber: 'E-10442' },
  { id: 2, name: 'Crew B', isActive: true, licenceNumber: null },
  { id: 3, name: 'Crew C', isActive: false, licenceNumber: null },
  { id: 4, name: 'Crew D', isActive: true, licenceNumber: '' },
];

describe('findCrewsWithoutLicence', () => {
  it('names the active crews without a licence number while a product is active', () => {
    expect(findCrewsWithoutLicence(crews, true).map((crew) => crew.name)).toEqual(['Crew B', 'Crew D']);
  });

  it('names nobody while the branch has no active product: no record is kept then', () => {
    expect(findCrewsWithoutLicence(crews, false)).toEqual([]);
  });

  it('leaves out inactive crews, who get no stops', () => {
    expect(findCrewsWithoutLicence([crews[2]!], true)).toEqual([]);
  });
});
