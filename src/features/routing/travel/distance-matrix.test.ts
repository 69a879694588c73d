import { describe, expect, it, vi } from 'vitest';
import {
  buildGreatCircleMatrix, createDayMatrixCache, createOsrmMatrixProvider, greatCircleMatrixProvider, measureGreatCircleMetres,
  ROAD_FACTOR, URBAN_SPEED_KMH,
} from './distance-matrix';

const depot = { latitude: 43.2557, longitude: -79.869 };
const dundas = { latitude: 43.2658, longitude: -79.9553 };
const grimsby = { latitude: 43.194, longitude: -79.561 };

describe('great-circle travel model', () => {
  it('measures known distances (one degree of latitude is about 111.2 km)', () => {
    expect(measureGreatCircleMetres({ latitude: 43, longitude: -80 }, { latitude: 44, longitude: -80 })).toBeCloseTo(111_195, -2);
    // Downtown Hamilton to Grimsby, straight line: about 25.9 km.
    expect(measureGreatCircleMetres(depot, grimsby) / 1000).toBeGreaterThan(25);
    expect(measureGreatCircleMetres(depot, grimsby) / 1000).toBeLessThan(27);
  });

  it('applies the road factor and the urban speed, symmetric with a zero diagonal', () => {
    const m = buildGreatCircleMatrix([depot, dundas, grimsby]);
    const straight = measureGreatCircleMetres(depot, dundas);
    expect(m.distanceM[0]![1]).toBeCloseTo(straight * ROAD_FACTOR, 6);
    expect(m.durationMin[0]![1]).toBeCloseTo((straight * ROAD_FACTOR) / 1000 / URBAN_SPEED_KMH * 60, 6);
    for (let i = 0; i < 3; i++) {
      expect(m.distanceM[i]![i]).toBe(0);
      for (let j = 0; j < 3; j++) expect(m.distanceM[i]![j]).toBe(m.distanceM[j]![i]);
    }
    // Downtown to Dundas: ~7.1 km straight, ~9.2 km of road, about 14 minutes at 40 km/h.
    expect(m.distanceM[0]![1]! / 1000).toBeCloseTo(9.2, 1);
    expect(m.durationMin[0]![1]).toBeGreaterThan(13);
    expect(m.durationMin[0]![1]).toBeLessThan(15);
    expect(m.source).toBe('great-circle');
  });
});

describe('OSRM provider', () => {
  it('asks the table service with lon,lat pairs and converts seconds to minutes', async () => {
    const fetchImpl = vi.fn(async () => Response.json({
      code: 'Ok',
      durations: [[0, 600], [660, 0]],
      distances: [[0, 9000], [9100, 0]],
    }));
    const provider = createOsrmMatrixProvider('http://osrm.local/', fetchImpl as unknown as typeof fetch);
    const m = await provider.compute([depot, dundas]);
    expect(String((fetchImpl.mock.calls[0] as unknown[])[0])).toBe(
      'http://osrm.local/table/v1/driving/-79.869000,43.255700;-79.955300,43.265800?annotations=duration,distance',
    );
    expect(m).toEqual({ source: 'osrm', durationMin: [[0, 10], [11, 0]], distanceM: [[0, 9000], [9100, 0]] });
  });

  it('falls back to the offline estimate when the server fails or answers badly', async () => {
    const offline = await greatCircleMatrixProvider.compute([depot, dundas]);
    const down = createOsrmMatrixProvider('http://osrm.local', (async () => { throw new Error('ECONNREFUSED'); }) as unknown as typeof fetch);
    expect(await down.compute([depot, dundas])).toEqual(offline);
    const bad = createOsrmMatrixProvider('http://osrm.local', (async () => Response.json({ code: 'InvalidQuery' }, { status: 400 })) as unknown as typeof fetch);
    expect(await bad.compute([depot, dundas])).toEqual(offline);
  });
});

describe('day matrix cache', () => {
  it('reuses a matrix for the same day and points, and recomputes when either changes', async () => {
    const compute = vi.fn(async (points: readonly { latitude: number; longitude: number }[]) => buildGreatCircleMatrix(points));
    const cache = createDayMatrixCache({ compute });
    await cache.getMatrix('2027-05-07', [depot, dundas]);
    await cache.getMatrix('2027-05-07', [depot, dundas]);
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.getMatrix('2027-05-07', [depot, dundas, grimsby]);
    await cache.getMatrix('2027-05-14', [depot, dundas]);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('does not keep a matrix the caller rejects (an offline fallback while OSRM is down)', async () => {
    const compute = vi.fn(async (points: readonly { latitude: number; longitude: number }[]) => buildGreatCircleMatrix(points));
    const cache = createDayMatrixCache({ compute }, { isWorthKeeping: (m) => m.source === 'osrm' });
    await cache.getMatrix('2027-05-07', [depot, dundas]);
    await cache.getMatrix('2027-05-07', [depot, dundas]);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });
});
