import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { readBranchClock } from '@/features/scheduling/available-dates';
import { getDayClosure } from '@/features/scheduling/day-closure.service';
import { getLogger } from '@/server/logger';
import { findTimeWindow, formatClockTime } from './build-problem';
import {
  assignAppointment, listActiveDayAppointments, listActiveTechnicians, listDatesOfPaymentBooking, listDayRoutes, lockRouteDay,
  type RouteAppointmentRow, type ServiceRouteRow, updatePlannedRoute,
} from './route.repository';
import { type Depot, ensureCoordinates, type RouteData, readRouteData, requireServiceDate } from './route.service';
import { type ExistingRoute, type InsertionStop, insertStops, type ScheduledStop } from './solver/insert-stops';
import { type GeoPoint, getDayTravelMatrix, type TravelMatrix } from './travel/distance-matrix';

/** What `fitLateVisits` did for a day. */
export interface LateVisitsFit {
  date: string;
  /**
   * `fitted`: the day's open visits without a route were tried (`added` may still be empty);
   * `pastDay`: the day is over in the branch's time zone, nothing is touched; `noRoutes`: no planned
   * route of an active technician to join (the day waits for "Optimize Route"); `nothingToFit`:
   * every open visit of the day already has a route; `closed`: the day is closed to bookings (a rain
   * day moved it, 0071), so no crew is sent on it and nothing joins its routes.
   */
  outcome: 'fitted' | 'pastDay' | 'noRoutes' | 'nothingToFit' | 'closed';
  added: { appointmentId: number; technicianId: number; position: number; eta: string }[];
  /** Open visits still on no route: they fit in no technician's route as planned (or have no coordinates). */
  unassigned: number[];
}

type Technician = Awaited<ReturnType<typeof listActiveTechnicians>>[number];

interface RouteToJoin {
  row: ServiceRouteRow;
  technician: Technician;
  data: RouteData | null;
  /** The route's stops that are still visits of the day (cancelled, expired or moved-away ones left out), in order. */
  stops: RouteAppointmentRow[];
}

interface FitInput {
  routes: RouteToJoin[];
  /** Open visits of the day on no route, with coordinates. */
  visits: RouteAppointmentRow[];
  /** Open visits on no route that cannot be located. */
  unlocated: number[];
}

interface DayOf {
  branchId: number;
  date: string;
  now: Date;
  depot: Depot;
}

/**
 * The planned routes of active technicians that a visit may join, and the open visits of the day no
 * route of the day has (whatever its status: a started route's stops are routed too). Visits to
 * fit are located first (geocoded and saved when missing), as "Optimize Route" does.
 */
async function loadFitInput(db: DbExecutor, day: DayOf, options: { lock?: boolean } = {}): Promise<FitInput> {
  // One after the other: inside the transaction they share its connection.
  const crew = await listActiveTechnicians(db, day.branchId);
  const dayRoutes = await listDayRoutes(db, day.branchId, day.date);
  const rows = await listActiveDayAppointments(db, day.branchId, day.date, day.now, options);
  const active = new Map(crew.map((t) => [t.id, t]));
  const byId = new Map(rows.map((r) => [r.appointment.id, r]));
  const routed = new Set(dayRoutes.flatMap((r) => r.appointmentOrder));
  const routes = dayRoutes.flatMap((row): RouteToJoin[] => {
    const technician = row.technicianId !== null ? active.get(row.technicianId) : undefined;
    if (row.status !== 'planned' || !technician) return [];
    return [{ row, technician, data: readRouteData(row.routeData), stops: row.appointmentOrder.flatMap((id) => byId.get(id) ?? []) }];
  });
  const open = rows.filter((r) => r.appointment.status !== 'completed' && !routed.has(r.appointment.id));
  if (routes.length === 0 || open.length === 0) return { routes, visits: [], unlocated: [] };
  const { located, unlocated } = await ensureCoordinates(db, open);
  return { routes, visits: located, unlocated: unlocated.map((r) => r.appointment.id) };
}

