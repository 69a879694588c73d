import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { technicians } from './branches';

export const staffUsers = pgTable('staff_users', {
  id: serial().primaryKey(),
  username: text().notNull().unique(),
  passwordHash: text().notNull(), // argon2id
  displayName: text().notNull(),
  /** admin, office or technician: what each opens is the capability table (src/features/staff-auth/capabilities.ts, 0082). */
  role: text().notNull().default('admin'),
  technicianId: integer().references(() => technicians.id, { onDelete: 'set null' }),
  isActive: boolean().notNull().default(true),
  lastLoginAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('staff_users_role', sql`${t.role} in ('admin', 'office', 'technician')`)]);

/** The id is the SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies. */
export const staffSessions = pgTable('staff_sessions', {
  id: text().primaryKey(),
  staffUserId: integer().notNull().references(() => staffUsers.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  userAgent: text(),
}, (t) => [index('staff_sessions_user_idx').on(t.staffUserId)]);

/**
 * Browsers an account has signed in from (decision 0024). A browser keeps one random device token
 * in a cookie; this row says that token once signed in as this account, so failed attempts by
 * strangers (which lock the account's budget) do not lock out the browsers its owner really uses.
 * The token is stored as its SHA-256, like session ids.
 */
export const staffDevices = pgTable('staff_devices', {
  tokenHash: text().notNull(),
  staffUserId: integer().notNull().references(() => staffUsers.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tokenHash, t.staffUserId] }),
  index('staff_devices_last_used_idx').on(t.lastUsedAt),
]);
