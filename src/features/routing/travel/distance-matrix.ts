import { createHash } from 'node:crypto';
import { getEnv } from '@/env';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Travel between every ordered pair of points: `distanceM[i][j]` metres, `durationMin[i][j]` minutes. */
export interface TravelMatrix {
  distanceM: number[][];
  durationMin: number[][];
  source: 'great-circle' | 'osrm';
}

export interface DistanceMatrixProvider {
  compute(points: readonly GeoPoint[]): Promise<TravelMatrix>;
}

/**
 * Offline travel model constants (see docs/decisions/0006-route-planning.md).
 *
 * ROAD_FACTOR: the detour index (road distance / straight-line distance). Studies of urban road
 * networks report typical values of about 1.2-1.4 (e.g. Ballou, Rahardja & Sakai 2002, "Selected
 * country circuity factors for road travel distance estimation", ~1.2-1.3 for North America;
 * Boscoe, Henry & Zdeb 2012 report ~1.4 for short urban trips). 1.3 sits in the middle.
 *
 * URBAN_SPEED_KMH: average door-to-door speed in a mid-size city including lights and turns
 * (posted limits 40-60 km/h on Hamilton's arterials, 50-80 on the Linc/Red Hill, but far lower
 * averages in traffic). 40 km/h is a deliberately modest average so ETAs err on the late side.
 */
export const ROAD_FACTOR = 1.3;
export const URBAN_SPEED_KMH = 40;
/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;
export const OSRM_TIMEOUT_MS = 5000;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance between two points, in metres. */
export function measureGreatCircleMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Road distance estimate (metres) and driving time (minutes) between two points, offline. */
export function estimateRoadTravel(a: GeoPoint, b: GeoPoint): { distanceM: number; durationMin: number } {
  const distanceM = measureGreatCircleMetres(a, b) * ROAD_FACTOR;
  return { distanceM, durationMin: (distanceM / 1000 / URBAN_SPEED_KMH) * 60 };
}

/** Offline default: great-circle distance × road factor at an urban average speed. */
export const greatCircleMatrixProvider: DistanceMatrixProvider = {
  async compute(points) {
    return buildGreatCircleMatrix(points);
  },
};

export function buildGreatCircleMatrix(points: readonly GeoPoint[]): TravelMatrix {
  const n = points.length;
  const distanceM = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const durationMin = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const leg = estimateRoadTravel(points[i]!, points[j]!);
      distanceM[i]![j] = distanceM[j]![i] = leg.distanceM;
      durationMin[i]![j] = durationMin[j]![i] = leg.durationMin;
    }
  }
  return { distanceM, durationMin, source: 'great-circle' };
}

/**
 * An OSRM server's table service (`/table/v1/driving/{lon,lat;…}?annotations=duration,distance`).
 * Any failure (network, timeout, bad answer) falls back to the offline estimate so a route can
 * always be planned; a single missing cell (unroutable pair) falls back for that cell only.
 */
export function createOsrmMatrixProvider(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  fallback: DistanceMatrixProvider = greatCircleMatrixProvider,
  timeoutMs = OSRM_TIMEOUT_MS,
): DistanceMatrixProvider {
  return {
    async compute(points) {
      if (points.length < 2) return fallback.compute(points);
      const coordinates = points.map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(';');
      const url = `${baseUrl.replace(/\/+$/, '')}/table/v1/driving/${coordinates}?annotations=duration,distance`;
      try {
        const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) return fallback.compute(points);
        const body = (await response.json()) as { code?: string; durations?: (number | null)[][]; distances?: (number | null)[][] };
        const n = points.length;
        if (body.code !== 'Ok' || !isSquare(body.durations, n) || !isSquare(body.distances, n)) return fallback.compute(points);
        const offline = buildGreatCircleMatrix(points);
        const pick = (value: number | null | undefined, backup: number) => (typeof value === 'number' && Number.isFinite(value) ? value : backup);
        return {
          source: 'osrm',
          distanceM: body.distances!.map((row, i) => row.map((v, j) => pick(v, offline.distanceM[i]![j]!))),
          // OSRM reports seconds.
          durationMin: body.durations!.map((row, i) => row.map((v, j) => (typeof v === 'number' && Number.isFinite(v) ? v / 60 : offline.durationMin[i]![j]!))),
        };
      } catch {
        return fallback.compute(points);
      }
    },
  };
}

function isSquare(matrix: unknown, n: number): matrix is (number | null)[][] {
  return Array.isArray(matrix) && matrix.length === n && matrix.every((row) => Array.isArray(row) && row.length === n);
}

/** Stable key for a point list: the order matters (row i is point i). */
export function hashPoints(points: readonly GeoPoint[]): string {
  const text = points.map((p) => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`).join(';');
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

const MAX_CACHED_MATRICES = 64;

/**
 * Caches matrices per service day: the key is the date plus the hash of the coordinate list, so a
 * re-optimisation of an unchanged day reuses the matrix and any change (a booking added or
 * cancelled) computes a new one.
 */
export function createDayMatrixCache(
  provider: DistanceMatrixProvider,
  options: { limit?: number; isWorthKeeping?: (matrix: TravelMatrix) => boolean } = {},
) {
  const limit = options.limit ?? MAX_CACHED_MATRICES;
  const cache = new Map<string, TravelMatrix>();
  return {
    async getMatrix(date: string, points: readonly GeoPoint[]): Promise<TravelMatrix> {
      const key = `${date}:${hashPoints(points)}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const matrix = await provider.compute(points);
      if (options.isWorthKeeping && !options.isWorthKeeping(matrix)) return matrix;
      if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
      cache.set(key, matrix);
      return matrix;
    },
    get size() {
      return cache.size;
    },
    clear() {
      cache.clear();
    },
  };
}

let appCache: { url: string | undefined; cache: ReturnType<typeof createDayMatrixCache> } | undefined;

/** The app's day-cached matrix: OSRM when OSRM_URL is set, the offline estimate otherwise. */
export function getDayTravelMatrix(date: string, points: readonly GeoPoint[]): Promise<TravelMatrix> {
  const url = getEnv().OSRM_URL;
  if (!appCache || appCache.url !== url) {
    const provider = url ? createOsrmMatrixProvider(url) : greatCircleMatrixProvider;
    // An offline fallback while OSRM was down is not kept: the next optimisation asks OSRM again.
    appCache = { url, cache: createDayMatrixCache(provider, { isWorthKeeping: (m) => !url || m.source === 'osrm' }) };
  }
  return appCache.cache.getMatrix(date, points);
}
