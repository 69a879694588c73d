import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { findServiceAddress } from '@/features/booking/service-address';
import { isReplayedStopChange, lockStaffStop, requireDoneAtInBounds, requireStopChangeInWindow, requireVisitDayReached } from '@/features/routing/route.service';
import type { StopStatusChange } from '@/features/routing/route.schema';
import { clearVisitNotTreated } from '@/features/routing/route.repository';
import { changeAppointmentStatus } from '@/features/staff-dashboard/dashboard.service';
import type { StaffSession } from '@/features/staff-auth/session.service';
import { AppError } from '@/lib/errors';
import type { ProductUnit } from '@/lib/product-units';
import {
  type ApplicationRecordRow, findTechnicianLicence, findVisitForRecord, listLastProductByTechnician, listTechnicianChoices, listUsableProducts,
  listVisitApplications, listVisitRecordFacts, replaceVisitApplications, type StoredApplication, updateVisitRecordEdit, type VisitForRecord,
} from './application-record.repository';
import type { ApplicationLines, VisitRecordEdit } from './application-record.schema';
import { checkRecordLines, isTreatmentVisit } from './application-rules';
import { listActiveProducts, type ProductRecord } from './product.repository';
import { can } from '@/features/staff-auth/capabilities';

/** A product as the forms offer it. */
export type ProductOption = { id: number; name: string; pcpNumber: string; unit: ProductUnit };

/** What the day sheet's "Mark done" needs to ask for the record (docs/decisions/0042). */
export type StopRecordForm = {
  /** The branch's active products; none means treatment visits are marked done without a record. */
  products: ProductOption[];
  /** Per technician id, the product they recorded last (the first line's default). */
  lastProductByTechnician: Record<number, number>;
};

const toOption = ({ id, name, pcpNumber, unit }: ProductRecord): ProductOption => ({ id, name, pcpNumber, unit });

/** The products to offer on the day sheet and each technician's last one (only `technicianIds`). */
export async function loadStopRecordForm(options: { branchId?: number; technicianIds: readonly number[] }): Promise<StopRecordForm> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const db = await getDb();
  const [products, last] = await Promise.all([listActiveProducts(db, branchId), listLastProductByTechnician(db, branchId, options.technicianIds)]);
  return { products: products.map(toOption), lastProductByTechnician: Object.fromEntries(last) };
}

/**
 * What the dashboard's "Mark completed" needs to ask for the record (docs/decisions/0046): the day
 * sheet's products and each technician's last one, and the technicians the office may name when
 * the visit is on no route (active first, as the office's edit lists them).
 */
export type OfficeCompletionForm = StopRecordForm & { technicians: { id: number; name: string; isActive: boolean }[] };

export async function loadOfficeCompletionForm(options: { branchId?: number } = {}): Promise<OfficeCompletionForm> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const technicians = await listTechnicianChoices(await getDb(), branchId);
  const form = await loadStopRecordForm({ branchId, technicianIds: technicians.map((tech) => tech.id) });
  return { ...form, technicians: technicians.map(({ id, name, isActive }) => ({ id, name, isActive })) };
}

type Applicator = { id: number; name: string; licenceNumber: string | null };

/**
 * The rows a visit's record is stored as: what the product, the technician and the address were
 * when it was written, the visit's Friday as the day applied.
 */
function buildRecordRows(visit: VisitForRecord, lines: ApplicationLines, products: ReadonlyMap<number, ProductRecord>, snapshot: {
  applicator: Applicator;
  address: { address: string | null; city: string | null; postalCode: string | null };
  recordedById: number;
  now: Date;
}): ApplicationRecordRow[] {
  return lines.map((line) => {
    const product = products.get(line.productId)!;
    return {
      branchId: visit.branchId,
      appointmentId: visit.id,
      productId: product.id,
      productName: product.name,
      pcpNumber: product.pcpNumber,
      amountHundredths: line.amount,
      unit: product.unit,
      appliedOn: visit.date,
      recordedAt: snapshot.now,
      technicianId: snapshot.applicator.id,
      technicianName: snapshot.applicator.name,
      licenceNumber: snapshot.applicator.licenceNumber,
      ...snapshot.address,
      recordedById: snapshot.recordedById,
    };
  });
}

