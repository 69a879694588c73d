import 'server-only';
import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { emailKey } from '@/db/email-key';
import { emailOutbox, type OutboxAttachment } from '@/db/schema/messages';

export type NewOutboxEmail = {
  kind: string;
  toAddress: string;
  replyTo?: string | null;
  locale: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachment[] | null;
  relatedType?: string | null;
  relatedId?: number | null;
  topic?: string | null;
  nextAttemptAt?: Date;
};

export async function insertOutboxEmail(db: DbExecutor, email: NewOutboxEmail): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  return row!.id;
}

/** Many emails in one statement (a mailing's batch); returns their ids in the given order. */
export async function insertOutboxEmails(db: DbExecutor, emails: NewOutboxEmail[]): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await db.insert(emailOutbox).values(emails).returning({ id: emailOutbox.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Which of `topics` the outbox holds, in any state (sent, waiting, withdrawn). */
export async function selectExistingTopics(db: DbExecutor, topics: string[]): Promise<Set<string>> {
  if (topics.length === 0) return new Set();
  const rows = await db.selectDistinct({ topic: emailOutbox.topic }).from(emailOutbox).where(inArray(emailOutbox.topic, topics));
  return new Set(rows.map((r) => r.topic!));
}

const claimedColumns = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  html: emailOutbox.html,
  text: emailOutbox.text,
  attachments: emailOutbox.attachments,
  attempts: emailOutbox.attempts,
  replyTo: emailOutbox.replyTo,
  kind: emailOutbox.kind,
  relatedType: emailOutbox.relatedType,
  relatedId: emailOutbox.relatedId,
};
export type ClaimedEmail = {
  id: number; toAddress: string; replyTo: string | null; subject: string; html: string; text: string; attachments: OutboxAttachment[] | null; attempts: number;
  kind: string; relatedType: string | null; relatedId: number | null;
};

/**
 * Claims up to `limit` due emails by marking them 'sending'. SKIP LOCKED lets several workers (or
 * processes) claim in parallel without ever taking the same row. A row left in 'sending' longer
 * than `staleBefore` (its worker died mid-send) is claimed again. A 'withdrawn' row is never claimed.
 */
export async function claimDueEmails(db: DbExecutor, now: Date, limit: number, staleBefore: Date): Promise<ClaimedEmail[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(or(
        and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)),
        and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.updatedAt, staleBefore)),
      ))
      .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(emailOutbox)
      .set({ status: 'sending', updatedAt: now })
      .where(inArray(emailOutbox.id, due.map((d) => d.id)))
      .returning(claimedColumns);
    // RETURNING follows no order: send the longest-waiting first, as they were picked.
    const rank = new Map(due.map((d, i) => [d.id, i]));
    return claimed.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  });
}

/**
 * Puts an email that gave up ('failed') back in the queue with a fresh round of attempts, due at
 * once. Returns its new status, or the status it has when it was not failed; null when unknown.
 */
export async function requeueFailedEmail(db: DbExecutor, id: number, now: Date): Promise<{ status: string; requeued: boolean } | null> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ status: emailOutbox.status });
  if (row) return { status: row.status, requeued: true };
  const [current] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return current ? { status: current.status, requeued: false } : null;
}

/**
 * How many emails of `kind` were queued about one record (any status: sent, waiting, withdrawn or
 * failed, each was one press), and when the last was; through `email_outbox_related_idx`.
 */
export async function countEmailsAbout(db: DbExecutor, about: { kind: string; relatedType: string; relatedId: number }): Promise<{ count: number; lastAt: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, lastAtMs: sql<number | null>`(extract(epoch from max(${emailOutbox.createdAt})) * 1000)::float8` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.relatedType, about.relatedType), eq(emailOutbox.relatedId, about.relatedId), eq(emailOutbox.kind, about.kind)));
  const lastAtMs = row?.lastAtMs ?? null;
  return { count: Number(row?.count ?? 0), lastAt: lastAtMs === null ? null : new Date(Number(lastAtMs)) };
}

/** Not sent and not in a worker's hands: due ('pending', perhaps after failed tries) or given up ('failed', staff may send it again). */
const WAITING_STATUSES = ['pending', 'failed'];

/**
 * The emails about `topic` still waiting, oldest first, locked until the transaction ends: a
 * delivery worker's claim (SKIP LOCKED) passes them by, and a row a worker claimed first is
 * 'sending' once its lock is released, so it is no longer returned.
 */
