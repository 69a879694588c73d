import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { demoPerson } from '@/db/seed-data/demo-addresses';
import { listVisitApplications } from '@/features/application-records/application-record.repository';
import type { AppliedProduct } from '@/features/application-records/application-rules';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { findToday, getSeasonWindow, isFriday, readBranchClock } from '@/features/scheduling/available-dates';
import type { DayClosure } from '@/features/scheduling/day-closure';
import { getDayClosure } from '@/features/scheduling/day-closure.service';
import { findOutsideServiceArea, type OutsideServiceArea } from '@/features/service-area/postal-code';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import {
  buildVrpProblem, type DayPlanInput, describeSolution, type DoneStopInput, formatClockTime, listMatrixPoints, type PlannedStopView, plansRestOfToday,
  type RouteStopInput, type RouteTechnicianInput,
} from './build-problem';
import { geocodeAddress } from './geocoding/geocode';
import { buildMapsLinks } from './maps-links';
import {
  assignAppointment, clearDayAssignments, clearVisitNotTreated, deletePlannedRoutes, findNextBookedDate, hasCustomerWithEmail, insertRoutes,
  findVisitNotTreatedMark, isOnTechnicianRoute, listActiveDayAppointments, listActiveTechnicians, listAppointmentsByIds, listDayRoutes, listTechnicians, lockRouteDay, lockStopVisit, markVisitNotTreated,
  type NewServiceRoute, type RouteAppointmentRow, type ServiceRouteRow, saveAppointmentCoordinates,
} from './route.repository';
import { isCalendarDate, type NotTreated, type NotTreatedUndo } from './route.schema';
import { findAppliedStopChange, recordAppliedStopChange } from './stop-change.repository';
import { solveVrp } from './solver/solve-vrp';
import type { VrpSolution } from './solver/vrp-model';
import { APPLIED_STOP_CHANGE_KEEP_DAYS, findDoneAtProblem, findStopChangeAgeProblem, isVisitDayReached } from './stop-completion';
import { type GeoPoint, getDayTravelMatrix } from './travel/distance-matrix';
import { can, type StaffRole } from '@/features/staff-auth/capabilities';
import type { StopChangeKind } from '@/db/schema/appointments';

/**
 * How much the solver searches when staff press "Optimize Route". The search is limited by work
 * (iterations, and iterations without a better plan), so an unchanged day gets the same routes on
 * every run; a 30-60 stop day needs a few hundred milliseconds. The time budget is only a safety
 * cap for a slow or overloaded machine.
 */
export const OPTIMIZE_MAX_ITERATIONS = 5000;
export const OPTIMIZE_STALL_ITERATIONS = 2000;
export const OPTIMIZE_TIME_BUDGET_MS = 1000;

export type RouteAppointment = RouteAppointmentRow['appointment'];
export type RouteCustomer = RouteAppointmentRow['customer'];

/** What `service_routes.routeData` holds (version 1). */
export interface RouteData {
  version: 1;
  technicianName: string;
  technicianColor: string;
  matrixSource: 'great-circle' | 'osrm';
  drivingMin: number;
  departDepotMin: number;
  returnDepotMin: number;
  returnLeg: { distanceM: number; durationMin: number };
  /** `addedAfterPlanning`: placed on the route after it was planned, by `fitLateVisits` (0041). */
  stops: (PlannedStopView & { latitude: number; longitude: number; addedAfterPlanning?: boolean })[];
}

export interface RouteStop {
  position: number;
  /** 'HH:MM' local time, from the plan. */
  eta: string | null;
  legDistanceM: number | null;
  legDurationMin: number | null;
  /** Joined the route after it was planned (a visit moved or booked onto the day since, 0041). */
  addedAfterPlanning?: boolean;
  /**
   * The visit's code is one the owner has stopped serving since it was booked (0088, 0096): the stop
   * stays planned (the booking stands) and is flagged so the office calls the customer.
   */
  outsideServiceArea?: OutsideServiceArea | null;
  appointment: RouteAppointment;
  customer: RouteCustomer;
  /** A done stop's products applied, as its record keeps them (0042): the stop names them (0110). */
  applied?: AppliedProduct[];
}

export interface DayRoute {
  id: number;
  date: string;
  status: string;
  technicianId: number | null;
  /** The technician's current name (the name stored with the route when they are gone). */
  technician: string | null;
  technicianColor: string;
  /** False when the route's technician has been deactivated since: the day needs optimising again. */
  technicianActive: boolean;
  startingPoint: string | null;
  startingLatitude: number | null;
  startingLongitude: number | null;
  /** Metres. */
  totalDistance: number | null;
  /** Minutes, shift start to the return at the depot. */
  totalDuration: number | null;
  /** Minutes spent driving (null for routes saved without plan data). */
  drivingMinutes: number | null;
  /** 'HH:MM' the crew is back at the depot as planned (null without plan data): how long their day is. */
  backAtDepot: string | null;
  appointmentOrder: number[];
  routeData: unknown;
  appointments: RouteStop[];
  mapsLinks: string[];
}

export interface Depot {
  address: string;
  latitude: number;
  longitude: number;
}

