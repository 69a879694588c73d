/**
 * The day sheet's saved copies (docs/decisions/0045): each day read from the server is kept on the
 * phone, per signed-in staff account, technician and date, so that a sheet opened without signal
 * still shows the stops. Pure: the storage is passed in.
 */
import type { KeyValueStore } from './stop-outbox';

/** A day as last read from the server, and when. */
export type SavedDayCopy<T> = { technicianId: number; date: string; savedAt: string; day: T };

/**
 * The most days kept per account: the days a technician looks at around a Friday. Older copies
 * go, so customers' details do not pile up on a phone.
 */
export const MAX_SAVED_DAYS = 6;

export function dayCopiesKey(owner: number): string {
  return `escarpment.daySheet.copies.v1.${owner}`;
}

function isSavedDayCopy(value: unknown): value is SavedDayCopy<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return Number.isInteger(c.technicianId) && typeof c.date === 'string' && typeof c.savedAt === 'string'
    && !Number.isNaN(Date.parse(c.savedAt)) && typeof c.day === 'object' && c.day !== null;
}

function readCopies(store: KeyValueStore, owner: number): SavedDayCopy<unknown>[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(dayCopiesKey(owner)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSavedDayCopy) : [];
  } catch {
    return [];
  }
}

/** The saved copy of a technician's day, or null. */
export function findDayCopy<T>(store: KeyValueStore, owner: number, technicianId: number, date: string): SavedDayCopy<T> | null {
  return (readCopies(store, owner).find((c) => c.technicianId === technicianId && c.date === date) as SavedDayCopy<T> | undefined) ?? null;
}

/**
 * Keeps `copy` as the day's copy, newest first, at most `max` days. False when the browser would not
 * store it (full or turned off): the sheet works on, only without a copy for later.
 */
export function saveDayCopy<T>(store: KeyValueStore, owner: number, copy: SavedDayCopy<T>, max = MAX_SAVED_DAYS): boolean {
  const others = readCopies(store, owner).filter((c) => c.technicianId !== copy.technicianId || c.date !== copy.date);
  try {
    store.setItem(dayCopiesKey(owner), JSON.stringify([copy, ...others].slice(0, max)));
    return true;
  } catch {
    return false;
  }
}

/** The calendar day ('YYYY-MM-DD') the phone's clock says it is in `timeZone`. */
export function findDeviceToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The day a saved copy is shown as of: the server's day when it was read, or the phone's day when
 * later (a sheet read on Thursday evening and opened in a back yard on Friday offers "Mark done").
 * The server checks the day again when the mark arrives.
 */
export function findCopyToday(savedToday: string, deviceToday: string): string {
  return deviceToday > savedToday ? deviceToday : savedToday;
}
