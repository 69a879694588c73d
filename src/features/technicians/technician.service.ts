import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { type Branch, DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { listActiveProducts } from '@/features/application-records/product.repository';
import { findToday } from '@/features/scheduling/available-dates';
import { AppError } from '@/lib/errors';
import { parseWith } from '@/server/handler';
import { findCrewsWithoutLicence } from './licence-gaps';
import { type DaysToReplan, findDaysToReplan } from './replan-days';
import {
  findTechnicianForUpdate, hasTechnicianNamed, insertTechnician, listTechnicianRecords, listUpcomingRoutes, lockBranchTechnicians,
  type TechnicianRecord, type TechnicianValues, updateTechnician,
} from './technician.repository';
import {
  buildTechnicianSchema, formatClockMinutes, parseClockMinutes, type TechnicianChange, type TechnicianInput, type WorkingHours,
} from './technician.schema';

export interface TechnicianView {
  id: number;
  name: string;
  color: string;
  /** 'HH:MM' local time. */
  shiftStart: string;
  shiftEnd: string;
  /** The exterminator licence number application records carry (0042), or null. */
  licenceNumber: string | null;
  isActive: boolean;
  /** Days from today on where this technician has a planned (not started) route with stops still to do. */
  upcomingRouteDates: string[];
}

export interface TechniciansOverview {
  technicians: TechnicianView[];
  /** The Friday working hours shifts must fit into ('HH:MM'), and the minutes of one visit. */
  workingHours: { start: string; end: string; serviceMin: number };
  /**
   * The branch has an active pesticide product: application records are kept, and each active
   * crew without a licence number is flagged (docs/decisions/0102).
   */
  productsActive: boolean;
}

/**
 * What a change means for the plans already stored. `replanDates` are the upcoming days whose
 * planned routes were made without this change: they keep their routes until the office presses
 * "Optimize Route" for them again (nothing re-plans behind the office's back). A day with nothing
 * left to do (every stop done) is not one of them (0006, 2026-11-24 (c)).
 */
export interface TechnicianChangeResult {
  technician: TechnicianView;
  kind: 'created' | 'updated' | 'deactivated' | 'reactivated';
  replanDates: string[];
}

type Options = { branchId?: number; now?: Date };

function readWorkingHours(branch: Branch): WorkingHours {
  return { dayStartMin: branch.settings.dayStartMin, dayEndMin: branch.settings.dayEndMin, serviceMin: branch.settings.serviceMin };
}

function toView(record: TechnicianRecord, upcoming: DaysToReplan['byTechnician']): TechnicianView {
  return {
    id: record.id,
    name: record.name,
    color: record.color,
    shiftStart: formatClockMinutes(record.shiftStartMin),
    shiftEnd: formatClockMinutes(record.shiftEndMin),
    licenceNumber: record.licenceNumber,
    isActive: record.isActive,
    upcomingRouteDates: upcoming.filter((r) => r.technicianId === record.id).map((r) => r.date),
  };
}

function toValues(input: TechnicianInput): TechnicianValues {
  return {
    name: input.name, color: input.color, shiftStartMin: parseClockMinutes(input.shiftStart)!, shiftEndMin: parseClockMinutes(input.shiftEnd)!,
    licenceNumber: input.licenceNumber || null,
  };
}

const uniqueDates = (rows: { date: string }[]) => [...new Set(rows.map((r) => r.date))];

/**
 * The planned days from today (the branch's calendar day, America/Toronto) on that still have
 * stops to do, per technician and for the whole day.
 */
async function readDaysToReplan(db: DbExecutor, branchId: number, today: string, now: Date): Promise<DaysToReplan> {
  const { routes, openVisits } = await listUpcomingRoutes(db, branchId, today, now);
  return findDaysToReplan(routes, openVisits);
}

/** Every technician of the branch (active and inactive) with their upcoming planned days, for the office. */
export async function listTechniciansForOffice(options: Options = {}): Promise<TechniciansOverview> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const branch = await getBranch(branchId);
  const db = await getDb();
  const now = options.now ?? new Date();
  const today = findToday(now, branch.timezone);
  const [records, upcoming, products] = await Promise.all([
    listTechnicianRecords(db, branchId), readDaysToReplan(db, branchId, today, now), listActiveProducts(db, branchId),
  ]);
  const hours = readWorkingHours(branch);
  return {
    technicians: records.map((record) => toView(record, upcoming.byTechnician)),
    workingHours: { start: formatClockMinutes(hours.dayStartMin), end: formatClockMinutes(hours.dayEndMin), serviceMin: hours.serviceMin },
    productsActive: products.length > 0,
  };
}

