import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { findBranchWithSettings } from './branch.repository';

export const DEFAULT_BRANCH_ID = 1;
const TTL_MS = 30_000;

export type Branch = NonNullable<Awaited<ReturnType<typeof findBranchWithSettings>>>;
export type PublicBranchInfo = { displayName: string; phone: string; email: string; address: string; city: string };

let cached: { at: number; branch: Branch } | undefined;

/**
 * The branch and its settings, read at most every 30 s: staff edits show up quickly, pages stay cheap.
 * Inside a transaction pass it as `db`: embedded PGlite has one connection, so a second one would wait forever.
 */
export async function getBranch(branchId = DEFAULT_BRANCH_ID, db?: DbExecutor): Promise<Branch> {
  if (branchId === DEFAULT_BRANCH_ID && cached && Date.now() - cached.at < TTL_MS) return cached.branch;
  const branch = await findBranchWithSettings(db ?? (await getDb()), branchId);
  if (!branch) throw new Error(`branch ${branchId} is missing: has the database been seeded?`);
  if (branchId === DEFAULT_BRANCH_ID) cached = { at: Date.now(), branch };
  return branch;
}

export function clearBranchCache(): void {
  cached = undefined;
}

/** What public pages may show about the company. */
export async function getPublicBranchInfo(): Promise<PublicBranchInfo> {
  const b = await getBranch();
  return { displayName: b.displayName, phone: b.phone, email: b.email, address: b.address ?? '', city: b.city ?? '' };
}
