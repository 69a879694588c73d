import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { calendarSequenceAt } from '@/features/email/visit-calendar';
import { renderVisitMovedEmail, type VisitDateChange, type VisitMoveReason } from '@/features/email/visit-moved-email';
import { listBookingAppointments } from '@/features/payments/payment.repository';
import { reviseRemindersAfterMove } from '@/features/reminders/reminder.service';
import { checkAvailableDate, getAvailableDates } from '@/features/scheduling/available-dates.service';
import { reserveFridayStops } from '@/features/scheduling/capacity.service';
import { isClosedDayRefusal } from '@/features/scheduling/day-closure';
import { checkVisitSpacing, describeSpacingWindow, findSpacingWindow, isUnbounded, isWithinSpacing, keepNarrowingBounds, spacingMessageValues } from '@/features/scheduling/visit-spacing';
import { toLocale } from '@/i18n/routing';
import { AppError, isAppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { moveVisitsToDate, selectBookingVisitsOf, type BookingVisit } from './reschedule.repository';

/**
 * What staff may move to another Friday: a confirmed visit (the customer asked), or a paid visit
 * left expired because its Friday was full when the payment came in after the hold lapsed
 * (docs/decisions/0011). Unpaid holds, cancelled, completed and unpaid expired visits belong to
 * the booking and payment flows.
 */
function isMovable(visit: BookingVisit): boolean {
  return visit.status === 'confirmed' || (visit.status === 'expired' && visit.needsStaffAttention);
}

/**
 * The visits that move with appointment `id`: it and the visits of its booking on the same Friday
 * in the same state (a one-time treatment's standing-water visit shares its Friday, 0011), so the
 * new Friday is counted for every stop that moves.
 *
 * @throws AppError 404 for an unknown appointment, 409 'conflict' (with `status`) for one staff cannot move
 */
export function pickVisitsToMove(visits: BookingVisit[], id: number): { target: BookingVisit; group: BookingVisit[] } {
  const target = visits.find((v) => v.id === id);
  if (!target) throw new AppError('not_found', 'errors.notFound');
  if (!isMovable(target)) throw new AppError('conflict', 'adminDashboard.move.notMovable', { status: target.status });
  // A free re-treatment (0047) and a paid visit that happen to share a Friday move on their own.
  const group = visits.filter((v) => v.date === target.date && v.status === target.status && v.kind === target.kind && isMovable(v));
  return { target, group };
}

async function readVisitsToMove(id: number | null) {
  if (id === null) throw new AppError('not_found', 'errors.notFound');
  const visits = await selectBookingVisitsOf(await getDb(), id);
  return { visits, ...pickVisitsToMove(visits, id) };
}

/**
 * Refuses a Friday that would break the order or the spacing of a plan's visits (0035): 409
 * 'visit_spacing', naming the neighbouring visit, the Fridays that remain and `details.window`.
 */
function requireVisitSpacing(visits: BookingVisit[], group: BookingVisit[], date: string): void {
  const check = checkVisitSpacing(date, findSpacingWindow(visits, group.map((v) => v.id)));
  if (check.ok) return;
  const { variant, values } = spacingMessageValues(check);
  throw new AppError('visit_spacing', `adminDashboard.move.spacing.${variant}`, { reason: 'spacing', side: check.side, window: check.window }, values);
}

/**
 * The Fridays a visit can move to: the available-dates rule for as many stops as move with it,
 * within its plan's spacing (0035). `spacing` is the window and which wording it needs, for the
 * dialogs to say why the list is narrower; null when nothing bounds it (a one-visit plan).
 */
export async function listMoveDates(id: number | null, now = new Date()) {
  const { visits, target, group } = await readVisitsToMove(id);
  const dates = await getAvailableDates({ now, branchId: target.branchId, stopsNeeded: group.length });
  const window = findSpacingWindow(visits, group.map((v) => v.id));
  // The dialogs say only the bounds that take a Friday off the list (0108).
  const shown = keepNarrowingBounds(window, dates);
  return {
    id: target.id,
    date: target.date,
    status: target.status,
    stopsNeeded: group.length,
    // A confirmed visit already holds its own Friday; listing it would offer a move to nowhere.
    dates: dates.filter((d) => !(target.status === 'confirmed' && d === target.date) && isWithinSpacing(d, window)),
    spacing: isUnbounded(shown) ? null : { ...shown, variant: describeSpacingWindow(shown) },
  };
}

/**
 * Tells the customer their visit has a new Friday, in the language they booked in, with the
 * visits' calendar events again (same UID as the receipt's, a higher SEQUENCE). Queued in the
 * move's transaction, so the email exists exactly when the move was committed.
 */
async function queueVisitMovedEmail(
  tx: DbExecutor,
  move: { targetId: number; bookingRef: string; movedIds: number[]; previousDate: string; previousDayClosed: boolean; change: VisitDateChange; reason: VisitMoveReason | null; at: Date },
) {
  const visits = await listBookingAppointments(tx, { bookingRef: move.bookingRef });
  const moved = visits.filter((v) => move.movedIds.includes(v.id));
  const first = moved[0];
  if (!first) return;
  const locale = toLocale(first.locale);
  const branch = await getBranch(first.branchId, tx);
  const email = renderVisitMovedEmail({
    locale,
    branch,
    change: move.change,
    reason: move.reason,
    customerFirstName: first.customerFirstName,
    bookingRef: move.bookingRef,
    linkGeneration: first.manageLinkGeneration,
    previousDate: move.previousDate,
    previousDayClosed: move.previousDayClosed,
    visits: moved,
    address: first,
    hasOtherVisits: visits.some((v) => !move.movedIds.includes(v.id) && v.status === 'confirmed'),
    calendarSequence: calendarSequenceAt(move.at),
  });
  await enqueueEmail(tx, { kind: 'visit-moved', to: first.customerEmail, locale, ...email, relatedType: 'appointment', relatedId: move.targetId });
}

export type MoveAppointmentOptions = {
  now?: Date;
  /** The staff member, for the log. */
  by?: string;
  /** The customer moved it from their booking's page (0032): their email confirms the date they chose. */
  byCustomer?: boolean;
  /** Why the office moves it (a rain day, 0033): recorded on the visits and said in the customer's email. */
  reason?: VisitMoveReason;
  /**
   * Move only a visit still confirmed on this Friday (a rain day moving the day's visits): one that
   * has moved, been cancelled or completed since is left as it is and `movedIds` is [], so a
   * second run over the same day moves nothing twice.
   */
  onlyFromDate?: string;
};

/** True when an `onlyFromDate` move finds the visit no longer waiting on that Friday. */
function hasLeftDay(visit: BookingVisit, onlyFromDate: string | undefined): boolean {
  return onlyFromDate !== undefined && !(visit.status === 'confirmed' && visit.date === onlyFromDate);
}

/**
 * Moves a visit (with its same-day companions) to another Friday and confirms it, in one
 * transaction: the booking's rows are locked and their state re-read, then the new Friday's row
 * is locked and its stops counted (`reserveFridayStops`, as a booking does) before the rows are
 * written, so two moves racing for the last stop are serialised and the second is refused. The
 * customer's email is queued in the same transaction (`queueVisitMovedEmail`); a move to the
 * Friday the visit is already on changes nothing and sends nothing.
 *
 * @throws AppError 400 'validation' for a date the available-dates rule refuses (not a Friday,
 *   too soon, out of season), 409 'day_full' when the Friday has no room for the visits or is
 *   closed (`details.reason` 'closed', 0071),
 *   409 'visit_spacing' when the Friday would put a plan's visits out of order or less than
 *   `MIN_INTERVAL_DAYS` apart (checked under the booking's row locks, so two moves of one plan
 *   cannot both pass), 409 'conflict' for a visit staff cannot move, 404 for an unknown appointment
 */
export async function moveAppointment(id: number | null, date: string, options: MoveAppointmentOptions = {}) {
  const now = options.now ?? new Date();
  const { target, group } = await readVisitsToMove(id);
  if (hasLeftDay(target, options.onlyFromDate)) return { id: target.id, status: target.status, date: target.date, movedIds: [] as number[] };
  if (target.status === 'confirmed' && target.date === date) return { id: target.id, status: target.status, date, movedIds: [] as number[] };

  // The list's rule and counts first, for a precise answer; the locked count below is the one that decides.
  const check = await checkAvailableDate({ date, now, branchId: target.branchId, stopsNeeded: group.length });
  // A Friday closed by a rain day (0071) is refused like a full one (another Friday is offered), in words of its own.
  if (!check.ok && check.reason === 'closed') throw new AppError('day_full', 'adminDashboard.move.dayClosed', { fullDates: check.fullDates, reason: 'closed' });
  if (!check.ok && check.reason === 'full') throw new AppError('day_full', 'adminDashboard.move.dayFull', { fullDates: check.fullDates });
  if (!check.ok) {
    const key = `adminDashboard.move.date.${check.reason}`;
    throw new AppError('validation', key, { fields: { date: key }, reason: check.reason });
  }

  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const visits = await selectBookingVisitsOf(tx, target.id, { lock: true });
    const locked = pickVisitsToMove(visits, target.id);
    if (hasLeftDay(locked.target, options.onlyFromDate)) return { id: target.id, status: locked.target.status, date: locked.target.date, movedIds: [] as number[] };
    if (locked.target.status === 'confirmed' && locked.target.date === date) return { id: target.id, status: 'confirmed', date, movedIds: [] as number[] };
    // The plan's other visits as they are under the lock: a move of one of them that committed first counts.
    requireVisitSpacing(visits, locked.group, date);
    try {
      await reserveFridayStops(tx, { branchId: target.branchId, dates: [date], stopsPerDate: locked.group.length, now });
    } catch (error) {
      if (isAppError(error) && error.code === 'day_full') {
        throw new AppError('day_full', isClosedDayRefusal(error.details) ? 'adminDashboard.move.dayClosed' : 'adminDashboard.move.dayFull', error.details);
      }
      throw error;
    }
    const ids = locked.group.map((v) => v.id);
    const moved = await moveVisitsToDate(tx, ids, locked.target.status, date, now, options.reason ?? null);
    // Under the row locks nothing can have changed them; if it did, write nothing at all.
    if (moved.length !== ids.length) throw new AppError('conflict', 'adminDashboard.move.notMovable', { status: locked.target.status });
    // A reminder of the old Friday still waiting in the outbox is withdrawn, or rewritten without
    // these visits; one of the new Friday names them, so the customer gets one reminder for it (0034).
    await reviseRemindersAfterMove(tx, ids, { from: locked.target.date, to: date }, now);
    await queueVisitMovedEmail(tx, {
      targetId: target.id,
      bookingRef: locked.target.bookingRef,
      movedIds: ids,
      previousDate: locked.target.date,
      previousDayClosed: locked.target.needsDateDayClosed,
      change: locked.target.status !== 'confirmed' ? 'new-date' : options.byCustomer ? 'rescheduled' : 'moved',
      reason: options.reason ?? null,
      at: now,
    });
    getLogger().info({ appointmentIds: ids, from: locked.target.date, to: date, was: locked.target.status, by: options.by, reason: options.reason }, 'staff moved a visit to another Friday');
    return { id: target.id, status: 'confirmed', date, movedIds: ids };
  });
  return result;
}