export async function selectWaitingEmailsByTopic(db: DbExecutor, topic: string): Promise<{ id: number; status: string }[]> {
  return db
    .select({ id: emailOutbox.id, status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.topic, topic), inArray(emailOutbox.status, WAITING_STATUSES)))
    .orderBy(emailOutbox.id)
    .for('update');
}

/**
 * The emails to `address` (in any case) still waiting, with what they say, oldest first, locked
 * until the transaction ends as `selectWaitingEmailsByTopic` locks them. Only the waiting ones are
 * read, through `email_outbox_due_idx`; the mail already sent is not.
 */
export async function selectWaitingEmailsTo(db: DbExecutor, address: string) {
  return db
    .select({ id: emailOutbox.id, locale: emailOutbox.locale, subject: emailOutbox.subject, html: emailOutbox.html, text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, WAITING_STATUSES), sql`lower(${emailOutbox.toAddress}) = lower(${address})`))
    .orderBy(emailOutbox.id)
    .for('update');
}

/**
 * The ids of the emails of `kinds` to `address` (normalised; any case or spacing on the row) still
 * waiting, oldest first, locked as `selectWaitingEmailsByTopic` locks them. Only the waiting ones are
 * read, through `email_outbox_due_idx`.
 */
export async function selectWaitingEmailIdsTo(db: DbExecutor, address: string, kinds: readonly string[]): Promise<number[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, WAITING_STATUSES), inArray(emailOutbox.kind, [...kinds]), eq(emailKey(emailOutbox.toAddress), emailKey(address))))
    .orderBy(emailOutbox.id)
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Withdraws an email a worker claimed and has not sent (`sending`): what it says was refused between
 * the claim and the send (its address unsubscribed, 0074). Kept, as any withdrawn email.
 */
export async function markClaimedEmailWithdrawn(db: DbExecutor, id: number, now: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending')));
}

/** Marks waiting emails 'withdrawn' (kept, never sent); returns the ids that changed. */
export async function markEmailsWithdrawn(db: DbExecutor, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(inArray(emailOutbox.id, ids), inArray(emailOutbox.status, WAITING_STATUSES)))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/** Replaces the content of waiting emails (their address, status and tries stay); returns the ids that changed. */
export async function rewriteWaitingEmails(
  db: DbExecutor,
  ids: number[],
  content: { locale: string; subject: string; html: string; text: string },
  now: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(emailOutbox)
    .set({ ...content, updatedAt: now })
    .where(and(inArray(emailOutbox.id, ids), inArray(emailOutbox.status, WAITING_STATUSES)))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/** Gives claimed emails back unsent (status 'pending', attempts unchanged): due again at once. */
export async function releaseClaimedEmails(db: DbExecutor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ status: 'pending', updatedAt: new Date() })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'sending')));
}

/** Marks an email sent; `sent` is its content as it went out, when that differs from the row's (0099). */
export async function markEmailSent(db: DbExecutor, id: number, now: Date, sent?: { html: string; text: string }): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null, updatedAt: now, ...(sent ? { html: sent.html, text: sent.text } : {}) })
    .where(eq(emailOutbox.id, id));
}

export async function markEmailAttemptFailed(
  db: DbExecutor,
  id: number,
  update: { attempts: number; status: 'pending' | 'failed'; nextAttemptAt: Date; lastError: string; now: Date },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ attempts: update.attempts, status: update.status, nextAttemptAt: update.nextAttemptAt, lastError: update.lastError, updatedAt: update.now })
    .where(eq(emailOutbox.id, id));
}

export type OutboxListItem = {
  id: number; kind: string; toAddress: string; subject: string; locale: string; status: string; attempts: number;
  nextAttemptAt: Date; lastError: string | null; sentAt: Date | null; createdAt: Date; relatedType: string | null; relatedId: number | null;
  text: string; html: string;
};

export async function listOutboxEmails(db: DbExecutor, options: { status?: string; limit: number }): Promise<OutboxListItem[]> {
  return db
    .select({
      id: emailOutbox.id, kind: emailOutbox.kind, toAddress: emailOutbox.toAddress, subject: emailOutbox.subject,
      locale: emailOutbox.locale, status: emailOutbox.status, attempts: emailOutbox.attempts,
      nextAttemptAt: emailOutbox.nextAttemptAt, lastError: emailOutbox.lastError, sentAt: emailOutbox.sentAt,
      createdAt: emailOutbox.createdAt, relatedType: emailOutbox.relatedType, relatedId: emailOutbox.relatedId,
      text: emailOutbox.text, html: emailOutbox.html,
    })
    .from(emailOutbox)
    .where(options.status ? eq(emailOutbox.status, options.status) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit);
}