export interface DayRoutes {
  date: string;
  depot: Depot;
  routes: DayRoute[];
  /**
   * Open appointments of the day that no route visits (did not fit when the day was optimised, or
   * placed on the day since and fitting no route as planned, 0041): work still to plan. Empty while
   * the day has no route at all.
   */
  unassigned: { appointment: RouteAppointment; customer: RouteCustomer }[];
  /**
   * Visits of the day marked done that no route visits (done from the dashboard before any plan
   * had them): nothing to plan, never offered for planning (0006, 2026-11-24 (c)).
   */
  doneWithoutRoute: { appointment: RouteAppointment; customer: RouteCustomer }[];
  /**
   * Open visits of the day (routed or not) at a code the branch no longer serves (0096), in booking
   * order: the route manager lists them, planned or not, so the office calls before the Friday.
   */
  outsideServiceArea: { appointment: RouteAppointment; customer: RouteCustomer; outsideServiceArea: OutsideServiceArea }[];
  /** The branch's calendar day when the routes were read: a plan for today only has the rest of today's shifts. */
  today: string;
  /** The day is closed to bookings (a rain day moved its visits, 0071): why, when, by whom, and where they went. */
  closure: DayClosure | null;
}

export function requireServiceDate(date: string): void {
  if (!isCalendarDate(date)) throw new AppError('validation', 'routing.invalidDate');
}

/** Coordinates for every stop: saved ones as they are, missing ones geocoded now and saved. */
export async function ensureCoordinates(db: DbExecutor, rows: RouteAppointmentRow[]): Promise<{ located: RouteAppointmentRow[]; unlocated: RouteAppointmentRow[] }> {
  const located: RouteAppointmentRow[] = [];
  const unlocated: RouteAppointmentRow[] = [];
  for (const row of rows) {
    const { appointment, customer } = row;
    if (appointment.latitude !== null && appointment.longitude !== null) {
      located.push(row);
      continue;
    }
    const point = await geocodeAddress({
      address: appointment.address ?? customer.address ?? '',
      city: appointment.city ?? customer.city,
      postalCode: appointment.postalCode ?? customer.postalCode,
    });
    if (!point) {
      unlocated.push(row);
      continue;
    }
    await saveAppointmentCoordinates(db, appointment.id, point.latitude, point.longitude);
    located.push({ ...row, appointment: { ...appointment, latitude: point.latitude, longitude: point.longitude } });
  }
  return { located, unlocated };
}

interface DayPlanDraft {
  stops: RouteStopInput[];
  /** Technicians who take stops (active, not out on a kept route), then those who only keep done stops. */
  technicians: (RouteTechnicianInput & { color: string })[];
  /** Appointments on kept (not 'planned') routes: neither re-planned nor cleared. */
  keptAppointmentIds: number[];
}

/**
 * Why "Optimize Route" refuses a day; the route manager links these to the technicians screen.
 * `nothingFitsRestOfDay`: re-planned on the day itself, no stop left fits in what is left of the
 * shifts (move the visits to another Friday, or extend a shift); `nothingFits`: not even in whole shifts.
 */
export type OptimizeRefusal = 'noActiveTechnicians' | 'noFreeTechnicians' | 'nothingFits' | 'nothingFitsRestOfDay';

function refuseOptimize(reason: OptimizeRefusal): never {
  throw new AppError('conflict', `routing.${reason}`, { reason });
}

/**
 * The done stops of the day's planned routes, per technician, in the order they were done: a
 * visit marked done stays with the technician whose route has it (0006, 2026-11-24 (b)). Ordered
 * by when it was marked done; one done before that was recorded comes first, in route order.
 */
function findDoneStops(routes: ServiceRouteRow[], rows: RouteAppointmentRow[]) {
  const completed = new Map(rows.filter((r) => r.appointment.status === 'completed').map((r) => [r.appointment.id, r]));
  const done = new Map<number, { routeName: string | null; rows: RouteAppointmentRow[] }>();
  for (const route of routes) {
    if (route.technicianId === null) continue;
    const own = route.appointmentOrder.flatMap((id) => completed.get(id) ?? []);
    if (own.length === 0) continue;
    const place = new Map(route.appointmentOrder.map((id, i) => [id, i]));
    const doneAt = (row: RouteAppointmentRow) => row.appointment.completedAt?.getTime() ?? -Infinity;
    own.sort((a, b) => doneAt(a) - doneAt(b) || place.get(a.appointment.id)! - place.get(b.appointment.id)!);
    const entry = done.get(route.technicianId) ?? { routeName: route.technician, rows: [] };
    entry.rows.push(...own);
    done.set(route.technicianId, entry);
  }
  return done;
}

/**
 * What a re-plan works on: the day's active appointments with coordinates (missing ones geocoded
 * and saved) and the active technicians, leaving out the stops and technicians of kept routes.
 * Visits marked done are never planned again: those on a planned route stay first on it (its
 * technician keeps them even when deactivated since), the rest stay off the routes.
 * Refuses, before anything is written, a day that nobody could drive: a plan without technicians
 * would only delete the office's routes. `lock` holds the day's visits until the plan is written.
 */
