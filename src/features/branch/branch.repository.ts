import 'server-only';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { branches, branchSettings } from '@/db/schema/branches';
import type { ReceiptSellerSnapshot } from '@/db/schema/payments';

/**
 * The branch's identity as a receipt's "Sold by" prints it (0040, 0044): its legal and display
 * names, GST/HST number, mailing address and contacts. One list for every query that prints it,
 * and the fields a payment keeps of its seller when it succeeds (0076). The phone is stored as
 * E.164: show it with `formatPhone`.
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
} satisfies Record<keyof ReceiptSellerSnapshot, unknown>;

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

/** The branch's identity as stored (phone in E.164); null when the branch does not exist. */
export async function selectBranchIdentity(db: DbExecutor, branchId: number): Promise<ReceiptSellerSnapshot | null> {
  const [row] = await db.select(branchIdentityColumns).from(branches).where(eq(branches.id, branchId));
  return row ?? null;
}

/**
 * The identity of the branch `branchId` names, as a JSON object with `branchIdentityColumns`'
 * keys: for a statement that keeps it (a payment's `receipt_seller`, 0076) without reading it first.
 */
export function branchIdentityJson(branchId: SQL): SQL<ReceiptSellerSnapshot> {
  const pairs = Object.entries(branchIdentityColumns).map(([key, column]) => sql`${key}::text, ${column}`);
  return sql<ReceiptSellerSnapshot>`(select jsonb_build_object(${sql.join(pairs, sql`, `)}) from ${branches} where ${branches.id} = ${branchId})`;
}
