import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DEFAULT_SERVED_PREFIXES,
  checkServiceArea,
  extractFsa,
  findOutsideServiceArea,
  formatPostalCode,
  isPostalCodeInProvince,
  isValidPostalCode,
  normalisePostalCode,
} from './postal-code';

describe('normalisePostalCode', () => {
  it.each([
    ['L8P 4R5', 'L8P4R5'],
    [' l8p4r5 ', 'L8P4R5'],
    ['l8p\t4r5', 'L8P4R5'],
    ['L8P-4R5', 'L8P4R5'],
    ['', ''],
    // Where Canada Post puts a digit, a letter O is a zero and an I or l a one: rural codes such as
    // Beamsville's L0R 1B0 are often typed "LOR 1BO". Letter positions are left alone.
    ['LOR 1BO', 'L0R1B0'],
    ['lor1b0', 'L0R1B0'],
    ['L3M 4EI', 'L3M4E1'],
    ['L3M lK6', 'L3M1K6'],
    ['OOO OOO', 'O0O0O0'],
    ['LOR1B', 'LOR1B'],
  ])('%j → %j', (input, expected) => {
    expect(normalisePostalCode(input)).toBe(expected);
  });
});

describe('isValidPostalCode', () => {
  it.each([
    ['L8P 4R5', true],
    ['l8p4r5', true],
    ['N3W 1A1', true],
    ['L0R 1A0', true],
    ['K1A 0B1', true], // Ottawa: valid, just not served
    ['X0A 0H0', true], // Nunavut
    ['T2X 1V4', true], // V allowed after the first position
    ['A1A 1Z1', true], // Z allowed after the first position
    ['W8P 4R5', false], // W never first
    ['Z8P 4R5', false], // Z never first
    ['D8P 4R5', false], // D, F, I, O, Q, U never anywhere
    ['L8F 4R5', false],
    ['L8P 4I5', false],
    ['L8O 4R5', false],
    ['L8P 4RQ', false],
    ['U8P 4R5', false],
    ['L8P4R', false],
    ['L8P 4R55', false],
    ['90210', false],
    ['L8P 4R5X', false],
    ['88P 4R5', false],
    ['', false],
    ['LOR 1B0', true], // O typed for a zero
    ['L9H 2RG', false], // a letter where a digit goes is refused unless it reads as one
  ])('%j → %s', (input, expected) => {
    expect(isValidPostalCode(input)).toBe(expected);
  });

  it('never accepts a forbidden letter in any letter position', () => {
    const letter = fc.constantFrom(...'ABCEGHJKLMNPRSTVXY');
    const forbidden = fc.constantFrom(...'DFIOQU');
    const digit = fc.integer({ min: 0, max: 9 }).map(String);
    fc.assert(
      fc.property(letter, digit, letter, digit, letter, digit, fc.integer({ min: 0, max: 2 }), forbidden, (a, b, c, d, e, f, position, bad) => {
        const chars = [a, b, c, d, e, f];
        chars[position * 2] = bad;
        return !isValidPostalCode(chars.join(''));
      }),
    );
  });
});

describe('extractFsa and formatPostalCode', () => {
  it('takes the first three characters of the normalised code', () => {
    expect(extractFsa(' l9g 3k9')).toBe('L9G');
  });

  it('writes a code the Canada Post way', () => {
    expect(formatPostalCode('l8p4r5')).toBe('L8P 4R5');
  });
});

