import { describe, expect, it } from 'vitest';
import { generateHamiltonFriday } from '../bench/hamilton-fridays';
import { solveVrp } from './solve-vrp';
import {
  buildEuclideanMatrix,
  createTickingClock,
  findViolations,
  forEachPermutation,
  generatePoints,
} from './solver-test-helpers';
import type { VrpProblem, VrpSolution, VrpStop } from './vrp-model';

function buildTspProblem(points: { x: number; y: number }[]): VrpProblem {
  const matrix = buildEuclideanMatrix(points);
  return {
    stops: points.slice(1).map(() => ({ serviceMin: 0 })),
    vehicles: [{ shiftStartMin: 0, shiftEndMin: Infinity }],
    travelMin: matrix,
  };
}

function measureBruteForceTour(matrix: number[][]): number {
  const n = matrix.length;
  let best = Infinity;
  forEachPermutation(
    Array.from({ length: n - 1 }, (_, i) => i + 1),
    (order) => {
      let length = matrix[0]![order[0]!]! + matrix[order[n - 2]!]![0]!;
      for (let k = 0; k + 1 < order.length; k++) length += matrix[order[k]!]![order[k + 1]!]!;
      best = Math.min(best, length);
    },
  );
  return best;
}

/** Small VRPTW: clustered stops, windows, demands, two vehicles with different shifts. */
function buildWindowedProblem(seed: number, stopCount: number): VrpProblem {
  const points = [{ x: 50, y: 50 }, ...generatePoints(seed, stopCount)];
  const matrix = buildEuclideanMatrix(points);
  const stops: VrpStop[] = points.slice(1).map((_, i) => {
    const ready = ((i * 37) % 5) * 60;
    return { serviceMin: 10, readyMin: ready, dueMin: ready + 90, demand: 1 + (i % 3) };
  });
  return {
    stops,
    vehicles: [
      { shiftStartMin: 0, shiftEndMin: 480, capacity: 20 },
      { shiftStartMin: 0, shiftEndMin: 480, capacity: 20 },
      { shiftStartMin: 60, shiftEndMin: 400, capacity: 12 },
    ],
    travelMin: matrix,
    distance: matrix,
  };
}

describe('solveVrp: travelling-salesman days', () => {
  it('finds the perimeter tour for points on a circle', () => {
    const n = 24;
    const points = Array.from({ length: n }, (_, i) => ({
      x: 100 * Math.cos((2 * Math.PI * ((i * 7) % n)) / n),
      y: 100 * Math.sin((2 * Math.PI * ((i * 7) % n)) / n),
    }));
    const solution = solveVrp(buildTspProblem(points), { timeBudgetMs: 200, seed: 3, now: createTickingClock() });
    const perimeter = n * 2 * 100 * Math.sin(Math.PI / n);
    expect(solution.totalDistance).toBeCloseTo(perimeter, 6);
    expect(findViolations(buildTspProblem(points), solution)).toEqual([]);
  });

  it.each([1, 2, 3, 4, 5, 6])('matches brute force on an 8-node instance (seed %i)', (seed) => {
    const points = generatePoints(seed, 8);
    const problem = buildTspProblem(points);
    const optimum = measureBruteForceTour(problem.travelMin as number[][]);
    const solution = solveVrp(problem, { timeBudgetMs: 100, seed, now: createTickingClock() });
    expect(solution.totalDistance).toBeCloseTo(optimum, 9);
    expect(findViolations(problem, solution)).toEqual([]);
  });

  it('reports arrival, start and departure times from the matrix and service times', () => {
    const points = [{ x: 0, y: 0 }, { x: 30, y: 0 }, { x: 30, y: 40 }];
    const problem: VrpProblem = {
      stops: [{ serviceMin: 45 }, { serviceMin: 45 }],
      vehicles: [{ shiftStartMin: 480, shiftEndMin: 1080 }],
      travelMin: buildEuclideanMatrix(points),
    };
    const solution = solveVrp(problem, { timeBudgetMs: 50, now: createTickingClock() });
    const [route] = solution.routes;
    expect(route?.stops).toHaveLength(2);
    const times = route!.stops.map((s) => [s.arrival, s.start, s.departure]);
    // Either direction is optimal (30 + 40 + 50); the schedule must follow the chosen one.
    const expected = route!.stops[0]!.index === 0 ? [[510, 510, 555], [595, 595, 640]] : [[530, 530, 575], [615, 615, 660]];
    expect(times).toEqual(expected);
    expect(route!.returnDepot).toBe(expected[1]![2]! + (route!.stops[1]!.index === 1 ? 50 : 30));
    expect(solution.totalDistance).toBe(120);
  });

  it('puts stops that do not fit in a short shift in unassigned instead of dropping them', () => {
    const points = [{ x: 0, y: 0 }, ...Array.from({ length: 6 }, (_, i) => ({ x: 10 * (i + 1), y: 0 }))];
    const problem: VrpProblem = {
      stops: points.slice(1).map(() => ({ serviceMin: 45 })),
      vehicles: [{ shiftStartMin: 480, shiftEndMin: 480 + 200 }],
      travelMin: buildEuclideanMatrix(points),
    };
    const solution = solveVrp(problem, { timeBudgetMs: 200, now: createTickingClock() });
    expect(findViolations(problem, solution)).toEqual([]);
    // 200 minutes hold three 45-minute visits and 60 minutes of driving (195), not four (260).
    expect(solution.routes[0]?.stops).toHaveLength(3);
    expect(solution.unassigned).toHaveLength(3);
    // Serving the nearest three is the only way to fit three.
    expect(solution.routes[0]!.stops.map((s) => s.index).sort()).toEqual([0, 1, 2]);
  });
});