/**
 * The active crews whose application records would name no licence number: none while the branch
 * offers no product (docs/decisions/0102). For the owner's dashboard, before the season.
 */
export async function listCrewsWithoutLicence(options: { branchId?: number } = {}): Promise<{ id: number; name: string }[]> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const db = await getDb();
  const [records, products] = await Promise.all([listTechnicianRecords(db, branchId), listActiveProducts(db, branchId)]);
  return findCrewsWithoutLicence(records, products.length > 0).map(({ id, name }) => ({ id, name }));
}

function refuseTakenName(): never {
  throw new AppError('conflict', 'technicians.nameTaken', { fields: { name: 'technicians.nameTaken' } });
}

/** Adds an active technician; the next "Optimize Route" plans with them. */
export async function createTechnician(input: TechnicianInput, options: Options = {}): Promise<TechnicianChangeResult> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const branch = await getBranch(branchId);
  // The handler checked the shape; the shift must also fit this branch's Friday hours.
  const checked = parseWith(buildTechnicianSchema(readWorkingHours(branch)), input);
  const now = options.now ?? new Date();
  const today = findToday(now, branch.timezone);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockBranchTechnicians(tx, branchId);
    if (await hasTechnicianNamed(tx, branchId, checked.name)) refuseTakenName();
    const record = await insertTechnician(tx, branchId, toValues(checked));
    const upcoming = await readDaysToReplan(tx, branchId, today, now);
    return { technician: toView(record, upcoming.byTechnician), kind: 'created', replanDates: upcoming.days };
  });
}

/**
 * Edits a technician, or deactivates / reactivates them. Nobody is ever deleted: past routes and
 * appointments name them. Deactivating someone with planned routes ahead is allowed (they may be
 * ill tomorrow); those days keep their routes until the office optimises them again, and the
 * answer names them. The next optimisation plans with active technicians only.
 */
export async function changeTechnician(id: number | null, change: TechnicianChange, options: Options = {}): Promise<TechnicianChangeResult> {
  if (id === null) throw new AppError('not_found', 'technicians.notFound');
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const branch = await getBranch(branchId);
  const schema = buildTechnicianSchema(readWorkingHours(branch));
  const now = options.now ?? new Date();
  const today = findToday(now, branch.timezone);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockBranchTechnicians(tx, branchId);
    const current = await findTechnicianForUpdate(tx, branchId, id);
    if (!current) throw new AppError('not_found', 'technicians.notFound');

    let values: TechnicianValues = {
      name: current.name, color: current.color, shiftStartMin: current.shiftStartMin, shiftEndMin: current.shiftEndMin, licenceNumber: current.licenceNumber,
    };
    const editsDetails = change.name !== undefined || change.color !== undefined || change.shiftStart !== undefined || change.shiftEnd !== undefined
      || change.licenceNumber !== undefined;
    if (editsDetails) {
      // The stored record after the change must be a valid technician (a new end is checked against the kept start).
      const merged = parseWith(schema, {
        name: change.name ?? current.name,
        color: change.color ?? current.color,
        shiftStart: change.shiftStart ?? formatClockMinutes(current.shiftStartMin),
        shiftEnd: change.shiftEnd ?? formatClockMinutes(current.shiftEndMin),
        licenceNumber: change.licenceNumber ?? current.licenceNumber ?? '',
      });
      if (await hasTechnicianNamed(tx, branchId, merged.name, id)) refuseTakenName();
      values = toValues(merged);
    }
    const isActive = change.isActive ?? current.isActive;
    const record = await updateTechnician(tx, id, { ...values, isActive });
    const upcoming = await readDaysToReplan(tx, branchId, today, now);
    const own = upcoming.byTechnician.filter((r) => r.technicianId === id);

    const shiftChanged = values.shiftStartMin !== current.shiftStartMin || values.shiftEndMin !== current.shiftEndMin;
    let kind: TechnicianChangeResult['kind'] = 'updated';
    let replanDates: string[] = [];
    if (current.isActive && !isActive) {
      kind = 'deactivated';
      replanDates = uniqueDates(own);
    } else if (!current.isActive && isActive) {
      kind = 'reactivated';
      replanDates = upcoming.days;
    } else if (isActive && shiftChanged) {
      replanDates = upcoming.days;
    }
    return { technician: toView(record, upcoming.byTechnician), kind, replanDates };
  });
}
