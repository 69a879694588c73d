/**
 * The vehicle-routing model the solver works on. Times are minutes on one clock (e.g. minutes after
 * midnight); matrices are indexed by location, where location 0 is the depot and location i + 1 is
 * stops[i]. Locations after the stops (stops.length + 1 and up) are only start points: a vehicle
 * may leave from one (where it is when a day under way is re-planned), none is ever visited.
 */
export interface VrpStop {
  serviceMin: number;
  /** Earliest service start; arriving earlier means waiting. */
  readyMin?: number;
  /** Latest service start. */
  dueMin?: number;
  demand?: number;
}

export interface VrpVehicle {
  /** Leaves its start location (the depot unless `startLocation` says otherwise) at this time. */
  shiftStartMin: number;
  /** Must be back at the depot by this time. */
  shiftEndMin: number;
  capacity?: number;
  /**
   * Where the vehicle starts: 0 (the depot, the default) or a start point after the stops. It
   * always ends at the depot.
   */
  startLocation?: number;
}

export type VrpObjective =
  /** Total distance only; any vehicle may be used. */
  | 'distance'
  /** Fewest vehicles first, then total distance (how Solomon best-knowns are ranked). */
  | 'vehicles-then-distance'
  /**
   * A field-service day: the longest working day (shift start to back at the depot) as short as
   * possible, then total distance. Distance is searched first; a balancing phase then moves stops
   * off the longest day while each minute it saves costs at most a minute of extra driving.
   */
  | 'longest-day-then-distance';

export interface VrpProblem {
  stops: VrpStop[];
  vehicles: VrpVehicle[];
  /** Square travel times in minutes: the depot at 0, the stops, then any start points. */
  travelMin: ArrayLike<number>[];
  /** Same shape, in any distance unit; defaults to travelMin. The objective minimises it. */
  distance?: ArrayLike<number>[];
  objective?: VrpObjective;
}

export interface SolveVrpOptions {
  /** Wall-clock budget. With `maxIterations` set it is only a safety cap. */
  timeBudgetMs: number;
  /**
   * Work limit: ruin-and-recreate iterations (kicks on a travelling-salesman day). When set, the
   * search schedule follows the work done instead of the clock, so the same seed gives the same
   * routes on every run as long as the time cap does not bind.
   */
  maxIterations?: number;
  /** With `maxIterations`: stop after this many iterations in a row without a better plan. */
  stallIterations?: number;
  /** Same seed, same problem, same amount of search: same answer. Default 1. */
  seed?: number;
  /** Clock in milliseconds (injectable so tests control it); default performance.now. */
  now?: () => number;
}

export interface PlannedStop {
  /** Index into problem.stops. */
  index: number;
  arrival: number;
  /** Service start: arrival, or readyMin if the vehicle had to wait. */
  start: number;
  departure: number;
}

export interface PlannedRoute {
  /** Index into problem.vehicles. */
  vehicle: number;
  stops: PlannedStop[];
  /** Sum of problem.distance over the legs, start location to depot. */
  distance: number;
  /** Back at the depot minus shift start, in minutes (travel, service and waiting). */
  duration: number;
  /** When the vehicle leaves its start location (the depot unless it starts elsewhere). */
  departDepot: number;
  returnDepot: number;
}

export interface VrpSolution {
  /** Only vehicles that visit at least one stop. */
  routes: PlannedRoute[];
  /** Stops no vehicle could serve within its shift, windows and capacity. */
  unassigned: number[];
  totalDistance: number;
  totalDuration: number;
}
