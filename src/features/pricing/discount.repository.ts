import 'server-only';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { discountCodes } from '@/db/schema/catalog';
import type { DiscountCodeRow } from './discount';

/** The row for an already-normalised code (`normaliseDiscountCode`), in the shape `validateDiscountCode` reads. */
export async function findDiscountCode(db: DbExecutor, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select({
      code: discountCodes.code,
      discountType: discountCodes.discountType,
      discountValue: discountCodes.discountValue,
      maxUses: discountCodes.maxUses,
      currentUses: discountCodes.currentUses,
      isActive: discountCodes.isActive,
      expiresAt: discountCodes.expiresAt,
      appliesTo: discountCodes.appliesTo,
    })
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  return row ?? null;
}

/**
 * Counts one use of a code (called when its payment succeeds). A single conditional UPDATE, so
 * two payments finishing together cannot push a limited code past `maxUses`.
 *
 * @returns true when the use was counted, false for an unknown code or one with no uses left
 */
export async function countDiscountUse(db: DbExecutor, code: string): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ currentUses: sql`${discountCodes.currentUses} + 1`, updatedAt: new Date() })
    .where(and(
      eq(discountCodes.code, code.trim().toUpperCase()),
      or(eq(discountCodes.maxUses, 0), lt(discountCodes.currentUses, discountCodes.maxUses)),
    ))
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}