/** Refuses lines `checkRecordLines` does not accept, with the field the form marks. */
async function checkLines(db: DbExecutor, visit: VisitForRecord, lines: ApplicationLines, technicianId: number | null, alsoProductIds: readonly number[] = []) {
  // Only a treatment reads the products (a consultation's lines are refused whatever they name).
  const products = isTreatmentVisit(visit.serviceType) ? await listUsableProducts(db, visit.branchId, alsoProductIds) : [];
  const usable = new Map(products.map((p) => [p.id, p]));
  const check = checkRecordLines({
    serviceType: visit.serviceType,
    lines: lines.map((line) => ({ productId: line.productId, amountHundredths: line.amount })),
    branchHasActiveProducts: products.some((p) => p.isActive),
    usableProductIds: new Set(usable.keys()),
    technicianId,
  });
  if (!check.ok) throw new AppError(check.code, check.messageKey, { fields: { [check.field]: check.messageKey } });
  return usable;
}

/**
 * The technician a record with lines names, with their licence now: null without lines or without
 * a technician (`checkLines` then asks for one); an id that names nobody of the branch is refused
 * by the field the forms show.
 */
async function findApplicator(db: DbExecutor, branchId: number, technicianId: number | null, lineCount: number): Promise<Applicator | null> {
  if (lineCount === 0 || technicianId === null) return null;
  const applicator = await findTechnicianLicence(db, branchId, technicianId);
  if (!applicator) throw new AppError('not_found', 'applicationRecords.technicianUnknown', { fields: { technicianId: 'applicationRecords.technicianUnknown' } });
  return applicator;
}

/**
 * A stop marked done from the day sheet, or taken back (PATCH /api/routes/technician/stops/{id};
 * docs/decisions/0027, 0038, 0042), and the office's "Mark completed" on the dashboard (PATCH
 * /api/admin/appointments/{id}, 0046). The day sheet's rules: a technician changes only a stop of
 * their own route, from its day on; an admin any visit, but nobody marks one done before its day
 * (0057; an admin may still take back a completion made before that rule). A treatment marked done
 * brings its application record (required while the branch has an active product; none for a consultation),
 * checked and stored in the same transaction as the status change and the visit report it queues:
 * a refused record leaves the stop open. Marking done again replaces the record; Undo keeps it.
 * The applicator is the technician marking their stop; for an admin the visit's route technician,
 * else the one the office names (`technicianId`, read only then: the route's crew did the visit).
 *
 * A change with the phone's `changeId` (0052) is applied once: its id is stored in the same
 * transaction, and the same id arriving again (its first answer was lost) writes nothing and
 * answers the stop as it is now, with `replayed: true`, even when the office changed the stop
 * in between. A refused change leaves no id behind (the transaction rolls back). Ids are kept 30
 * days: a change taken longer ago is refused before anything is read or written (0057).
 */
