import type { VrpProblem, VrpSolution } from './vrp-model';
import { createRandom } from './seeded-random';

/**
 * Checks a solution against the problem from first principles (not with the solver's own code):
 * every stop exactly once, times follow the matrix and service times, windows, shifts and
 * capacities hold, and the reported totals add up. Returns the list of violations.
 */
export function findViolations(problem: VrpProblem, solution: VrpSolution): string[] {
  const tol = 1e-6;
  const errors: string[] = [];
  const distance = problem.distance ?? problem.travelMin;
  const seen = new Map<number, number>();
  for (const index of solution.unassigned) seen.set(index, (seen.get(index) ?? 0) + 1);
  let totalDistance = 0;
  let totalDuration = 0;
  for (const route of solution.routes) {
    const vehicle = problem.vehicles[route.vehicle];
    if (!vehicle) {
      errors.push(`unknown vehicle ${route.vehicle}`);
      continue;
    }
    let time = vehicle.shiftStartMin;
    // A vehicle of a day under way leaves from where it is; every vehicle ends at the depot.
    let prev = vehicle.startLocation ?? 0;
    let load = 0;
    let length = 0;
    for (const stop of route.stops) {
      seen.set(stop.index, (seen.get(stop.index) ?? 0) + 1);
      const spec = problem.stops[stop.index];
      if (!spec) {
        errors.push(`vehicle ${route.vehicle} visits location ${stop.index + 1}, which is not a stop`);
        continue;
      }
      const location = stop.index + 1;
      const arrival = time + problem.travelMin[prev]![location]!;
      const start = Math.max(arrival, spec.readyMin ?? -Infinity);
      if (Math.abs(stop.arrival - arrival) > tol) errors.push(`stop ${stop.index}: arrival ${stop.arrival} != ${arrival}`);
      if (Math.abs(stop.start - start) > tol) errors.push(`stop ${stop.index}: start ${stop.start} != ${start}`);
      if (Math.abs(stop.departure - (start + spec.serviceMin)) > tol) errors.push(`stop ${stop.index}: departure`);
      if (spec.dueMin !== undefined && start > spec.dueMin + tol) errors.push(`stop ${stop.index}: starts after its window`);
      load += spec.demand ?? 0;
      length += distance[prev]![location]!;
      time = start + spec.serviceMin;
      prev = location;
    }
    const back = time + problem.travelMin[prev]![0]!;
    length += distance[prev]![0]!;
    if (back > vehicle.shiftEndMin + tol) errors.push(`vehicle ${route.vehicle}: back at ${back} after shift end`);
    if (load > (vehicle.capacity ?? Infinity) + tol) errors.push(`vehicle ${route.vehicle}: load ${load} over capacity`);
    if (Math.abs(route.distance - length) > tol) errors.push(`vehicle ${route.vehicle}: distance ${route.distance} != ${length}`);
    if (Math.abs(route.returnDepot - back) > tol) errors.push(`vehicle ${route.vehicle}: return time`);
    if (Math.abs(route.duration - (back - vehicle.shiftStartMin)) > tol) errors.push(`vehicle ${route.vehicle}: duration`);
    totalDistance += length;
    totalDuration += back - vehicle.shiftStartMin;
  }
  problem.stops.forEach((_, index) => {
    const count = seen.get(index) ?? 0;
    if (count !== 1) errors.push(`stop ${index} appears ${count} times`);
  });
  if (new Set(solution.routes.map((r) => r.vehicle)).size !== solution.routes.length) errors.push('a vehicle has two routes');
  if (Math.abs(solution.totalDistance - totalDistance) > tol) errors.push('totalDistance does not add up');
  if (Math.abs(solution.totalDuration - totalDuration) > tol) errors.push('totalDuration does not add up');
  return errors;
}

export function buildEuclideanMatrix(points: { x: number; y: number }[]): number[][] {
  return points.map((a) => points.map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
}

export function generatePoints(seed: number, count: number, size = 100): { x: number; y: number }[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => ({ x: random.next() * size, y: random.next() * size }));
}

/** A clock that advances 1 ms per reading, so a time budget becomes a fixed amount of work. */
export function createTickingClock(): () => number {
  let t = 0;
  return () => t++;
}

/** Calls visit with every permutation of items (Heap's algorithm). */
export function forEachPermutation(items: number[], visit: (order: readonly number[]) => void): void {
  const a = [...items];
  const c = new Array<number>(a.length).fill(0);
  visit(a);
  let i = 0;
  while (i < a.length) {
    if (c[i]! < i) {
      const j = i % 2 === 0 ? 0 : c[i]!;
      [a[j], a[i]] = [a[i]!, a[j]!];
      visit(a);
      c[i]!++;
      i = 0;
    } else {
      c[i] = 0;
      i++;
    }
  }
}
