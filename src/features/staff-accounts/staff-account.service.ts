import 'server-only';
import { getDb, type DbExecutor } from '@/db/client';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { hashPassword, verifyPassword } from '@/features/staff-auth/password';
import { parseStaffRole } from '@/features/staff-auth/capabilities';
import { deleteSessionsOfStaffUser, findSessionWithUser, hasStaffUsername } from '@/features/staff-auth/session.repository';
import type { StaffSession } from '@/features/staff-auth/session.service';
import { findTechnicianForUpdate, listTechnicianRecords } from '@/features/technicians/technician.repository';
import { AppError } from '@/lib/errors';
import { parseWith } from '@/server/handler';
import { getLogger } from '@/server/logger';
import { consumeRateLimit, type LimitSpec, resetRateLimit } from '@/server/rate-limit';
import {
  countOtherActiveAdmins, findPasswordHash, findStaffAccountForUpdate, findStaffAccountRecord, insertStaffAccount, isActiveAdmin,
  listStaffAccountRecords, lockStaffAccounts, replacePasswordHash, type StaffAccountRecord, type StaffAccountUpdate, updateStaffAccount,
} from './staff-account.repository';
import {
  isPasswordTheUsername, type OwnPasswordChange, type StaffAccountChange, StaffAccountEditSchema, type StaffAccountInput, type StaffRole,
} from './staff-account.schema';

export interface StaffAccountView {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
  /** The technician whose day sheet this login shows; `isActive: false` when deactivated at /technicians. */
  technician: { id: number; name: string; isActive: boolean } | null;
  isActive: boolean;
  /** ISO instant of the last sign-in, null when never. */
  lastLoginAt: string | null;
  /** The account of the admin looking at the list (who cannot deactivate or demote it). */
  isYou: boolean;
}

export interface StaffAccountsOverview {
  accounts: StaffAccountView[];
  /** The branch's technicians a login can be linked to (inactive ones only keep existing links). */
  technicians: { id: number; name: string; isActive: boolean }[];
}

export interface StaffAccountChangeResult {
  account: StaffAccountView;
  kind: 'created' | 'updated' | 'deactivated' | 'reactivated' | 'passwordReset';
  /** Sessions that ended with this change (deactivation, new password). */
  sessionsEnded: number;
}

type Actor = Pick<StaffSession, 'staffUserId' | 'sessionId'>;
type Options = { branchId?: number };

function toView(record: StaffAccountRecord, actor: Actor): StaffAccountView {
  return {
    id: record.id,
    username: record.username,
    displayName: record.displayName,
    // The database's check allows only the three (0082); anything else is shown as the least access.
    role: parseStaffRole(record.role) ?? 'technician',
    technician: record.technicianId !== null && record.technicianName !== null
      ? { id: record.technicianId, name: record.technicianName, isActive: record.technicianIsActive ?? false }
      : null,
    isActive: record.isActive,
    lastLoginAt: record.lastLoginAt?.toISOString() ?? null,
    isYou: record.id === actor.staffUserId,
  };
}

/** A refusal the form shows next to `field`. */
function refuse(code: 'conflict' | 'validation', field: string, key: string): never {
  throw new AppError(code, key, { fields: { [field]: key } });
}

/** Every staff account, for the office, with the technicians a login can be linked to. */
export async function listStaffAccountsForOffice(actor: Actor, options: Options = {}): Promise<StaffAccountsOverview> {
  const db = await getDb();
  const [records, techs] = await Promise.all([listStaffAccountRecords(db), listTechnicianRecords(db, options.branchId ?? DEFAULT_BRANCH_ID)]);
  return {
    accounts: records.map((record) => toView(record, actor)),
    technicians: techs.map((tech) => ({ id: tech.id, name: tech.name, isActive: tech.isActive })),
  };
}

/**
 * The acting admin must still be an active admin once the lock is held: between their request's
 * guard and this point, another admin may have demoted or deactivated them.
 */
async function requireActingAdmin(tx: DbExecutor, actor: Actor) {
  if (!(await isActiveAdmin(tx, actor.staffUserId))) throw new AppError('forbidden', 'errors.forbidden');
}

