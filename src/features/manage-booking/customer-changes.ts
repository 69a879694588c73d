/**
 * What a customer may change online in their booking (docs/decisions/0032), pure: the clock and
 * the branch's time zone are arguments, so the page, the API and the tests share one rule.
 *
 * - Move: a confirmed visit, until its cut-off (`findChangeCutoff`), to a Friday whose own
 *   cut-off has not passed either. After that the office decides (a phone call).
 * - Cancel the booking (every visit still to come): while it is paid and the first visit still to
 *   come is before its cut-off. Before any visit the terms refund the full amount; once a plan has
 *   started, the visits not yet carried out, less the savings only the whole plan earned (0017),
 *   which the page and the email spell out (docs/decisions/0108).
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
  /** cutoff: the first visit still to come is too close; unpaid: nothing to refund, the office sorts it out. */
  | { kind: 'call'; reason: 'cutoff' | 'unpaid' }
  /** Nothing left to cancel. */
  | { kind: 'none' };

export function decideBookingCancel(visits: readonly VisitState[], paidCents: number, now: Date, timezone: string): BookingCancel {
  const open = visits.filter((v) => CANCELLABLE.has(v.status));
  if (open.length === 0) return { kind: 'none' };
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