describe('solveVrp: time windows, capacities, several vehicles', () => {
  it.each([11, 12, 13, 14])('returns a feasible plan that serves every stop (instance %i)', (seed) => {
    const problem = buildWindowedProblem(seed, 20);
    const solution = solveVrp(problem, { timeBudgetMs: 300, seed, now: createTickingClock() });
    expect(findViolations(problem, solution)).toEqual([]);
    expect(solution.unassigned).toEqual([]);
  });

  it('matches the brute-force optimum of a 6-stop, 2-vehicle problem with windows', () => {
    const points = [{ x: 0, y: 0 }, { x: 20, y: 5 }, { x: 25, y: -10 }, { x: -15, y: 20 }, { x: -30, y: 0 }, { x: 5, y: 30 }, { x: 10, y: -25 }];
    const matrix = buildEuclideanMatrix(points);
    const stops: VrpStop[] = [
      { serviceMin: 10, readyMin: 0, dueMin: 60 },
      { serviceMin: 10, readyMin: 60, dueMin: 120 },
      { serviceMin: 10, readyMin: 0, dueMin: 90 },
      { serviceMin: 10, readyMin: 30, dueMin: 150 },
      { serviceMin: 10 },
      { serviceMin: 10, readyMin: 0, dueMin: 70 },
    ];
    const problem: VrpProblem = {
      stops,
      vehicles: [
        { shiftStartMin: 0, shiftEndMin: 200 },
        { shiftStartMin: 0, shiftEndMin: 200 },
      ],
      travelMin: matrix,
    };
    const best = findBruteForceVrpOptimum(problem);
    expect(best).toBeLessThan(Infinity);
    const solution = solveVrp(problem, { timeBudgetMs: 300, now: createTickingClock() });
    expect(findViolations(problem, solution)).toEqual([]);
    expect(solution.totalDistance).toBeCloseTo(best, 9);
  });

  it('never exceeds a vehicle capacity even when stops must stay unassigned', () => {
    const points = [{ x: 0, y: 0 }, ...generatePoints(5, 10, 20)];
    const matrix = buildEuclideanMatrix(points);
    const problem: VrpProblem = {
      stops: points.slice(1).map(() => ({ serviceMin: 5, demand: 4 })),
      vehicles: [
        { shiftStartMin: 0, shiftEndMin: 1000, capacity: 10 },
        { shiftStartMin: 0, shiftEndMin: 1000, capacity: 10 },
      ],
      travelMin: matrix,
    };
    const solution = solveVrp(problem, { timeBudgetMs: 200, now: createTickingClock() });
    expect(findViolations(problem, solution)).toEqual([]);
    // Two stops of 4 per vehicle of 10: four served, six reported.
    expect(solution.unassigned).toHaveLength(6);
  });

  it('minimises vehicles first when asked, then distance', () => {
    const problem = buildWindowedProblem(21, 12);
    const byDistance = solveVrp({ ...problem, objective: 'distance' }, { timeBudgetMs: 300, now: createTickingClock() });
    const byVehicles = solveVrp(
      { ...problem, objective: 'vehicles-then-distance' },
      { timeBudgetMs: 300, now: createTickingClock() },
    );
    expect(findViolations(problem, byVehicles)).toEqual([]);
    expect(byVehicles.routes.length).toBeLessThanOrEqual(byDistance.routes.length);
    expect(byDistance.totalDistance).toBeLessThanOrEqual(byVehicles.totalDistance + 1e-9);
  });
});

