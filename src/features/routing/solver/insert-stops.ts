/**
 * Cheapest insertion of new stops into routes already planned, without re-planning them: every
 * existing stop keeps its route and its order, the fixed start of a route (stops done, the part
 * already driven) keeps its times too, and a new stop goes where it adds the least distance while
 * every stop after it still meets its window and the technician is back at the depot by the end of
 * the shift. A stop that fits nowhere is left out. Pure: the caller supplies the matrix.
 *
 * Locations index the matrices as in `vrp-model.ts`: 0 is the depot, where every route ends.
 */

const EPSILON = 1e-9;

export interface InsertionStop {
  /** Row and column of the stop in the matrices. */
  location: number;
  serviceMin: number;
  /** Earliest service start; arriving earlier means waiting. */
  readyMin?: number;
  /** Latest service start. */
  dueMin?: number;
}

export interface StopTimes {
  arrivalMin: number;
  /** Service start: the arrival, or `readyMin` after waiting. */
  startMin: number;
  departureMin: number;
}

export type ScheduledStop = InsertionStop & StopTimes;

export interface ExistingRoute {
  /** The planned stops in driving order, with their planned times. */
  stops: readonly ScheduledStop[];
  /** Where the route leaves from (the depot, 0, unless told). */
  origin?: number;
  /** When it leaves `origin`. */
  departMin: number;
  /** Back at the depot (location 0) by this minute. */
  shiftEndMin: number;
  /**
   * The first `fixedCount` stops (up to the last one done) stay as they are: nothing is inserted
   * before or among them and their times are kept. Default 0.
   */
  fixedCount?: number;
}

export interface InsertionProblem {
  routes: readonly ExistingRoute[];
  /** The stops to place. */
  candidates: readonly InsertionStop[];
  /** Square travel times in minutes. */
  travelMin: readonly ArrayLike<number>[];
  /** Same shape, any unit; what "cheapest" minimises. Defaults to travelMin. */
  distance?: readonly ArrayLike<number>[];
  /**
   * On the day itself, the current minute: a leg whose start (the departure from the stop before,
   * or from `origin`) is not after it is already driven or under way, so nothing is inserted there
   * or earlier. Null or absent on a day still to come.
   */
  nowMin?: number | null;
}

export interface InsertedStop extends ScheduledStop {
  /** Index into `candidates` for a stop placed now; null for a stop the route already had. */
  candidate: number | null;
}

export interface InsertedRoute {
  /** The route's stops after insertion: fixed ones as given, the rest timed again from there. */
  stops: InsertedStop[];
  /** Back at the depot. */
  returnMin: number;
  /**
   * The stops before this index were kept as given (fixed, or before a leg already started); from
   * it on, on a changed route, the stops were timed again.
   */
  openFrom: number;
  /** False when no stop went to this route: its stops are returned exactly as given. */
  changed: boolean;
}

export interface InsertionResult {
  /** One per input route, in the same order. */
  routes: InsertedRoute[];
  /** Each placed candidate, in the order placed, with its route and final index on it. */
  placed: { candidate: number; route: number; index: number }[];
  /** Candidates that fit in no route, ascending. */
  unassigned: number[];
  /** Distance the insertions add to the routes. */
  addedDistance: number;
}

interface WorkingRoute {
  source: ExistingRoute;
  origin: number;
  /** Stops as they stand now (given ones and placed candidates). */
  stops: InsertedStop[];
  /** First index a stop may be inserted at; past the end: the route is closed to insertions. */
  openFrom: number;
  returnMin: number;
  changed: boolean;
}

/** When and where the leg into position `p` starts: the departure from the stop before, or from the origin. */
function legStart(route: { stops: readonly StopTimes[]; departMin: number }, p: number): number {
  return p === 0 ? route.departMin : route.stops[p - 1]!.departureMin;
}

/** The first position open to insertions: after the fixed stops, and on the day itself after every leg already started. */
function findOpenFrom(route: ExistingRoute, nowMin: number | null): number {
  let p = Math.min(Math.max(0, route.fixedCount ?? 0), route.stops.length);
  if (nowMin === null) return p;
  while (p <= route.stops.length && legStart(route, p) <= nowMin) p++;
  return p;
}

