import 'server-only';
import { getDb, type DbExecutor } from '@/db/client';
import type { OutboxAttachment } from '@/db/schema/messages';
import { getEnv } from '@/env';
import { getBranch } from '@/features/branch/branch.service';
import { AppError } from '@/lib/errors';
import { buildListUnsubscribeHeaders, PROMOTIONAL_EMAIL_KINDS } from '@/features/marketing-email/list-unsubscribe';
import { isPromotionalEmailRefused } from '@/features/marketing-email/promotional-delivery';
import { getLogger } from '@/server/logger';
import { refreshEmailContact, type EmailBranch } from './email-layout';
import { getMailTransport, type MailTransport } from './mail-transport';
import {
  claimDueEmails, countEmailsAbout, insertOutboxEmail, insertOutboxEmails, listOutboxEmails, markClaimedEmailWithdrawn, markEmailAttemptFailed, markEmailSent, markEmailsWithdrawn,
  type NewOutboxEmail, type OutboxListItem, releaseClaimedEmails, requeueFailedEmail, rewriteWaitingEmails, selectExistingTopics, selectWaitingEmailIdsTo,
  selectWaitingEmailsByTopic, selectWaitingEmailsTo,
} from './outbox.repository';

export type EmailKind =
  /** The quote a person asked for: it answers their request, so an unsubscribed address still gets it (0066). */
  | 'quote'
  /** The office's follow-up of a quote (0059): promotional, withdrawn and refused once its address unsubscribes (0074). */
  | 'quote-follow-up'
  | 'booking-received' | 'receipt' | 'contact-ack' | 'staff-notification' | 'visit-moved' | 'booking-cancelled' | 'message-reply' | 'visit-reminder'
  | 'manage-link' | 'visit-report'
  /** A booking's new private link after the office replaced it; the old one opens nothing (0050). */
  | 'manage-link-replaced'
  /** A free re-treatment request's answers to the customer: received, scheduled, declined (0047). */
  | 'retreatment'
  /** Promotional, sent only on consent; carries the one-click unsubscribe headers (0043). */
  | 'season-opener'
  /** The booking page with the customer's details filled in, sent by the office at their request (0105): transactional. */
  | 'booking-invite';

export { countEmailsAbout };

export type EnqueueEmailInput = {
  kind: EmailKind;
  to: string;
  locale: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachment[];
  /** The address the recipient's "Reply" answers (the customer, on a notice to the office). */
  replyTo?: string;
  relatedType?: string;
  relatedId?: number;
  /** What the email tells, for a later change to find it while it waits (`withdrawWaitingEmails`, 0034). */
  topic?: string;
};

/**
 * After this many failed attempts (about three days of retries: waits of 1, 2, 4, 8, 16 and 32
 * minutes, then hourly) an email is marked 'failed' and left for staff to read. A mail server that
 * is down over a weekend delays mail; it does not lose it.
 */
export const MAX_ATTEMPTS = 80;
const BASE_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** A claim older than this belongs to a worker that died mid-send. */
const STALE_CLAIM_MS = 10 * 60_000;
/**
 * A batch starts no send later than this after its claim. With SMTP_TIMEOUTS bounding one send to
 * about 1.5 minutes, every claimed email is sent or given back well before STALE_CLAIM_MS, when
 * another worker may claim it again (and would send it a second time).
 */
export const SEND_BUDGET_MS = STALE_CLAIM_MS / 2;

/** Wait before the next try after `attempts` failures: 1 min, 2, 4, … doubling, at most an hour. */
export function computeRetryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues an email in the caller's transaction, so it exists exactly when the data it describes
 * was committed. Delivery happens later (`deliverDueEmails`).
 */
export async function enqueueEmail(tx: DbExecutor, input: EnqueueEmailInput): Promise<{ id: number }> {
  return { id: await insertOutboxEmail(tx, toOutboxRow(input)) };
}