async function loadDayPlanInput(
  db: DbExecutor,
  day: { branchId: number; date: string; now: Date; depot: Depot },
  options: { lock?: boolean } = {},
): Promise<DayPlanDraft> {
  const { branchId, date, depot } = day;
  const active = await listActiveTechnicians(db, branchId);
  if (active.length === 0) refuseOptimize('noActiveTechnicians');
  const dayRoutes = await listDayRoutes(db, branchId, date);
  const kept = dayRoutes.filter((r) => r.status !== 'planned');
  const keptAppointmentIds = [...new Set(kept.flatMap((r) => r.appointmentOrder))];
  const keptIds = new Set(keptAppointmentIds);
  const busy = new Set(kept.map((r) => r.technicianId).filter((id) => id !== null));
  const rows = (await listActiveDayAppointments(db, branchId, date, day.now, options)).filter((r) => !keptIds.has(r.appointment.id));
  const done = findDoneStops(dayRoutes.filter((r) => r.status === 'planned'), rows);
  const toPlan = rows.filter((r) => r.appointment.status !== 'completed');
  const crew = active.filter((t) => !busy.has(t.id));
  // Every crew is already out on a started route: the stops left over would lose their plan.
  if (toPlan.length > 0 && crew.length === 0) refuseOptimize('noFreeTechnicians');
  const { located } = await ensureCoordinates(db, toPlan);
  const stops = located.map(({ appointment }) => ({
    appointmentId: appointment.id,
    latitude: appointment.latitude!,
    longitude: appointment.longitude!,
    time: appointment.time,
  }));
  const doneStopsOf = async (technicianId: number): Promise<DoneStopInput[]> => {
    const { located: doneLocated, unlocated } = await ensureCoordinates(db, done.get(technicianId)?.rows ?? []);
    const at = new Map([...doneLocated, ...unlocated].map((r) => [r.appointment.id, r.appointment]));
    // A done stop was located when it was planned; one that cannot be now counts as at the depot.
    return (done.get(technicianId)?.rows ?? []).map(({ appointment: { id } }) => ({
      appointmentId: id,
      latitude: at.get(id)!.latitude ?? depot.latitude,
      longitude: at.get(id)!.longitude ?? depot.longitude,
      eta: at.get(id)!.estimatedArrivalTime,
    }));
  };
  const technicians: DayPlanDraft['technicians'] = [];
  for (const tech of crew) technicians.push({ ...tech, done: await doneStopsOf(tech.id) });
  const everyone = new Map((await listTechnicians(db, branchId)).map((t) => [t.id, t]));
  for (const [technicianId, { routeName }] of done) {
    if (crew.some((t) => t.id === technicianId)) continue;
    const known = everyone.get(technicianId);
    technicians.push({
      id: technicianId,
      name: known?.name ?? routeName ?? '',
      color: known?.color ?? '#2563eb',
      shiftStartMin: known?.shiftStartMin ?? 0,
      shiftEndMin: known?.shiftEndMin ?? 24 * 60,
      takesStops: false,
      done: await doneStopsOf(technicianId),
    });
  }
  return { stops, technicians, keptAppointmentIds };
}

const NO_SOLUTION: VrpSolution = { routes: [], unassigned: [], totalDistance: 0, totalDuration: 0 };

/** Stops to plan, or done stops to keep on a route: the day needs a travel matrix. */
function hasStopsToRoute(day: Pick<DayPlanDraft, 'stops' | 'technicians'>): boolean {
  return day.stops.length > 0 || day.technicians.some((t) => (t.done?.length ?? 0) > 0);
}

/**
 * Plans the Friday: every active appointment (confirmed, or a pending booking whose hold still
 * runs) goes to one technician's route from the depot, 45 minutes per stop, within shifts.
 * Routes that are not 'planned' (started or finished) are kept with their stops and technicians.
 * A day under way keeps what happened (0006, 2026-11-24 (b)): visits marked done stay first on
 * their technician's route, in the order done, with their times, and only the rest is planned,
 * each technician's remaining tour starting at their last done stop (the depot without one) at
 * the current time on the day itself, or after the done stops on any other day.
 * The day is read, solved and written in one transaction under the day's lock, its visits' rows
 * locked, so a re-optimisation after a booking was added, cancelled or marked done never leaves a
 * half-written or stale plan.
 * A day it cannot plan (no active technician, every technician already out on a started route, no
 * stop fitting any shift) is refused with a 409 and nothing stored changes: the office's current
 * routes stay as they are.
 */
