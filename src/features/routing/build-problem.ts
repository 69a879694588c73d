import type { VrpProblem, VrpSolution } from './solver/vrp-model';
import type { GeoPoint, TravelMatrix } from './travel/distance-matrix';

/** A stop to plan: one appointment with its coordinates. */
export interface RouteStopInput extends GeoPoint {
  appointmentId: number;
  /** The appointment's time ('HH:MM'); see `findTimeWindow`. */
  time?: string | null;
}

export interface RouteTechnicianInput {
  id: number;
  name: string;
  shiftStartMin: number;
  shiftEndMin: number;
}

export interface RouteDayRules {
  depot: GeoPoint;
  /** Minutes of service per stop (DECISIONS §10: 45). */
  serviceMin: number;
  /** Working day of the branch (08:00-18:00); shifts are clipped to it. */
  dayStartMin: number;
  dayEndMin: number;
}

/**
 * The booking flows always write 09:00 (SPEC: "the booking form fixes 09:00"), so that time is not
 * a promise to the customer: such stops may be served any time of the day. Any other time was set
 * on purpose (staff) and becomes a window: service starts within an hour either side of it.
 */
export const DEFAULT_BOOKING_TIME = '09:00';
export const TIME_WINDOW_SLACK_MIN = 60;

/** 'HH:MM' or 'H:MM AM' → minutes after midnight, or null. */
export function parseClockTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^\s*(\d{1,2}):(\d{2})\s*(AM|PM)?\s*$/i.exec(value);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[3]?.toUpperCase();
  if (minutes > 59 || hours > 23 || (meridiem && (hours < 1 || hours > 12))) return null;
  if (meridiem === 'PM' && hours !== 12) hours += 12;
  if (meridiem === 'AM' && hours === 12) hours = 0;
  return hours * 60 + minutes;
}

/** Minutes after midnight → 'HH:MM' (rounded to the minute). */
export function formatClockTime(minutes: number): string {
  const total = Math.round(minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function findTimeWindow(time: string | null | undefined): { readyMin: number; dueMin: number } | null {
  const at = parseClockTime(time);
  if (at === null || at === parseClockTime(DEFAULT_BOOKING_TIME)) return null;
  return { readyMin: Math.max(0, at - TIME_WINDOW_SLACK_MIN), dueMin: at + TIME_WINDOW_SLACK_MIN };
}

/** The matrix's point order: the depot first, then the stops in input order. */
export function listMatrixPoints(stops: readonly RouteStopInput[], depot: GeoPoint): GeoPoint[] {
  return [depot, ...stops.map((s) => ({ latitude: s.latitude, longitude: s.longitude }))];
}

/**
 * Builds the solver's problem: location 0 is the depot, location i + 1 is stops[i]; one vehicle per
 * technician, with its shift clipped to the branch's working day; distances in metres so the
 * solver minimises kilometres driven.
 */
export function buildVrpProblem(
  stops: readonly RouteStopInput[],
  technicians: readonly RouteTechnicianInput[],
  rules: RouteDayRules,
  matrix: TravelMatrix,
): VrpProblem {
  if (matrix.durationMin.length !== stops.length + 1) throw new Error('travel matrix does not match the stops');
  return {
    stops: stops.map((stop) => ({ serviceMin: rules.serviceMin, ...(findTimeWindow(stop.time) ?? {}) })),
    vehicles: technicians.map((tech) => ({
      shiftStartMin: Math.max(tech.shiftStartMin, rules.dayStartMin),
      shiftEndMin: Math.min(tech.shiftEndMin, rules.dayEndMin),
    })),
    travelMin: matrix.durationMin,
    distance: matrix.distanceM,
    objective: 'distance',
  };
}

export interface PlannedStopView {
  appointmentId: number;
  position: number;
  arrivalMin: number;
  startMin: number;
  departureMin: number;
  eta: string;
  /** Leg from the previous stop (or the depot). */
  legDistanceM: number;
  legDurationMin: number;
}

export interface PlannedRouteView {
  technician: RouteTechnicianInput;
  stops: PlannedStopView[];
  totalDistanceM: number;
  /** Shift start to return at the depot: driving, service and waiting. */
  totalDurationMin: number;
  drivingMin: number;
  departDepotMin: number;
  returnDepotMin: number;
  returnLeg: { distanceM: number; durationMin: number };
}

/** Turns the solver's answer back into appointment ids, positions 1..n, ETAs and legs. */
export function describeSolution(
  solution: VrpSolution,
  stops: readonly RouteStopInput[],
  technicians: readonly RouteTechnicianInput[],
  matrix: TravelMatrix,
): { routes: PlannedRouteView[]; unassignedAppointmentIds: number[] } {
  const routes = solution.routes.map((route) => {
    let previous = 0;
    let drivingMin = 0;
    let distanceM = 0;
    const planned = route.stops.map((stop, i) => {
      const location = stop.index + 1;
      const legDistanceM = matrix.distanceM[previous]![location]!;
      const legDurationMin = matrix.durationMin[previous]![location]!;
      drivingMin += legDurationMin;
      distanceM += legDistanceM;
      previous = location;
      return {
        appointmentId: stops[stop.index]!.appointmentId,
        position: i + 1,
        arrivalMin: stop.arrival,
        startMin: stop.start,
        departureMin: stop.departure,
        eta: formatClockTime(stop.arrival),
        legDistanceM,
        legDurationMin,
      };
    });
    const returnLeg = { distanceM: matrix.distanceM[previous]![0]!, durationMin: matrix.durationMin[previous]![0]! };
    drivingMin += returnLeg.durationMin;
    distanceM += returnLeg.distanceM;
    return {
      technician: technicians[route.vehicle]!,
      stops: planned,
      totalDistanceM: distanceM,
      totalDurationMin: route.duration,
      drivingMin,
      departDepotMin: route.departDepot,
      returnDepotMin: route.returnDepot,
      returnLeg,
    };
  });
  return { routes, unassignedAppointmentIds: solution.unassigned.map((index) => stops[index]!.appointmentId) };
}
