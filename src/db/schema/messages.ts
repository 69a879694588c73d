import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './branches';
import { emailKey } from '../email-key';
import { customers } from './customers';

export const messages = pgTable('messages', {
  id: serial().primaryKey(),
  customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
  type: text().notNull().default('contact'),
  subject: text().notNull().default('question'),
  content: text().notNull(),
  email: text().notNull(),
  name: text().notNull(),
  phone: text(),
  status: text().notNull().default('new'),
  isRead: boolean().notNull().default(false),
  responseContent: text(),
  respondedAt: timestamp({ withTimezone: true }),
  locale: text().notNull().default('en'),
  ...timestamps,
}, (t) => [
  check('messages_status', sql`${t.status} in ('new', 'read', 'replied', 'archived')`),
  // The dashboard's Messages tab pages newest first on (created_at, id).
  index('messages_created_at_id_idx').on(t.createdAt, t.id),
  // A customer's messages on their page, newest first (0112): found by the address as quotes and customers meet (`emailKey`, 0068).
  index('messages_email_key_idx').on(emailKey(t.email), t.createdAt, t.id),
]);

export type OutboxAttachment = { filename: string; contentType: string; content: string };

/** Every email is written here in the same transaction as what it describes, then delivered by a worker. */
export const emailOutbox = pgTable('email_outbox', {
  id: serial().primaryKey(),
  kind: text().notNull(), // EmailKind (email/outbox.service.ts): quote, booking-received, receipt, contact-ack, staff-notification, visit-moved, booking-cancelled, message-reply, visit-reminder, manage-link
  toAddress: text().notNull(),
  /** Where the recipient's "Reply" goes when it is not the sender: the customer, on the office's notices. */
  replyTo: text(),
  subject: text().notNull(),
  html: text().notNull(),
  text: text().notNull(),
  attachments: jsonb().$type<OutboxAttachment[]>(),
  locale: text().notNull().default('en'),
  status: text().notNull().default('pending'),
  attempts: integer().notNull().default(0),
  nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastError: text(),
  sentAt: timestamp({ withTimezone: true }),
  relatedType: text(),
  relatedId: integer(),
  /**
   * What the email tells, when a later change can make it wrong before it goes: a visit reminder's
   * `visit-reminder:{customerId}:{date}`, a re-treatment acknowledgement's `retreatment-request:{id}`.
   * A cancel, move or withdrawal finds the waiting email by it, to withdraw or rewrite it
   * (docs/decisions/0034, 0056). Null for everything else.
   */
  topic: text(),
  ...timestamps,
}, (t) => [
  // 'withdrawn': never sent, because what it told changed before it went (kept for staff to read).
  check('email_outbox_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'withdrawn')`),
  index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  // Only the emails still waiting are looked up by topic; sent ones stay out of the index.
  index('email_outbox_waiting_topic_idx').on(t.topic).where(sql`${t.topic} is not null and ${t.status} in ('pending', 'failed')`),
  // The dashboard's Emails tab pages newest first on (created_at, id).
  index('email_outbox_created_at_id_idx').on(t.createdAt, t.id),
  // The emails about one record: deleted with a quote or message the retention sweep deletes, and
  // with a customer's erasure; listed in a customer's data export (0049).
  index('email_outbox_related_idx').on(t.relatedType, t.relatedId),
]);
