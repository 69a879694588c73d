import { findFsaCentroid, type FsaCentroid } from '@/features/service-area/fsa-centroids';
import { DEFAULT_SERVED_PREFIXES } from '@/features/service-area/postal-code';
import { DEFAULT_DEPOT } from '../default-depot';
import type { VrpProblem } from '../solver/vrp-model';
import { createRandom, type Random } from '../solver/seeded-random';
import { buildGreatCircleMatrix, type GeoPoint } from '../travel/distance-matrix';

/**
 * Synthetic but realistic Hamilton Fridays for the benchmark: stops scattered around the offline
 * geocoder's centroids of the served postal prefixes, the branch depot, and the app's offline
 * travel model (great-circle x road factor at the urban speed, from travel/distance-matrix).
 */
export const SERVICE_MIN = 45;
export const DAY_START_MIN = 8 * 60;

/** Stops per prefix relative to the others: the city's denser FSAs see more bookings. */
const AREA_WEIGHT: Readonly<Record<string, number>> = { Hamilton: 2 };

// One point per served FSA (L0R's named communities share its weight), so the benchmark's days stay the same.
export const HAMILTON_PREFIXES: readonly (FsaCentroid & { weight: number })[] = DEFAULT_SERVED_PREFIXES.filter(({ prefix }) => prefix.length === 3).map(({ prefix, area }) => {
  const centroid = findFsaCentroid(prefix);
  if (!centroid) throw new Error(`No centroid for served prefix ${prefix}`);
  return { ...centroid, weight: AREA_WEIGHT[area] ?? 1 };
});

export interface HamiltonFriday {
  seed: number;
  points: (GeoPoint & { fsa: string })[];
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
 * A Friday with stopCount stops (distances in km, times in minutes). The shift is open-ended on
 * purpose: the exact check proves a TSP optimum, so the shift end must not bind.
 */
export function generateHamiltonFriday(seed: number, stopCount: number, vehicles = 1): HamiltonFriday {
  const random = createRandom(seed);
  const points: HamiltonFriday['points'] = [{ latitude: DEFAULT_DEPOT.latitude, longitude: DEFAULT_DEPOT.longitude, fsa: 'depot' }];
  for (let i = 0; i < stopCount; i++) {
    const prefix = pickPrefix(random);
    // About +-1.5 km around the prefix centroid.
    points.push({
      latitude: prefix.latitude + (random.next() - 0.5) * 0.027,
      longitude: prefix.longitude + (random.next() - 0.5) * 0.037,
      fsa: prefix.fsa,
    });
  }
  const matrix = buildGreatCircleMatrix(points);
  return {
    seed,
    points,
    problem: {
      stops: points.slice(1).map(() => ({ serviceMin: SERVICE_MIN })),
      vehicles: Array.from({ length: vehicles }, () => ({
        shiftStartMin: DAY_START_MIN,
        shiftEndMin: DAY_START_MIN + 7 * 24 * 60,
      })),
      travelMin: matrix.durationMin,
      distance: matrix.distanceM.map((row) => row.map((m) => m / 1000)),
      objective: 'distance',
    },
  };
}
