import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { branches, branchSettings } from '@/db/schema/branches';

/**
 * The branch's identity as a receipt's "Sold by" prints it (0040, 0044): its legal and display
 * names, GST/HST number, mailing address and contacts. One list for every query that prints it.
 */
export const branchIdentityColumns = {
  legalName: branches.legalName,
  hstNumber: branches.hstNumber,
  displayName: branches.displayName,
  phone: branches.phone,
  email: branches.email,
  address: branches.address,
  city: branches.city,
  province: branches.province,
  postalCode: branches.postalCode,
};

export async function findBranchWithSettings(db: DbExecutor, branchId: number) {
  const [row] = await db
    .select({
      id: branches.id,
      ...branchIdentityColumns,
      timezone: branches.timezone,
      currency: branches.currency,
      taxRateBps: branches.taxRateBps,
      serviceArea: branches.serviceArea,
      pricingOverrides: branches.pricingOverrides,
      settings: branchSettings,
    })
    .from(branches)
    .innerJoin(branchSettings, eq(branchSettings.branchId, branches.id))
    .where(eq(branches.id, branchId));
  return row ?? null;
}
