import 'server-only';
import { getDb } from '@/db/client';
import { clearBranchCache, DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { AppError } from '@/lib/errors';
import type { BusinessDetailsInput } from './business-details.schema';
import { selectBusinessDetails, updateBusinessDetails } from './business-details.repository';

/**
 * The business details screen (docs/decisions/0044): the owner sets the legal name and GST/HST
 * registration number every tax receipt prints (0040). Branch 1 only, like every staff screen.
 */

/** What the screen shows: the two fields it edits, and the rest of the receipt's "Sold by" as the branch holds it. */
export type BusinessDetailsView = {
  legalName: string;
  hstNumber: string;
  displayName: string;
  phone: string;
  email: string;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
};

const missingBranch = () => new AppError('not_found', 'businessDetails.errors.noBranch');

export async function getBusinessDetails(): Promise<BusinessDetailsView> {
  const row = await selectBusinessDetails(await getDb(), DEFAULT_BRANCH_ID);
  if (!row) throw missingBranch();
  return { ...row, legalName: row.legalName ?? '', hstNumber: row.hstNumber ?? '' };
}

/** Saves both fields as the schema normalised them; the next receipt, email or page prints them. */
export async function saveBusinessDetails(input: BusinessDetailsInput): Promise<{ details: BusinessDetailsView }> {
  const db = await getDb();
  if (!(await updateBusinessDetails(db, DEFAULT_BRANCH_ID, input))) throw missingBranch();
  // Receipts read the branch row directly; anything else holding the branch reads it again.
  clearBranchCache();
  return { details: await getBusinessDetails() };
}