/** `enqueueEmail` for a batch (a mailing): one INSERT for all of them, in the caller's transaction. */
export async function enqueueEmails(tx: DbExecutor, inputs: EnqueueEmailInput[]): Promise<{ ids: number[] }> {
  return { ids: await insertOutboxEmails(tx, inputs.map(toOutboxRow)) };
}

function toOutboxRow(input: EnqueueEmailInput): NewOutboxEmail {
  return {
    kind: input.kind,
    toAddress: input.to,
    replyTo: input.replyTo ?? null,
    locale: input.locale,
    subject: input.subject,
    html: input.html,
    text: input.text,
    attachments: input.attachments ?? null,
    relatedType: input.relatedType ?? null,
    relatedId: input.relatedId ?? null,
    topic: input.topic ?? null,
    // Due from now on the app's clock, the clock `deliverDueEmails` asks with: the database's own
    // now() is finer than a millisecond, so a row stamped by it could be a fraction of a millisecond
    // "later" than a delivery run in the same millisecond and wait for the next run.
    nextAttemptAt: new Date(),
  };
}

/**
 * Which of `topics` already have an email in the outbox, in any state. The outbox does not refuse
 * a second email of a topic; a sender that must send one at most checks here, under its own lock.
 */
export async function findQueuedTopics(tx: DbExecutor, topics: string[]): Promise<Set<string>> {
  return selectExistingTopics(tx, topics);
}

/**
 * The emails about `topic` not sent yet and not being sent (pending, or failed and waiting for
 * staff), oldest first. Run in the transaction of the change that makes them wrong: they stay
 * locked until it ends, so no worker claims one meanwhile, and one a worker already holds is in
 * flight and not returned (docs/decisions/0034).
 */
export async function lockWaitingEmails(tx: DbExecutor, topic: string): Promise<number[]> {
  return (await selectWaitingEmailsByTopic(tx, topic)).map((r) => r.id);
}

/**
 * The emails to `address` not sent yet and not being sent, with their content, oldest first, locked
 * like `lockWaitingEmails`' until the caller's transaction ends: for a change that makes something
 * they print wrong to rewrite them (`rewriteEmails`) before any worker sends one.
 */
export async function lockWaitingEmailsTo(tx: DbExecutor, address: string): Promise<{ id: number; locale: string; subject: string; html: string; text: string }[]> {
  return selectWaitingEmailsTo(tx, address);
}

/**
 * The promotional emails (`PROMOTIONAL_EMAIL_KINDS`: season openers, quote follow-ups) to `address`
 * still waiting, locked like `lockWaitingEmails`' until the caller's transaction ends: an unsubscribe
 * withdraws them (docs/decisions/0074). Service emails to the address are not returned.
 */
export async function lockWaitingPromotionalEmailsTo(tx: DbExecutor, address: string): Promise<number[]> {
  return selectWaitingEmailIdsTo(tx, address, PROMOTIONAL_EMAIL_KINDS);
}

/** Withdraws waiting emails: kept in the outbox as 'withdrawn', for staff to read, and never sent. */
export async function withdrawWaitingEmails(tx: DbExecutor, ids: number[], now: Date): Promise<number[]> {
  return markEmailsWithdrawn(tx, ids, now);
}

/** Rewrites waiting emails with new content; they keep their place in the queue. */
export async function rewriteEmails(tx: DbExecutor, ids: number[], content: { locale: string; subject: string; html: string; text: string }, now: Date): Promise<number[]> {
  return rewriteWaitingEmails(tx, ids, content, now);
}

export type DeliveryReport = { sent: number; retried: number; failed: number };

/**
 * Sends the emails that are due. Each one is claimed first (so parallel workers never send it
 * twice), then sent; a failure schedules a retry with exponential backoff and never loses it.
 */