export async function optimizeDay(input: { date: string; branchId?: number; now?: Date; timeBudgetMs?: number; seed?: number }): Promise<DayRoutes> {
  requireServiceDate(input.date);
  if (!isFriday(input.date)) throw new AppError('validation', 'routing.notFriday');
  const branchId = input.branchId ?? DEFAULT_BRANCH_ID;
  const now = input.now ?? new Date();
  const db = await getDb();
  const branch = await getBranch(branchId);
  const depot: Depot = { address: branch.settings.depotAddress, latitude: branch.settings.depotLatitude, longitude: branch.settings.depotLongitude };
  const rules = { depot, serviceMin: branch.settings.serviceMin, dayStartMin: branch.settings.dayStartMin, dayEndMin: branch.settings.dayEndMin };
  const clock = readBranchClock(now, branch.timezone);
  // On the day itself nobody drives in the past: every remaining tour starts now at the earliest.
  const nowMin = clock.today === input.date ? clock.minuteOfDay : null;
  const dayOf = { branchId, date: input.date, now, depot };

  // Geocoding and an OSRM matrix may take seconds: do them before taking the lock. The matrix is
  // cached per day and coordinate list, so the locked pass below reuses it when nothing changed.
  const draft = await loadDayPlanInput(db, dayOf);
  if (hasStopsToRoute(draft)) await getDayTravelMatrix(input.date, listMatrixPoints(draft.stops, depot, draft.technicians));

  await db.transaction(async (tx) => {
    await lockRouteDay(tx, branchId, input.date);
    // Read again under the lock: the last of two concurrent optimisations plans the latest bookings.
    const { stops, technicians, keptAppointmentIds } = await loadDayPlanInput(tx, dayOf, { lock: true });
    const colors = new Map(technicians.map((t) => [t.id, t.color]));
    const day: DayPlanInput = { stops, technicians, rules, nowMin };

    let planned: ReturnType<typeof describeSolution>['routes'] = [];
    let matrixSource: RouteData['matrixSource'] = 'great-circle';
    if (hasStopsToRoute({ stops, technicians })) {
      const matrix = await getDayTravelMatrix(input.date, listMatrixPoints(stops, depot, technicians));
      matrixSource = matrix.source;
      const problem = buildVrpProblem(day, matrix);
      const solution = stops.length === 0 ? NO_SOLUTION : solveVrp(problem, {
        timeBudgetMs: input.timeBudgetMs ?? OPTIMIZE_TIME_BUDGET_MS,
        maxIterations: OPTIMIZE_MAX_ITERATIONS,
        stallIterations: OPTIMIZE_STALL_ITERATIONS,
        seed: input.seed ?? 1,
      });
      // No stop fits any shift: replacing the stored plan with nothing would only lose it. Late on
      // the day itself that is the time left, not the shift hours, and the office is told so.
      if (stops.length > 0 && solution.routes.length === 0) refuseOptimize(plansRestOfToday(day) ? 'nothingFitsRestOfDay' : 'nothingFits');
      const described = describeSolution(solution, day, matrix);
      planned = described.routes;
      if (described.unassignedAppointmentIds.length > 0) {
        getLogger().warn({ date: input.date, unassigned: described.unassignedAppointmentIds }, 'stops did not fit in the shifts');
      }
    }

    const coordinates = new Map<number, GeoPoint>([...stops, ...technicians.flatMap((t) => t.done ?? [])].map((s) => [s.appointmentId, s]));
    const newRoutes: NewServiceRoute[] = planned.map((route) => {
      const data: RouteData = {
        version: 1,
        technicianName: route.technician.name,
        technicianColor: colors.get(route.technician.id) ?? '#2563eb',
        matrixSource,
        drivingMin: route.drivingMin,
        departDepotMin: route.departDepotMin,
        returnDepotMin: route.returnDepotMin,
        returnLeg: route.returnLeg,
        stops: route.stops.map((stop) => ({ ...stop, latitude: coordinates.get(stop.appointmentId)!.latitude, longitude: coordinates.get(stop.appointmentId)!.longitude })),
      };
      return {
        branchId,
        date: input.date,
        technicianId: route.technician.id,
        technician: route.technician.name,
        status: 'planned',
        startingPoint: depot.address,
        startingLatitude: depot.latitude,
        startingLongitude: depot.longitude,
        totalDistance: Math.round(route.totalDistanceM),
        totalDuration: Math.round(route.totalDurationMin),
        appointmentOrder: route.stops.map((s) => s.appointmentId),
        routeData: data,
      };
    });

    await deletePlannedRoutes(tx, branchId, input.date);
    await clearDayAssignments(tx, branchId, input.date, keptAppointmentIds);
    await insertRoutes(tx, newRoutes);
    for (const route of planned) {
      for (const stop of route.stops) {
        await assignAppointment(tx, stop.appointmentId, { technicianId: route.technician.id, routePosition: stop.position, estimatedArrivalTime: stop.eta });
      }
    }
  });
  return getDayRoutes(input.date, { branchId, now });
}

export function readRouteData(value: unknown): RouteData | null {
  return value && typeof value === 'object' && (value as { version?: unknown }).version === 1 ? (value as RouteData) : null;
}

type TechnicianLookup = Map<number, { name: string; color: string; isActive: boolean }>;

/** The visit's code checked against the prefixes read once for the request (0096). */
type FlagOutsideArea = (appointment: RouteAppointment) => OutsideServiceArea | null;

/** Per done visit, the products its record names, in the order entered. */
type AppliedByVisit = Map<number, AppliedProduct[]>;

