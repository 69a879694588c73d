import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { formatMailingAddress } from '@/features/email/email-layout';
import { formatPhone } from '@/lib/phone';
import { findBranchWithSettings } from './branch.repository';

export const DEFAULT_BRANCH_ID = 1;
const TTL_MS = 30_000;

/** The branch as pages and emails show it: `phone` in its display form, `(905) 555-0134` (stored E.164, 0076). */
export type Branch = NonNullable<Awaited<ReturnType<typeof findBranchWithSettings>>>;
export type PublicBranchInfo = {
  displayName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  /** '1 Hunter St E, Hamilton, ON L8N 3W1', as every email's footer; null without a street address. */
  mailingAddress: string | null;
};

// On globalThis, like the database handle: the route handler that saves the business details and
// the pages that show them may be bundled apart, each with its own copy of this module, and a save
// must empty the one cache they share (docs/decisions/0076).
// `generation` counts the clears: a read that started before one does not fill the cache after it.
const globalForBranch = globalThis as unknown as { __branchCache?: { at: number; branch: Branch }; __branchGeneration?: number };

/**
 * The branch and its settings, read at most every 30 s: pages stay cheap. Saving the business
 * details empties the cache (`clearBranchCache`), so this server shows them at once; another
 * server process does within 30 s.
 * Inside a transaction pass it as `db`: embedded PGlite has one connection, so a second one would wait forever.
 */
export async function getBranch(branchId = DEFAULT_BRANCH_ID, db?: DbExecutor): Promise<Branch> {
  const cached = globalForBranch.__branchCache;
  if (branchId === DEFAULT_BRANCH_ID && cached && Date.now() - cached.at < TTL_MS) return cached.branch;
  const generation = globalForBranch.__branchGeneration ?? 0;
  const row = await findBranchWithSettings(db ?? (await getDb()), branchId);
  if (!row) throw new Error(`branch ${branchId} is missing: has the database been seeded?`);
  const branch = { ...row, phone: formatPhone(row.phone) };
  if (branchId === DEFAULT_BRANCH_ID && generation === (globalForBranch.__branchGeneration ?? 0)) {
    globalForBranch.__branchCache = { at: Date.now(), branch };
  }
  return branch;
}

/** Empties the cache, after a change to the branch is committed. */
export function clearBranchCache(): void {
  globalForBranch.__branchCache = undefined;
  globalForBranch.__branchGeneration = (globalForBranch.__branchGeneration ?? 0) + 1;
}

/** What public pages may show about the company. */
export async function getPublicBranchInfo(): Promise<PublicBranchInfo> {
  const b = await getBranch();
  return { displayName: b.displayName, phone: b.phone, email: b.email, address: b.address ?? '', city: b.city ?? '', mailingAddress: formatMailingAddress(b) };
}