describe('solveVrp: a day under way (vehicles that start where they are)', () => {
  // The depot at the origin, six stops, and two start points after them (locations 7 and 8): where
  // two technicians stand when the office re-plans at noon, at their last finished stop.
  const points = [
    { x: 0, y: 0 },
    { x: 40, y: 10 }, { x: 45, y: 22 }, { x: 50, y: 5 }, { x: -20, y: 30 }, { x: -25, y: 15 }, { x: 10, y: -30 },
    { x: 55, y: 15 }, { x: -30, y: 25 },
  ];
  const matrix = buildEuclideanMatrix(points);
  const stops: VrpStop[] = points.slice(1, 7).map(() => ({ serviceMin: 45 }));

  it('leaves from the start point, not the depot, and still matches the brute-force optimum', () => {
    const problem: VrpProblem = { stops, vehicles: [{ shiftStartMin: 720, shiftEndMin: 1440, startLocation: 7 }], travelMin: matrix };
    const solution = solveVrp(problem, { timeBudgetMs: 200, now: createTickingClock() });
    expect(findViolations(problem, solution)).toEqual([]);
    expect(solution.unassigned).toEqual([]);
    const [route] = solution.routes;
    // The first leg runs from the start point at noon; the depot is only where the day ends.
    const first = route!.stops[0]!;
    expect(first.arrival).toBeCloseTo(720 + matrix[7]![first.index + 1]!, 9);
    expect(route!.departDepot).toBe(720);
    expect(route!.stops.map((s) => s.index)).not.toContain(6);
    // The nearest stops to the start point come first (a depot start would begin at the other end).
    expect([0, 1, 2]).toContain(first.index);
    expect(solution.totalDistance).toBeCloseTo(findBruteForceVrpOptimum(problem), 9);
  });

  it('plans two technicians from their own start points within what is left of their shifts', () => {
    const problem: VrpProblem = {
      stops,
      vehicles: [
        { shiftStartMin: 720, shiftEndMin: 1080, startLocation: 7 },
        { shiftStartMin: 720, shiftEndMin: 1080, startLocation: 8 },
      ],
      travelMin: matrix,
    };
    const solution = solveVrp(problem, { timeBudgetMs: 300, seed: 2, now: createTickingClock() });
    expect(findViolations(problem, solution)).toEqual([]);
    expect(solution.unassigned).toEqual([]);
    expect(solution.totalDistance).toBeCloseTo(findBruteForceVrpOptimum(problem), 9);
    // Each serves the stops on its own side: east from location 7, west from location 8.
    const served = (vehicle: number) => solution.routes.find((r) => r.vehicle === vehicle)!.stops.map((s) => s.index).sort();
    expect(served(0)).toEqual(expect.arrayContaining([0, 1, 2]));
    expect(served(1)).toEqual(expect.arrayContaining([3, 4]));
  });

  it('reports stops that no longer fit in the rest of the day', () => {
    // 160 minutes left: two 45-minute visits near the start point fit (with 64 minutes of driving), not three.
    const problem: VrpProblem = { stops, vehicles: [{ shiftStartMin: 940, shiftEndMin: 1100, startLocation: 7 }], travelMin: matrix };
    const solution = solveVrp(problem, { timeBudgetMs: 200, now: createTickingClock() });
    expect(findViolations(problem, solution)).toEqual([]);
    expect(solution.routes[0]!.stops.map((s) => s.index).sort()).toEqual([0, 2]);
    expect(solution.unassigned).toEqual([1, 3, 4, 5]);
  });

  it('refuses a start point that is a stop, the depot being the only other choice', () => {
    const vehicles = [{ shiftStartMin: 720, shiftEndMin: 1080, startLocation: 3 }];
    expect(() => solveVrp({ stops, vehicles, travelMin: matrix }, { timeBudgetMs: 10 })).toThrow(/start point/);
    expect(() => solveVrp({ stops, vehicles: [{ ...vehicles[0]!, startLocation: 9 }], travelMin: matrix }, { timeBudgetMs: 10 })).toThrow(/start point/);
  });
});