function toDayRoute(row: ServiceRouteRow, byId: Map<number, RouteAppointmentRow>, crew: TechnicianLookup, depot: Depot, flagOutsideArea: FlagOutsideArea, applied: AppliedByVisit): DayRoute {
  const data = readRouteData(row.routeData);
  const planByAppointment = new Map((data?.stops ?? []).map((s) => [s.appointmentId, s]));
  const stops: RouteStop[] = [];
  row.appointmentOrder.forEach((appointmentId, i) => {
    const found = byId.get(appointmentId);
    if (!found) return;
    const plan = planByAppointment.get(appointmentId);
    stops.push({
      position: found.appointment.routePosition ?? plan?.position ?? i + 1,
      eta: found.appointment.estimatedArrivalTime ?? plan?.eta ?? null,
      legDistanceM: plan?.legDistanceM ?? null,
      legDurationMin: plan?.legDurationMin ?? null,
      addedAfterPlanning: plan?.addedAfterPlanning === true,
      outsideServiceArea: flagOutsideArea(found.appointment),
      appointment: found.appointment,
      customer: found.customer,
      ...(found.appointment.status === 'completed' ? { applied: applied.get(appointmentId) ?? [] } : {}),
    });
  });
  stops.sort((a, b) => a.position - b.position);
  const start = { address: row.startingPoint ?? depot.address, latitude: row.startingLatitude ?? depot.latitude, longitude: row.startingLongitude ?? depot.longitude };
  // Directions cover what is left to drive: reopened at noon, they start from the last stop done (0006).
  const toDrive = stops.filter((s) => s.appointment.status !== 'completed');
  const lastDone = stops.findLast((s) => s.appointment.status === 'completed');
  // A renamed or recoloured technician shows as they are now, on past and planned routes alike.
  const technician = row.technicianId !== null ? crew.get(row.technicianId) : undefined;
  return {
    id: row.id,
    date: row.date,
    status: row.status,
    technicianId: row.technicianId,
    technician: technician?.name ?? row.technician,
    technicianColor: technician?.color ?? data?.technicianColor ?? '#2563eb',
    technicianActive: row.technicianId === null || (technician?.isActive ?? false),
    startingPoint: row.startingPoint,
    startingLatitude: row.startingLatitude,
    startingLongitude: row.startingLongitude,
    totalDistance: row.totalDistance,
    totalDuration: row.totalDuration,
    drivingMinutes: data ? Math.round(data.drivingMin) : null,
    backAtDepot: data ? formatClockTime(data.returnDepotMin) : null,
    appointmentOrder: row.appointmentOrder,
    routeData: row.routeData,
    appointments: stops,
    mapsLinks: buildMapsLinks(toDrive.map((s) => s.appointment), start, lastDone?.appointment ?? start),
  };
}

/**
 * Where the day stands for a day sheet, counted over every technician's routes: a sheet without
 * stops must say whether the day has no visits, is booked but not planned yet, or went to others.
 */
export interface DayPlanSummary {
  /**
   * Active (not cancelled or expired) visits booked on the day that need or have a route: a visit
   * marked done without ever being on a route is not counted (it is neither planned nor waiting).
   */
  bookedVisits: number;
  /** Those of them that some route of the day visits, whichever technician drives it. */
  routedVisits: number;
}

export interface TechnicianDay {
  date: string;
  depot: Depot;
  /** The technician's route, null when they have none that day. */
  route: DayRoute | null;
  plan: DayPlanSummary;
  /** The branch's calendar day when the sheet was read: stops of this day or earlier can be marked done. */
  today: string;
  /** A day closed by a rain day (0071): the sheet says the day was moved and to which Fridays. */
  closure: DayClosure | null;
}

/**
 * The day read once: its routes (only `technicianId`'s when given) with their stops, the active
 * appointments no route visits, and the counts for the day sheet over all of the day's routes.
 */
