import { TZDate } from '@date-fns/tz';
import { createEvent } from 'ics';
import type { OutboxAttachment } from '@/db/schema/messages';

export type IcsEventInput = {
  /** Stable id, so a re-sent invitation updates the calendar entry instead of duplicating it. */
  uid: string;
  title: string;
  description?: string;
  location?: string;
  /** The service day, 'YYYY-MM-DD', in `timezone`. */
  date: string;
  /** Local start time 'HH:MM' (24 h); defaults to the start of the Friday service window. */
  time?: string;
  durationMin?: number;
  timezone?: string;
  url?: string;
  organizer?: { name: string; email: string };
  /**
   * Revision of the event (iCalendar SEQUENCE): an update to an event already sent must carry a
   * higher number than the earlier copy, or calendar apps keep the old one. Absent means 0.
   */
  sequence?: number;
  filename?: string;
};

/** Minutes as iCalendar writes a length: { hours: 10 } → PT10H, 45 → PT45M (never PT600M). */
export function toIcsDuration(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Local wall time in the branch timezone → UTC instant (correct across DST). */
function toUtcMillis(date: string, time: string, timezone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, hh, mm, timezone).getTime();
}

/**
 * An .ics calendar file for an appointment, as an outbox attachment. Times are written in UTC so
 * every calendar app shows the right local time without a VTIMEZONE block.
 *
 * @throws {Error} when the event cannot be built (a malformed date or time)
 */
export function buildIcsEvent(input: IcsEventInput): OutboxAttachment {
  const time = /^\d{1,2}:\d{2}$/.test(input.time ?? '') ? input.time! : '09:00';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date)) throw new Error(`invalid ics date '${input.date}'`);
  const { error, value } = createEvent({
    uid: input.uid,
    title: input.title,
    description: input.description,
    location: input.location,
    url: input.url,
    organizer: input.organizer,
    start: toUtcMillis(input.date, time, input.timezone ?? 'America/Toronto'),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: toIcsDuration(input.durationMin ?? 45),
    ...(input.sequence ? { sequence: input.sequence } : {}),
    status: 'CONFIRMED',
    productId: 'escarpment-mosquito/booking',
  });
  if (error || !value) throw error ?? new Error('could not build the calendar event');
  return { filename: input.filename ?? 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: value };
}
