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
    expect(centroidFsas).toEqual(DEFAULT_SERVED_PREFIXES.map((row) => row.prefix).filter((prefix) => prefix.length === 3).sort());
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

  it('places a code of a named L0R community at that community, not at the FSA\'s Flamborough point', () => {
    const beamsville = findFsaCentroid('L0R 1B7')!;
    expect(beamsville).toMatchObject({ fsa: 'L0R', place: 'Beamsville' });
    // East of Grimsby, where Beamsville is; the FSA's point lies west of Dundas.
    expect(beamsville.longitude).toBeGreaterThan(findFsaCentroid('L3M 4E7')!.longitude);
    expect(findFsaCentroid('L0R 1C0')).toMatchObject({ place: 'Binbrook' });
    expect(findFsaCentroid('L0R 1A0')).toMatchObject({ fsa: 'L0R', place: 'Flamborough (rural Hamilton, coarse)' });
  });

  it('has a point for every community DEFAULT_SERVED_PREFIXES names inside an FSA', () => {
    for (const { prefix, area } of DEFAULT_SERVED_PREFIXES.filter((row) => row.prefix.length > 3)) {
      expect(findFsaCentroid(`${prefix}0`), prefix).toMatchObject({ place: area });
    }
  });

  it('returns null for an FSA without a centroid', () => {
    expect(findFsaCentroid('M5V 2T6')).toBeNull();
  });
});
