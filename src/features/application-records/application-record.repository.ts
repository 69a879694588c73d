import 'server-only';
import { and, asc, between, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { applicationRecords, pesticideProducts } from '@/db/schema/applications';
import { appointments } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { staffUsers } from '@/db/schema/staff';
import { serviceAddressColumns } from '@/features/booking/service-address.columns';
import type { ProductRecord } from './product.repository';

/** What a visit's record is written from: its service, day, technician and both addresses. */
export type VisitForRecord = {
  id: number;
  branchId: number;
  customerId: number;
  date: string;
  status: string;
  serviceType: string;
  technicianId: number | null;
  visitReportQueuedAt: Date | null;
  address: string | null; city: string | null; postalCode: string | null;
  customerAddress: string | null; customerCity: string | null; customerPostalCode: string | null;
};

/**
 * One visit with what its record needs (null when there is none). `lock` holds the visit's row
 * until the transaction ends (the office's edit against a second edit or an Undo).
 */
export async function findVisitForRecord(db: DbExecutor, id: number, options: { lock?: boolean } = {}): Promise<VisitForRecord | null> {
  const query = db
    .select({
      id: appointments.id,
      branchId: appointments.branchId,
      customerId: appointments.customerId,
      date: appointments.date,
      status: appointments.status,
      serviceType: appointments.serviceType,
      technicianId: appointments.technicianId,
      visitReportQueuedAt: appointments.visitReportQueuedAt,
      ...serviceAddressColumns,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(eq(appointments.id, id));
  const [row] = options.lock ? await query.for('update', { of: appointments }) : await query;
  return row ?? null;
}

/**
 * The branch's products a record may name: the active ones, plus (for the office's edit) those in
 * `alsoIds` whatever their state. Their rows are key-share locked until the transaction ends, so a
 * product cannot be deleted between this check and the record that names it.
 */
export async function listUsableProducts(db: DbExecutor, branchId: number, alsoIds: readonly number[] = []): Promise<ProductRecord[]> {
  return db
    .select({ id: pesticideProducts.id, name: pesticideProducts.name, pcpNumber: pesticideProducts.pcpNumber, unit: pesticideProducts.unit, isActive: pesticideProducts.isActive })
    .from(pesticideProducts)
    .where(and(
      eq(pesticideProducts.branchId, branchId),
      alsoIds.length > 0 ? or(eq(pesticideProducts.isActive, true), inArray(pesticideProducts.id, [...alsoIds])) : eq(pesticideProducts.isActive, true),
    ))
    .orderBy(sql`lower(${pesticideProducts.name})`, asc(pesticideProducts.id))
    .for('key share');
}

/** A technician of the branch with the licence number on file (null when not found). */
export async function findTechnicianLicence(db: DbExecutor, branchId: number, id: number) {
  const [row] = await db
    .select({ id: technicians.id, name: technicians.name, licenceNumber: technicians.licenceNumber })
    .from(technicians)
    .where(and(eq(technicians.branchId, branchId), eq(technicians.id, id)));
  return row ?? null;
}

export type ApplicationRecordRow = typeof applicationRecords.$inferInsert;

/** The visit's record becomes `rows`: what was stored for it before is replaced (a done mark again, the office's edit). */
export async function replaceVisitApplications(db: DbExecutor, appointmentId: number, rows: ApplicationRecordRow[]): Promise<void> {
  await db.delete(applicationRecords).where(eq(applicationRecords.appointmentId, appointmentId));
  if (rows.length > 0) await db.insert(applicationRecords).values(rows);
}

const recordColumns = {
  id: applicationRecords.id,
  appointmentId: applicationRecords.appointmentId,
  productId: applicationRecords.productId,
  productName: applicationRecords.productName,
  pcpNumber: applicationRecords.pcpNumber,
  amountHundredths: applicationRecords.amountHundredths,
  unit: applicationRecords.unit,
  appliedOn: applicationRecords.appliedOn,
  recordedAt: applicationRecords.recordedAt,
  technicianId: applicationRecords.technicianId,
  technicianName: applicationRecords.technicianName,
  licenceNumber: applicationRecords.licenceNumber,
  address: applicationRecords.address,
  city: applicationRecords.city,
  postalCode: applicationRecords.postalCode,
};

export type StoredApplication = Awaited<ReturnType<typeof listVisitApplications>>[number];

/** The stored lines of these visits, in the order they were entered. */
export async function listVisitApplications(db: DbExecutor, appointmentIds: readonly number[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select(recordColumns)
    .from(applicationRecords)
    .where(inArray(applicationRecords.appointmentId, [...appointmentIds]))
    .orderBy(asc(applicationRecords.appointmentId), asc(applicationRecords.id));
}

/** Per visit: the note, whether its report went out, and the office's last edit (with the editor's name). */
export async function listVisitRecordFacts(db: DbExecutor, appointmentIds: readonly number[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      visitNote: appointments.visitNote,
      visitReportQueuedAt: appointments.visitReportQueuedAt,
      technicianId: appointments.technicianId,
      editedAt: appointments.visitRecordEditedAt,
      editedBy: staffUsers.displayName,
    })
    .from(appointments)
    .leftJoin(staffUsers, eq(staffUsers.id, appointments.visitRecordEditedById))
    .where(inArray(appointments.id, [...appointmentIds]));
}

/** The office's edit of a visit's note (null: none), with who made it and when. */
export async function updateVisitRecordEdit(db: DbExecutor, id: number, values: { visitNote: string | null; editedAt: Date; editedById: number }) {
  await db
    .update(appointments)
    .set({ visitNote: values.visitNote, visitRecordEditedAt: values.editedAt, visitRecordEditedById: values.editedById, updatedAt: values.editedAt })
    .where(eq(appointments.id, id));
}

/** Per technician, the product of their most recent record (the dialog's first choice). */
export async function listLastProductByTechnician(db: DbExecutor, branchId: number, technicianIds: readonly number[]): Promise<Map<number, number>> {
  if (technicianIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([applicationRecords.technicianId], { technicianId: applicationRecords.technicianId, productId: applicationRecords.productId })
    .from(applicationRecords)
    .where(and(eq(applicationRecords.branchId, branchId), inArray(applicationRecords.technicianId, [...technicianIds])))
    .orderBy(applicationRecords.technicianId, desc(applicationRecords.recordedAt), desc(applicationRecords.id));
  return new Map(rows.map((row) => [row.technicianId!, row.productId]));
}

/** The branch's technicians, for the office's "Applied by" choice: active first, then by name. */
export async function listTechnicianChoices(db: DbExecutor, branchId: number) {
  return db
    .select({ id: technicians.id, name: technicians.name, licenceNumber: technicians.licenceNumber, isActive: technicians.isActive })
    .from(technicians)
    .where(eq(technicians.branchId, branchId))
    .orderBy(desc(technicians.isActive), sql`lower(${technicians.name})`, asc(technicians.id));
}

/**
 * The records of a branch's visits done now, applied from `from` to `to` (the visits' Fridays, both
 * included), for a query joining `appointments`: the export (0042) and the licence check (0107). A
 * record kept through an Undo is the technician's draft until the stop is done again.
 */
export function isDoneRecordAppliedIn(branchId: number, range: { from: string; to: string }) {
  return and(
    eq(applicationRecords.branchId, branchId),
    between(applicationRecords.appliedOn, range.from, range.to),
    eq(appointments.status, 'completed'),
  );
}

/**
 * The done visits whose record, applied in `range`, has a line with no licence number
 * (docs/decisions/0107), oldest first, with the customer the office opens to complete it.
 */
export async function listVisitsRecordedWithoutLicence(db: DbExecutor, branchId: number, range: { from: string; to: string }) {
  return db
    .selectDistinctOn([applicationRecords.appliedOn, applicationRecords.appointmentId], {
      appointmentId: applicationRecords.appointmentId,
      appliedOn: applicationRecords.appliedOn,
      customerId: appointments.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(applicationRecords)
    .innerJoin(appointments, eq(appointments.id, applicationRecords.appointmentId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(isDoneRecordAppliedIn(branchId, range), isNull(applicationRecords.licenceNumber)))
    .orderBy(asc(applicationRecords.appliedOn), asc(applicationRecords.appointmentId), asc(applicationRecords.id));
}
