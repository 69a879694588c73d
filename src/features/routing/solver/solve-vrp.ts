import { compileProblem, scheduleRoute, type CompiledProblem } from './compiled-problem';
import { createRandom } from './seeded-random';
import { solveTsp } from './tsp-solver';
import type { PlannedRoute, SolveVrpOptions, VrpProblem, VrpSolution } from './vrp-model';
import { VrptwSearch, type SearchClock } from './vrptw-search';

/**
 * Plans routes within the limits. Pure: no I/O, and the same seed gives the same routes for the
 * same amount of search. With `maxIterations` the amount of search is counted in iterations, so
 * repeated runs agree (unless the time cap cuts one short); with a time budget alone, inject `now`
 * to make the budget itself reproducible.
 */
export function solveVrp(problem: VrpProblem, options: SolveVrpOptions): VrpSolution {
  const compiled = compileProblem(problem);
  const now = options.now ?? (() => performance.now());
  const random = createRandom(options.seed ?? 1);
  const clock = createSearchClock(now, options);
  if (problem.stops.length === 0) return buildSolution(compiled, [], []);

  if (isPureTsp(compiled)) {
    const { tour } = solveTsp(compiled.n, compiled.cost, random, {
      isTimeUp: clock.isTimeUp,
      maxKicks: options.maxIterations ?? Number.MAX_SAFE_INTEGER,
      // Converged well before the budget on small days; stopping early keeps the screen snappy.
      stallKicks: Math.min(100 + 5 * compiled.n, options.stallIterations ?? Number.MAX_SAFE_INTEGER),
    });
    const nodes = orientFromDepot(tour, compiled);
    // A single feasible tour is final; a binding shift or capacity needs the general search.
    if (scheduleRoute(compiled, 0, nodes)) return buildSolution(compiled, [nodes], []);
  }

  const search = new VrptwSearch(compiled, random, clock, { stallIterations: options.stallIterations ?? Number.MAX_SAFE_INTEGER });
  const result = search.solve();
  return buildSolution(compiled, result.routes, result.unassigned);
}

/**
 * Time-based by default. With a work limit, progress counts work units (`tick`) and the clock only
 * stops the search when the time cap is reached, so the search path does not depend on speed.
 */
function createSearchClock(now: () => number, options: SolveVrpOptions): SearchClock {
  const startedAt = now();
  const budget = Math.max(1, options.timeBudgetMs);
  const isPastBudget = () => now() - startedAt >= budget;
  const maxWork = options.maxIterations;
  if (maxWork === undefined) {
    return { progress: () => (now() - startedAt) / budget, isTimeUp: isPastBudget, tick: () => {} };
  }
  let work = 0;
  return {
    progress: () => work / Math.max(1, maxWork),
    isTimeUp: () => work >= maxWork || isPastBudget(),
    tick: () => {
      work++;
    },
  };
}

/**
 * One vehicle from the depot, no windows, no capacities: the stop order is a travelling-salesman
 * tour. (A vehicle that starts elsewhere drives an open path, which the general search handles.)
 */
function isPureTsp(p: CompiledProblem): boolean {
  return p.vehicleStart.length === 1 && p.vehicleOrigin[0] === 0 && p.n === p.stopCount + 1 && !p.hasTimeWindows && !p.hasCapacities;
}

/** Rotates the tour to start after the depot; picks the direction that returns earlier (asymmetric times). */
function orientFromDepot(tour: number[], p: CompiledProblem): number[] {
  const at = tour.indexOf(0);
  const forward = [...tour.slice(at + 1), ...tour.slice(0, at)];
  const backward = [...forward].reverse();
  const a = scheduleRoute(p, 0, forward);
  const b = scheduleRoute(p, 0, backward);
  if (a && b) return b.distance < a.distance - 1e-9 || (b.distance <= a.distance + 1e-9 && b.returnDepot < a.returnDepot) ? backward : forward;
  return a || !b ? forward : backward;
}

function buildSolution(p: CompiledProblem, routes: number[][], unassigned: number[]): VrpSolution {
  const planned: PlannedRoute[] = [];
  routes.forEach((nodes, vehicle) => {
    if (nodes.length === 0) return;
    const route = scheduleRoute(p, vehicle, nodes);
    // The search only keeps feasible routes; reaching this means a bug, which must not go unnoticed.
    if (!route) throw new Error(`Solver produced an infeasible route for vehicle ${vehicle}`);
    planned.push(route);
  });
  return {
    routes: planned,
    unassigned: unassigned.map((node) => node - 1).sort((a, b) => a - b),
    totalDistance: planned.reduce((sum, r) => sum + r.distance, 0),
    totalDuration: planned.reduce((sum, r) => sum + r.duration, 0),
  };
}
