/**
 * TSPLIB distance functions, exactly as TSPLIB95 defines them, so tour lengths match the published
 * optima. All results are integers.
 */
export type TsplibEdgeWeightType = 'EUC_2D' | 'CEIL_2D' | 'ATT' | 'GEO';

export interface TsplibPoint {
  x: number;
  y: number;
}

/** nint() from the TSPLIB reference code: (int)(x + 0.5), for non-negative x. */
function roundToNearestInt(x: number): number {
  return Math.floor(x + 0.5);
}

export function calculateEuc2dDistance(a: TsplibPoint, b: TsplibPoint): number {
  return roundToNearestInt(Math.hypot(a.x - b.x, a.y - b.y));
}

export function calculateCeil2dDistance(a: TsplibPoint, b: TsplibPoint): number {
  return Math.ceil(Math.hypot(a.x - b.x, a.y - b.y));
}

/** Pseudo-Euclidean distance of att48/att532. */
export function calculateAttDistance(a: TsplibPoint, b: TsplibPoint): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const r = Math.sqrt((dx * dx + dy * dy) / 10);
  const t = roundToNearestInt(r);
  return t < r ? t + 1 : t;
}

// TSPLIB's own constants; the published GEO optima depend on these truncated values.
const TSPLIB_PI = 3.141592;
const TSPLIB_EARTH_RADIUS_KM = 6378.388;

/** DDD.MM (degrees, then minutes as the fraction) to radians; the degree part is truncated. */
function convertGeoCoordinateToRadians(value: number): number {
  const degrees = Math.trunc(value);
  const minutes = value - degrees;
  return (TSPLIB_PI * (degrees + (5.0 * minutes) / 3.0)) / 180.0;
}

/** x is latitude and y longitude, both in TSPLIB's DDD.MM form. */
export function calculateGeoDistance(a: TsplibPoint, b: TsplibPoint): number {
  const latA = convertGeoCoordinateToRadians(a.x);
  const lonA = convertGeoCoordinateToRadians(a.y);
  const latB = convertGeoCoordinateToRadians(b.x);
  const lonB = convertGeoCoordinateToRadians(b.y);
  const q1 = Math.cos(lonA - lonB);
  const q2 = Math.cos(latA - latB);
  const q3 = Math.cos(latA + latB);
  return Math.trunc(TSPLIB_EARTH_RADIUS_KM * Math.acos(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)) + 1.0);
}

export function selectTsplibDistance(type: TsplibEdgeWeightType): (a: TsplibPoint, b: TsplibPoint) => number {
  switch (type) {
    case 'EUC_2D':
      return calculateEuc2dDistance;
    case 'CEIL_2D':
      return calculateCeil2dDistance;
    case 'ATT':
      return calculateAttDistance;
    case 'GEO':
      return calculateGeoDistance;
  }
}
