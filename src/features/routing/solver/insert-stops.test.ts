import { describe, expect, it } from 'vitest';
import { type ExistingRoute, type InsertionStop, insertStops, type ScheduledStop } from './insert-stops';

/**
 * Small grids checked by hand: points on a city grid, one minute and one unit of distance per
 * block (Manhattan distance), 45 minutes of service, the depot at location 0 = (0, 0).
 */
type Point = [number, number];
const matrixOf = (points: Point[]) => points.map(([ax, ay]) => points.map(([bx, by]) => Math.abs(ax - bx) + Math.abs(ay - by)));
const SERVICE = 45;

/** A route over `locations` leaving the depot at `departMin`, timed as the planner times it. */
function plannedRoute(matrix: number[][], locations: number[], departMin: number, shiftEndMin: number, extra: Partial<ExistingRoute> = {}): ExistingRoute {
  let time = departMin;
  let previous = 0;
  const stops: ScheduledStop[] = locations.map((location) => {
    const arrivalMin = time + matrix[previous]![location]!;
    time = arrivalMin + SERVICE;
    previous = location;
    return { location, serviceMin: SERVICE, arrivalMin, startMin: arrivalMin, departureMin: time };
  });
  return { stops, departMin, shiftEndMin, ...extra };
}

const stop = (location: number, window: Partial<InsertionStop> = {}): InsertionStop => ({ location, serviceMin: SERVICE, ...window });
const order = (result: ReturnType<typeof insertStops>, route: number) => result.routes[route]!.stops.map((s) => s.location);