/**
 * Times the open part of a route (from `openFrom`) after the kept start, or null when a window or
 * the shift end is broken. Fixed stops keep their times; their windows are not checked again.
 */
function scheduleOpenPart(
  route: WorkingRoute,
  stops: readonly InsertedStop[],
  travel: readonly ArrayLike<number>[],
): { stops: InsertedStop[]; returnMin: number } | null {
  const from = route.openFrom;
  let time = legStart({ stops, departMin: route.source.departMin }, from);
  let previous = from === 0 ? route.origin : stops[from - 1]!.location;
  const timed = stops.slice(0, from);
  for (let i = from; i < stops.length; i++) {
    const stop = stops[i]!;
    const arrivalMin = time + (travel[previous]![stop.location] as number);
    const startMin = Math.max(arrivalMin, stop.readyMin ?? -Infinity);
    if (startMin > (stop.dueMin ?? Infinity) + EPSILON) return null;
    const departureMin = startMin + stop.serviceMin;
    timed.push({ ...stop, arrivalMin, startMin, departureMin });
    time = departureMin;
    previous = stop.location;
  }
  const returnMin = time + (travel[previous]![0] as number);
  if (returnMin > route.source.shiftEndMin + EPSILON) return null;
  return { stops: timed, returnMin };
}

/**
 * Places the candidates one at a time, cheapest first: each round tries every candidate left at
 * every open position of every route and keeps the insertion that adds the least distance (ties:
 * the lower candidate, route and position), until none fits anywhere. Deterministic.
 */
export function insertStops(problem: InsertionProblem): InsertionResult {
  const travel = problem.travelMin;
  const distance = problem.distance ?? problem.travelMin;
  const nowMin = problem.nowMin ?? null;
  const cost = (from: number, to: number) => (from === to ? 0 : (distance[from]![to] as number));

  const routes: WorkingRoute[] = problem.routes.map((source) => {
    const stops = source.stops.map((stop) => ({ ...stop, candidate: null }));
    const last = source.stops.at(-1);
    const origin = source.origin ?? 0;
    const returnMin = last ? last.departureMin + (travel[last.location]![0] as number) : source.departMin + (travel[origin]![0] as number);
    return { source, origin, stops, openFrom: findOpenFrom(source, nowMin), returnMin, changed: false };
  });

  const left = new Set(problem.candidates.map((_, i) => i));
  const placed: InsertionResult['placed'] = [];
  let addedDistance = 0;
  for (;;) {
    let best: { candidate: number; route: number; position: number; added: number; timed: { stops: InsertedStop[]; returnMin: number } } | null = null;
    for (const c of [...left].sort((a, b) => a - b)) {
      const candidate = problem.candidates[c]!;
      for (let r = 0; r < routes.length; r++) {
        const route = routes[r]!;
        for (let p = route.openFrom; p <= route.stops.length; p++) {
          const before = p === 0 ? route.origin : route.stops[p - 1]!.location;
          const after = p < route.stops.length ? route.stops[p]!.location : 0;
          const added = cost(before, candidate.location) + cost(candidate.location, after) - cost(before, after);
          // Only a strictly cheaper insertion replaces the best so far: ties keep the first found.
          if (best && added >= best.added - EPSILON) continue;
          const trial = [...route.stops.slice(0, p), { ...candidate, arrivalMin: 0, startMin: 0, departureMin: 0, candidate: c }, ...route.stops.slice(p)];
          const timed = scheduleOpenPart(route, trial, travel);
          if (timed) best = { candidate: c, route: r, position: p, added, timed };
        }
      }
    }
    if (!best) break;
    const { candidate, route: r, position, added, timed } = best;
    const route = routes[r]!;
    route.stops = timed.stops;
    route.returnMin = timed.returnMin;
    route.changed = true;
    left.delete(candidate);
    addedDistance += added;
    // Earlier placements on this route moved along: report final indices at the end.
    placed.push({ candidate, route: r, index: position });
  }

  return {
    routes: routes.map((route) => ({ stops: route.stops, returnMin: route.returnMin, openFrom: route.openFrom, changed: route.changed })),
    placed: placed.map((p) => ({ ...p, index: routes[p.route]!.stops.findIndex((s) => s.candidate === p.candidate) })),
    unassigned: [...left].sort((a, b) => a - b),
    addedDistance,
  };
}
