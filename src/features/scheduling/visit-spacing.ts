/**
 * How far apart a plan's visits must stay when one of them moves (docs/decisions/0035), pure.
 *
 * A seasonal plan books its visits `intervalDays` (21) apart, all Fridays (DECISIONS §3). A move
 * (the office's move dialog, the customer's link, a rain day) may shift one of them, but the
 * plan's visits keep their order and stay at least `MIN_INTERVAL_DAYS` apart: a customer paying
 * for protection every three weeks never gets two sprays a week apart and then a long gap.
 *
 * - The plan's visits are the booking's visits of the moving visit's service type, in visit-number
 *   order (then id, for rows that share a number). A one-time treatment's standing-water visit is
 *   an add-on on the same Friday, not a visit of a plan, so a one-visit plan has no neighbour.
 * - Cancelled visits no longer count; every other state does (a completed spray was given, a paid
 *   visit waiting for a new date still belongs where it is).
 * - The visits that move together (same Friday, 0011) are left out of their own neighbours.
 * - A free re-treatment (0047) is no visit of the plan: it bounds no move of the plan's visits, and
 *   moves itself to any Friday.
 */
import { addCalendarDays, MIN_INTERVAL_DAYS, type IsoDate } from './available-dates';
import { isFreeRetreatment } from './visit-kinds';

export type PlanVisit = { id: number; visitNumber: number; serviceType: string; date: IsoDate; status: string; kind?: string | null };

export type SpacingNeighbour = { visitNumber: number; date: IsoDate };

/** The Fridays the moving visits may take: from `earliest` to `latest`, each null when nothing bounds that side. */
export type SpacingWindow = {
  earliest: IsoDate | null;
  latest: IsoDate | null;
  /** The plan's visit before the moving one with the latest date (the one `earliest` keeps clear of). */
  previous: SpacingNeighbour | null;
  /** The plan's visit after the moving one with the earliest date (the one `latest` keeps clear of). */
  next: SpacingNeighbour | null;
  minIntervalDays: number;
};

export type SpacingCheck = { ok: true } | { ok: false; side: 'previous' | 'next'; window: SpacingWindow };

const UNBOUNDED = (minIntervalDays: number): SpacingWindow => ({ earliest: null, latest: null, previous: null, next: null, minIntervalDays });

const byPlanOrder = (a: PlanVisit, b: PlanVisit) => a.visitNumber - b.visitNumber || a.id - b.id;
const toNeighbour = (visit: PlanVisit | undefined): SpacingNeighbour | null => (visit ? { visitNumber: visit.visitNumber, date: visit.date } : null);

/**
 * The window the visits `movingIds` (one Friday's visits of a booking) may move within, given all
 * of the booking's `visits`.
 */
export function findSpacingWindow(visits: readonly PlanVisit[], movingIds: readonly number[], minIntervalDays = MIN_INTERVAL_DAYS): SpacingWindow {
  const moving = new Set(movingIds);
  const first = visits.filter((v) => moving.has(v.id)).sort(byPlanOrder)[0];
  if (!first || visits.some((v) => moving.has(v.id) && isFreeRetreatment(v))) return UNBOUNDED(minIntervalDays);
  const types = new Set(visits.filter((v) => moving.has(v.id)).map((v) => v.serviceType));
  const others = visits.filter((v) => !moving.has(v.id) && v.status !== 'cancelled' && !isFreeRetreatment(v) && types.has(v.serviceType));
  const before = others.filter((v) => byPlanOrder(v, first) < 0);
  const after = others.filter((v) => byPlanOrder(v, first) > 0);
  const previous = before.sort((a, b) => b.date.localeCompare(a.date))[0];
  const next = after.sort((a, b) => a.date.localeCompare(b.date))[0];
  return {
    earliest: previous ? addCalendarDays(previous.date, minIntervalDays) : null,
    latest: next ? addCalendarDays(next.date, -minIntervalDays) : null,
    previous: toNeighbour(previous),
    next: toNeighbour(next),
    minIntervalDays,
  };
}

/** Whether `date` keeps the plan's order and spacing; if not, which neighbour it comes too close to (or passes). */
export function checkVisitSpacing(date: IsoDate, window: SpacingWindow): SpacingCheck {
  if (window.earliest !== null && date < window.earliest) return { ok: false, side: 'previous', window };
  if (window.latest !== null && date > window.latest) return { ok: false, side: 'next', window };
  return { ok: true };
}

export const isWithinSpacing = (date: IsoDate, window: SpacingWindow): boolean => checkVisitSpacing(date, window).ok;

/** True when the window bounds nothing (a one-visit plan, or every other visit cancelled). */
export const isUnbounded = (window: SpacingWindow): boolean => window.earliest === null && window.latest === null;

/**
 * The window as it narrows `offered` (the Fridays the booking rule offers at all, in date order):
 * a bound that cuts no Friday off is dropped (0108). A plan carried over a winter keeps its last
 * visit of the autumn as `previous`, 14 days after which falls in November; the dialogs then said
 * "the list runs from 6 November 2026 to 21 May 2027" beside one Friday in May. Neighbours too close
 * for any Friday (`earliest` after `latest`) stay as they are: that is the wording they need.
 */
export function keepNarrowingBounds(window: SpacingWindow, offered: readonly IsoDate[]): SpacingWindow {
  const first = offered[0];
  const last = offered[offered.length - 1];
  if (first === undefined || last === undefined) return window;
  if (window.earliest !== null && window.latest !== null && window.earliest > window.latest) return window;
  return {
    ...window,
    earliest: window.earliest !== null && window.earliest > first ? window.earliest : null,
    latest: window.latest !== null && window.latest < last ? window.latest : null,
  };
}

/**
 * Which wording a window needs: a Friday between two visits, after the previous one, before the
 * next one, or none at all (the two neighbours are closer than twice the minimum).
 */
export type SpacingVariant = 'between' | 'after' | 'before' | 'none';

export function describeSpacingWindow(window: SpacingWindow): SpacingVariant {
  if (window.earliest !== null && window.latest !== null) return window.earliest > window.latest ? 'none' : 'between';
  return window.earliest !== null ? 'after' : 'before';
}

/**
 * The values a translated refusal needs (ICU arguments). A date goes as two values: the instant of
 * noon UTC that day, for `{x, date, ::EEEEMMMMd}` (the same calendar day in any server time zone
 * within ±11 hours), and its day of the month as `xDay`, since French writes the first as "1er",
 * which Intl does not.
 */
export function spacingMessageValues(refusal: { side: 'previous' | 'next'; window: SpacingWindow }): { variant: SpacingVariant; values: Record<string, string | number> } {
  const { window } = refusal;
  const values: Record<string, string | number> = { days: window.minIntervalDays, side: refusal.side };
  const putDate = (name: string, date: IsoDate | null) => {
    if (date === null) return;
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    values[name] = Date.UTC(y, m - 1, d, 12);
    values[`${name}Day`] = d;
  };
  const neighbour = window[refusal.side];
  if (neighbour) {
    values.visit = neighbour.visitNumber;
    putDate('visitDate', neighbour.date);
  }
  putDate('from', window.earliest);
  putDate('to', window.latest);
  if (window.previous) {
    values.previous = window.previous.visitNumber;
    putDate('previousDate', window.previous.date);
  }
  if (window.next) {
    values.next = window.next.visitNumber;
    putDate('nextDate', window.next.date);
  }
  return { variant: describeSpacingWindow(window), values };
}