/** A new link must name an active technician of the branch (locked, so it is not deactivated meanwhile). */
async function requireLinkableTechnician(tx: DbExecutor, branchId: number, technicianId: number) {
  const tech = await findTechnicianForUpdate(tx, branchId, technicianId);
  if (!tech) refuse('validation', 'technicianId', 'staffAccounts.technicianNotFound');
  if (!tech.isActive) refuse('validation', 'technicianId', 'staffAccounts.technicianInactive');
}

/**
 * Ends an account's sessions after a new password or a deactivation, in the change's transaction.
 * Someone changing their own account stays signed in where they did it; everywhere else is signed out.
 */
async function endSessionsOfAccount(tx: DbExecutor, accountId: number, actor: Actor): Promise<number> {
  return deleteSessionsOfStaffUser(tx, accountId, accountId === actor.staffUserId ? actor.sessionId : undefined);
}

async function readBack(tx: DbExecutor, id: number, actor: Actor): Promise<StaffAccountView> {
  const record = await findStaffAccountRecord(tx, id);
  return toView(record!, actor);
}

/** Gives someone a login: active at once, with the password the admin chose. */
export async function createStaffAccount(actor: Actor, input: StaffAccountInput, options: Options = {}): Promise<StaffAccountChangeResult> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  // Hashing takes a moment; done before the lock so other account changes do not wait for it.
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await lockStaffAccounts(tx);
    await requireActingAdmin(tx, actor);
    // One account per name in any case, inactive ones included: sign-in matches names that way.
    if (await hasStaffUsername(tx, input.username)) refuse('conflict', 'username', 'staffAccounts.usernameTaken');
    if (input.technicianId !== null) await requireLinkableTechnician(tx, branchId, input.technicianId);
    const id = await insertStaffAccount(tx, {
      username: input.username, passwordHash, displayName: input.displayName, role: input.role, technicianId: input.technicianId,
    });
    return { account: await readBack(tx, id, actor), kind: 'created' as const, sessionsEnded: 0 };
  });
  getLogger().info({ by: actor.staffUserId, account: result.account.id, role: result.account.role }, 'staff account created');
  return result;
}

/**
 * Edits an account (name, role, technician), sets a new password, or deactivates / reactivates it.
 * Accounts are never deleted. Deactivating or setting a password ends the account's sessions in
 * the same transaction (an admin setting their own password keeps the session they are using).
 * Under one lock: nobody deactivates or demotes themselves, and the last active admin stays one.
 * Role and technician are read from the database on every request, so they apply at once.
 */
export async function changeStaffAccount(actor: Actor, id: number | null, change: StaffAccountChange, options: Options = {}): Promise<StaffAccountChangeResult> {
  if (id === null) throw new AppError('not_found', 'staffAccounts.notFound');
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const passwordHash = change.password === undefined ? undefined : await hashPassword(change.password);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await lockStaffAccounts(tx);
    const current = await findStaffAccountForUpdate(tx, id);
    if (!current) throw new AppError('not_found', 'staffAccounts.notFound');
    const isSelf = current.id === actor.staffUserId;

    if (change.password !== undefined && isPasswordTheUsername(change.password, current.username)) {
      refuse('validation', 'password', 'staffAccounts.passwordIsUsername');
    }

    const update: StaffAccountUpdate = {};
    let role = current.role;
    const editsAccess = change.displayName !== undefined || change.role !== undefined || change.technicianId !== undefined;
    if (editsAccess) {
      const nextRole = change.role ?? current.role;
      // Moved to the office or admin without a word about the technician: the link goes with the old role.
      const nextTechnician = change.technicianId !== undefined ? change.technicianId : nextRole !== 'technician' ? null : current.technicianId;
      const merged = parseWith(StaffAccountEditSchema, { displayName: change.displayName ?? current.displayName, role: nextRole, technicianId: nextTechnician });
      // A link kept as it was may point to a technician deactivated since; a new one must be active.
      if (merged.technicianId !== null && merged.technicianId !== current.technicianId) {
        await requireLinkableTechnician(tx, branchId, merged.technicianId);
      }
      Object.assign(update, { displayName: merged.displayName, role: merged.role, technicianId: merged.technicianId });
      role = merged.role;
    }
    const isActive = change.isActive ?? current.isActive;
    update.isActive = isActive;

    const losesAdmin = current.role === 'admin' && current.isActive && (role !== 'admin' || !isActive);
    if (isSelf && !isActive) refuse('conflict', 'isActive', 'staffAccounts.cannotDeactivateSelf');
    if (isSelf && role !== 'admin') refuse('conflict', 'role', 'staffAccounts.cannotDemoteSelf');
    if (losesAdmin && (await countOtherActiveAdmins(tx, current.id)) === 0) refuse('conflict', isActive ? 'role' : 'isActive', 'staffAccounts.lastAdmin');
    await requireActingAdmin(tx, actor);

    if (passwordHash !== undefined) update.passwordHash = passwordHash;
    await updateStaffAccount(tx, current.id, update);

    const deactivated = current.isActive && !isActive;
    let sessionsEnded = 0;
    if (deactivated || passwordHash !== undefined) sessionsEnded = await endSessionsOfAccount(tx, current.id, actor);
    const kind: StaffAccountChangeResult['kind'] = deactivated ? 'deactivated'
      : !current.isActive && isActive ? 'reactivated'
        : passwordHash !== undefined ? 'passwordReset'
          : 'updated';
    return { account: await readBack(tx, current.id, actor), kind, sessionsEnded };
  });
  getLogger().info({
    by: actor.staffUserId, account: result.account.id, kind: result.kind, role: result.account.role,
    passwordChanged: change.password !== undefined, sessionsEnded: result.sessionsEnded,
  }, 'staff account changed');
  return result;
}

