import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { AppError } from '@/lib/errors';
import {
  deleteProduct as removeProduct, findProductForUpdate, hasProductNamed, insertProduct, isProductRecorded, listProductRecords, lockBranchProducts,
  type ProductRecord, updateProduct,
} from './product.repository';
import type { ProductChange, ProductInput } from './product.schema';

/** A product as the admin screen shows it: with how many application records name it. */
export type ProductView = ProductRecord & { recordCount: number };

export type ProductChangeResult = {
  product: ProductRecord;
  kind: 'created' | 'updated' | 'retired' | 'reactivated' | 'deleted';
};

type Options = { branchId?: number; now?: Date };

/** Every product of the branch, active and retired (docs/decisions/0042). */
export async function listProductsForOffice(options: Options = {}): Promise<{ products: ProductView[] }> {
  return { products: await listProductRecords(await getDb(), options.branchId ?? DEFAULT_BRANCH_ID) };
}

function refuseTakenName(): never {
  throw new AppError('conflict', 'applicationRecords.products.nameTaken', { fields: { name: 'applicationRecords.products.nameTaken' } });
}

/** Adds an active product: technicians can record it from their next "Mark done". */
export async function createProduct(input: ProductInput, options: Options = {}): Promise<ProductChangeResult> {
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockBranchProducts(tx, branchId);
    if (await hasProductNamed(tx, branchId, input.name)) refuseTakenName();
    return { product: await insertProduct(tx, branchId, input), kind: 'created' };
  });
}

/** Runs `change` on the branch's product `id` in a transaction holding the branch's product lock; 404 when there is none. */
async function withLockedProduct<T>(
  id: number | null,
  options: Options,
  change: (tx: DbExecutor, branchId: number, current: NonNullable<Awaited<ReturnType<typeof findProductForUpdate>>>) => Promise<T>,
): Promise<T> {
  if (id === null) throw new AppError('not_found', 'applicationRecords.products.notFound');
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockBranchProducts(tx, branchId);
    const current = await findProductForUpdate(tx, branchId, id);
    if (!current) throw new AppError('not_found', 'applicationRecords.products.notFound');
    return change(tx, branchId, current);
  });
}

/**
 * Edits a product, or retires / reactivates it. A retired product is no longer offered at "Mark
 * done"; the records that name it keep it (and keep the name and number they were made with).
 */
export async function changeProduct(id: number | null, change: ProductChange, options: Options = {}): Promise<ProductChangeResult> {
  return withLockedProduct(id, options, async (tx, branchId, current) => {
    const name = change.name ?? current.name;
    if (change.name !== undefined && (await hasProductNamed(tx, branchId, name, current.id))) refuseTakenName();
    const isActive = change.isActive ?? current.isActive;
    const product = await updateProduct(tx, current.id, { name, pcpNumber: change.pcpNumber ?? current.pcpNumber, unit: change.unit ?? current.unit, isActive }, options.now ?? new Date());
    const kind = current.isActive && !isActive ? 'retired' : !current.isActive && isActive ? 'reactivated' : 'updated';
    return { product, kind };
  });
}

/**
 * Deletes a product entered by mistake. One that any application record names is never deleted
 * (the record must keep saying what was applied): 409, retire it instead.
 */
export async function deleteProduct(id: number | null, options: Options = {}): Promise<ProductChangeResult> {
  return withLockedProduct(id, options, async (tx, _branchId, current) => {
    if (await isProductRecorded(tx, current.id)) throw new AppError('conflict', 'applicationRecords.products.hasRecords', undefined, { name: current.name });
    await removeProduct(tx, current.id);
    return { product: current, kind: 'deleted' };
  });
}
