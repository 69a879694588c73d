import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { type Branch, DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { listVisitsRecordedWithoutLicence } from '@/features/application-records/application-record.repository';
import { listActiveProducts } from '@/features/application-records/product.repository';
import { findToday } from '@/features/scheduling/available-dates';
import { AppError } from '@/lib/errors';
import { parseWith } from '@/server/handler';
import { findDaySheetLicenceProblem, findLicenceGaps, type LicenceClock, type LicenceProblem } from './licence-gaps';
import { findRecordSeason, readLicenceClock, type SeasonRules } from './licence-season';
import { type DaysToReplan, findDaysToReplan } from './replan-days';
import {
  findTechnicianForUpdate, findTechnicianRecord, hasTechnicianNamed, insertTechnician, listTechnicianRecords, listUpcomingRoutes, lockBranchTechnicians,
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
  /** The licence's last valid day ('YYYY-MM-DD'), or null when none is on file (0107). */
  licenceExpiresOn: string | null;
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
  /** Today and the end of the season the crews work next, in the branch's time zone: the licence check's dates (0107). */
  licenceClock: LicenceClock;
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

function readSeasonRules(branch: Branch): SeasonRules {
  return { timezone: branch.timezone, season: { startMonthDay: branch.settings.seasonStart, endMonthDay: branch.settings.seasonEnd } };
}

function toView(record: TechnicianRecord, upcoming: DaysToReplan['byTechnician']): TechnicianView {
  return {
    id: record.id,
    name: record.name,
    color: record.color,
    shiftStart: formatClockMinutes(record.shiftStartMin),
    shiftEnd: formatClockMinutes(record.shiftEndMin),
    licenceNumber: record.licenceNumber,
    licenceExpiresOn: record.licenceExpiresOn,
    isActive: record.isActive,
    upcomingRouteDates: upcoming.filter((r) => r.technicianId === record.id).map((r) => r.date),
  };
}

function toValues(input: TechnicianInput): TechnicianValues {
  return {
    name: input.name, color: input.color, shiftStartMin: parseClockMinutes(input.shiftStart)!, shiftEndMin: parseClockMinutes(input.shiftEnd)!,
    licenceNumber: input.licenceNumber || null,
    licenceExpiresOn: input.licenceExpiresOn || null,
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
    licenceClock: readLicenceClock(now, readSeasonRules(branch)),
  };
}

/** One done visit whose record names no licence number, as the dashboard links to it. */
export interface VisitWithoutLicence {
  appointmentId: number;
  customerId: number;
  customerName: string;
  /** The visit's Friday, 'YYYY-MM-DD'. */
  appliedOn: string;
}

/** The owner's "Before the season" on the dashboard (docs/decisions/0102, 0107). */
export interface LicenceCheck {
  clock: LicenceClock;
  /** Active crews with a licence problem while products are active, in the Technicians list's order. */
  crews: { id: number; name: string; problem: LicenceProblem; licenceExpiresOn: string | null }[];
  /** The done visits of the latest season to have begun whose records name no licence, oldest first. */
  records: { season: number; visits: VisitWithoutLicence[] };
}

/**
 * What the owner should put right before an inspection or the next season: the crews without a
 * valid licence for it (one rule, `findLicenceGaps`) and the records already written without a
 * licence number this season, which the office completes with "Edit record" once the crew's
 * number is on file (0102). Dates are the branch's calendar days.
 */
export async function loadLicenceCheck(options: Options = {}): Promise<LicenceCheck> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const branch = await getBranch(branchId);
  const now = options.now ?? new Date();
  const rules = readSeasonRules(branch);
  const clock = readLicenceClock(now, rules);
  const season = findRecordSeason(now, rules);
  const db = await getDb();
  const [records, products, visits] = await Promise.all([
    listTechnicianRecords(db, branchId), listActiveProducts(db, branchId), listVisitsRecordedWithoutLicence(db, branchId, { from: season.start, to: season.end }),
  ]);
  return {
    clock,
    crews: findLicenceGaps(records, products.length > 0, clock)
      .map(({ crew, problem }) => ({ id: crew.id, name: crew.name, problem, licenceExpiresOn: crew.licenceExpiresOn })),
    records: {
      season: season.year,
      visits: visits.map((visit) => ({
        appointmentId: visit.appointmentId, customerId: visit.customerId, customerName: `${visit.firstName} ${visit.lastName}`.trim(),
        appliedOn: visit.appliedOn,
      })),
    },
  };
}

/**
 * What the technician's own day sheet says about their licence (0107): a missing number or an
 * expired licence, by the same rule as the owner's warnings, with the expiry date; null otherwise
 * (also for a crew not found).
 */
export async function findOwnLicenceNotice(technicianId: number, options: Options = {}): Promise<{ problem: 'missing' | 'expired'; expiresOn: string | null } | null> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const branch = await getBranch(branchId);
  const db = await getDb();
  const [crew, products] = await Promise.all([findTechnicianRecord(db, branchId, technicianId), listActiveProducts(db, branchId)]);
  if (!crew) return null;
  const problem = findDaySheetLicenceProblem(crew, products.length > 0, readLicenceClock(options.now ?? new Date(), readSeasonRules(branch)));
  return problem ? { problem, expiresOn: crew.licenceExpiresOn } : null;
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
      name: current.name, color: current.color, shiftStartMin: current.shiftStartMin, shiftEndMin: current.shiftEndMin,
      licenceNumber: current.licenceNumber, licenceExpiresOn: current.licenceExpiresOn,
    };
    const editsDetails = change.name !== undefined || change.color !== undefined || change.shiftStart !== undefined || change.shiftEnd !== undefined
      || change.licenceNumber !== undefined || change.licenceExpiresOn !== undefined;
    if (editsDetails) {
      // The stored record after the change must be a valid technician (a new end is checked against the kept start).
      const merged = parseWith(schema, {
        name: change.name ?? current.name,
        color: change.color ?? current.color,
        shiftStart: change.shiftStart ?? formatClockMinutes(current.shiftStartMin),
        shiftEnd: change.shiftEnd ?? formatClockMinutes(current.shiftEndMin),
        licenceNumber: change.licenceNumber ?? current.licenceNumber ?? '',
        // A number removed takes its expiry date with it (0107).
        licenceExpiresOn: change.licenceExpiresOn ?? (change.licenceNumber === '' ? '' : current.licenceExpiresOn ?? ''),
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
