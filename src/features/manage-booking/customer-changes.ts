/**
 * What a customer may change online in their booking (docs/decisions/0032), pure: the clock and
 * the branch's time zone are arguments, so the page, the API and the tests share one rule.
 *
 * - Move: a confirmed visit, until its cut-off (`findChangeCutoff`), to a Friday whose own
 *   cut-off has not passed either. After that the office decides (a phone call).
 * - Cancel the whole booking: while it is paid, nothing has been carried out, and the first visit
 *   still to come is before its cut-off. The terms then refund the full amount (0017).
 */
import { findChangeCutoff } from './change-cutoff';

export type VisitState = { id: number; date: string; status: string };

export type VisitChange =
  | { kind: 'move'; cutoffAt: Date }
  /** Confirmed, but past the cut-off: the office moves it, by phone. */
  | { kind: 'call'; reason: 'cutoff' }
  /** Nothing to change online (done, cancelled, unpaid, or waiting for the office's new date). */
  | { kind: 'none' };

export function decideVisitChange(visit: VisitState, now: Date, timezone: string): VisitChange {
  if (visit.status !== 'confirmed') return { kind: 'none' };
  const cutoffAt = findChangeCutoff(visit.date, timezone);
  return now.getTime() < cutoffAt.getTime() ? { kind: 'move', cutoffAt } : { kind: 'call', reason: 'cutoff' };
}

/** Visits a cancellation would call off (the cancellation service's own list, 0017). */
const CANCELLABLE = new Set(['pending', 'pending-payment', 'confirmed', 'expired']);

export type BookingCancel =
  | { kind: 'cancel'; cutoffAt: Date }
  /** started: a visit was carried out; cutoff: the first visit is too close; unpaid: nothing to refund, the office sorts it out. */
  | { kind: 'call'; reason: 'started' | 'cutoff' | 'unpaid' }
  /** Nothing left to cancel. */
  | { kind: 'none' };

export function decideBookingCancel(visits: readonly VisitState[], paidCents: number, now: Date, timezone: string): BookingCancel {
  const open = visits.filter((v) => CANCELLABLE.has(v.status));
  if (open.length === 0) return { kind: 'none' };
  if (visits.some((v) => v.status === 'completed')) return { kind: 'call', reason: 'started' };
  if (paidCents <= 0) return { kind: 'call', reason: 'unpaid' };
  const first = [...open].sort((a, b) => a.date.localeCompare(b.date))[0]!;
  const cutoffAt = findChangeCutoff(first.date, timezone);
  return now.getTime() < cutoffAt.getTime() ? { kind: 'cancel', cutoffAt } : { kind: 'call', reason: 'cutoff' };
}

/** The Fridays offered to the customer: the office's list, less those already past their own cut-off. */
export function keepDatesBeforeCutoff(dates: readonly string[], now: Date, timezone: string): string[] {
  return dates.filter((d) => now.getTime() < findChangeCutoff(d, timezone).getTime());
}

/**
 * Whether the booking's page still offers a change online (a visit to move, or the booking to
 * cancel): its greeting tells how changes are made only then, not on a cancelled or finished
 * booking, nor when every change left is a phone call (docs/decisions/0095).
 */
export function offersOnlineChange(visits: readonly { change: VisitChange }[], cancel: BookingCancel): boolean {
  return cancel.kind === 'cancel' || visits.some((v) => v.change.kind === 'move');
}
