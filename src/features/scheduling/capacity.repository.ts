import 'server-only';
import { and, asc, count, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments, serviceDays, type ServiceDayClosedReason } from '@/db/schema/appointments';
import { branchSettings } from '@/db/schema/branches';
import { staffUsers } from '@/db/schema/staff';
import { HELD_STOP_STATUSES, REQUEST_ONLY_SERVICE_TYPE, SETTLED_STOP_STATUSES } from './stop-statuses';

/**
 * The shared rule "does this appointment take a stop at `now`" (statuses in `./stop-statuses`):
 * settled statuses always; held ones while the hold has not expired (no hold = staff-created,
 * always counts). Cancelled and expired never do. An unconfirmed free consultation is a request
 * for staff and takes no stop until staff confirm it (docs/decisions/0011). Routing plans the
 * same stops.
 */
export function takesStopAt(now: Date) {
  return or(
    inArray(appointments.status, [...SETTLED_STOP_STATUSES]),
    and(
      inArray(appointments.status, [...HELD_STOP_STATUSES]),
      ne(appointments.serviceType, REQUEST_ONLY_SERVICE_TYPE),
      or(isNull(appointments.holdExpiresAt), gt(appointments.holdExpiresAt, now)),
    ),
  );
}

/** Creates the service_days row if it is missing, so there is always a row to lock. */
export async function ensureServiceDay(db: DbExecutor, branchId: number, date: string): Promise<void> {
  await db.insert(serviceDays).values({ branchId, date }).onConflictDoNothing();
}

/** Locks a day's row until the transaction ends: concurrent bookings of that Friday queue here. */
export async function lockServiceDay(db: DbExecutor, branchId: number, date: string) {
  const [row] = await db
    .select({ capacityOverride: serviceDays.capacityOverride, isClosed: serviceDays.isClosed, movedTo: serviceDays.movedTo })
    .from(serviceDays)
    .where(and(eq(serviceDays.branchId, branchId), eq(serviceDays.date, date)))
    .for('update');
  return row ?? null;
}

export async function countActiveStops(db: DbExecutor, branchId: number, date: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ stops: count() })
    .from(appointments)
    .where(and(eq(appointments.branchId, branchId), eq(appointments.date, date), takesStopAt(now)));
  return Number(row?.stops ?? 0);
}

/** Stops taken per Friday from `fromDate` on, for the availability list. */
export async function countActiveStopsByDate(db: DbExecutor, branchId: number, fromDate: string, now: Date) {
  const rows = await db
    .select({ date: appointments.date, stops: count() })
    .from(appointments)
    .where(and(eq(appointments.branchId, branchId), gte(appointments.date, fromDate), takesStopAt(now)))
    .groupBy(appointments.date);
  return new Map(rows.map((r) => [r.date, Number(r.stops)]));
}

/** Days with their own capacity or closed, from `fromDate` on. */
export async function listServiceDayExceptions(db: DbExecutor, branchId: number, fromDate: string) {
  return db
    .select({ date: serviceDays.date, capacityOverride: serviceDays.capacityOverride, isClosed: serviceDays.isClosed })
    .from(serviceDays)
    .where(and(
      eq(serviceDays.branchId, branchId),
      gte(serviceDays.date, fromDate),
      or(sql`${serviceDays.capacityOverride} is not null`, eq(serviceDays.isClosed, true)),
    ))
    .orderBy(asc(serviceDays.date));
}

/** The branch's default stops per Friday, read through the caller's transaction. */
export async function findFridayCapacity(db: DbExecutor, branchId: number): Promise<number> {
  const [row] = await db.select({ fridayCapacity: branchSettings.fridayCapacity }).from(branchSettings).where(eq(branchSettings.branchId, branchId));
  if (!row) throw new Error(`branch ${branchId} has no settings: has the database been seeded?`);
  return row.fridayCapacity;
}

/**
 * Closes a Friday to bookings (0071), inside the caller's transaction, its row locked first: a
 * booking or move waiting for the row reads the closure once this commits. A day already closed
 * keeps when and by whom it was first closed. Returns whether the day was open before.
 */
export async function closeServiceDay(tx: DbExecutor, day: { branchId: number; date: string; reason: ServiceDayClosedReason; at: Date; byId: number | null }): Promise<{ wasOpen: boolean }> {
  await ensureServiceDay(tx, day.branchId, day.date);
  const locked = await lockServiceDay(tx, day.branchId, day.date);
  if (locked?.isClosed) {
    await tx.update(serviceDays).set({ closedReason: day.reason })
      .where(and(eq(serviceDays.branchId, day.branchId), eq(serviceDays.date, day.date)));
    return { wasOpen: false };
  }
  await tx.update(serviceDays).set({ isClosed: true, closedReason: day.reason, closedAt: day.at, closedById: day.byId })
    .where(and(eq(serviceDays.branchId, day.branchId), eq(serviceDays.date, day.date)));
  return { wasOpen: true };
}

/** Adds a Friday the closed day's visits went to (a rain day, after each move that lands there). */
export async function addServiceDayMovedTo(db: DbExecutor, branchId: number, date: string, movedTo: string): Promise<void> {
  await db.update(serviceDays)
    .set({ movedTo: sql`array_append(${serviceDays.movedTo}, ${movedTo}::date)` })
    .where(and(eq(serviceDays.branchId, branchId), eq(serviceDays.date, date), sql`not (${movedTo}::date = any(${serviceDays.movedTo}))`));
}

/**
 * Opens a closed Friday again (0071), inside the caller's transaction with its row locked: the
 * closure and its record are cleared. False when the day was not closed (nothing written).
 */
export async function reopenServiceDay(tx: DbExecutor, branchId: number, date: string): Promise<boolean> {
  const locked = await lockServiceDay(tx, branchId, date);
  if (!locked?.isClosed) return false;
  await tx.update(serviceDays).set({ isClosed: false, closedReason: null, closedAt: null, closedById: null, movedTo: [] })
    .where(and(eq(serviceDays.branchId, branchId), eq(serviceDays.date, date)));
  return true;
}

/** A day's closure with the name of who closed it; null while the day is open. */
export async function findServiceDayClosure(db: DbExecutor, branchId: number, date: string) {
  const [row] = await db
    .select({
      reason: serviceDays.closedReason,
      closedAt: serviceDays.closedAt,
      closedBy: staffUsers.displayName,
      movedTo: serviceDays.movedTo,
    })
    .from(serviceDays)
    .leftJoin(staffUsers, eq(staffUsers.id, serviceDays.closedById))
    .where(and(eq(serviceDays.branchId, branchId), eq(serviceDays.date, date), eq(serviceDays.isClosed, true)));
  return row ?? null;
}