/** Where a stop already on a route is: its coordinates, else where the plan had it, else the depot. */
function locateStop(row: RouteAppointmentRow, data: RouteData | null, depot: GeoPoint): GeoPoint {
  const { latitude, longitude, id } = row.appointment;
  if (latitude !== null && longitude !== null) return { latitude, longitude };
  const planned = data?.stops.find((s) => s.appointmentId === id);
  return planned ? { latitude: planned.latitude, longitude: planned.longitude } : depot;
}

/** The matrix's points: the depot, every route's stops in route order, then the visits to fit. */
function listFitPoints(input: FitInput, depot: Depot): GeoPoint[] {
  const point = (p: GeoPoint) => ({ latitude: p.latitude, longitude: p.longitude });
  return [
    point(depot),
    ...input.routes.flatMap((route) => route.stops.map((stop) => point(locateStop(stop, route.data, depot)))),
    ...input.visits.map((v) => point({ latitude: v.appointment.latitude!, longitude: v.appointment.longitude! })),
  ];
}

const windowOf = (row: RouteAppointmentRow): { readyMin?: number; dueMin?: number } => findTimeWindow(row.appointment.time) ?? {};

/**
 * A route as the insertion sees it: its stops with the times of its plan, fixed up to its last done
 * stop. A route saved without plan times (or missing a stop's) is timed from its shift start.
 */
function describeExistingRoute(route: RouteToJoin, firstLocation: number, matrix: TravelMatrix, rules: { serviceMin: number; dayStartMin: number; dayEndMin: number }): ExistingRoute {
  const plans = new Map((route.data?.stops ?? []).map((s) => [s.appointmentId, s]));
  const hasPlanTimes = route.data !== null && route.stops.every((s) => plans.has(s.appointment.id));
  const departMin = route.data?.departDepotMin ?? Math.max(route.technician.shiftStartMin, rules.dayStartMin);
  let time = departMin;
  let previous = 0;
  const stops = route.stops.map((row, i): ScheduledStop => {
    const location = firstLocation + i;
    const base = { location, serviceMin: rules.serviceMin, ...windowOf(row) };
    const plan = plans.get(row.appointment.id);
    if (hasPlanTimes && plan) return { ...base, arrivalMin: plan.arrivalMin, startMin: plan.startMin, departureMin: plan.departureMin };
    const arrivalMin = time + matrix.durationMin[previous]![location]!;
    const startMin = Math.max(arrivalMin, base.readyMin ?? -Infinity);
    time = startMin + rules.serviceMin;
    previous = location;
    return { ...base, arrivalMin, startMin, departureMin: time };
  });
  const lastDone = route.stops.findLastIndex((s) => s.appointment.status === 'completed');
  return { stops, departMin, shiftEndMin: Math.min(route.technician.shiftEndMin, rules.dayEndMin), fixedCount: lastDone + 1 };
}

/**
 * Places the day's open visits that no route has into the planned routes of active technicians,
 * each where it adds the least driving (`insertStops`): every stop already planned keeps its route
 * and order, done stops and (on the day itself) the part of a route already driven keep their
 * times, shifts, time windows and 45 minutes of service hold, and a visit that fits nowhere stays
 * "Not on any route". Nothing is re-planned: that stays the office's "Optimize Route" (0041).
 *
 * Called after a visit is placed on a Friday (moved by the office, the customer or a rain day,
 * booked and paid). A day in the past (branch time zone), a day without planned routes and a day
 * whose open visits all have a route are left alone. Geocoding and the travel matrix are prepared
 * first; the day is then read again, solved and written in one transaction under the day's lock
 * (the one "Optimize Route" takes) with its visits' rows locked, so two moves onto the same Friday
 * at once each see the other's insertion, and a failure leaves the stored plan as it was.
 */
