import type { VrpProblem, VrpSolution } from './solver/vrp-model';
import type { GeoPoint, TravelMatrix } from './travel/distance-matrix';

/** A stop to plan: one appointment with its coordinates. */
export interface RouteStopInput extends GeoPoint {
  appointmentId: number;
  /** The appointment's time ('HH:MM'); see `findTimeWindow`. */
  time?: string | null;
}

/** A stop already done that day: it stays on its technician's route, first, with its time. */
export interface DoneStopInput extends GeoPoint {
  appointmentId: number;
  /** Its ETA on the plan it was done from ('HH:MM'), kept as it was; null: timed after the stop before. */
  eta: string | null;
}

export interface RouteTechnicianInput {
  id: number;
  name: string;
  shiftStartMin: number;
  shiftEndMin: number;
  /**
   * Stops this technician has already done that day, in the order they were done: they stay
   * first on the route, and the rest of the tour starts at the last of them.
   */
  done?: readonly DoneStopInput[];
  /** False: keeps their done stops but takes no new ones (deactivated, or out on a kept route). Default true. */
  takesStops?: boolean;
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

/**
 * A day to plan: the stops left to visit, the technicians (with what they have already done), the
 * branch's rules, and for a day re-planned while it is under way, the time it is now.
 */
export interface DayPlanInput {
  stops: readonly RouteStopInput[];
  technicians: readonly RouteTechnicianInput[];
  rules: RouteDayRules;
  /**
   * Minutes after midnight, branch time, when the day is re-planned on the day itself: no
   * remaining tour starts before it. Null or absent on any other day: a tour starts at the shift
   * start, or after the technician's done stops as they were timed.
   */
  nowMin?: number | null;
}

/**
 * The matrix's point order: the depot first, then the stops in input order, then every done stop,
 * technician by technician in the order done (the starting points of a day under way).
 */
export function listMatrixPoints(stops: readonly RouteStopInput[], depot: GeoPoint, technicians: readonly RouteTechnicianInput[] = []): GeoPoint[] {
  const point = (p: GeoPoint) => ({ latitude: p.latitude, longitude: p.longitude });
  return [depot, ...stops.map(point), ...technicians.flatMap((t) => (t.done ?? []).map(point))];
}

/** A technician's done stops as they stay on the route, and where and when the rest of their tour begins. */
interface DonePrefix {
  stops: PlannedStopView[];
  /** Matrix location of the last done stop; 0 (the depot) without any. */
  lastLocation: number;
  /** The shift start clipped to the branch day: when the day began at the depot. */
  dayStartMin: number;
  /** When the rest of the tour starts from `lastLocation`. */
  resumeMin: number;
  distanceM: number;
  drivingMin: number;
}

function clipShift(tech: RouteTechnicianInput, rules: RouteDayRules): { startMin: number; endMin: number } {
  return { startMin: Math.max(tech.shiftStartMin, rules.dayStartMin), endMin: Math.min(tech.shiftEndMin, rules.dayEndMin) };
}

/**
 * Lays out each technician's done stops from the depot at the shift start: each keeps its ETA
 * (one without is timed after the stop before it), with 45 minutes of service. The rest of the
 * tour starts from the last done stop, now on the day itself, otherwise when the done stops end.
 */
function scheduleDonePrefixes(day: DayPlanInput, matrix: TravelMatrix): DonePrefix[] {
  let location = day.stops.length + 1;
  return day.technicians.map((tech) => {
    const shift = clipShift(tech, day.rules);
    let time = shift.startMin;
    let previous = 0;
    let distanceM = 0;
    let drivingMin = 0;
    const stops = (tech.done ?? []).map((done, i) => {
      const here = location++;
      const legDistanceM = matrix.distanceM[previous]![here]!;
      const legDurationMin = matrix.durationMin[previous]![here]!;
      const arrivalMin = parseClockTime(done.eta) ?? time + legDurationMin;
      distanceM += legDistanceM;
      drivingMin += legDurationMin;
      time = arrivalMin + day.rules.serviceMin;
      previous = here;
      return {
        appointmentId: done.appointmentId,
        position: i + 1,
        arrivalMin,
        startMin: arrivalMin,
        departureMin: time,
        eta: done.eta ?? formatClockTime(arrivalMin),
        legDistanceM,
        legDurationMin,
      };
    });
    const nowMin = day.nowMin ?? null;
    const resumeMin = nowMin !== null ? Math.max(shift.startMin, nowMin) : Math.max(shift.startMin, time);
    return { stops, lastLocation: previous, dayStartMin: shift.startMin, resumeMin, distanceM, drivingMin };
  });
}

/** The technicians who take new stops: the solver's vehicles, in this order. */
function listVehicleTechnicians(day: DayPlanInput): number[] {
  return day.technicians.flatMap((tech, i) => (tech.takesStops === false ? [] : [i]));
}

/**
 * True when the day is re-planned on the day itself after a shift that takes stops has begun:
 * that tour only has what is left of the shift, from now. When nothing fits then, the stops do not
 * fit in the rest of today, which no change of shift hours alone explains (0006, 2026-11-24 (c)).
 */
export function plansRestOfToday(day: DayPlanInput): boolean {
  const nowMin = day.nowMin ?? null;
  return nowMin !== null && listVehicleTechnicians(day).some((i) => nowMin > clipShift(day.technicians[i]!, day.rules).startMin);
}

/**
 * Builds the solver's problem: location 0 is the depot, location i + 1 is stops[i], and the done
 * stops follow (`listMatrixPoints`); one vehicle per technician who takes stops, with its shift
 * clipped to the branch's working day. On a day under way a technician's vehicle leaves from their
 * last done stop when the rest of their tour starts; distances are metres. The solver shortens
 * the longest crew day first, then kilometres driven (0111).
 */
export function buildVrpProblem(day: DayPlanInput, matrix: TravelMatrix): VrpProblem {
  const points = day.stops.length + 1 + day.technicians.reduce((sum, t) => sum + (t.done?.length ?? 0), 0);
  if (matrix.durationMin.length !== points) throw new Error('travel matrix does not match the stops');
  const prefixes = scheduleDonePrefixes(day, matrix);
  return {
    stops: day.stops.map((stop) => ({ serviceMin: day.rules.serviceMin, ...(findTimeWindow(stop.time) ?? {}) })),
    vehicles: listVehicleTechnicians(day).map((i) => {
      const prefix = prefixes[i]!;
      return {
        shiftStartMin: prefix.resumeMin,
        shiftEndMin: clipShift(day.technicians[i]!, day.rules).endMin,
        ...(prefix.lastLocation !== 0 ? { startLocation: prefix.lastLocation } : {}),
      };
    }),
    travelMin: matrix.durationMin,
    distance: matrix.distanceM,
    // Every crew home as early as possible, then the fewest kilometres (0111).
    objective: 'longest-day-then-distance',
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

/**
 * Turns the solver's answer back into routes: each technician's done stops first as they were,
 * then the planned stops with positions after them, ETAs and legs (the first from the last done
 * stop). A technician with done stops keeps a route even when they take no new stop.
 */
export function describeSolution(
  solution: VrpSolution,
  day: DayPlanInput,
  matrix: TravelMatrix,
): { routes: PlannedRouteView[]; unassignedAppointmentIds: number[] } {
  const prefixes = scheduleDonePrefixes(day, matrix);
  const vehicleTechnicians = listVehicleTechnicians(day);
  const solved = new Map(solution.routes.map((route) => [vehicleTechnicians[route.vehicle]!, route]));
  const routes = day.technicians.flatMap((technician, ti): PlannedRouteView[] => {
    const prefix = prefixes[ti]!;
    const route = solved.get(ti);
    if (!route && prefix.stops.length === 0) return [];
    let previous = prefix.lastLocation;
    let drivingMin = prefix.drivingMin;
    let distanceM = prefix.distanceM;
    const planned = (route?.stops ?? []).map((stop, i) => {
      const location = stop.index + 1;
      const legDistanceM = matrix.distanceM[previous]![location]!;
      const legDurationMin = matrix.durationMin[previous]![location]!;
      drivingMin += legDurationMin;
      distanceM += legDistanceM;
      previous = location;
      return {
        appointmentId: day.stops[stop.index]!.appointmentId,
        position: prefix.stops.length + i + 1,
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
    // A day under way began at the depot at the shift start, whenever the rest of it starts.
    const departDepotMin = prefix.stops.length > 0 ? prefix.dayStartMin : route!.departDepot;
    const returnDepotMin = route ? route.returnDepot : prefix.resumeMin + returnLeg.durationMin;
    return [{
      technician,
      stops: [...prefix.stops, ...planned],
      totalDistanceM: distanceM,
      totalDurationMin: returnDepotMin - departDepotMin,
      drivingMin,
      departDepotMin,
      returnDepotMin,
      returnLeg,
    }];
  });
  return { routes, unassignedAppointmentIds: solution.unassigned.map((index) => day.stops[index]!.appointmentId) };
}