describe('checkServiceArea with the default prefixes', () => {
  it.each([
    ['L8P 4R5', 'Hamilton'],
    ['l8s 4l8', 'Hamilton'],
    ['L8H 1A1', 'Hamilton'],
    ['L8W 2B2', 'Hamilton'],
    ['L9A 1A1', 'Hamilton'],
    ['L9C 7N4', 'Hamilton'],
    ['L8E 2X5', 'Stoney Creek'],
    ['L8G 1A1', 'Stoney Creek'],
    ['L8J 0B1', 'Stoney Creek'],
    ['L9G 3K9', 'Ancaster'],
    ['L9K 1J4', 'Ancaster'],
    ['L9H 2R6', 'Dundas'],
    ['L8B 0A1', 'Waterdown'],
    ['L0R 1A0', 'Flamborough'],
    ['L3M 4E7', 'Grimsby'],
    ['LOR 1A0', 'Flamborough'],
    // L0R is a rural FSA from Flamborough to West Lincoln: its communities are named by their own
    // prefix (the LDU's first two characters), not all as Flamborough.
    ['L0R 1C0', 'Binbrook'],
    ['L0R 1W0', 'Mount Hope'],
    ['L0R 2H4', 'Waterdown'],
    ['L0R 1H0', 'Carlisle'],
    ['L0R 1B0', 'Beamsville'],
    ['L0R 1B7', 'Beamsville'],
    ['LOR 1B7', 'Beamsville'],
    ['L0R 2C0', 'Vineland'],
    ['L0R 2A0', 'Smithville'],
    ['N3W 1B3', 'Caledonia'],
  ])('%s is served (%s)', (code, area) => {
    expect(checkServiceArea(code, DEFAULT_SERVED_PREFIXES)).toEqual({
      valid: true,
      inServiceArea: true,
      postalCode: normalisePostalCode(code),
      area,
    });
  });

  it.each(['L8A 1A1', 'L8X 1A1', 'L9E 1A1', 'L7R 1A1', 'M5V 2T6', 'K1A 0B1', 'L0S 1J0'])('%s is a valid code outside the area', (code) => {
    expect(checkServiceArea(code, DEFAULT_SERVED_PREFIXES)).toEqual({
      valid: true,
      inServiceArea: false,
      postalCode: normalisePostalCode(code),
      area: null,
    });
  });

  it.each(['90210', 'L8P', 'W8P 4R5', 'L8P 4R5 extra', ''])('%j is malformed', (code) => {
    expect(checkServiceArea(code, DEFAULT_SERVED_PREFIXES)).toEqual({
      valid: false,
      reason: 'invalid-postal-code',
      postalCode: normalisePostalCode(code),
    });
  });
});

describe('checkServiceArea with branch data', () => {
  it('prefers the longest matching prefix, whatever the order', () => {
    const prefixes = [
      { prefix: 'L0R 1', area: 'Binbrook' },
      { prefix: 'l0r', area: 'Flamborough' },
    ];
    expect(checkServiceArea('L0R1A0', prefixes)).toMatchObject({ inServiceArea: true, area: 'Binbrook' });
    expect(checkServiceArea('L0R2A0', prefixes)).toMatchObject({ inServiceArea: true, area: 'Flamborough' });
  });

  it('serves nothing with an empty list and ignores blank prefixes', () => {
    expect(checkServiceArea('L8P4R5', [])).toMatchObject({ inServiceArea: false, area: null });
    expect(checkServiceArea('L8P4R5', [{ prefix: ' ', area: 'Everywhere' }])).toMatchObject({ inServiceArea: false });
  });
});

describe('checkServiceArea with a community marked not served (0088)', () => {
  const withoutVineland = DEFAULT_SERVED_PREFIXES.map((row) => (row.prefix === 'L0R2C' || row.prefix === 'L0R2A' ? { ...row, served: false } : row));

  it('refuses the unserved community inside a served FSA, whatever the spelling', () => {
    for (const code of ['L0R 2C0', 'lor2c4', 'L0R 2A0']) {
      expect(checkServiceArea(code, withoutVineland), code).toMatchObject({ valid: true, inServiceArea: false, area: null });
    }
  });

  it('keeps the rest of the FSA served: its other communities and the codes only the FSA row matches', () => {
    expect(checkServiceArea('L0R 1B7', withoutVineland)).toMatchObject({ inServiceArea: true, area: 'Beamsville' });
    expect(checkServiceArea('L0R 2E0', withoutVineland)).toMatchObject({ inServiceArea: true, area: 'Vineland Station' });
    expect(checkServiceArea('L0R 1A0', withoutVineland)).toMatchObject({ inServiceArea: true, area: 'Flamborough' });
  });

  it('lets a longer served prefix inside an unserved one serve again, and an unserved FSA refuse its codes', () => {
    const prefixes = [
      { prefix: 'L0R', area: 'Flamborough' },
      { prefix: 'L0R2', area: 'West Lincoln', served: false },
      { prefix: 'L0R2H', area: 'Waterdown' },
      { prefix: 'L3M', area: 'Grimsby', served: false },
    ];
    expect(checkServiceArea('L0R2A0', prefixes)).toMatchObject({ inServiceArea: false, area: null });
    expect(checkServiceArea('L0R2H1', prefixes)).toMatchObject({ inServiceArea: true, area: 'Waterdown' });
    expect(checkServiceArea('L3M4E5', prefixes)).toMatchObject({ inServiceArea: false, area: null });
  });

  it('reads an explicit served: true as served', () => {
    expect(checkServiceArea('L8P4R5', [{ prefix: 'L8P', area: 'Hamilton', served: true }])).toMatchObject({ inServiceArea: true, area: 'Hamilton' });
  });
});