export async function changeStopStatusWithRecord(
  staff: Pick<StaffSession, 'role' | 'technicianId' | 'staffUserId'>,
  appointmentId: number | null,
  change: StopStatusChange & { technicianId?: number | null },
  now = new Date(),
) {
  const db = await getDb();
  const doneAt = change.status === 'completed' ? change.doneAt : undefined;
  if (change.changeId) requireStopChangeInWindow(change.takenAt ?? doneAt, now);
  return db.transaction(async (tx) => {
    const stop = await lockStaffStop(tx, staff, appointmentId, now);
    // Taken under the stop's lock by the unique key, so concurrent copies of one change apply once.
    if (change.changeId && stop) {
      const kind = change.status === 'completed' ? 'done' : 'undo';
      if (await isReplayedStopChange(tx, { id: change.changeId, appointmentId: stop.id, kind, now })) return { id: stop.id, status: stop.status, replayed: true as const };
    }
    // Nobody marks a visit done before its day (0057). After the replay check, as the doneAt bounds:
    // a change applied on the visit's day is answered as it stands, even once the office has taken
    // it back and moved the visit to a later Friday.
    if (stop && change.status === 'completed') await requireVisitDayReached(tx, stop, now);
    if (stop && doneAt) await requireDoneAtInBounds(tx, stop, doneAt, now);
    // A done mark with its own time (0045): the same mark again (its answer was lost on the way
    // back) finds the stop done at exactly that instant and succeeds without recording twice; a
    // stop done at another time (the office, another phone) refuses it, not dropping its record unseen.
    if (doneAt && stop?.status === 'completed') {
      if (stop.completedAt?.getTime() === doneAt.getTime()) return { id: stop.id, status: stop.status };
      throw new AppError('conflict', 'routing.stopAlreadyDone', { status: stop.status });
    }
    // Dated when "Mark done" was pressed when the mark says so (0045): completion and record.
    const at = doneAt ?? now;
    // The record comes with the done mark of an open stop; a stop already done (a second phone)
    // keeps the record it has, and the status change answers as it always has.
    let rows: ApplicationRecordRow[] | null = null;
    if (change.status === 'completed' && stop?.status === 'confirmed') {
      const visit = (await findVisitForRecord(tx, stop.id))!;
      const lines = change.applications ?? [];
      const applicatorId = can(staff.role, 'officeWork') ? visit.technicianId ?? change.technicianId ?? null : staff.technicianId;
      const applicator = await findApplicator(tx, visit.branchId, applicatorId, lines.length);
      const products = await checkLines(tx, visit, lines, applicator?.id ?? null);
      rows = applicator ? buildRecordRows(visit, lines, products, { applicator, address: findServiceAddress(visit), recordedById: staff.staffUserId, now: at }) : [];
    }
    // The note is written with the done mark only (an Undo keeps it); an empty one is no note.
    const visitNote = change.status === 'completed' && change.note !== undefined ? change.note || null : undefined;
    // The record first: the visit report the status change queues names the products applied (0110).
    // A refused status change rolls the record back with it.
    if (rows) await replaceVisitApplications(tx, appointmentId!, rows);
    const changed = await changeAppointmentStatus(appointmentId, { status: change.status, visitNote }, at, tx);
    // Treated after all (the gate opened later that day): "Couldn't treat" no longer holds (0085).
    if (change.status === 'completed' && stop?.status === 'confirmed') await clearVisitNotTreated(tx, stop.id, at);
    return changed;
  });
}

/** One stored line as the office's screen shows it. */
export type RecordLineView = Pick<StoredApplication, 'productId' | 'productName' | 'pcpNumber' | 'amountHundredths' | 'unit'>;

/** A done visit's note and application record, for the customer's page (docs/decisions/0042). */
export type VisitRecordView = {
  appointmentId: number;
  note: string | null;
  /** The customer's visit report has been queued: a new note does not send it again. */
  reportSent: boolean;
  lines: RecordLineView[];
  /** Who applied the products (as recorded), or the visit's technician while nothing is recorded. */
  technician: { id: number | null; name: string; licenceNumber: string | null } | null;
  /** The office's last edit: when (ISO) and by whom. */
  editedAt: string | null;
  editedBy: string | null;
};

export type TechnicianChoice = { id: number; name: string; licenceNumber: string | null; isActive: boolean };

function toRecordView(
  fact: Awaited<ReturnType<typeof listVisitRecordFacts>>[number],
  lines: StoredApplication[],
  technicians: ReadonlyMap<number, TechnicianChoice>,
): VisitRecordView {
  const first = lines[0];
  const assigned = fact.technicianId === null ? undefined : technicians.get(fact.technicianId);
  let technician: VisitRecordView['technician'] = null;
  if (first?.technicianName) technician = { id: first.technicianId, name: first.technicianName, licenceNumber: first.licenceNumber };
  else if (assigned) technician = { id: assigned.id, name: assigned.name, licenceNumber: assigned.licenceNumber };
  return {
    appointmentId: fact.id,
    note: fact.visitNote,
    reportSent: fact.visitReportQueuedAt !== null,
    lines: lines.map(({ productId, productName, pcpNumber, amountHundredths, unit }) => ({ productId, productName, pcpNumber, amountHundredths, unit })),
    technician,
    editedAt: fact.editedAt?.toISOString() ?? null,
    editedBy: fact.editedAt ? fact.editedBy : null,
  };
}

