import { describe, expect, it } from 'vitest';
import { joinNameParts, pickNameParts, splitFullName } from './person-name';

describe('splitFullName', () => {
  it('keeps a compound first name whole when the parts typed in two fields are known (0070)', () => {
    expect(splitFullName('José María Núñez Peña', { firstName: 'José María', lastName: 'Núñez Peña' })).toEqual({ firstName: 'José María', lastName: 'Núñez Peña' });
    // Spaces folded on both sides: a double space typed in either field changes nothing.
    expect(splitFullName(' José  María Núñez Peña ', { firstName: 'José María ', lastName: ' Núñez  Peña' })).toEqual({ firstName: 'José María', lastName: 'Núñez Peña' });
  });

  it('splits at the first space when the name no longer reads as the parts, or there are none (SPEC)', () => {
    // The customer changed the one name field after the parts came in: what they typed last wins.
    expect(splitFullName('Ana Ruiz Soto', { firstName: 'José María', lastName: 'Núñez Peña' })).toEqual({ firstName: 'Ana', lastName: 'Ruiz Soto' });
    expect(splitFullName('José María Núñez Peña', { firstName: 'José María', lastName: '' })).toEqual({ firstName: 'José', lastName: 'María Núñez Peña' });
    expect(splitFullName('Mary Ann Smith')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
    expect(splitFullName('Cher', null)).toEqual({ firstName: 'Cher', lastName: '-' });
  });
});

describe('pickNameParts and joinNameParts', () => {
  it('takes both parts or none, folded, and joins them with one space', () => {
    expect(pickNameParts(' José  María ', 'Núñez Peña')).toEqual({ firstName: 'José María', lastName: 'Núñez Peña' });
    expect(pickNameParts('José María', ' ')).toBeNull();
    expect(pickNameParts(undefined, 'Núñez Peña')).toBeNull();
    expect(pickNameParts(7, 'Peña')).toBeNull();
    expect(joinNameParts({ firstName: 'José María ', lastName: ' Núñez Peña' })).toBe('José María Núñez Peña');
  });
});
