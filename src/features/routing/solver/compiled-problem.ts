import type { PlannedRoute, VrpProblem } from './vrp-model';

/** The problem flattened into typed arrays over locations (0 = depot) for the hot loops. */
export interface CompiledProblem {
  /** Locations, depot and start points included. */
  n: number;
  /** Stops: locations 1..stopCount. Locations after them are start points, never visited. */
  stopCount: number;
  travel: Float64Array;
  cost: Float64Array;
  service: Float64Array;
  ready: Float64Array;
  due: Float64Array;
  demand: Float64Array;
  vehicleStart: Float64Array;
  vehicleEnd: Float64Array;
  vehicleCapacity: Float64Array;
  /** Location each vehicle leaves from (0: the depot). */
  vehicleOrigin: Int32Array;
  minimizeVehicles: boolean;
  /** Shorten the longest working day after the distance search (objective 'longest-day-then-distance'). */
  balanceDays: boolean;
  hasTimeWindows: boolean;
  hasCapacities: boolean;
}

export function compileProblem(problem: VrpProblem): CompiledProblem {
  const stopCount = problem.stops.length;
  // Start points follow the stops; without any the matrix is exactly depot plus stops.
  const n = Math.max(stopCount + 1, problem.travelMin.length);
  const distance = problem.distance ?? problem.travelMin;
  requireSquareMatrix(problem.travelMin, n, 'travelMin');
  requireSquareMatrix(distance, n, 'distance');
  if (problem.vehicles.length === 0) throw new Error('The problem needs at least one vehicle');
  const vehicleOrigin = Int32Array.from(problem.vehicles, (v) => v.startLocation ?? 0);
  for (const origin of vehicleOrigin) {
    if (origin !== 0 && (origin <= stopCount || origin >= n)) throw new Error(`A vehicle starts at the depot or at a start point after the stops, not at location ${origin}`);
  }
  const travel = new Float64Array(n * n);
  const cost = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const tRow = problem.travelMin[i] as ArrayLike<number>;
    const dRow = distance[i] as ArrayLike<number>;
    for (let j = 0; j < n; j++) {
      travel[i * n + j] = i === j ? 0 : (tRow[j] as number);
      cost[i * n + j] = i === j ? 0 : (dRow[j] as number);
    }
  }
  const service = new Float64Array(n);
  const ready = new Float64Array(n).fill(-Infinity);
  const due = new Float64Array(n).fill(Infinity);
  const demand = new Float64Array(n);
  let hasTimeWindows = false;
  problem.stops.forEach((stop, i) => {
    service[i + 1] = stop.serviceMin;
    if (stop.readyMin !== undefined) {
      ready[i + 1] = stop.readyMin;
      hasTimeWindows = true;
    }
    if (stop.dueMin !== undefined) {
      due[i + 1] = stop.dueMin;
      hasTimeWindows = true;
    }
    demand[i + 1] = stop.demand ?? 0;
  });
  const vehicleStart = Float64Array.from(problem.vehicles, (v) => v.shiftStartMin);
  const vehicleEnd = Float64Array.from(problem.vehicles, (v) => v.shiftEndMin);
  const vehicleCapacity = Float64Array.from(problem.vehicles, (v) => v.capacity ?? Infinity);
  return {
    n,
    stopCount,
    travel,
    cost,
    service,
    ready,
    due,
    demand,
    vehicleStart,
    vehicleEnd,
    vehicleCapacity,
    vehicleOrigin,
    minimizeVehicles: problem.objective === 'vehicles-then-distance',
    balanceDays: problem.objective === 'longest-day-then-distance',
    hasTimeWindows,
    hasCapacities: problem.vehicles.some((v) => v.capacity !== undefined) && demand.some((d) => d > 0),
  };
}

function requireSquareMatrix(matrix: ArrayLike<number>[], n: number, name: string): void {
  if (matrix.length !== n || matrix.some((row) => row.length !== n)) {
    throw new Error(`${name} must be ${n} x ${n} (depot, stops and start points)`);
  }
}

/**
 * Simulates one vehicle from its start location over a sequence of locations (1-based stop
 * locations) back to the depot and returns the schedule, or null when a window, the shift end or
 * the capacity is violated.
 */
export function scheduleRoute(p: CompiledProblem, vehicle: number, nodes: readonly number[]): PlannedRoute | null {
  const { n } = p;
  let time = p.vehicleStart[vehicle] as number;
  let load = 0;
  let distance = 0;
  let prev = p.vehicleOrigin[vehicle] as number;
  const stops = [];
  for (const node of nodes) {
    const arrival = time + (p.travel[prev * n + node] as number);
    const start = Math.max(arrival, p.ready[node] as number);
    if (start > (p.due[node] as number) + 1e-9) return null;
    const departure = start + (p.service[node] as number);
    stops.push({ index: node - 1, arrival, start, departure });
    distance += p.cost[prev * n + node] as number;
    load += p.demand[node] as number;
    time = departure;
    prev = node;
  }
  const returnDepot = time + (p.travel[prev * n] as number);
  distance += p.cost[prev * n] as number;
  if (returnDepot > (p.vehicleEnd[vehicle] as number) + 1e-9) return null;
  if (load > (p.vehicleCapacity[vehicle] as number) + 1e-9) return null;
  const departDepot = p.vehicleStart[vehicle] as number;
  return { vehicle, stops, distance, duration: returnDepot - departDepot, departDepot, returnDepot };
}