describe('insertStops', () => {
  //   1 = (10, 0), 2 = (10, 10), 3 = (0, 10); route depot → 1 → 2 → depot is 10 + 10 + 20 = 40.
  const square = matrixOf([[0, 0], [10, 0], [10, 10], [0, 10]]);

  it('puts a stop where it adds the least distance, keeps the order, and times the stops after it', () => {
    const route = plannedRoute(square, [1, 2], 480, 1080);
    const result = insertStops({ routes: [route], candidates: [stop(3)], travelMin: square });
    // Before 1: 10 + 20 - 10 = 20; between 1 and 2: 20 + 10 - 10 = 20; after 2: 10 + 10 - 20 = 0.
    expect(order(result, 0)).toEqual([1, 2, 3]);
    expect(result.addedDistance).toBe(0);
    expect(result.placed).toEqual([{ candidate: 0, route: 0, index: 2 }]);
    expect(result.unassigned).toEqual([]);
    // 8:00 + 10 → 8:10, +45 → 8:55, +10 → 9:05, +45 → 9:50, +10 → 10:00, +45 → 10:45, +10 → 10:55.
    expect(result.routes[0]!.stops.map((s) => [s.arrivalMin, s.departureMin, s.candidate])).toEqual([[490, 535, null], [545, 590, null], [600, 645, 0]]);
    expect(result.routes[0]!).toMatchObject({ returnMin: 655, changed: true });
  });

  it('places a stop between two planned stops and delays only the stops after it', () => {
    // 4 = (10, 5): between 1 and 2 it adds 5 + 5 - 10 = 0; before 1, 15 + 5 - 10 = 10; after 2, 5 + 15 - 20 = 0 (a tie: the earlier position wins).
    const points: Point[] = [[0, 0], [10, 0], [10, 10], [0, 10], [10, 5]];
    const m = matrixOf(points);
    const route = plannedRoute(m, [1, 2], 480, 1080);
    const result = insertStops({ routes: [route], candidates: [stop(4)], travelMin: m });
    expect(order(result, 0)).toEqual([1, 4, 2]);
    const [first, added, last] = result.routes[0]!.stops;
    expect(first).toEqual({ ...route.stops[0], candidate: null });
    // 1 leaves at 8:55; 4 at 9:00-9:45; 2 at 9:50 (was 9:05), back at 10:55 (20 blocks).
    expect([added!.arrivalMin, added!.departureMin]).toEqual([540, 585]);
    expect([last!.arrivalMin, last!.departureMin]).toEqual([590, 635]);
    expect(result.routes[0]!.returnMin).toBe(655);
  });

  it("goes to the second technician when the first one's shift has no room left", () => {
    // Technician 1 drives 1 and 2; technician 2 has one stop at 4 = (0, 20).
    const points: Point[] = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 20]];
    const m = matrixOf(points);
    const first = plannedRoute(m, [1, 2], 480, 1080);
    const second = plannedRoute(m, [4], 480, 1080);
    // 3 = (0, 10): after 2 it adds 10 + 10 - 20 = 0; before 4 also 10 + 10 - 20 = 0 (a tie: technician 1 comes first).
    const roomy = insertStops({ routes: [first, second], candidates: [stop(3)], travelMin: m });
    expect(roomy.placed).toEqual([{ candidate: 0, route: 0, index: 2 }]);

    // Technician 1 is back at 10:10 (610); a shift ending at 10:30 leaves no room for 45 minutes more
    // anywhere on the route (after 2 they would be back at 10:55).
    const full = insertStops({ routes: [{ ...first, shiftEndMin: 630 }, second], candidates: [stop(3)], travelMin: m });
    expect(full.placed).toEqual([{ candidate: 0, route: 1, index: 0 }]);
    expect(order(full, 1)).toEqual([3, 4]);
    expect(full.routes[1]!.stops.map((s) => [s.arrivalMin, s.departureMin])).toEqual([[490, 535], [545, 590]]);
    expect(full.routes[0]).toMatchObject({ changed: false, stops: first.stops.map((s) => ({ ...s, candidate: null })) });
  });

  it('leaves a stop that fits nowhere unassigned and every route as it was', () => {
    // Both shifts end at 10:00: nobody has 45 minutes more. A window that has passed fits nowhere either.
    const first = plannedRoute(square, [1], 480, 600);
    const second = plannedRoute(square, [2], 480, 600);
    const result = insertStops({ routes: [first, second], candidates: [stop(3), stop(3, { readyMin: 400, dueMin: 450 })], travelMin: square });
    expect(result.unassigned).toEqual([0, 1]);
    expect(result.placed).toEqual([]);
    expect(result.addedDistance).toBe(0);
    expect(result.routes.map((r) => r.changed)).toEqual([false, false]);
    expect(result.routes.map((r) => r.stops.map((s) => s.location))).toEqual([[1], [2]]);
  });

  it('never makes a planned stop miss its window, and keeps the new stop inside its own', () => {
    // 2 must start by 9:10 (it starts at 9:05 as planned): nothing can go before it.
    const route = plannedRoute(square, [1, 2], 480, 1080);
    route.stops[1]!.dueMin = 550;
    const points: Point[] = [[0, 0], [10, 0], [10, 10], [0, 10], [10, 5]];
    const m = matrixOf(points);
    const result = insertStops({ routes: [route], candidates: [stop(4)], travelMin: m });
    // Between 1 and 2 would be free (adds 0) but starts 2 at 9:50; after 2 also adds 0 and is allowed.
    expect(order(result, 0)).toEqual([1, 2, 4]);

    // A new stop served from 11:00 on only: the technician waits for it.
    const waited = insertStops({ routes: [plannedRoute(square, [1, 2], 480, 1080)], candidates: [stop(3, { readyMin: 660 })], travelMin: square });
    expect(waited.routes[0]!.stops[2]).toMatchObject({ arrivalMin: 600, startMin: 660, departureMin: 705 });
    expect(waited.routes[0]!.returnMin).toBe(715);
    // Due by 8:20: only first in the day (it adds 20 there instead of 0 at the end); due by 8:05: nowhere.
    const early = insertStops({ routes: [plannedRoute(square, [1, 2], 480, 1080)], candidates: [stop(3, { dueMin: 500 })], travelMin: square });
    expect(order(early, 0)).toEqual([3, 1, 2]);
    const tooEarly = insertStops({ routes: [plannedRoute(square, [1, 2], 480, 1080)], candidates: [stop(3, { dueMin: 485 })], travelMin: square });
    expect(tooEarly.unassigned).toEqual([0]);
  });

  it('keeps stops done, and everything before the last of them, as they were', () => {
    const near: Point[] = [[0, 0], [10, 0], [10, 10], [20, 10], [5, 0]];
    const n = matrixOf(near);
    const unfixed = insertStops({ routes: [plannedRoute(n, [1, 2, 3], 480, 1080)], candidates: [stop(4)], travelMin: n });
    // 4 = (5, 0) lies on the first leg: before 1 it adds 5 + 5 - 10 = 0.
    expect(order(unfixed, 0)).toEqual([4, 1, 2, 3]);
    const fixed = insertStops({ routes: [plannedRoute(n, [1, 2, 3], 480, 1080, { fixedCount: 2 })], candidates: [stop(4)], travelMin: n });
    // With 1 and 2 done: after 2 it adds 15 + 25 - 10 = 30, after 3 it adds 25 + 5 - 30 = 0.
    expect(order(fixed, 0)).toEqual([1, 2, 3, 4]);
    const kept = plannedRoute(n, [1, 2, 3], 480, 1080).stops;
    expect(fixed.routes[0]!.stops.slice(0, 3)).toEqual(kept.map((s) => ({ ...s, candidate: null })));
  });

  it('on the day itself inserts only into legs not started yet, never in the past', () => {
    const near: Point[] = [[0, 0], [10, 0], [10, 10], [20, 10], [5, 0], [15, 10]];
    const n = matrixOf(near);
    const route = plannedRoute(n, [1, 2, 3], 480, 1080);
    // 1 8:10-8:55, 2 9:05-9:50, 3 10:00-10:45. At 9:00 the technician is on the way to 2: 4 (on the
    // first leg) cannot go before 1 or 2; 5 = (15, 10) lies between 2 and 3, whose leg starts at 9:50.
    const at9 = insertStops({ routes: [route], candidates: [stop(4), stop(5)], travelMin: n, nowMin: 540 });
    expect(order(at9, 0)).toEqual([1, 2, 5, 3, 4]);
    expect(at9.routes[0]!.stops.slice(0, 2)).toEqual(route.stops.slice(0, 2).map((s) => ({ ...s, candidate: null })));
    expect(at9.routes[0]!.stops.slice(2).every((s) => s.arrivalMin > 540)).toBe(true);
    // At 11:00 the route is on its way back to the depot: closed.
    const late = insertStops({ routes: [route], candidates: [stop(5)], travelMin: n, nowMin: 660 });
    expect(late.unassigned).toEqual([0]);
    expect(late.routes[0]!.changed).toBe(false);
  });

  it('places several stops cheapest first and reports where each ended up', () => {
    // 3 = (0, 10) adds 0 after 2; 4 = (10, 5) adds 0 between 1 and 2. Candidate order breaks the tie: 3 first.
    const points: Point[] = [[0, 0], [10, 0], [10, 10], [0, 10], [10, 5]];
    const m = matrixOf(points);
    const result = insertStops({ routes: [plannedRoute(m, [1, 2], 480, 1080)], candidates: [stop(3), stop(4)], travelMin: m });
    expect(order(result, 0)).toEqual([1, 4, 2, 3]);
    expect(result.placed).toEqual([{ candidate: 0, route: 0, index: 3 }, { candidate: 1, route: 0, index: 1 }]);
    expect(result.routes[0]!.returnMin).toBe(480 + 40 + 4 * SERVICE);
  });

  it('starts a route from where it leaves (a day under way re-planned from a done stop)', () => {
    // The route leaves 1 (a done stop's location, a start point) at 12:00 for 2.
    const points: Point[] = [[0, 0], [10, 0], [10, 10], [0, 10]];
    const m = matrixOf(points);
    const route: ExistingRoute = { origin: 1, departMin: 720, shiftEndMin: 1080, stops: [{ location: 2, serviceMin: SERVICE, arrivalMin: 730, startMin: 730, departureMin: 775 }] };
    const result = insertStops({ routes: [route], candidates: [stop(3)], travelMin: m });
    // Before 2: d(1,3) 20 + d(3,2) 10 - d(1,2) 10 = 20; after 2: 10 + 10 - 20 = 0.
    expect(order(result, 0)).toEqual([2, 3]);
    expect(result.routes[0]!.stops[1]).toMatchObject({ arrivalMin: 785, departureMin: 830 });
  });
});