async function readDay(date: string, options: { branchId?: number; now?: Date; technicianId?: number }): Promise<DayRoutes & { plan: DayPlanSummary }> {
  requireServiceDate(date);
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const now = options.now ?? new Date();
  const db = await getDb();
  const [branch, dayRows, active, technicians, closure] = await Promise.all([
    getBranch(branchId),
    listDayRoutes(db, branchId, date),
    listActiveDayAppointments(db, branchId, date, now),
    listTechnicians(db, branchId),
    getDayClosure(date, { branchId, db }),
  ]);
  const depot: Depot = { address: branch.settings.depotAddress, latitude: branch.settings.depotLatitude, longitude: branch.settings.depotLongitude };
  const rows = options.technicianId === undefined ? dayRows : dayRows.filter((r) => r.technicianId === options.technicianId);
  const activeIds = new Set(active.map((r) => r.appointment.id));
  const onRoutes = await listAppointmentsByIds(db, [...new Set(rows.flatMap((r) => r.appointmentOrder))]);
  const byId = new Map(onRoutes.filter((r) => activeIds.has(r.appointment.id)).map((r) => [r.appointment.id, r]));
  const crew: TechnicianLookup = new Map(technicians.map((t) => [t.id, t]));
  // The branch's prefixes, read once with the day, decide every stop's flag: no query per stop (0096).
  // A stop already done is not flagged: there is no one left to call.
  const flagOutsideArea: FlagOutsideArea = (appointment) => (appointment.status === 'completed' ? null : findOutsideServiceArea(appointment.postalCode, branch.settings.servedPrefixes));
  // What the done stops' records name, read once for the day (0110).
  const doneIds = [...byId.values()].filter((r) => r.appointment.status === 'completed').map((r) => r.appointment.id);
  const applied: AppliedByVisit = new Map();
  for (const { appointmentId, productName, pcpNumber, amountHundredths, unit } of await listVisitApplications(db, doneIds)) {
    applied.set(appointmentId, [...(applied.get(appointmentId) ?? []), { productName, pcpNumber, amountHundredths, unit }]);
  }
  const routes = rows.map((row) => toDayRoute(row, byId, crew, depot, flagOutsideArea, applied));
  const routed = new Set(routes.flatMap((r) => r.appointments.map((s) => s.appointment.id)));
  // A visit marked done that no route of the day has (done before any plan had it) is finished
  // work: never "Not on any route", never counted as waiting for a route (0006, 2026-11-24 (c)).
  const onAnyRoute = new Set(dayRows.flatMap((r) => r.appointmentOrder));
  const isDoneWithoutRoute = (r: RouteAppointmentRow) => r.appointment.status === 'completed' && !onAnyRoute.has(r.appointment.id);
  const doneWithoutRoute = options.technicianId !== undefined ? [] : active.filter(isDoneWithoutRoute);
  // Without any route the whole day is simply "not optimised yet", not a list of misfits.
  const unassigned = rows.length === 0 || options.technicianId !== undefined
    ? []
    : active.filter((r) => r.appointment.status !== 'completed' && !routed.has(r.appointment.id));
  const routedVisits = new Set(dayRows.flatMap((r) => r.appointmentOrder).filter((id) => activeIds.has(id))).size;
  const bookedVisits = active.filter((r) => !isDoneWithoutRoute(r)).length;
  const outsideServiceArea = active.flatMap((r) => {
    const flag = flagOutsideArea(r.appointment);
    return flag ? [{ ...r, outsideServiceArea: flag }] : [];
  });
  return { date, depot, routes, unassigned, doneWithoutRoute, outsideServiceArea, plan: { bookedVisits, routedVisits }, today: findToday(now, branch.timezone), closure };
}

/**
 * The day's routes with their stops (appointment and customer each), maps links per leg, and the
 * active appointments no route visits. Cancelled or expired appointments drop out of the stops.
 */
export async function getDayRoutes(date: string, options: { branchId?: number; now?: Date } = {}): Promise<DayRoutes> {
  const { plan: _plan, ...day } = await readDay(date, options);
  return day;
}

/**
 * One technician's route for the day (null when they have none), with the day's booked and routed
 * visit counts, so their sheet can tell a free day from one the office has not planned yet.
 */
export async function getTechnicianDay(technicianId: number, date: string, options: { branchId?: number; now?: Date } = {}): Promise<TechnicianDay> {
  const day = await readDay(date, { ...options, technicianId });
  return { date, depot: day.depot, route: day.routes[0] ?? null, plan: day.plan, today: day.today, closure: day.closure };
}

/**
 * Who may mark a stop done from the day sheet, or take it back, checked inside the caller's
 * transaction with the visit's row locked (0006, 2026-11-24 (b)): a re-plan or a move of the visit
 * waits for the change, or it for them, so a stop that stopped being theirs cannot be changed.
 * An admin may change any visit, as on the dashboard (but marks none done before its day: the
 * caller checks that for every done mark, 0057). A technician only a stop of their own route of
 * the visit's day, and only once that day has come in the branch's time zone (not next Friday's
 * by mistake): 403 for a visit not on their route (whether it exists is not told), 409 before its
 * day (`requireVisitDayReached`). Returns the locked visit (null only for an admin's unknown visit:
 * the status change then answers 404). The change itself is the dashboard's
 * `changeAppointmentStatus`, called by the day sheet's service (application records, 0042), so both
 * screens allow and refuse the same changes.
 */
export async function lockStaffStop(
  tx: DbExecutor,
  staff: { role: StaffRole; technicianId: number | null },
  appointmentId: number | null,
  now: Date,
) {
  const office = can(staff.role, 'officeWork');
  if (office) {
    if (appointmentId === null) throw new AppError('not_found', 'errors.notFound');
  } else if (staff.technicianId === null) {
    throw new AppError('forbidden', 'routing.noTechnicianLinked');
  } else if (appointmentId === null) {
    throw new AppError('forbidden', 'routing.stopNotOnYourRoute');
  }
  const visit = await lockStopVisit(tx, appointmentId!);
  if (!office) {
    if (!visit || !(await isOnTechnicianRoute(tx, visit.branchId, visit.date, staff.technicianId!, visit.id))) {
      throw new AppError('forbidden', 'routing.stopNotOnYourRoute');
    }
    await requireVisitDayReached(tx, visit, now);
  }
  return visit;
}

/**
 * 409 (`routing.stopNotDueYet`, with the visit's status, so a screen shows the stop as it is) before
 * the visit's day in the branch's time zone: a technician changes no stop before its day (0027), and
 * nobody marks a visit done before it, the office neither (0057): the customer would get a visit
 * report for a visit not made, and the record would name a day that has not come.
 */
