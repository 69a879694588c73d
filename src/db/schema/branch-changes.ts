import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { staffUsers } from './staff';

/** One field of the business details as it was and as it became (stored forms; null: blank). */
export type BranchDetailChange = { field: string; from: string | null; to: string | null };

/**
 * Who changed the business details at /business and when (docs/decisions/0076): one row per save
 * that changed something, with each field changed, before and after. Kept with the branch; the
 * staff member's row may go (the name is then unknown), the change stays.
 */
export const branchDetailChanges = pgTable('branch_detail_changes', {
  id: serial().primaryKey(),
  branchId: integer().notNull().references(() => branches.id, { onDelete: 'cascade' }),
  changedAt: timestamp({ withTimezone: true }).notNull(),
  changedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  changes: jsonb().$type<BranchDetailChange[]>().notNull(),
}, (t) => [
  // The screen lists a branch's newest changes.
  index('branch_detail_changes_branch_changed_idx').on(t.branchId, t.changedAt),
]);

/**
 * Who switched a served postal-code prefix between served and not served, and when
 * (docs/decisions/0088): one row per switch, with the prefix and its community as they were named
 * at the time. Kept with the branch; the staff member's row may go (the name is then unknown).
 */
export const servedPrefixChanges = pgTable('served_prefix_changes', {
  id: serial().primaryKey(),
  branchId: integer().notNull().references(() => branches.id, { onDelete: 'cascade' }),
  changedAt: timestamp({ withTimezone: true }).notNull(),
  changedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  prefix: text().notNull(),
  area: text().notNull(),
  served: boolean().notNull(),
}, (t) => [
  // The screen lists a branch's newest switches.
  index('served_prefix_changes_branch_changed_idx').on(t.branchId, t.changedAt),
]);
