import { describe, expect, it } from 'vitest';
import {
  buildVrpProblem, type DayPlanInput, describeSolution, findTimeWindow, formatClockTime, listMatrixPoints, parseClockTime, plansRestOfToday,
  type RouteStopInput,
} from './build-problem';
import { solveVrp } from './solver/solve-vrp';
import { buildGreatCircleMatrix } from './travel/distance-matrix';

const depot = { latitude: 43.2557, longitude: -79.869 };
const rules = { depot, serviceMin: 45, dayStartMin: 480, dayEndMin: 1080 };
const crew = [
  { id: 7, name: 'Crew A', shiftStartMin: 480, shiftEndMin: 1080 },
  { id: 9, name: 'Crew B', shiftStartMin: 420, shiftEndMin: 1200 },
];
const stops: RouteStopInput[] = [
  { appointmentId: 101, latitude: 43.2658, longitude: -79.9553, time: '09:00' },
  { appointmentId: 102, latitude: 43.2176, longitude: -79.7656, time: '09:00' },
  { appointmentId: 103, latitude: 43.2186, longitude: -79.9786, time: '14:00' },
];

describe('clock times', () => {
  it('parses 24-hour and 12-hour times and formats minutes back', () => {
    expect(parseClockTime('09:00')).toBe(540);
    expect(parseClockTime('1:30 PM')).toBe(810);
    expect(parseClockTime('12:00 AM')).toBe(0);
    expect(parseClockTime('25:00')).toBeNull();
    expect(parseClockTime('soon')).toBeNull();
    expect(formatClockTime(545.6)).toBe('09:06');
  });

  it('treats the booking default 09:00 as "any time" and other times as a two-hour window', () => {
    expect(findTimeWindow('09:00')).toBeNull();
    expect(findTimeWindow(null)).toBeNull();
    expect(findTimeWindow('14:00')).toEqual({ readyMin: 780, dueMin: 900 });
  });
});

describe('buildVrpProblem', () => {
  it('puts the depot first, one vehicle per technician with shifts clipped to the working day, 45 min per stop', () => {
    const matrix = buildGreatCircleMatrix(listMatrixPoints(stops, depot));
    const problem = buildVrpProblem({ stops, technicians: crew, rules }, matrix);
    expect(problem.stops).toEqual([{ serviceMin: 45 }, { serviceMin: 45 }, { serviceMin: 45, readyMin: 780, dueMin: 900 }]);
    expect(problem.vehicles).toEqual([{ shiftStartMin: 480, shiftEndMin: 1080 }, { shiftStartMin: 480, shiftEndMin: 1080 }]);
    expect(problem.travelMin).toBe(matrix.durationMin);
    expect(problem.distance).toBe(matrix.distanceM);
    expect(matrix.durationMin[0]![0]).toBe(0);
    expect(() => buildVrpProblem({ stops: stops.slice(1), technicians: crew, rules }, matrix)).toThrow();
  });

  it('maps the solution back to appointment ids with positions 1..n and ETAs consistent with the matrix', () => {
    const matrix = buildGreatCircleMatrix(listMatrixPoints(stops, depot));
    const day = { stops, technicians: crew, rules };
    const { routes, unassignedAppointmentIds } = describeSolution(solveVrp(buildVrpProblem(day, matrix), { timeBudgetMs: 50, seed: 1 }), day, matrix);
    expect(unassignedAppointmentIds).toEqual([]);
    expect(routes.flatMap((r) => r.stops.map((s) => s.appointmentId)).sort()).toEqual([101, 102, 103]);
    for (const route of routes) {
      expect(route.stops.map((s) => s.position)).toEqual(route.stops.map((_, i) => i + 1));
      let clock = route.departDepotMin;
      let previous = 0;
      let distance = 0;
      for (const stop of route.stops) {
        const location = stops.findIndex((s) => s.appointmentId === stop.appointmentId) + 1;
        expect(stop.arrivalMin).toBeCloseTo(clock + matrix.durationMin[previous]![location]!, 6);
        expect(stop.legDistanceM).toBe(matrix.distanceM[previous]![location]);
        expect(stop.departureMin).toBeCloseTo(stop.startMin + 45, 6);
        expect(stop.eta).toBe(formatClockTime(stop.arrivalMin));
        distance += stop.legDistanceM;
        clock = stop.departureMin;
        previous = location;
      }
      expect(route.totalDistanceM).toBeCloseTo(distance + route.returnLeg.distanceM, 6);
    }
    const windowed = routes.flatMap((r) => r.stops).find((s) => s.appointmentId === 103)!;
    expect(windowed.startMin).toBeGreaterThanOrEqual(780);
    expect(windowed.startMin).toBeLessThanOrEqual(900);
  });

  it('reports stops that do not fit in any shift', () => {
    const many: RouteStopInput[] = Array.from({ length: 16 }, (_, i) => ({ appointmentId: i + 1, latitude: 43.25 + i / 500, longitude: -79.87 }));
    const matrix = buildGreatCircleMatrix(listMatrixPoints(many, depot));
    // One 10-hour shift holds at most 13 stops of 45 minutes.
    const day = { stops: many, technicians: [crew[0]!], rules };
    const solution = solveVrp(buildVrpProblem(day, matrix), { timeBudgetMs: 100, seed: 1 });
    const { routes, unassignedAppointmentIds } = describeSolution(solution, day, matrix);
    expect(routes[0]!.stops.length + unassignedAppointmentIds.length).toBe(16);
    expect(unassignedAppointmentIds.length).toBeGreaterThanOrEqual(3);
    expect(routes[0]!.returnDepotMin).toBeLessThanOrEqual(1080);
  });
});

