import { describe, expect, it } from 'vitest';
import { calculateAttDistance, calculateCeil2dDistance, calculateEuc2dDistance, calculateGeoDistance } from './tsplib-distance';

describe('TSPLIB distance functions', () => {
  it.each([
    [{ x: 565, y: 575 }, { x: 25, y: 185 }, 666], // berlin52 nodes 1-2: 666.108
    [{ x: 0, y: 0 }, { x: 3, y: 4 }, 5],
    [{ x: 0, y: 0 }, { x: 1, y: 1 }, 1], // 1.414 rounds down
    [{ x: 0, y: 0 }, { x: 0.5, y: 0 }, 1], // nint rounds halves up
    [{ x: 0, y: 0 }, { x: 1.49, y: 0 }, 1],
  ])('EUC_2D(%o, %o) = %i', (a, b, expected) => {
    expect(calculateEuc2dDistance(a, b)).toBe(expected);
  });

  it('CEIL_2D rounds up', () => {
    expect(calculateCeil2dDistance({ x: 0, y: 0 }, { x: 1, y: 1 })).toBe(2);
  });

  it('ATT rounds the pseudo-Euclidean distance up unless exact', () => {
    // sqrt(100 / 10) = 3.162 -> nint 3 < 3.162 -> 4
    expect(calculateAttDistance({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(4);
    // sqrt(1000 / 10) = 10 exactly
    expect(calculateAttDistance({ x: 0, y: 0 }, { x: 0, y: Math.sqrt(1000) })).toBe(10);
  });

  it.each([
    // gr96 nodes 1-2 and gr137 nodes 1-2, hand-checked with the TSPLIB95 formula.
    [{ x: 14.55, y: -23.31 }, { x: 28.06, y: -15.24 }, 1690],
    [{ x: 71.17, y: -156.47 }, { x: 64.51, y: -147.43 }, 808],
  ])('GEO(%o, %o) = %i', (a, b, expected) => {
    expect(calculateGeoDistance(a, b)).toBe(expected);
  });

  it('GEO reads DDD.MM as degrees and minutes, not decimal degrees', () => {
    // 0.30 is 30 minutes = half a degree; as decimal degrees it would be 0.3 of a degree.
    const halfDegree = calculateGeoDistance({ x: 0, y: 0 }, { x: 0, y: 0.3 });
    expect(halfDegree).toBe(Math.trunc(6378.388 * (3.141592 * 0.5) / 180 + 1));
  });

  it('GEO gives 1 for identical points (TSPLIB adds 1 before truncating)', () => {
    expect(calculateGeoDistance({ x: 10.3, y: 20.1 }, { x: 10.3, y: 20.1 })).toBe(1);
  });
});
