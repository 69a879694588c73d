import 'server-only';
import { getDb } from '@/db/client';
import type { BranchDetailChange } from '@/db/schema/branch-changes';
import type { ReceiptSellerSnapshot } from '@/db/schema/payments';
import { selectBranchIdentity } from '@/features/branch/branch.repository';
import { clearBranchCache, DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { AppError } from '@/lib/errors';
import { formatPhone } from '@/lib/phone';
import { getLogger } from '@/server/logger';
import { BUSINESS_DETAIL_FIELDS, type BusinessDetailField, type BusinessDetailsInput } from './business-details.schema';
import { insertBranchDetailChange, lockBusinessDetails, selectBranchDetailChanges, updateBusinessDetails } from './business-details.repository';

/**
 * The business details screen (docs/decisions/0044, 0076): the owner sets the legal name and
 * GST/HST number tax receipts print, and the phone, email and mailing address the public site,
 * every email queued from then on and every receipt issued from then on show. Branch 1 only, like
 * every staff screen. Each save that changes something is recorded: who, when, each field before
 * and after.
 */

/** What the screen shows and its form edits; blank is ''. The phone in its display form. */
export type BusinessDetailsView = {
  legalName: string;
  hstNumber: string;
  displayName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
};

/** One save's changes, newest first on the screen; a phone shown as the site shows it. */
export type BusinessDetailChangeView = {
  id: number;
  changedAt: string;
  /** The staff member's name; null when their account is gone. */
  changedBy: string | null;
  changes: { field: BusinessDetailField; from: string | null; to: string | null }[];
};

/** How many changes the screen lists. */
const HISTORY_LIMIT = 10;

const missingBranch = () => new AppError('not_found', 'businessDetails.errors.noBranch');

function toView(row: ReceiptSellerSnapshot): BusinessDetailsView {
  return {
    legalName: row.legalName ?? '', hstNumber: row.hstNumber ?? '', displayName: row.displayName, phone: formatPhone(row.phone), email: row.email,
    address: row.address ?? '', city: row.city ?? '', province: row.province ?? '', postalCode: row.postalCode ?? '',
  };
}

const showValue = (field: string, value: string | null) => (value !== null && field === 'phone' ? formatPhone(value) : value);

export async function getBusinessDetails(): Promise<{ details: BusinessDetailsView; changes: BusinessDetailChangeView[] }> {
  const db = await getDb();
  const row = await selectBranchIdentity(db, DEFAULT_BRANCH_ID);
  if (!row) throw missingBranch();
  const history = await selectBranchDetailChanges(db, DEFAULT_BRANCH_ID, HISTORY_LIMIT);
  return {
    details: toView(row),
    changes: history.map((h) => ({
      id: h.id,
      changedAt: h.changedAt.toISOString(),
      changedBy: h.byName,
      changes: h.changes
        .filter((c): c is BranchDetailChange & { field: BusinessDetailField } => (BUSINESS_DETAIL_FIELDS as readonly string[]).includes(c.field))
        .map((c) => ({ field: c.field, from: showValue(c.field, c.from), to: showValue(c.field, c.to) })),
    })),
  };
}

/**
 * Saves every field as the schema normalised it, and records what changed, by whom, in one
 * transaction under the branch row's lock. After the commit the branch cache is emptied: the next
 * page, email or receipt issued shows the new details (pages are rendered per request, 0053).
 */
export async function saveBusinessDetails(
  input: BusinessDetailsInput,
  staff: { staffUserId: number },
  now = new Date(),
): Promise<{ details: BusinessDetailsView; changes: BusinessDetailChangeView[] }> {
  const db = await getDb();
  const changes = await db.transaction(async (tx) => {
    const before = await lockBusinessDetails(tx, DEFAULT_BRANCH_ID);
    if (!before) throw missingBranch();
    const changed = BUSINESS_DETAIL_FIELDS.filter((field) => before[field] !== input[field]).map((field) => ({ field, from: before[field], to: input[field] }));
    if (changed.length === 0) return changed;
    await updateBusinessDetails(tx, DEFAULT_BRANCH_ID, input, now);
    await insertBranchDetailChange(tx, { branchId: DEFAULT_BRANCH_ID, changedAt: now, changedById: staff.staffUserId, changes: changed });
    return changed;
  });
  if (changes.length > 0) {
    clearBranchCache();
    getLogger().info({ staffUserId: staff.staffUserId, fields: changes.map((c) => c.field) }, 'business details changed');
  }
  return getBusinessDetails();
}