/**
 * Tries at an account's own password change (decision 0037), counted per account whatever the
 * session: someone holding a stolen session gets five guesses at the password in 15 minutes.
 * A success clears the count.
 */
export const OWN_PASSWORD_LIMIT: LimitSpec = { points: 5, durationSec: 15 * 60 };

export interface OwnPasswordChangeResult {
  ok: true;
  /** The account's other sessions that ended (this one stays). */
  sessionsEnded: number;
}

/**
 * A signed-in staff member (any role) changes their own password: the current one must match the
 * stored hash. The new hash is set and the account's other sessions end in one transaction, as
 * when an admin sets their own password; the session used here stays. Refused without a change
 * when the account was deactivated, this session ended, or the password was reset meanwhile.
 */
export async function changeOwnPassword(actor: Actor, input: OwnPasswordChange): Promise<OwnPasswordChangeResult> {
  const key = String(actor.staffUserId);
  // Spent before the check, so an exhausted budget answers 429 without saying whether the guess was right.
  await consumeRateLimit('own-password', key, OWN_PASSWORD_LIMIT);
  const db = await getDb();
  const verifiedHash = await findPasswordHash(db, actor.staffUserId);
  if (verifiedHash === null) throw new AppError('unauthorized', 'errors.unauthorized');
  if (!(await verifyPassword(verifiedHash, input.currentPassword))) {
    getLogger().warn({ account: actor.staffUserId }, 'own password change refused: wrong current password');
    refuse('validation', 'currentPassword', 'account.currentPasswordWrong');
  }
  // Hashing takes a moment; done before the transaction so the account's row is locked only briefly.
  const passwordHash = await hashPassword(input.newPassword);
  const sessionsEnded = await db.transaction(async (tx) => {
    // The account's row lock: an admin's deactivation or reset is taken wholly before or after this.
    const current = await findStaffAccountForUpdate(tx, actor.staffUserId);
    if (!current?.isActive || !(await findSessionWithUser(tx, actor.sessionId))) throw new AppError('unauthorized', 'errors.unauthorized');
    if (isPasswordTheUsername(input.newPassword, current.username)) refuse('validation', 'newPassword', 'staffAccounts.passwordIsUsername');
    // Changed since it was checked (another tab's change): the password typed is no longer the current one.
    if (!(await replacePasswordHash(tx, current.id, verifiedHash, passwordHash))) refuse('validation', 'currentPassword', 'account.currentPasswordWrong');
    return endSessionsOfAccount(tx, current.id, actor);
  });
  await resetRateLimit('own-password', key);
  getLogger().info({ account: actor.staffUserId, sessionsEnded }, 'own password changed');
  return { ok: true, sessionsEnded };
}
