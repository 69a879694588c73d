import { describe, expect, it } from 'vitest';
import {
  buildVrpProblem, describeSolution, findTimeWindow, formatClockTime, listMatrixPoints, parseClockTime, type RouteStopInput,
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
    const problem = buildVrpProblem(stops, crew, rules, matrix);
    expect(problem.stops).toEqual([{ serviceMin: 45 }, { serviceMin: 45 }, { serviceMin: 45, readyMin: 780, dueMin: 900 }]);
    expect(problem.vehicles).toEqual([{ shiftStartMin: 480, shiftEndMin: 1080 }, { shiftStartMin: 480, shiftEndMin: 1080 }]);
    expect(problem.travelMin).toBe(matrix.durationMin);
    expect(problem.distance).toBe(matrix.distanceM);
    expect(matrix.durationMin[0]![0]).toBe(0);
    expect(() => buildVrpProblem(stops.slice(1), crew, rules, matrix)).toThrow();
  });

  it('maps the solution back to appointment ids with positions 1..n and ETAs consistent with the matrix', () => {
    const matrix = buildGreatCircleMatrix(listMatrixPoints(stops, depot));
    const problem = buildVrpProblem(stops, crew, rules, matrix);
    const { routes, unassignedAppointmentIds } = describeSolution(solveVrp(problem, { timeBudgetMs: 50, seed: 1 }), stops, crew, matrix);
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
    const solution = solveVrp(buildVrpProblem(many, [crew[0]!], rules, matrix), { timeBudgetMs: 100, seed: 1 });
    const { routes, unassignedAppointmentIds } = describeSolution(solution, many, [crew[0]!], matrix);
    expect(routes[0]!.stops.length + unassignedAppointmentIds.length).toBe(16);
    expect(unassignedAppointmentIds.length).toBeGreaterThanOrEqual(3);
    expect(routes[0]!.returnDepotMin).toBeLessThanOrEqual(1080);
  });
});