export async function fitLateVisits(date: string, options: { branchId?: number; now?: Date } = {}): Promise<LateVisitsFit> {
  requireServiceDate(date);
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const now = options.now ?? new Date();
  const branch = await getBranch(branchId);
  const clock = readBranchClock(now, branch.timezone);
  const nothing = (outcome: LateVisitsFit['outcome'], unassigned: number[] = []): LateVisitsFit => ({ date, outcome, added: [], unassigned });
  if (date < clock.today) return nothing('pastDay');
  // A visit that reaches a Friday closed for rain (an unpaid hold paid after the rain day) waits
  // under "Not on any route" for the office to move it, not on a crew's sheet for a day not worked.
  if (await getDayClosure(date, { branchId })) return nothing('closed');
  const { settings } = branch;
  const depot: Depot = { address: settings.depotAddress, latitude: settings.depotLatitude, longitude: settings.depotLongitude };
  const rules = { serviceMin: settings.serviceMin, dayStartMin: settings.dayStartMin, dayEndMin: settings.dayEndMin };
  const day: DayOf = { branchId, date, now, depot };
  const db = await getDb();

  // Geocoding and an OSRM matrix may be slow: before the lock (the locked pass reuses the cached matrix).
  const draft = await loadFitInput(db, day);
  if (draft.routes.length === 0) return nothing('noRoutes');
  if (draft.visits.length === 0 && draft.unlocated.length === 0) return nothing('nothingToFit');
  if (draft.visits.length === 0) return nothing('fitted', draft.unlocated);
  await getDayTravelMatrix(date, listFitPoints(draft, depot));

  const fit = await db.transaction(async (tx): Promise<LateVisitsFit> => {
    await lockRouteDay(tx, branchId, date);
    const input = await loadFitInput(tx, day, { lock: true });
    if (input.routes.length === 0) return nothing('noRoutes');
    if (input.visits.length === 0) return nothing(input.unlocated.length === 0 ? 'nothingToFit' : 'fitted', input.unlocated);
    const matrix = await getDayTravelMatrix(date, listFitPoints(input, depot));

    let next = 1;
    const existing = input.routes.map((route) => {
      const described = describeExistingRoute(route, next, matrix, rules);
      next += route.stops.length;
      return described;
    });
    const candidates: InsertionStop[] = input.visits.map((visit, i) => ({ location: next + i, serviceMin: rules.serviceMin, ...windowOf(visit) }));
    const result = insertStops({
      routes: existing,
      candidates,
      travelMin: matrix.durationMin,
      distance: matrix.distanceM,
      nowMin: clock.today === date ? clock.minuteOfDay : null,
    });

    const rowsByLocation = new Map<number, RouteAppointmentRow>();
    input.routes.forEach((route, r) => route.stops.forEach((row, i) => rowsByLocation.set(existing[r]!.stops[i]!.location, row)));
    input.visits.forEach((row, i) => rowsByLocation.set(candidates[i]!.location, row));
    const pointOf = (location: number) => rowsByLocation.get(location)!;

    const added: LateVisitsFit['added'] = [];
    for (const [r, planned] of result.routes.entries()) {
      if (!planned.changed) continue;
      const route = input.routes[r]!;
      const plans = new Map((route.data?.stops ?? []).map((s) => [s.appointmentId, s]));
      let previous = 0;
      let distanceM = 0;
      let drivingMin = 0;
      const stops: RouteData['stops'] = planned.stops.map((stop, i) => {
        const row = pointOf(stop.location);
        const id = row.appointment.id;
        const plan = plans.get(id);
        const kept = i < planned.openFrom && plan !== undefined;
        const legDistanceM = kept ? plan.legDistanceM : matrix.distanceM[previous]![stop.location]!;
        const legDurationMin = kept ? plan.legDurationMin : matrix.durationMin[previous]![stop.location]!;
        distanceM += legDistanceM;
        drivingMin += legDurationMin;
        previous = stop.location;
        const at = locateStop(row, route.data, depot);
        return {
          appointmentId: id,
          position: i + 1,
          arrivalMin: stop.arrivalMin,
          startMin: stop.startMin,
          departureMin: stop.departureMin,
          eta: kept ? plan.eta : formatClockTime(stop.arrivalMin),
          legDistanceM,
          legDurationMin,
          latitude: at.latitude,
          longitude: at.longitude,
          ...(stop.candidate !== null || plan?.addedAfterPlanning ? { addedAfterPlanning: true } : {}),
        };
      });
      const returnLeg = { distanceM: matrix.distanceM[previous]![0]!, durationMin: matrix.durationMin[previous]![0]! };
      const departDepotMin = existing[r]!.departMin;
      const data: RouteData = {
        version: 1,
        technicianName: route.data?.technicianName ?? route.technician.name,
        technicianColor: route.data?.technicianColor ?? route.technician.color,
        matrixSource: matrix.source,
        drivingMin: drivingMin + returnLeg.durationMin,
        departDepotMin,
        returnDepotMin: planned.returnMin,
        returnLeg,
        stops,
      };
      const saved = await updatePlannedRoute(tx, route.row.id, {
        appointmentOrder: stops.map((s) => s.appointmentId),
        routeData: data,
        totalDistance: Math.round(distanceM + returnLeg.distanceM),
        totalDuration: Math.round(planned.returnMin - departDepotMin),
        at: now,
      });
      // Read under the day's lock as planned; anything else is a bug, and nothing of it is kept.
      if (!saved) throw new Error(`route ${route.row.id} is no longer planned`);
      for (const stop of stops) {
        const { appointment } = pointOf(planned.stops[stop.position - 1]!.location);
        const eta = stop.position - 1 < planned.openFrom ? appointment.estimatedArrivalTime ?? stop.eta : stop.eta;
        if (appointment.technicianId !== route.technician.id || appointment.routePosition !== stop.position || appointment.estimatedArrivalTime !== eta) {
          await assignAppointment(tx, appointment.id, { technicianId: route.technician.id, routePosition: stop.position, estimatedArrivalTime: eta });
        }
        if (planned.stops[stop.position - 1]!.candidate !== null) {
          added.push({ appointmentId: appointment.id, technicianId: route.technician.id, position: stop.position, eta });
        }
      }
    }
    const unassigned = [...result.unassigned.map((c) => input.visits[c]!.appointment.id), ...input.unlocated];
    return { date, outcome: 'fitted', added, unassigned };
  });
  if (fit.added.length > 0 || fit.unassigned.length > 0) {
    getLogger().info({ date, branchId, added: fit.added.map((a) => a.appointmentId), unassigned: fit.unassigned }, 'late visits fitted into the planned routes');
  }
  return fit;
}