describe('solveVrp: the longest working day first, then distance (field-service days)', () => {
  // Five stops around the depot and two far out on one side, 30 minutes each; two crews.
  const points = [{ x: 0, y: 0 }, { x: 8, y: 3 }, { x: -6, y: 7 }, { x: -9, y: -4 }, { x: 4, y: -9 }, { x: 10, y: -2 }, { x: 90, y: 10 }, { x: 96, y: -6 }];
  const matrix = buildEuclideanMatrix(points);
  const twoCrews: VrpProblem = {
    stops: points.slice(1).map(() => ({ serviceMin: 30 })),
    vehicles: [
      { shiftStartMin: 0, shiftEndMin: 600 },
      { shiftStartMin: 0, shiftEndMin: 600 },
    ],
    travelMin: matrix,
  };
  const longestDay = (solution: VrpSolution) => Math.max(...solution.routes.map((r) => r.duration));
  const solve = (problem: VrpProblem) => solveVrp(problem, { timeBudgetMs: 60_000, maxIterations: 2000, stallIterations: 500, seed: 1 });

  it('with distance alone, one crew takes the whole day (the unbalanced plan)', () => {
    const byDistance = solve({ ...twoCrews, objective: 'distance' });
    expect(byDistance.routes).toHaveLength(1);
  });

  it('splits the day so the longer of the two is as short as it can be (brute force)', () => {
    const balanced = solve({ ...twoCrews, objective: 'longest-day-then-distance' });
    expect(findViolations(twoCrews, balanced)).toEqual([]);
    expect(balanced.routes).toHaveLength(2);
    expect(longestDay(balanced)).toBeCloseTo(findBruteForceLongestDay(twoCrews), 6);
  });

  it('keeps windows, shifts and the plan the same on every run', () => {
    const problem: VrpProblem = { ...buildWindowedProblem(31, 18), objective: 'longest-day-then-distance' };
    const first = solve(problem);
    expect(findViolations(problem, first)).toEqual([]);
    expect(first.unassigned).toEqual([]);
    expect(solve(problem)).toEqual(first);
    expect(longestDay(first)).toBeLessThanOrEqual(longestDay(solve({ ...problem, objective: 'distance' })) + 1e-9);
  });

  it('changes nothing for one vehicle', () => {
    const one: VrpProblem = { ...twoCrews, vehicles: [twoCrews.vehicles[0]!] };
    expect(solve({ ...one, objective: 'longest-day-then-distance' })).toEqual(solve({ ...one, objective: 'distance' }));
  });
});

describe('solveVrp: determinism', () => {
  it.each([
    ['a travelling-salesman day', () => buildTspProblem(generatePoints(9, 40))],
    ['a windowed multi-vehicle day', () => buildWindowedProblem(9, 25)],
  ])('gives identical plans for the same seed on %s', (_, build) => {
    const problem = build();
    const first = solveVrp(problem, { timeBudgetMs: 300, seed: 42, now: createTickingClock() });
    const second = solveVrp(problem, { timeBudgetMs: 300, seed: 42, now: createTickingClock() });
    expect(second).toEqual(first);
  });

  it('gives identical routes on every run of a work-limited solve, with the real clock', () => {
    // A 40-stop Friday for three technicians, as the route manager solves it: limited by iterations,
    // with a time cap far above what the work needs, so the clock never decides the answer.
    const friday = generateHamiltonFriday(2027, 40, 3);
    const problem: VrpProblem = { ...friday.problem, vehicles: friday.problem.vehicles.map(() => ({ shiftStartMin: 480, shiftEndMin: 1080 })) };
    const solve = () => solveVrp(problem, { timeBudgetMs: 60_000, maxIterations: 3000, stallIterations: 1000, seed: 7 });
    const first = solve();
    expect(first.routes.length).toBeGreaterThan(1);
    expect(findViolations(problem, first)).toEqual([]);
    for (let run = 0; run < 2; run++) expect(solve()).toEqual(first);
  });

  it('stops after the iteration limit even with time to spare', () => {
    const problem = buildWindowedProblem(5, 25);
    const ticks = createTickingClock();
    let calls = 0;
    const now = () => {
      calls++;
      return ticks();
    };
    solveVrp(problem, { timeBudgetMs: Number.MAX_SAFE_INTEGER, maxIterations: 50, seed: 1, now });
    // The clock is read a bounded number of times: the search did not run on until a deadline.
    expect(calls).toBeLessThan(10_000);
  });
});

