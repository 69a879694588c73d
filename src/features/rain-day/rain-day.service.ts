import 'server-only';
import { getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { clearEmptyRoutes } from '@/features/routing/route.service';
import { findToday, isFriday, MIN_INTERVAL_DAYS } from '@/features/scheduling/available-dates';
import { checkAvailableDate, countFreeStops, getAvailableDates } from '@/features/scheduling/available-dates.service';
import { addServiceDayMovedTo, closeServiceDay, reopenServiceDay } from '@/features/scheduling/capacity.repository';
import type { DayClosure } from '@/features/scheduling/day-closure';
import { getDayClosure } from '@/features/scheduling/day-closure.service';
import { checkVisitSpacing, findSpacingWindow, isWithinSpacing, type SpacingCheck, type SpacingWindow } from '@/features/scheduling/visit-spacing';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { AppError, isAppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { allocateRainDay, type FridayRoom, listFillOrder, summariseByFriday, type UnplacedReason } from './rain-day-allocation';
import { findRainDayBlock } from './rain-day-offer';
import { countHeldDayVisits, listBookingPlanVisits, listConfirmedDayVisits, listDayStopStatuses } from './rain-day.repository';

/** One booking's visits on the rained-out Friday: they move together (0011's same-day companions). */
export type RainDayBooking = { appointmentId: number; bookingRef: string; customerId: number; customerName: string; stops: number };

export type RainDayFriday = { date: string; visits: number; customers: number; bookings: RainDayBooking[] };

/** The plan's visit a booking would come too close to (or pass) on every Friday with room (0035). */
export type RainDaySpacingBlock = { side: 'previous' | 'next'; visitNumber: number; date: string; minIntervalDays: number };

/** A booking that stays on the rained-out Friday, and why: no room ('full') or its plan's spacing ('spacing'). */
export type RainDayUnplaced = RainDayBooking & UnplacedReason<RainDaySpacingBlock>;

/** What "Move this Friday" would do, as the dialog shows it before the office confirms. */
export type RainDayPreview = {
  date: string;
  /** The chosen target Friday. */
  to: string;
  /** Fridays the office may choose as the target (bookable, with room for at least one stop). */
  targets: string[];
  /** The visits that move and whose they are; those that stay are in `unplaced`. */
  visits: number;
  customers: number;
  /** Where the visits go: the target first, then the Fridays after it that take the overflow. */
  moves: RainDayFriday[];
  /**
   * Bookings that go to a later Friday than the target, by why the target did not take them: no
   * room left for all their visits ('full'), or a visit of their plan too close to it ('spacing',
   * 0035). The dialog says which; the target may well have room left.
   */
  passedTarget: { full: number; spacing: number; minIntervalDays: number };
  /** Bookings no offered Friday takes (no room, or their plan's spacing): they stay on the rained-out Friday. */
  unplaced: RainDayUnplaced[];
  /** Unpaid bookings still holding a stop on the day: not moved (their payment flow decides). */
  stillHeld: number;
};

export type RainDayResult = {
  date: string;
  moved: { date: string; visits: number; customers: number }[];
  movedVisits: number;
  movedCustomers: number;
  /** Bookings moved or changed by someone else meanwhile: nothing was done to them. */
  skipped: number;
  unplaced: RainDayUnplaced[];
};

type RainDayInput = { date: string; to?: string; now?: Date; branchId?: number };

/** Stops left on each date, as the available-dates rule counts them (`countFreeStops`). */
async function loadFridayRoom(branchId: number, dates: string[], now: Date): Promise<FridayRoom[]> {
  const free = await countFreeStops({ dates, now, branchId });
  return dates.map((date) => ({ date, free: free.get(date) ?? 0 }));
}

/**
 * The day's confirmed visits, one entry per booking, in booking order, and each booking's spacing
 * window (0035): the Fridays its visits of the day may go to without breaking its plan.
 */
async function listDayBookings(branchId: number, date: string): Promise<{ groups: RainDayBooking[]; windows: Map<string, SpacingWindow> }> {
  const db = await getDb();
  const bookings = new Map<string, RainDayBooking>();
  const dayVisitIds = new Map<string, number[]>();
  for (const visit of await listConfirmedDayVisits(db, branchId, date)) {
    const known = bookings.get(visit.bookingRef);
    if (known) known.stops += 1;
    else bookings.set(visit.bookingRef, { appointmentId: visit.id, bookingRef: visit.bookingRef, customerId: visit.customerId, customerName: `${visit.firstName} ${visit.lastName}`, stops: 1 });
    dayVisitIds.set(visit.bookingRef, [...(dayVisitIds.get(visit.bookingRef) ?? []), visit.id]);
  }
  const planVisits = await listBookingPlanVisits(db, [...bookings.keys()]);
  const windows = new Map([...dayVisitIds].map(([ref, ids]) => [ref, findSpacingWindow(planVisits.filter((v) => v.bookingRef === ref), ids)]));
  return { groups: [...bookings.values()], windows };
}

/** What a refused Friday was too close to, for the preview and the result. */
function toSpacingBlock(check: Extract<SpacingCheck, { ok: false }>): RainDaySpacingBlock | null {
  const neighbour = check.window[check.side];
  return neighbour ? { side: check.side, visitNumber: neighbour.visitNumber, date: neighbour.date, minIntervalDays: check.window.minIntervalDays } : null;
}

/** Why `date` would break the booking's plan, or null when it keeps it (a booking without a window: any Friday). */
function findSpacingBlock(window: SpacingWindow | undefined, date: string): RainDaySpacingBlock | null {
  const check = window ? checkVisitSpacing(date, window) : null;
  return check && !check.ok ? toSpacingBlock(check) : null;
}

/** Refuses a target the office may not fill, with the available-dates rule's own reason. */
async function refuseTarget(date: string, to: string, branchId: number, now: Date): Promise<never> {
  if (to === date) throw new AppError('validation', 'rainDay.errors.sameDay', { fields: { to: 'rainDay.errors.sameDay' } });
  const check = await checkAvailableDate({ date: to, now, branchId, stopsNeeded: 1 });
  // Closed by an earlier rain day (0071): reopened from the route manager first, or another Friday.
  if (!check.ok && check.reason === 'closed') throw new AppError('day_full', 'rainDay.errors.targetClosed', { fields: { to: 'rainDay.errors.targetClosed' }, reason: 'closed' });
  if (check.ok || check.reason === 'full') throw new AppError('day_full', 'rainDay.errors.targetFull', { fields: { to: 'rainDay.errors.targetFull' } });
  const key = `adminDashboard.move.date.${check.reason}`;
  throw new AppError('validation', key, { fields: { to: key }, reason: check.reason });
}

/**
 * Refuses a day with no confirmed visit left (409, `details.reason`): every visit on it marked done
 * ('allDone', the route manager offers no rain day then), or nothing at all, or only unpaid holds
 * ('nothingToMove': also the answer to a second press after a rain day moved it).
 */
async function refuseNothingToMove(branchId: number, date: string, now: Date): Promise<never> {
  const block = findRainDayBlock(await listDayStopStatuses(await getDb(), branchId, date, now));
  if (block === 'allDone') throw new AppError('conflict', 'rainDay.errors.allDone', { reason: 'allDone' });
  throw new AppError('conflict', 'rainDay.errors.nothingToMove', { reason: 'nothingToMove' });
}

/** Checks the rained-out day and the target, and works out who goes where. */
async function planRainDay(input: RainDayInput): Promise<RainDayPreview & { fillOrder: string[]; placed: { group: RainDayBooking; date: string }[]; windows: Map<string, SpacingWindow> }> {
  const branchId = input.branchId ?? DEFAULT_BRANCH_ID;
  const now = input.now ?? new Date();
  if (!isFriday(input.date)) throw new AppError('validation', 'rainDay.errors.notFriday', { fields: { date: 'rainDay.errors.notFriday' } });
  const branch = await getBranch(branchId);
  const today = findToday(now, branch.timezone);
  if (input.date < today) throw new AppError('validation', 'rainDay.errors.pastDay', { fields: { date: 'rainDay.errors.pastDay' } });

  const { groups, windows } = await listDayBookings(branchId, input.date);
  if (groups.length === 0) await refuseNothingToMove(branchId, input.date, now);
  const targets = (await getAvailableDates({ now, branchId, stopsNeeded: 1 })).filter((d) => d !== input.date);
  if (targets.length === 0) throw new AppError('day_full', 'rainDay.errors.noFridays');
  // A rain day moves visits later: without a choice, the first Friday offered after the rained-out
  // one (an earlier Friday only when none after it has room).
  const to = input.to ?? targets.find((d) => d > input.date) ?? targets[0]!;
  if (!targets.includes(to)) await refuseTarget(input.date, to, branchId, now);

  const fillOrder = listFillOrder(to, targets, input.date);
  const { placed, unplaced } = allocateRainDay(
    groups,
    await loadFridayRoom(branchId, fillOrder, now),
    (group, date) => findSpacingBlock(windows.get(group.bookingRef), date),
  );
  return {
    date: input.date,
    to,
    targets,
    // What moves: a booking that stays (no room, or its plan's spacing) is named under `unplaced`, not counted here.
    visits: placed.reduce((sum, p) => sum + p.group.stops, 0),
    customers: new Set(placed.map((p) => p.group.customerId)).size,
    moves: summariseByFriday(placed, fillOrder),
    passedTarget: {
      full: placed.filter((p) => p.passedFirst === 'full').length,
      spacing: placed.filter((p) => p.passedFirst === 'spacing').length,
      minIntervalDays: MIN_INTERVAL_DAYS,
    },
    unplaced,
    stillHeld: await countHeldDayVisits(await getDb(), branchId, input.date, now),
    fillOrder,
    placed,
    windows,
  };
}

/**
 * The preview of a rain day: how many visits and customers move, to which Friday each booking goes
 * (the target until it is full, then the next Fridays with room that keep its plan's visits at
 * least `MIN_INTERVAL_DAYS` apart and in order, 0035), and who cannot be placed and why.
 *
 * @throws AppError 400 for a day that is not a Friday or has passed, or a target the available-dates
 *   rule refuses; 409 for a day with no confirmed visit left ('allDone' when every visit on it is
 *   done), or a target without room
 */
export async function previewRainDay(input: RainDayInput): Promise<RainDayPreview> {
  const { fillOrder: _order, placed: _placed, windows: _windows, ...preview } = await planRainDay(input);
  return preview;
}

/**
 * Moves a rained-out Friday's confirmed visits, one booking at a time, each through the single
 * visit move (`moveAppointment`: the Friday's capacity counted under its lock, the booking's rows
 * locked, the weather email queued, the reminder reset, all in the booking's own transaction).
 * First the day is closed to bookings (0071), in its own transaction under the day's row lock,
 * before any visit leaves it: a booking, move or re-treatment counting the day's stops under that
 * lock reads the closure, so no stop the rain day frees can be taken, and a payment reading it moves
 * its visits elsewhere (0072); the day's bookings are then listed again, so one paid just before
 * the closing moves too. It stays closed until the
 * office reopens it (`reopenRainDay`); each Friday a booking lands on is recorded with the closure.
 * The day's planned routes are dropped once they visit nobody. Safe to run again after a failure part-way: a
 * booking already moved is no longer confirmed on the day and is neither listed nor moved again;
 * a Friday filled meanwhile by someone else sends the booking on to the next Friday with room.
 *
 * @throws as `previewRainDay`; a second run over a day already moved is 409 'nothingToMove'
 */
export async function applyRainDay(input: RainDayInput & { to: string; by?: string; byId?: number | null }): Promise<RainDayResult> {
  const now = input.now ?? new Date();
  const branchId = input.branchId ?? DEFAULT_BRANCH_ID;
  const checked = await planRainDay({ ...input, now, branchId });
  const db = await getDb();
  await db.transaction((tx) => closeServiceDay(tx, { branchId, date: input.date, reason: 'rain', at: now, byId: input.byId ?? null }));
  // Who goes where, read again now that the day is closed (0072): a hold paid between the check and
  // the closing was confirmed on the day (its payment found it open under the day's lock) and moves
  // with the rest; a payment after the closing moves its own visits off the day. Should the second
  // reading be refused (moved meanwhile by a second run, the target filled), the first one stands:
  // each move asks again under its own locks.
  const plan = await planRainDay({ ...input, now, branchId }).catch((error: unknown) => {
    if (isAppError(error)) return checked;
    throw error;
  });
  const recorded = new Set<string>();

  const moved: { group: RainDayBooking; date: string }[] = [];
  const unplaced: RainDayUnplaced[] = [...plan.unplaced];
  let skipped = 0;
  for (const { group, date } of plan.placed) {
    let placedOn: { date: string; stops: number } | null = null;
    let left = false;
    let blocked: RainDaySpacingBlock | null = null;
    const window = plan.windows.get(group.bookingRef);
    for (const candidate of plan.fillOrder.slice(plan.fillOrder.indexOf(date))) {
      // A Friday the plan's spacing rules out is not tried (moveAppointment would refuse it too).
      if (window && !isWithinSpacing(candidate, window)) continue;
      try {
        const result = await moveAppointment(group.appointmentId, candidate, { now, by: input.by, reason: 'weather', onlyFromDate: input.date });
        if (result.movedIds.length === 0) left = true;
        else placedOn = { date: candidate, stops: result.movedIds.length };
        break;
      } catch (error) {
        // Taken meanwhile: the next Friday in line. Cancelled or changed meanwhile: not ours to move.
        if (isAppError(error) && error.code === 'day_full') continue;
        // Another visit of the plan moved meanwhile (checked under the booking's lock): the next
        // Friday in line may still fit; if none does, the booking stays, with the reason.
        if (isAppError(error) && error.code === 'visit_spacing') {
          blocked ??= toSpacingBlock({ ok: false, ...(error.details as { side: 'previous' | 'next'; window: SpacingWindow }) });
          continue;
        }
        if (isAppError(error) && (error.code === 'conflict' || error.code === 'not_found')) {
          left = true;
          break;
        }
        throw error;
      }
    }
    if (placedOn && !recorded.has(placedOn.date)) {
      // Where the day's visits went, for the day sheet and the route manager (0071), as they land.
      await addServiceDayMovedTo(db, branchId, input.date, placedOn.date);
      recorded.add(placedOn.date);
    }
    if (placedOn) moved.push({ group: { ...group, stops: placedOn.stops }, date: placedOn.date });
    else if (left) skipped += 1;
    else unplaced.push(blocked ? { ...group, reason: 'spacing', blockedBy: blocked } : { ...group, reason: 'full' });
  }

  // The rained-out day's planned routes now visit nobody: drop them. While a booking that fits
  // nowhere is still on a route, the routing service keeps the plan (409), and so do we.
  try {
    await clearEmptyRoutes(input.date, { branchId, now });
  } catch (error) {
    if (!(isAppError(error) && error.code === 'conflict')) throw error;
  }

  const byFriday = summariseByFriday(moved, plan.fillOrder).map(({ bookings: _b, ...day }) => day);
  getLogger().info({ date: input.date, to: input.to, moved: byFriday, skipped, unplaced: unplaced.map((g) => g.bookingRef), by: input.by }, 'rain day: the office moved a Friday');
  return {
    date: input.date,
    moved: byFriday,
    movedVisits: byFriday.reduce((sum, d) => sum + d.visits, 0),
    movedCustomers: new Set(moved.map((m) => m.group.customerId)).size,
    skipped,
    unplaced,
  };
}

/**
 * Opens a Friday a rain day closed (0071), for a wrong date or a forecast that changed: it is
 * offered again to bookings, moves, re-treatments and rain days, with the stops it has free. The
 * visits already moved stay on their new Fridays (moving them back is a move like any other).
 * Under the day's row lock, so a booking counting the day waits for the reopening or reads it closed.
 *
 * @throws AppError 400 for a day that is not a Friday or has passed; 409 'conflict' (`reason`
 *   'notClosed') for a day that is open already
 */
export async function reopenRainDay(input: { date: string; now?: Date; branchId?: number; by?: string }): Promise<{ date: string; closure: DayClosure | null }> {
  const branchId = input.branchId ?? DEFAULT_BRANCH_ID;
  const now = input.now ?? new Date();
  if (!isFriday(input.date)) throw new AppError('validation', 'rainDay.errors.notFriday', { fields: { date: 'rainDay.errors.notFriday' } });
  const branch = await getBranch(branchId);
  if (input.date < findToday(now, branch.timezone)) throw new AppError('validation', 'rainDay.errors.reopenPast', { fields: { date: 'rainDay.errors.reopenPast' } });
  const db = await getDb();
  const reopened = await db.transaction((tx) => reopenServiceDay(tx, branchId, input.date));
  if (!reopened) throw new AppError('conflict', 'rainDay.errors.notClosed', { reason: 'notClosed' });
  getLogger().info({ date: input.date, by: input.by }, 'rain day: the office reopened a Friday to bookings');
  return { date: input.date, closure: await getDayClosure(input.date, { branchId }) };
}
