import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { branches } from '@/db/schema/branches';
import { branchIdentityColumns } from '@/features/branch/branch.repository';

/** The branch's identity as a receipt's "Sold by" prints it (docs/decisions/0040). */
export async function selectBusinessDetails(db: DbExecutor, branchId: number) {
  const [row] = await db
    .select(branchIdentityColumns)
    .from(branches)
    .where(eq(branches.id, branchId));
  return row ?? null;
}

/** Sets the legal name and GST/HST number (null clears them); false when the branch does not exist. */
export async function updateBusinessDetails(db: DbExecutor, branchId: number, values: { legalName: string | null; hstNumber: string | null }): Promise<boolean> {
  const rows = await db
    .update(branches)
    .set({ legalName: values.legalName, hstNumber: values.hstNumber, updatedAt: new Date() })
    .where(eq(branches.id, branchId))
    .returning({ id: branches.id });
  return rows.length > 0;
}