export async function deliverDueEmails(options: {
  now?: Date; transport: MailTransport; batchSize?: number; from?: string;
  /** Time since the claim, in ms (tests pass a fake one); real time elapsed by default. */
  elapsedMs?: () => number;
  /** The business's contact details now (tests pass one); `getBranch()` by default. */
  contact?: () => Promise<EmailBranch>;
}): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const startedAt = Date.now();
  const elapsedMs = options.elapsedMs ?? (() => Date.now() - startedAt);
  const db = await getDb();
  const from = options.from ?? getEnv().MAIL_FROM;
  const claimed = await claimDueEmails(db, now, options.batchSize ?? 20, new Date(now.getTime() - STALE_CLAIM_MS));
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  if (claimed.length === 0) return report;
  // The phone, email and mailing address as the owner has them now, read once for the batch (0099).
  // Unreadable, the emails go as written rather than wait: they were right when queued.
  const branch = await (options.contact ?? (() => getBranch()))().catch((error: unknown) => {
    getLogger().warn({ err: error }, 'business contact details unreadable: emails sent as written');
    return null;
  });
  for (const [index, email] of claimed.entries()) {
    if (elapsedMs() > SEND_BUDGET_MS) {
      // A slow mail server: give the rest back, unsent and with no attempt counted, for the next run.
      const rest = claimed.slice(index).map((e) => e.id);
      await releaseClaimedEmails(db, rest);
      getLogger().warn({ released: rest.length }, 'email batch ran long; the rest goes out on the next run');
      break;
    }
    try {
      // A promotional email whose address unsubscribed after it was queued, even after this claim, is
      // withdrawn instead of sent: asked here, just before it goes (0074). A failed question is a failed try.
      if (await isPromotionalEmailRefused(db, email)) {
        await markClaimedEmailWithdrawn(db, email.id, new Date());
        getLogger().info({ emailId: email.id, kind: email.kind }, 'promotional email withdrawn at delivery: its address unsubscribed');
        continue;
      }
      const headers = buildListUnsubscribeHeaders(email);
      // Written when queued; its closing gives the contact details of today, not of then (0099).
      const content = branch ? refreshEmailContact(email, branch) : email;
      await options.transport.send({
        from, to: email.toAddress, replyTo: email.replyTo, subject: email.subject, html: content.html, text: content.text, attachments: email.attachments,
        ...(headers ? { headers } : {}),
      });
      // The outbox keeps what was sent, for staff reading it later.
      await markEmailSent(db, email.id, new Date(), content.html === email.html && content.text === email.text ? undefined : content);
      report.sent += 1;
    } catch (error) {
      const attempts = email.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      await markEmailAttemptFailed(db, email.id, {
        attempts,
        status: failed ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + computeRetryDelayMs(attempts)),
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        now,
      });
      getLogger().warn({ emailId: email.id, attempts, err: error }, failed ? 'email delivery gave up' : 'email delivery failed, will retry');
      if (failed) report.failed += 1;
      else report.retried += 1;
    }
  }
  return report;
}

/**
 * Staff send a failed email again (the Emails tab), once the address or the mail server is fixed:
 * a new round of attempts from now. Only a failed email; anything else is already on its way.
 */
export async function resendFailedEmail(id: number | null, now = new Date()): Promise<{ id: number; status: string }> {
  if (id === null) throw new AppError('not_found', 'errors.notFound');
  const result = await requeueFailedEmail(await getDb(), id, now);
  if (!result) throw new AppError('not_found', 'errors.notFound');
  if (!result.requeued) throw new AppError('conflict', 'adminDashboard.resend.notFailed');
  return { id, status: result.status };
}

/** The worker's job: deliver through SMTP when configured; without SMTP, mail stays in the outbox. */
export async function runOutboxDelivery(): Promise<DeliveryReport | null> {
  const transport = getMailTransport();
  if (!transport) return null;
  return deliverDueEmails({ transport });
}

/** Staff view of the outbox, newest first. */
export async function listOutbox(options: { status?: string; limit?: number } = {}): Promise<OutboxListItem[]> {
  return listOutboxEmails(await getDb(), { status: options.status, limit: Math.min(Math.max(options.limit ?? 100, 1), 500) });
}