/**
 * The shortest possible longest day for identical vehicles from the depot without windows: every
 * split of the stops, each part in its quickest order (travel plus service).
 */
function findBruteForceLongestDay(problem: VrpProblem): number {
  const n = problem.stops.length;
  const vehicles = problem.vehicles.length;
  const quickest = (group: number[]): number => {
    if (group.length === 0) return 0;
    let best = Infinity;
    forEachPermutation(group, (order) => {
      let minutes = problem.travelMin[0]![order[0]! + 1]! + problem.travelMin[order[order.length - 1]! + 1]![0]!;
      for (let k = 0; k + 1 < order.length; k++) minutes += problem.travelMin[order[k]! + 1]![order[k + 1]! + 1]!;
      for (const index of order) minutes += problem.stops[index]!.serviceMin;
      best = Math.min(best, minutes);
    });
    return best;
  };
  let best = Infinity;
  forEachSplit(n, vehicles, (groups) => (best = Math.min(best, Math.max(...groups.map(quickest)))));
  return best;
}

/** Every assignment of stops to vehicles and every order, checked for feasibility. */
function findBruteForceVrpOptimum(problem: VrpProblem): number {
  const n = problem.stops.length;
  const vehicles = problem.vehicles.length;
  const routeCost = (vehicle: number, order: readonly number[]): number => {
    const shift = problem.vehicles[vehicle]!;
    let time = shift.shiftStartMin;
    let prev = shift.startLocation ?? 0;
    let length = 0;
    for (const index of order) {
      const stop = problem.stops[index]!;
      const arrival = time + problem.travelMin[prev]![index + 1]!;
      const start = Math.max(arrival, stop.readyMin ?? -Infinity);
      if (start > (stop.dueMin ?? Infinity)) return Infinity;
      length += problem.travelMin[prev]![index + 1]!;
      time = start + stop.serviceMin;
      prev = index + 1;
    }
    if (time + problem.travelMin[prev]![0]! > shift.shiftEndMin) return Infinity;
    return length + problem.travelMin[prev]![0]!;
  };
  const bestPerSubset = (vehicle: number, subset: number[]): number => {
    if (subset.length === 0) return 0;
    let best = Infinity;
    forEachPermutation(subset, (order) => (best = Math.min(best, routeCost(vehicle, order))));
    return best;
  };
  let best = Infinity;
  forEachSplit(n, vehicles, (groups) => (best = Math.min(best, groups.reduce((sum, group, v) => sum + bestPerSubset(v, group), 0))));
  return best;
}

/** Calls visit with every assignment of stops 0..n-1 to the vehicles (a group of stops per vehicle). */
function forEachSplit(n: number, vehicles: number, visit: (groups: number[][]) => void): void {
  for (let mask = 0; mask < vehicles ** n; mask++) {
    const groups: number[][] = Array.from({ length: vehicles }, () => []);
    let m = mask;
    for (let i = 0; i < n; i++) {
      groups[m % vehicles]!.push(i);
      m = Math.floor(m / vehicles);
    }
    visit(groups);
  }
}

describe('findViolations (the oracle the tests above rely on)', () => {
  const problem: VrpProblem = {
    stops: [{ serviceMin: 10, readyMin: 0, dueMin: 15 }, { serviceMin: 10 }],
    vehicles: [{ shiftStartMin: 0, shiftEndMin: 100, capacity: 5 }],
    travelMin: [
      [0, 10, 20],
      [10, 0, 10],
      [20, 10, 0],
    ],
  };
  const valid = solveVrp(problem, { timeBudgetMs: 20, now: createTickingClock() });

  it('accepts the solver plan', () => {
    expect(findViolations(problem, valid)).toEqual([]);
  });

  it('flags a dropped stop, an inconsistent time and a broken window', () => {
    const dropped = { ...valid, routes: valid.routes.map((r) => ({ ...r, stops: r.stops.slice(1) })) };
    expect(findViolations(problem, dropped).join()).toMatch(/appears 0 times/);
    const shifted = structuredClone(valid);
    shifted.routes[0]!.stops[0]!.arrival += 1;
    expect(findViolations(problem, shifted).join()).toMatch(/arrival/);
    const late = { ...problem, stops: [{ serviceMin: 10, dueMin: 5 }, { serviceMin: 10 }] };
    expect(findViolations(late, valid).join()).toMatch(/after its window/);
  });
});
