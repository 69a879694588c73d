import 'server-only';
import { and, asc, count, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { branchSettings } from '@/db/schema/branches';
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
    .select({ capacityOverride: serviceDays.capacityOverride, isClosed: serviceDays.isClosed })
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
