import 'server-only';
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { takesStopAt } from '@/features/scheduling/capacity.repository';

const technicianColumns = {
  id: technicians.id,
  name: technicians.name,
  color: technicians.color,
  shiftStartMin: technicians.shiftStartMin,
  shiftEndMin: technicians.shiftEndMin,
  licenceNumber: technicians.licenceNumber,
  licenceExpiresOn: technicians.licenceExpiresOn,
  isActive: technicians.isActive,
};

export type TechnicianRecord = Awaited<ReturnType<typeof listTechnicianRecords>>[number];

/** Every technician of the branch, active ones first, then by name. */
export async function listTechnicianRecords(db: DbExecutor, branchId: number) {
  return db
    .select(technicianColumns)
    .from(technicians)
    .where(eq(technicians.branchId, branchId))
    .orderBy(desc(technicians.isActive), sql`lower(${technicians.name})`, asc(technicians.id));
}

/** One technician of the branch (null when not found); `lock` holds the row for the rest of the transaction. */
export async function findTechnicianRecord(db: DbExecutor, branchId: number, id: number, options: { lock?: boolean } = {}): Promise<TechnicianRecord | null> {
  const query = db
    .select(technicianColumns)
    .from(technicians)
    .where(and(eq(technicians.branchId, branchId), eq(technicians.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** One technician of the branch, locked for the rest of the transaction (null when not found). */
export async function findTechnicianForUpdate(db: DbExecutor, branchId: number, id: number): Promise<TechnicianRecord | null> {
  return findTechnicianRecord(db, branchId, id, { lock: true });
}

/** True when another technician of the branch has this name in any case. */
export async function hasTechnicianNamed(db: DbExecutor, branchId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: technicians.id })
    .from(technicians)
    .where(and(
      eq(technicians.branchId, branchId),
      sql`lower(${technicians.name}) = lower(${name})`,
      exceptId === undefined ? undefined : ne(technicians.id, exceptId),
    ))
    .limit(1);
  return !!row;
}

/**
 * Serialises changes to the branch's technicians until the transaction ends, so two offices
 * adding the same name at once get one technician and one clear refusal (the unique index backs it).
 */
export async function lockBranchTechnicians(db: DbExecutor, branchId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`technicians:${branchId}`}))`);
}

export type TechnicianValues = { name: string; color: string; shiftStartMin: number; shiftEndMin: number; licenceNumber: string | null; licenceExpiresOn: string | null };

export async function insertTechnician(db: DbExecutor, branchId: number, values: TechnicianValues): Promise<TechnicianRecord> {
  const [row] = await db.insert(technicians).values({ branchId, ...values, isActive: true }).returning(technicianColumns);
  return row!;
}

export async function updateTechnician(db: DbExecutor, id: number, values: TechnicianValues & { isActive: boolean }): Promise<TechnicianRecord> {
  const [row] = await db.update(technicians).set({ ...values, updatedAt: new Date() }).where(eq(technicians.id, id)).returning(technicianColumns);
  return row!;
}

/**
 * The routes from `fromDate` on (any status: planned ones are what a re-plan replaces, started
 * ones it keeps) with their stops, earliest first, and the visits of those days still to do:
 * active (the stop rule of 0006) and not marked done (0006, 2026-11-24 (c)).
 */
export async function listUpcomingRoutes(db: DbExecutor, branchId: number, fromDate: string, now: Date) {
  const routes = await db
    .select({ technicianId: serviceRoutes.technicianId, date: serviceRoutes.date, status: serviceRoutes.status, appointmentOrder: serviceRoutes.appointmentOrder })
    .from(serviceRoutes)
    .where(and(eq(serviceRoutes.branchId, branchId), gte(serviceRoutes.date, fromDate)))
    .orderBy(asc(serviceRoutes.date), asc(serviceRoutes.technicianId), asc(serviceRoutes.id));
  const openVisits = await db
    .select({ id: appointments.id, date: appointments.date })
    .from(appointments)
    .where(and(eq(appointments.branchId, branchId), gte(appointments.date, fromDate), takesStopAt(now), ne(appointments.status, 'completed')));
  return { routes, openVisits };
}