export async function requireVisitDayReached(tx: DbExecutor, visit: { branchId: number; date: string; status: string }, now: Date): Promise<void> {
  const { timezone } = await getBranch(visit.branchId, tx);
  if (!isVisitDayReached(visit.date, findToday(now, timezone))) throw new AppError('conflict', 'routing.stopNotDueYet', { status: visit.status });
}

/**
 * `doneAt`, a done mark's own time (sent late from a phone without signal, 0045), checked against
 * the visit's day and the server's clock (`findDoneAtProblem`): 400 when out of bounds. Checked
 * after a replayed change is recognised (0052): a change applied before is answered as it stands.
 */
export async function requireDoneAtInBounds(tx: DbExecutor, visit: { branchId: number; date: string }, doneAt: Date, now: Date): Promise<void> {
  const { timezone } = await getBranch(visit.branchId, tx);
  const problem = findDoneAtProblem({ doneAt, now, doneDay: findToday(doneAt, timezone), visitDate: visit.date });
  if (problem) throw new AppError('validation', `routing.${problem}`);
}

/**
 * A day sheet change with an id (0052) is judged by that id only while the server may still hold
 * it (docs/decisions/0057): a change taken longer ago than applied ids are kept could have been
 * applied and its id swept since, so it is refused (410, `routing.stopChangeTooOld`) before
 * anything is read or written, and the phone drops it; a time ahead of the server's clock is not
 * believed (400, as `doneAt`'s). `takenAt` is the press time the phone sends, or for a done mark
 * from a sheet older than this check its `doneAt` (the same instant); an older sheet's Undo says
 * nothing of its time and is judged by its id as before.
 */
export function requireStopChangeInWindow(takenAt: Date | undefined, now: Date): void {
  if (!takenAt) return;
  const problem = findStopChangeAgeProblem({ takenAt, now });
  if (problem === 'takenAtInFuture') throw new AppError('validation', 'routing.takenAtInFuture');
  if (problem === 'stopChangeTooOld') throw new AppError('gone', 'routing.stopChangeTooOld', undefined, { days: APPLIED_STOP_CHANGE_KEEP_DAYS });
}

/**
 * "Clear routes" on the route manager (0006, 2026-11-24 (b)): a planned day whose routes lost
 * every visit (all cancelled or moved away) kept its empty routes, and with no appointment left
 * "Optimize Route" is off. Under the day's lock this drops the day's planned routes and their
 * stops' plan, but only when none of them still visits an active appointment (409 otherwise: such
 * a day is optimised again, not cleared). Started or finished routes stay as they are.
 */
export async function clearEmptyRoutes(date: string, options: { branchId?: number; now?: Date } = {}): Promise<DayRoutes> {
  requireServiceDate(date);
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const now = options.now ?? new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockRouteDay(tx, branchId, date);
    const routes = await listDayRoutes(tx, branchId, date);
    const active = new Set((await listActiveDayAppointments(tx, branchId, date, now, { lock: true })).map((r) => r.appointment.id));
    const planned = routes.filter((r) => r.status === 'planned');
    if (planned.some((r) => r.appointmentOrder.some((id) => active.has(id)))) throw new AppError('conflict', 'routing.routesStillHaveVisits');
    await deletePlannedRoutes(tx, branchId, date);
    await clearDayAssignments(tx, branchId, date, routes.filter((r) => r.status !== 'planned').flatMap((r) => r.appointmentOrder));
  });
  return getDayRoutes(date, { branchId, now });
}

/** The day's active appointments, for the count on the route manager. */
export async function listDayAppointments(date: string, options: { branchId?: number; now?: Date } = {}) {
  requireServiceDate(date);
  const db = await getDb();
  return listActiveDayAppointments(db, options.branchId ?? DEFAULT_BRANCH_ID, date, options.now ?? new Date());
}

export async function listBranchTechnicians(branchId = DEFAULT_BRANCH_ID) {
  return listTechnicians(await getDb(), branchId);
}

/** True when the local demo data (30 demo customers) is in the database. */
export async function isDemoDataPresent(): Promise<boolean> {
  return hasCustomerWithEmail(await getDb(), demoPerson(0).email);
}

function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The date the route manager opens on: the next Friday (from today) that has bookings, which is
 * the demo Friday on a local run; otherwise the next Friday in the service season.
 */
export async function findDefaultRouteDate(options: { branchId?: number; now?: Date } = {}): Promise<string> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const now = options.now ?? new Date();
  const branch = await getBranch(branchId);
  const today = findToday(now, branch.timezone);
  const booked = await findNextBookedDate(await getDb(), branchId, today, now);
  if (booked) return booked;
  const season = { startMonthDay: branch.settings.seasonStart, endMonthDay: branch.settings.seasonEnd };
  let day = today;
  for (let i = 0; i < 800; i++, day = addDaysIso(day, 1)) {
    const window = getSeasonWindow(Number(day.slice(0, 4)), season);
    if (isFriday(day) && day >= window.start && day <= window.end) return day;
  }
  return today;
}

/**
 * Records a day sheet change's id (0052) under the stop's lock, in the caller's transaction: true
 * when that id was applied before (its first answer was lost), and then nothing is written again
 * and the caller answers the stop as it stands, `replayed: true`. The unique key decides, so two
 * copies arriving at once cannot both be new. An id already recorded for another stop or another
 * kind of change is a broken client, not a replay (400). "Mark done" and "Couldn't treat" both use it.
 */