describe('findOutsideServiceArea (the office\'s flag, 0088)', () => {
  const withoutVineland = DEFAULT_SERVED_PREFIXES.map((row) => (row.prefix === 'L0R2C' ? { ...row, served: false } : row));

  it('names the unserved community of a stored code, written as Canada Post does', () => {
    expect(findOutsideServiceArea('lor2c4', withoutVineland)).toEqual({ postalCode: 'L0R 2C4', area: 'Vineland' });
  });

  it('gives a code no row matches without a community, and nothing for a served, blank or malformed code', () => {
    expect(findOutsideServiceArea('M5V 3L9', withoutVineland)).toEqual({ postalCode: 'M5V 3L9', area: null });
    for (const code of ['L0R 1B7', 'L0R 2E0', '', null, 'L0R 2C']) expect(findOutsideServiceArea(code, withoutVineland), String(code)).toBeNull();
  });
});

describe('DEFAULT_SERVED_PREFIXES', () => {
  const prefixes = DEFAULT_SERVED_PREFIXES.map((row) => row.prefix);
  const fsas = prefixes.filter((prefix) => prefix.length === 3);

  it('has one row per prefix', () => {
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('names communities only inside a served FSA, by a prefix a real code can start with', () => {
    for (const prefix of prefixes.filter((p) => p.length > 3)) {
      expect(fsas).toContain(prefix.slice(0, 3));
      expect(isValidPostalCode(`${prefix}0`)).toBe(true);
    }
  });

  it('covers exactly DECISIONS §4', () => {
    // L8E–L8W without F, I, O, Q, U; L9A–L9C; plus the named towns.
    expect([...fsas].sort()).toEqual(
      [
        'L8E', 'L8G', 'L8H', 'L8J', 'L8K', 'L8L', 'L8M', 'L8N', 'L8P', 'L8R', 'L8S', 'L8T', 'L8V', 'L8W',
        'L9A', 'L9B', 'L9C', 'L9K', 'L9G', 'L9H', 'L8B', 'L0R', 'L3M', 'N3W',
      ].sort(),
    );
  });

  it('only lists real FSAs', () => {
    for (const fsa of fsas) expect(isValidPostalCode(`${fsa}1A1`)).toBe(true);
  });
});

describe('isPostalCodeInProvince (the first letter is the province, docs/decisions/0076)', () => {
  it.each([
    ['L8N 3W1', 'ON'], ['k1a0b1', 'ON'], ['H2X 1Y4', 'QC'], ['V6B 1A1', 'BC'], ['X0A 0H0', 'NU'], ['X1A 2N5', 'NT'], ['A1C 5M2', 'NL'],
  ])('%s is in %s', (code, province) => {
    expect(isPostalCodeInProvince(code, province)).toBe(true);
  });

  it.each([['L8N 3W1', 'QC'], ['H2X 1Y4', 'ON'], ['X0A 0H0', 'YT'], ['L8N 3W1', 'XX']])('%s is not in %s', (code, province) => {
    expect(isPostalCodeInProvince(code, province)).toBe(false);
  });
});