describe('two crews on a Friday with stops out in Grimsby (walkthrough 0108)', () => {
  // Ten stops in central Hamilton and four east along the lake towards Grimsby; both crews 08:00-18:00.
  const places: [number, number][] = [
    [43.258, -79.88], [43.25, -79.86], [43.24, -79.85], [43.23, -79.88], [43.262, -79.91],
    [43.245, -79.82], [43.22, -79.84], [43.27, -79.845], [43.235, -79.905], [43.215, -79.87],
    [43.193, -79.561], [43.187, -79.545], [43.205, -79.64], [43.21, -79.71],
  ];
  const friday: RouteStopInput[] = places.map(([latitude, longitude], i) => ({ appointmentId: 500 + i, latitude, longitude, time: '09:00' }));
  const crews = [
    { id: 7, name: 'Crew A', shiftStartMin: 480, shiftEndMin: 1080 },
    { id: 9, name: 'Crew B', shiftStartMin: 480, shiftEndMin: 1080 },
  ];
  const day: DayPlanInput = { stops: friday, technicians: crews, rules };
  const matrix = buildGreatCircleMatrix(listMatrixPoints(friday, depot));
  const solve = (problem: ReturnType<typeof buildVrpProblem>) =>
    solveVrp(problem, { timeBudgetMs: 60_000, maxIterations: 5000, stallIterations: 2000, seed: 1 });

  it('gives both crews a similar day, the far stops to the crew with fewer visits, for about the same kilometres', () => {
    const problem = buildVrpProblem(day, matrix);
    const { routes, unassignedAppointmentIds } = describeSolution(solve(problem), day, matrix);
    expect(unassignedAppointmentIds).toEqual([]);
    expect(routes).toHaveLength(2);
    const days = routes.map((r) => r.totalDurationMin).sort((a, b) => a - b);
    // Within one visit of each other, and nobody past 15:00 (the distance-only plan: 3 h 22 against 9 h 30).
    expect(days[1]! - days[0]!).toBeLessThanOrEqual(45);
    expect(days[1]!).toBeLessThanOrEqual(420);
    const farCrew = routes.find((r) => r.stops.some((s) => s.appointmentId === 510))!;
    const nearCrew = routes.find((r) => r !== farCrew)!;
    expect(farCrew.stops.length).toBeLessThan(nearCrew.stops.length);
    const byDistance = solve({ ...problem, objective: 'distance' });
    const kilometres = routes.reduce((sum, r) => sum + r.totalDistanceM, 0);
    expect(kilometres).toBeLessThanOrEqual(byDistance.totalDistance * 1.05);
  });
});

