import 'server-only';
import { getDb } from '@/db/client';
import { clearBranchCache, DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { isServedRow, normalisePostalCode } from './postal-code';
import { insertServedPrefixChange, selectServedPrefixes, selectServedPrefixChanges, updateServedPrefixes } from './served-prefix.repository';
import type { ServedPrefixSwitch } from './served-prefix.schema';

/**
 * Where the business works, as the owner sets it at /business (docs/decisions/0088): every served
 * prefix of the branch (FSAs and the rural communities named inside them) with whether it is
 * served, and the switch between the two. The longest matching prefix decides every check, so a
 * community marked not served is refused while the rest of its FSA stays served. Each switch is
 * recorded: who, when, which prefix and which way. Branch 1 only, like every staff screen.
 */

export type ServedPrefixView = {
  /** Normalised, as the switch sends it: `'L0R2C'`. */
  prefix: string;
  /** As the screen shows it: `'L0R 2C'`; an FSA as it is, `'L0R'`. */
  label: string;
  area: string;
  served: boolean;
  /** The FSA a longer prefix lies in (`'L0R'`), null for an FSA's own row. */
  insideFsa: string | null;
};

export type ServedPrefixChangeView = {
  id: number;
  changedAt: string;
  /** The staff member's name; null when their account is gone. */
  changedBy: string | null;
  label: string;
  area: string;
  served: boolean;
};

export type ServiceAreaSettings = { prefixes: ServedPrefixView[]; changes: ServedPrefixChangeView[] };

/** How many switches the screen lists. */
const HISTORY_LIMIT = 10;

const missingBranch = () => new AppError('not_found', 'businessDetails.errors.noBranch');

const labelOf = (prefix: string) => (prefix.length > 3 ? `${prefix.slice(0, 3)} ${prefix.slice(3)}` : prefix);

/** Sorted by prefix, so each FSA comes first and its communities follow it. */
function toViews(rows: readonly { prefix: string; area: string; served?: boolean }[]): ServedPrefixView[] {
  return rows
    .map((row) => {
      const prefix = normalisePostalCode(row.prefix);
      return { prefix, label: labelOf(prefix), area: row.area, served: isServedRow(row), insideFsa: prefix.length > 3 ? prefix.slice(0, 3) : null };
    })
    .filter((row) => row.prefix.length > 0)
    .sort((a, b) => a.prefix.localeCompare(b.prefix));
}

export async function getServiceAreaSettings(): Promise<ServiceAreaSettings> {
  const db = await getDb();
  const rows = await selectServedPrefixes(db, DEFAULT_BRANCH_ID);
  const history = await selectServedPrefixChanges(db, DEFAULT_BRANCH_ID, HISTORY_LIMIT);
  if (!rows) throw missingBranch();
  return {
    prefixes: toViews(rows),
    changes: history.map((h) => ({ id: h.id, changedAt: h.changedAt.toISOString(), changedBy: h.byName, label: labelOf(h.prefix), area: h.area, served: h.served })),
  };
}

/**
 * Marks one prefix served or not served, in one transaction under the settings row's lock, and
 * records the switch; a switch to the state the prefix is already in changes and records nothing.
 * After the commit the branch cache is emptied: the next check, quote or booking follows at once
 * on this server, on another within 30 s. Bookings already made are left as they are: the office
 * sees them flagged on the customer's page.
 *
 * @throws AppError('not_found') for a prefix the branch does not list
 */
export async function switchServedPrefix(input: ServedPrefixSwitch, staff: { staffUserId: number }, now = new Date()): Promise<ServiceAreaSettings> {
  const wanted = normalisePostalCode(input.prefix);
  const db = await getDb();
  const switched = await db.transaction(async (tx) => {
    const rows = await selectServedPrefixes(tx, DEFAULT_BRANCH_ID, { forUpdate: true });
    if (!rows) throw missingBranch();
    const index = rows.findIndex((row) => normalisePostalCode(row.prefix) === wanted);
    const row = rows[index];
    if (!row) throw new AppError('not_found', 'serviceAreaAdmin.errors.unknownPrefix', { fields: { prefix: 'serviceAreaAdmin.errors.unknownPrefix' } });
    if (isServedRow(row) === input.served) return null;
    const next = rows.map((r, i) => (i === index ? { ...r, served: input.served } : r));
    await updateServedPrefixes(tx, DEFAULT_BRANCH_ID, next, now);
    await insertServedPrefixChange(tx, { branchId: DEFAULT_BRANCH_ID, changedAt: now, changedById: staff.staffUserId, prefix: wanted, area: row.area, served: input.served });
    return row;
  });
  if (switched) {
    clearBranchCache();
    getLogger().info({ staffUserId: staff.staffUserId, prefix: wanted, served: input.served }, 'served prefix switched');
  }
  return getServiceAreaSettings();
}
