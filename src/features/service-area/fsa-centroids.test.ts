import { describe, expect, it } from 'vitest';

import { FSA_CENTROIDS, findFsaCentroid } from './fsa-centroids';
import { DEFAULT_SERVED_PREFIXES } from './postal-code';

const DEPOT = { latitude: 43.2557, longitude: -79.869 }; // 1 Hunter St E (DECISIONS §9)

function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('FSA_CENTROIDS', () => {
  it('has exactly one row per served FSA', () => {
    const centroidFsas = FSA_CENTROIDS.map((row) => row.fsa).sort();
    expect(centroidFsas).toEqual(DEFAULT_SERVED_PREFIXES.map((row) => row.prefix).sort());
  });

  it.each(FSA_CENTROIDS)('$fsa ($place) lies within 35 km of the depot', (row) => {
    expect(distanceKm(DEPOT, row)).toBeLessThan(35);
  });

  it('places the downtown FSA near the depot and Grimsby far east of it', () => {
    expect(distanceKm(DEPOT, findFsaCentroid('L8P 4R5')!)).toBeLessThan(2);
    expect(findFsaCentroid('L3M4E7')!.longitude).toBeGreaterThan(DEPOT.longitude + 0.25);
  });
});

describe('findFsaCentroid', () => {
  it('finds by postal code in any spacing or case', () => {
    expect(findFsaCentroid(' l9h 2r6')).toMatchObject({ fsa: 'L9H', place: 'Dundas' });
  });

  it('returns null for an FSA without a centroid', () => {
    expect(findFsaCentroid('M5V 2T6')).toBeNull();
  });
});