export async function isReplayedStopChange(tx: DbExecutor, change: { id: string; appointmentId: number; kind: StopChangeKind; now: Date }): Promise<boolean> {
  const fresh = await recordAppliedStopChange(tx, { id: change.id, appointmentId: change.appointmentId, kind: change.kind, appliedAt: change.now });
  if (fresh) return false;
  const applied = await findAppliedStopChange(tx, change.id);
  if (applied?.appointmentId !== change.appointmentId || applied.kind !== change.kind) {
    throw new AppError('validation', 'routing.invalidChangeId', { fields: { changeId: 'routing.invalidChangeId' } });
  }
  return true;
}

/**
 * When a "Couldn't treat" happened (0086): when it was pressed, for one kept on the phone without
 * signal and sent late, as a late done mark is dated (0045); the server's time for one sent at once,
 * or one whose phone clock puts it before the visit's day (it cannot have been: the button shows
 * from that day on) or after the server's clock.
 */
async function findNotTreatedTime(tx: DbExecutor, visit: { branchId: number; date: string }, takenAt: Date | undefined, now: Date): Promise<Date> {
  if (!takenAt || takenAt.getTime() >= now.getTime()) return now;
  const { timezone } = await getBranch(visit.branchId, tx);
  return findToday(takenAt, timezone) >= visit.date ? takenAt : now;
}

/** The stop's mark as it stands, for a change applied before (0052): the phone shows what the server has. */
async function answerReplayed(tx: DbExecutor, appointmentId: number) {
  const mark = (await findVisitNotTreatedMark(tx, appointmentId))!;
  return { ...mark, replayed: true as const };
}

/**
 * "Couldn't treat" on the day sheet (POST /api/routes/technician/stops/{id}/not-treated, 0085): the
 * technician came on the visit's day but could not treat it (the gate locked, a dog in the yard, the
 * customer asked to skip, the weather, or another reason in a note). Who may: as for "Mark done"
 * (`lockStaffStop`: a technician their own route's stop from its day on, the office any visit), and
 * nobody before the visit's day. Only a confirmed visit: a done one is taken back first. The visit
 * stays confirmed on its Friday for the office to move; no visit report and no email are queued.
 * Saying it again replaces the reason and the note.
 *
 * Kept on the phone without signal and sent later (0086), it carries its id and time as "Mark done"
 * does (`changeId`, `takenAt`): the same change again is answered with the stop as it stands
 * (`replayed: true`); one taken longer ago than ids are kept is refused (410, 0057); and it is
 * judged by the rules above as they stand when it arrives: a visit the office has moved off the
 * technician's route meanwhile (403), or marked done (409), is refused and the phone says so.
 * It is dated when it was pressed (`findNotTreatedTime`).
 */
export async function markStopNotTreated(
  staff: { role: StaffRole; technicianId: number | null; staffUserId: number; displayName: string },
  appointmentId: number | null,
  input: NotTreated,
  now = new Date(),
) {
  if (input.changeId) requireStopChangeInWindow(input.takenAt, now);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const stop = await lockStaffStop(tx, staff, appointmentId, now);
    if (!stop) throw new AppError('not_found', 'errors.notFound');
    if (input.changeId && await isReplayedStopChange(tx, { id: input.changeId, appointmentId: stop.id, kind: 'not-treated', now })) return answerReplayed(tx, stop.id);
    await requireVisitDayReached(tx, stop, now);
    const note = input.note || null;
    const at = await findNotTreatedTime(tx, stop, input.takenAt, now);
    const marked = await markVisitNotTreated(tx, stop.id, { reason: input.reason, note, at, byId: staff.staffUserId });
    if (!marked) throw new AppError('conflict', 'routing.notTreated.onlyOpenStop', { status: stop.status });
    // The mark as the sheet shows it, so the phone draws it without reading the day again.
    return { id: stop.id, status: marked.status, notTreatedReason: input.reason, notTreatedNote: note, notTreatedAt: at, notTreatedBy: staff.displayName };
  });
}

/**
 * The technician's Undo of "Couldn't treat" (DELETE on the same path, 0085): the same access; a stop
 * without the mark is answered as it is. Kept on the phone (0086), it carries its id and time as the
 * mark does, and is recognised when it arrives twice.
 */
export async function undoStopNotTreated(staff: { role: StaffRole; technicianId: number | null }, appointmentId: number | null, input: NotTreatedUndo = {}, now = new Date()) {
  if (input.changeId) requireStopChangeInWindow(input.takenAt, now);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const stop = await lockStaffStop(tx, staff, appointmentId, now);
    if (!stop) throw new AppError('not_found', 'errors.notFound');
    if (input.changeId && await isReplayedStopChange(tx, { id: input.changeId, appointmentId: stop.id, kind: 'not-treated-undo', now })) return answerReplayed(tx, stop.id);
    await clearVisitNotTreated(tx, stop.id, now);
    return { id: stop.id, status: stop.status, notTreatedReason: null, notTreatedNote: null, notTreatedAt: null, notTreatedBy: null };
  });
}
