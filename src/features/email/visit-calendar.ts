import 'server-only';
import type { OutboxAttachment } from '@/db/schema/messages';
import { findTimeWindow } from '@/features/routing/build-problem';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatTimeOfDay } from '@/lib/format';
import { buildIcsEvent } from './ics';
import { formatAddressLine } from '@/lib/address-line';

/** The branch's working day in minutes after midnight, branch time (`branch_settings`). */
export type ServiceDay = { dayStartMin: number; dayEndMin: number };

/**
 * `branch_settings`' defaults, 08:00 to 18:00: the window the checkout page promises ("between
 * 8:00 AM and 6:00 PM"). Used only when a caller does not pass the branch's own settings.
 */
export const DEFAULT_SERVICE_DAY: ServiceDay = { dayStartMin: 480, dayEndMin: 1080 };

/** Minutes after midnight in the branch's time zone. */
export type ArrivalWindow = { startMin: number; endMin: number };

/**
 * When the technician may arrive, by the route planner's own rule (`findTimeWindow`): the booking
 * flows store 09:00 for every online booking, which is no promise, so the stop may be served any
 * time of the working day; a time staff set on purpose is served within an hour either side of
 * it, inside the working day. Emails and calendar events tell the customer this window, never the
 * 09:00 placeholder.
 */
export function findArrivalWindow(time: string | null | undefined, day: ServiceDay = DEFAULT_SERVICE_DAY): ArrivalWindow {
  const window = findTimeWindow(time);
  if (!window) return { startMin: day.dayStartMin, endMin: day.dayEndMin };
  const startMin = Math.max(window.readyMin, day.dayStartMin);
  const endMin = Math.min(window.dueMin, day.dayEndMin);
  return startMin < endMin ? { startMin, endMin } : { startMin: window.readyMin, endMin: window.dueMin };
}

/** Minutes after midnight → 'HH:MM'. */
function toClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The window's ends as the reader's language writes a time of day ('8:00 a.m.', '18:00', '8 h 00'). */
export function formatArrivalWindow(window: ArrivalWindow, locale: string): { start: string; end: string } {
  return { start: formatTimeOfDay(toClock(window.startMin), locale)!, end: formatTimeOfDay(toClock(window.endMin), locale)! };
}

/** "between 8:00 a.m. and 6:00 p.m.", in the reader's language, for a visit's stored time. */
export function describeArrivalWindow(time: string | null | undefined, day: ServiceDay | undefined, locale: Locale): string {
  return getTranslator(locale, 'email')('arrival.window', formatArrivalWindow(findArrivalWindow(time, day), locale));
}

/** The calendar event's start ('HH:MM', branch time) and length: the arrival window. */
export function findVisitEventTiming(time: string | null | undefined, day: ServiceDay | undefined): { time: string; durationMin: number } {
  const window = findArrivalWindow(time, day);
  return { time: toClock(window.startMin), durationMin: window.endMin - window.startMin };
}

/**
 * A visit's calendar event, as the payment receipt first sends it and every later email that
 * changes the visit sends it again. One builder, so the event keeps its UID, title and text, and
 * a calendar app updates the entry it already has instead of adding a second one.
 */
export type VisitCalendarInput = {
  locale: Locale;
  /** `settings` (the branch's working day) sets the arrival window; without it, `DEFAULT_SERVICE_DAY`. */
  branch: { displayName: string; timezone: string; settings?: ServiceDay };
  /** `kind`: a free re-treatment (0047) is titled as one. */
  visit: { id: number; bookingRef: string; serviceType: string; kind?: string | null; date: string; time: string };
  /** The service address on one line. */
  location: string;
  /** 0 (the receipt) or the revision number of a change: `calendarSequenceAt`. */
  sequence?: number;
  filename?: string;
};

/** The event's stable id: one per visit, for the life of the booking. */
export function buildVisitCalendarUid(bookingRef: string, visitId: number): string {
  return `${bookingRef}-${visitId}@escarpmentmosquito.ca`;
}

/** The service address on one line, as the receipt and the calendar event show it. */
export function formatVisitLocation(visit: { address: string | null; city: string | null; postalCode: string | null }): string {
  return formatAddressLine(visit.address, visit.city, visit.postalCode);
}

const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);

/**
 * The iCalendar SEQUENCE of an event changed at `at`: whole seconds since 2026-01-01 UTC. The
 * receipt's event has none (0), and each change of a visit comes later than the one before (the
 * changes of one booking are serialised by its row locks), so the number only grows without a
 * counter stored per visit. It stays within iCalendar's 32-bit integer until 2094.
 */
export function calendarSequenceAt(at: Date): number {
  return Math.max(1, Math.floor((at.getTime() - SEQUENCE_EPOCH_MS) / 1000));
}

/**
 * The visit's event: it spans the arrival window (the whole working day for an online booking),
 * so the customer's calendar shows when the technician may come, not a made-up 09:00 slot.
 */
export function buildVisitCalendarEvent(input: VisitCalendarInput): OutboxAttachment {
  const t = getTranslator(input.locale, 'payments');
  const tEmail = getTranslator(input.locale, 'email');
  const { visit } = input;
  const timing = findVisitEventTiming(visit.time, input.branch.settings);
  const window = formatArrivalWindow(findArrivalWindow(visit.time, input.branch.settings), input.locale);
  return buildIcsEvent({
    uid: buildVisitCalendarUid(visit.bookingRef, visit.id),
    title: `${t(`services.${serviceLabelKey(visit)}`)} · ${input.branch.displayName}`,
    description: tEmail('calendar.description', { reference: visit.bookingRef, ...window }),
    location: input.location,
    date: visit.date,
    time: timing.time,
    durationMin: timing.durationMin,
    timezone: input.branch.timezone,
    sequence: input.sequence,
    filename: input.filename,
  });
}
