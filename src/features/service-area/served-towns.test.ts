import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVED_PREFIXES, type ServedPrefix } from './postal-code';
import { findServedTowns, findTownCoverage, NAMED_TOWNS } from './served-towns';

const without = (...prefixes: string[]): ServedPrefix[] =>
  DEFAULT_SERVED_PREFIXES.map((row) => (prefixes.includes(row.prefix) ? { ...row, served: false } : row));

describe('findServedTowns (the towns the marketing copy names, 0100)', () => {
  it('names all five of SPEC\'s towns while the seeded branch serves them', () => {
    expect(findServedTowns(NAMED_TOWNS, DEFAULT_SERVED_PREFIXES)).toEqual(['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Grimsby']);
  });

  it('drops a town the owner marked not served, and keeps one with any row still served', () => {
    expect(findServedTowns(NAMED_TOWNS, without('L3M'))).toEqual(['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas']);
    // Ancaster has two FSAs: one taken out leaves it served.
    expect(findServedTowns(NAMED_TOWNS, without('L9G'))).toContain('Ancaster');
    expect(findServedTowns(NAMED_TOWNS, without('L9G', 'L9K'))).not.toContain('Ancaster');
  });

  it('follows the landing list\'s neighbourhoods to their town, and L0R\'s communities to their own rows', () => {
    const list = ['Hamilton', 'Westdale', 'Binbrook', 'Flamborough', 'Caledonia'];
    const partOf = { Westdale: 'Hamilton' };
    expect(findServedTowns(list, DEFAULT_SERVED_PREFIXES, partOf)).toEqual(list);
    expect(findServedTowns(list, without('L0R1C', 'N3W'), partOf)).toEqual(['Hamilton', 'Westdale', 'Flamborough']);
  });
});

describe('findTownCoverage (how much of a town its page may claim, 0106)', () => {
  it('is all while every row of the town is served, part while some are, none when no row is', () => {
    expect(NAMED_TOWNS.map((town) => findTownCoverage(town, DEFAULT_SERVED_PREFIXES))).toEqual(['all', 'all', 'all', 'all', 'all']);
    expect(findTownCoverage('Ancaster', without('L9G'))).toBe('part');
    expect(findTownCoverage('Ancaster', without('L9G', 'L9K'))).toBe('none');
    expect(findTownCoverage('Grimsby', without('L3M'))).toBe('none');
    expect(findTownCoverage('Stoney Creek', without('L8J'))).toBe('part');
  });

  it('is none for a town the branch has no row for', () => {
    expect(findTownCoverage('Grimsby', DEFAULT_SERVED_PREFIXES.filter((row) => row.area !== 'Grimsby'))).toBe('none');
  });
});