describe('a day under way: done stops stay first, the rest starts where the technician is', () => {
  // Crew A has done two stops in Dundas (west), in this order; Crew C was deactivated after doing one.
  const done = [
    { appointmentId: 201, latitude: 43.266, longitude: -79.955, eta: '08:20' },
    { appointmentId: 202, latitude: 43.262, longitude: -79.94, eta: '09:30' },
  ];
  const remaining: RouteStopInput[] = [
    { appointmentId: 301, latitude: 43.27, longitude: -79.96 },
    { appointmentId: 302, latitude: 43.21, longitude: -79.77 },
    { appointmentId: 303, latitude: 43.255, longitude: -79.93 },
  ];
  const technicians = [
    { ...crew[0]!, done },
    { id: 9, name: 'Crew B', shiftStartMin: 480, shiftEndMin: 1080 },
    { id: 11, name: 'Crew C', shiftStartMin: 480, shiftEndMin: 1080, takesStops: false, done: [{ appointmentId: 401, latitude: 43.23, longitude: -79.85, eta: null }] },
  ];
  const atNoon: DayPlanInput = { stops: remaining, technicians, rules, nowMin: 720 };
  const matrix = buildGreatCircleMatrix(listMatrixPoints(remaining, depot, technicians));

  it('adds the done stops to the matrix after the stops, technician by technician, in the order done', () => {
    expect(listMatrixPoints(remaining, depot, technicians).slice(4)).toEqual([
      { latitude: 43.266, longitude: -79.955 }, { latitude: 43.262, longitude: -79.94 }, { latitude: 43.23, longitude: -79.85 },
    ]);
  });

  it('starts a technician with done stops at the last of them, at the time it is now on the day itself', () => {
    const problem = buildVrpProblem(atNoon, matrix);
    // Crew C takes no new stop: two vehicles. Crew A leaves from location 5 (stop 202), Crew B from the depot, both at noon.
    expect(problem.vehicles).toEqual([
      { shiftStartMin: 720, shiftEndMin: 1080, startLocation: 5 },
      { shiftStartMin: 720, shiftEndMin: 1080 },
    ]);
    expect(problem.stops).toHaveLength(3);
  });

  it('on another day, starts the rest of the tour when the done stops end (last ETA plus the visit)', () => {
    const problem = buildVrpProblem({ ...atNoon, nowMin: null }, matrix);
    expect(problem.vehicles).toEqual([
      { shiftStartMin: 570 + 45, shiftEndMin: 1080, startLocation: 5 },
      { shiftStartMin: 480, shiftEndMin: 1080 },
    ]);
    // Before the shift has started, "now" does not pull the day earlier.
    expect(buildVrpProblem({ ...atNoon, nowMin: 400 }, matrix).vehicles[1]).toEqual({ shiftStartMin: 480, shiftEndMin: 1080 });
  });

  it('keeps the done stops first with their ETAs, numbers the rest after them and times them from now', () => {
    const solution = solveVrp(buildVrpProblem(atNoon, matrix), { timeBudgetMs: 100, seed: 1 });
    const { routes, unassignedAppointmentIds } = describeSolution(solution, atNoon, matrix);
    expect(unassignedAppointmentIds).toEqual([]);
    const crewA = routes.find((r) => r.technician.id === 7)!;
    expect(crewA.stops.slice(0, 2).map((s) => [s.appointmentId, s.position, s.eta])).toEqual([[201, 1, '08:20'], [202, 2, '09:30']]);
    expect(crewA.stops.map((s) => s.position)).toEqual(crewA.stops.map((_, i) => i + 1));
    expect(crewA.departDepotMin).toBe(480);
    // The first stop after the done ones is reached from the last done stop (location 5), from noon.
    const next = crewA.stops[2]!;
    const location = remaining.findIndex((s) => s.appointmentId === next.appointmentId) + 1;
    expect(next.legDistanceM).toBe(matrix.distanceM[5]![location]);
    expect(next.arrivalMin).toBeCloseTo(720 + matrix.durationMin[5]![location]!, 6);
    for (const stop of routes.flatMap((r) => r.stops).filter((s) => s.appointmentId < 400 && s.appointmentId > 300)) {
      expect(stop.arrivalMin).toBeGreaterThanOrEqual(720);
    }
    expect(routes.flatMap((r) => r.stops.map((s) => s.appointmentId)).filter((id) => id > 300 && id < 400).sort()).toEqual([301, 302, 303]);
    // The deactivated technician keeps their done stop, timed after the depot leg, and gets nothing new.
    const crewC = routes.find((r) => r.technician.id === 11)!;
    expect(crewC.stops).toEqual([expect.objectContaining({ appointmentId: 401, position: 1, legDistanceM: matrix.distanceM[0]![6] })]);
    expect(crewC.stops[0]!.eta).toBe(formatClockTime(480 + matrix.durationMin[0]![6]!));
    expect(crewC.returnLeg.distanceM).toBe(matrix.distanceM[6]![0]);
    expect(crewC.totalDistanceM).toBeCloseTo(matrix.distanceM[0]![6]! + matrix.distanceM[6]![0]!, 6);
  });
});

describe('plansRestOfToday: whether "nothing fits" is about the time left today', () => {
  const day: DayPlanInput = { stops, technicians: crew, rules };

  it('is true on the day itself once a shift that takes stops has begun', () => {
    expect(plansRestOfToday({ ...day, nowMin: 17 * 60 + 40 })).toBe(true);
    expect(plansRestOfToday({ ...day, nowMin: 19 * 60 })).toBe(true);
  });

  it('is false before the shifts begin (clipped to the working day), and on any other day', () => {
    // Crew B's shift starts at 07:00 but the working day at 08:00: at 07:30 no tour has lost time yet.
    expect(plansRestOfToday({ ...day, nowMin: 450 })).toBe(false);
    expect(plansRestOfToday({ ...day, nowMin: null })).toBe(false);
    expect(plansRestOfToday(day)).toBe(false);
  });

  it('only counts technicians who take stops', () => {
    const lateStarter = { id: 12, name: 'Crew D', shiftStartMin: 720, shiftEndMin: 1080 };
    const gone = { id: 11, name: 'Crew C', shiftStartMin: 480, shiftEndMin: 1080, takesStops: false };
    expect(plansRestOfToday({ ...day, technicians: [lateStarter, gone], nowMin: 600 })).toBe(false);
    expect(plansRestOfToday({ ...day, technicians: [lateStarter, gone], nowMin: 721 })).toBe(true);
  });
});
