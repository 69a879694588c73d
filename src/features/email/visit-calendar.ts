import 'server-only';
import type { OutboxAttachment } from '@/db/schema/messages';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { buildIcsEvent } from './ics';

/**
 * A visit's calendar event, as the payment receipt first sends it and every later email that
 * changes the visit sends it again. One builder, so the event keeps its UID, title and text, and
 * a calendar app updates the entry it already has instead of adding a second one.
 */
export type VisitCalendarInput = {
  locale: Locale;
  branch: { displayName: string; timezone: string };
  visit: { id: number; bookingRef: string; serviceType: string; date: string; time: string };
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
  return [visit.address, visit.city, visit.postalCode].filter(Boolean).join(', ');
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

export function buildVisitCalendarEvent(input: VisitCalendarInput): OutboxAttachment {
  const t = getTranslator(input.locale, 'payments');
  const { visit } = input;
  return buildIcsEvent({
    uid: buildVisitCalendarUid(visit.bookingRef, visit.id),
    title: `${t(`services.${visit.serviceType}`)} · ${input.branch.displayName}`,
    description: t('receipt.icsDescription', { reference: visit.bookingRef }),
    location: input.location,
    date: visit.date,
    time: /^\d{1,2}:\d{2}$/.test(visit.time) ? visit.time : undefined,
    timezone: input.branch.timezone,
    sequence: input.sequence,
    filename: input.filename,
  });
}
