import 'server-only';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { applicationRecords, pesticideProducts } from '@/db/schema/applications';
import type { ProductUnit } from '@/lib/product-units';

const productColumns = {
  id: pesticideProducts.id,
  name: pesticideProducts.name,
  pcpNumber: pesticideProducts.pcpNumber,
  unit: pesticideProducts.unit,
  isActive: pesticideProducts.isActive,
};

export type ProductRecord = { id: number; name: string; pcpNumber: string; unit: ProductUnit; isActive: boolean };

/** Every product of the branch with how many application records name it: active first, then by name. */
export async function listProductRecords(db: DbExecutor, branchId: number): Promise<(ProductRecord & { recordCount: number })[]> {
  const used = db
    .select({ productId: applicationRecords.productId, records: count().as('records') })
    .from(applicationRecords)
    .groupBy(applicationRecords.productId)
    .as('used');
  return db
    .select({ ...productColumns, recordCount: sql<number>`coalesce(${used.records}, 0)::int` })
    .from(pesticideProducts)
    .leftJoin(used, eq(used.productId, pesticideProducts.id))
    .where(eq(pesticideProducts.branchId, branchId))
    .orderBy(desc(pesticideProducts.isActive), sql`lower(${pesticideProducts.name})`, asc(pesticideProducts.id));
}

/** The products technicians may record now: the branch's active ones, by name. */
export async function listActiveProducts(db: DbExecutor, branchId: number): Promise<ProductRecord[]> {
  return db
    .select(productColumns)
    .from(pesticideProducts)
    .where(and(eq(pesticideProducts.branchId, branchId), eq(pesticideProducts.isActive, true)))
    .orderBy(sql`lower(${pesticideProducts.name})`, asc(pesticideProducts.id));
}

/** One product of the branch, locked for the rest of the transaction (null when not found). */
export async function findProductForUpdate(db: DbExecutor, branchId: number, id: number): Promise<ProductRecord | null> {
  const [row] = await db
    .select(productColumns)
    .from(pesticideProducts)
    .where(and(eq(pesticideProducts.branchId, branchId), eq(pesticideProducts.id, id)))
    .for('update');
  return row ?? null;
}

/** True when another product of the branch has this name in any case. */
export async function hasProductNamed(db: DbExecutor, branchId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pesticideProducts.id })
    .from(pesticideProducts)
    .where(and(
      eq(pesticideProducts.branchId, branchId),
      sql`lower(${pesticideProducts.name}) = lower(${name})`,
      exceptId === undefined ? undefined : ne(pesticideProducts.id, exceptId),
    ))
    .limit(1);
  return !!row;
}

/** True when an application record names the product (it can then only be retired). */
export async function isProductRecorded(db: DbExecutor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: applicationRecords.id }).from(applicationRecords).where(eq(applicationRecords.productId, id)).limit(1);
  return !!row;
}

/**
 * Serialises changes to the branch's products until the transaction ends: two offices adding the
 * same name at once get one product and one clear refusal (the unique index backs it).
 */
export async function lockBranchProducts(db: DbExecutor, branchId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`pesticide-products:${branchId}`}))`);
}

export type ProductValues = { name: string; pcpNumber: string; unit: ProductUnit };

export async function insertProduct(db: DbExecutor, branchId: number, values: ProductValues): Promise<ProductRecord> {
  const [row] = await db.insert(pesticideProducts).values({ branchId, ...values, isActive: true }).returning(productColumns);
  return row!;
}

export async function updateProduct(db: DbExecutor, id: number, values: ProductValues & { isActive: boolean }, at: Date): Promise<ProductRecord> {
  const [row] = await db.update(pesticideProducts).set({ ...values, updatedAt: at }).where(eq(pesticideProducts.id, id)).returning(productColumns);
  return row!;
}

export async function deleteProduct(db: DbExecutor, id: number): Promise<void> {
  await db.delete(pesticideProducts).where(eq(pesticideProducts.id, id));
}
