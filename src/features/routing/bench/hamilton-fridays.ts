import type { VrpProblem } from '../solver/vrp-model';
import { createRandom, type Random } from '../solver/seeded-random';

/**
 * Synthetic but realistic Hamilton Fridays for the benchmark: stops scattered around the centroids
 * of Hamilton-area postal prefixes (approximate coordinates), the depot at 1 Hunter St E, and the
 * offline travel model: great-circle km x 1.3 road factor at 40 km/h.
 */
export const HAMILTON_DEPOT = { lat: 43.2557, lon: -79.869 };
export const ROAD_FACTOR = 1.3;
export const URBAN_SPEED_KMH = 40;
export const SERVICE_MIN = 45;
export const DAY_START_MIN = 8 * 60;

/** Approximate centroids; the weights favour the dense lower city and the mountain. */
export const HAMILTON_PREFIXES: readonly { fsa: string; lat: number; lon: number; weight: number }[] = [
  { fsa: 'L8P', lat: 43.256, lon: -79.877, weight: 3 },
  { fsa: 'L8N', lat: 43.251, lon: -79.862, weight: 3 },
  { fsa: 'L8R', lat: 43.264, lon: -79.881, weight: 2 },
  { fsa: 'L8L', lat: 43.268, lon: -79.845, weight: 2 },
  { fsa: 'L8M', lat: 43.247, lon: -79.845, weight: 2 },
  { fsa: 'L8H', lat: 43.243, lon: -79.79, weight: 2 },
  { fsa: 'L8K', lat: 43.226, lon: -79.794, weight: 2 },
  { fsa: 'L8S', lat: 43.26, lon: -79.91, weight: 2 },
  { fsa: 'L8T', lat: 43.223, lon: -79.825, weight: 2 },
  { fsa: 'L8V', lat: 43.227, lon: -79.853, weight: 3 },
  { fsa: 'L8W', lat: 43.198, lon: -79.85, weight: 2 },
  { fsa: 'L9A', lat: 43.233, lon: -79.877, weight: 3 },
  { fsa: 'L9B', lat: 43.205, lon: -79.9, weight: 2 },
  { fsa: 'L9C', lat: 43.231, lon: -79.914, weight: 2 },
  { fsa: 'L8E', lat: 43.227, lon: -79.72, weight: 2 },
  { fsa: 'L8G', lat: 43.217, lon: -79.756, weight: 2 },
  { fsa: 'L8J', lat: 43.195, lon: -79.765, weight: 1 },
  { fsa: 'L9G', lat: 43.215, lon: -79.985, weight: 2 },
  { fsa: 'L9K', lat: 43.218, lon: -79.94, weight: 1 },
  { fsa: 'L9H', lat: 43.265, lon: -79.955, weight: 2 },
  { fsa: 'L8B', lat: 43.335, lon: -79.893, weight: 1 },
  { fsa: 'L0R', lat: 43.158, lon: -79.9, weight: 1 },
  { fsa: 'L7T', lat: 43.297, lon: -79.87, weight: 1 },
  { fsa: 'L3M', lat: 43.195, lon: -79.57, weight: 1 },
];

const EARTH_RADIUS_KM = 6371.0088;

export function calculateGreatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLon = (b.lon - a.lon) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface HamiltonFriday {
  seed: number;
  points: { lat: number; lon: number; fsa: string }[];
  problem: VrpProblem;
}

function pickPrefix(random: Random): (typeof HAMILTON_PREFIXES)[number] {
  const total = HAMILTON_PREFIXES.reduce((s, p) => s + p.weight, 0);
  let r = random.next() * total;
  for (const prefix of HAMILTON_PREFIXES) {
    r -= prefix.weight;
    if (r < 0) return prefix;
  }
  return HAMILTON_PREFIXES[HAMILTON_PREFIXES.length - 1]!;
}

/**
 * One technician's Friday with stopCount stops. The shift is open-ended on purpose: the exact
 * check proves a TSP optimum, so the shift end must not bind.
 */
export function generateHamiltonFriday(seed: number, stopCount: number, vehicles = 1): HamiltonFriday {
  const random = createRandom(seed);
  const points = [{ ...HAMILTON_DEPOT, fsa: 'depot' }];
  for (let i = 0; i < stopCount; i++) {
    const prefix = pickPrefix(random);
    // About +-1.5 km around the prefix centroid.
    points.push({
      lat: prefix.lat + (random.next() - 0.5) * 0.027,
      lon: prefix.lon + (random.next() - 0.5) * 0.037,
      fsa: prefix.fsa,
    });
  }
  const distance = points.map((a) => points.map((b) => calculateGreatCircleKm(a, b) * ROAD_FACTOR));
  const travelMin = distance.map((row) => row.map((km) => (km / URBAN_SPEED_KMH) * 60));
  return {
    seed,
    points,
    problem: {
      stops: points.slice(1).map(() => ({ serviceMin: SERVICE_MIN })),
      vehicles: Array.from({ length: vehicles }, () => ({
        shiftStartMin: DAY_START_MIN,
        shiftEndMin: DAY_START_MIN + 7 * 24 * 60,
      })),
      travelMin,
      distance,
      objective: 'distance',
    },
  };
}