/** The office's page data: each listed visit's record, the products and technicians its edit offers. */
export type VisitRecordsOverview = {
  records: Record<number, VisitRecordView>;
  /** Active products, then retired ones that a shown record names (kept choosable for that record). */
  products: (ProductOption & { isActive: boolean })[];
  technicians: TechnicianChoice[];
  /** While true, a treatment's record cannot be left empty. */
  branchHasActiveProducts: boolean;
};

/** The records of these done visits (the customer's page passes its completed visits). */
export async function loadVisitRecords(appointmentIds: readonly number[], options: { branchId?: number } = {}): Promise<VisitRecordsOverview> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const db = await getDb();
  const [facts, lines, active, technicians] = await Promise.all([
    listVisitRecordFacts(db, appointmentIds),
    listVisitApplications(db, appointmentIds),
    listActiveProducts(db, branchId),
    listTechnicianChoices(db, branchId),
  ]);
  const byTechnician = new Map(technicians.map((t) => [t.id, t]));
  const records: Record<number, VisitRecordView> = {};
  for (const fact of facts) records[fact.id] = toRecordView(fact, lines.filter((l) => l.appointmentId === fact.id), byTechnician);
  const products: VisitRecordsOverview['products'] = active.map((p) => ({ ...toOption(p), isActive: true }));
  for (const line of lines) {
    if (products.some((p) => p.id === line.productId)) continue;
    products.push({ id: line.productId, name: line.productName, pcpNumber: line.pcpNumber, unit: line.unit, isActive: false });
  }
  return { records, products, technicians, branchHasActiveProducts: active.length > 0 };
}

/**
 * The office edits a done visit's note and application record (PUT
 * /api/admin/appointments/{id}/visit-record). The lines replace the stored ones under the same
 * rules as the done mark, except that a product the record already names stays choosable after
 * it was retired. The record keeps what it said about the technician (licence) and the address
 * when the same technician is named, except a licence it lacked, which it takes from the file now
 * (docs/decisions/0102); otherwise it takes the named technician's licence now. The
 * visit remembers who edited it and when. The customer's report is not sent again (0038).
 */
export async function editVisitRecord(
  staff: Pick<StaffSession, 'staffUserId'>,
  appointmentId: number | null,
  input: VisitRecordEdit,
  now = new Date(),
): Promise<VisitRecordView> {
  if (appointmentId === null) throw new AppError('not_found', 'errors.notFound');
  const db = await getDb();
  await db.transaction(async (tx) => {
    const visit = await findVisitForRecord(tx, appointmentId, { lock: true });
    if (!visit) throw new AppError('not_found', 'errors.notFound');
    if (visit.status !== 'completed') throw new AppError('conflict', 'applicationRecords.visitRecord.onlyCompleted', { status: visit.status });
    const stored = await listVisitApplications(tx, [visit.id]);
    const applicator = await findApplicator(tx, visit.branchId, input.technicianId, input.applications.length);
    const products = await checkLines(tx, visit, input.applications, applicator?.id ?? null, stored.map((line) => line.productId));
    const previous = stored[0];
    const sameTechnician = previous !== undefined && applicator !== null && previous.technicianId === applicator.id;
    const rows = applicator
      ? buildRecordRows(visit, input.applications, products, {
        // A record written while no licence was on file takes the one on file now (0102).
        applicator: sameTechnician ? { id: applicator.id, name: previous.technicianName ?? applicator.name, licenceNumber: previous.licenceNumber ?? applicator.licenceNumber } : applicator,
        address: previous ? { address: previous.address, city: previous.city, postalCode: previous.postalCode } : findServiceAddress(visit),
        recordedById: staff.staffUserId,
        now,
      })
      : [];
    await replaceVisitApplications(tx, visit.id, rows);
    await updateVisitRecordEdit(tx, visit.id, { visitNote: input.note || null, editedAt: now, editedById: staff.staffUserId });
  });
  const { records } = await loadVisitRecords([appointmentId]);
  return records[appointmentId]!;
}