/**
 * `fitLateVisits` for each of `dates`, for the flows that place visits (after their own commit): a
 * failure is logged and the visits simply stay "Not on any route", as before; it never fails the
 * customer's or the office's action.
 */
export async function fitLateVisitsSafely(dates: readonly string[], options: { branchId?: number; now?: Date; reason?: string } = {}): Promise<void> {
  for (const date of [...new Set(dates)].sort()) {
    const started = performance.now();
    try {
      const fit = await fitLateVisits(date, options);
      getLogger().debug({ date, reason: options.reason, outcome: fit.outcome, ms: Math.round(performance.now() - started) }, 'late visits: routes checked');
    } catch (error) {
      getLogger().error({ err: error, date, reason: options.reason }, 'late visits could not join the planned routes: they stay "Not on any route"');
    }
  }
}

/** The Fridays of the booking a payment paid, for fitting its visits once the payment is applied. */
export async function listPaidBookingDates(paymentIntentId: string): Promise<{ branchId: number; dates: string[] }[]> {
  const rows = await listDatesOfPaymentBooking(await getDb(), paymentIntentId);
  const byBranch = new Map<number, string[]>();
  for (const row of rows) byBranch.set(row.branchId, [...(byBranch.get(row.branchId) ?? []), row.date]);
  return [...byBranch].map(([branchId, dates]) => ({ branchId, dates }));
}

/** After a payment succeeded: its booking's visits join the planned routes of their Fridays, as `fitLateVisitsSafely`. */
export async function fitPaidVisitsSafely(paymentIntentId: string): Promise<void> {
  try {
    for (const { branchId, dates } of await listPaidBookingDates(paymentIntentId)) {
      await fitLateVisitsSafely(dates, { branchId, reason: 'payment' });
    }
  } catch (error) {
    getLogger().error({ err: error, paymentIntentId }, 'late visits of a paid booking could not join the planned routes');
  }
}
