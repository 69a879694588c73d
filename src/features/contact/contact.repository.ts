import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { emailKey } from '@/db/email-key';
import type { DbExecutor } from '@/db/client';
import { messages } from '@/db/schema/messages';

export async function insertMessage(db: DbExecutor, message: typeof messages.$inferInsert): Promise<{ id: number }> {
  const [row] = await db.insert(messages).values(message).returning({ id: messages.id });
  return row!;
}

export async function listMessageRows(db: DbExecutor, limit: number) {
  return db
    .select({
      id: messages.id,
      type: messages.type,
      name: messages.name,
      email: messages.email,
      phone: messages.phone,
      subject: messages.subject,
      content: messages.content,
      status: messages.status,
      isRead: messages.isRead,
      locale: messages.locale,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** One message, row-locked for the rest of the transaction (two admins answering at once send one reply). */
export async function lockMessage(db: DbExecutor, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).for('update');
  return row ?? null;
}

/** Files the office's reply: replied, read, with its text and time. */
export async function saveMessageReply(db: DbExecutor, id: number, body: string, at: Date) {
  const [row] = await db
    .update(messages)
    .set({ status: 'replied', isRead: true, responseContent: body, respondedAt: at, updatedAt: at })
    .where(eq(messages.id, id))
    .returning({ id: messages.id, status: messages.status, responseContent: messages.responseContent, respondedAt: messages.respondedAt });
  return row!;
}

/**
 * The newest `limit` messages written from `email` (compared as `emailKey` holds it: trimmed, lower case),
 * newest first, each with how many there are in all: one query, whatever the number (0112).
 */
export function selectMessagesByEmail(db: DbExecutor, email: string, limit: number) {
  return db
    .select({
      id: messages.id,
      subject: messages.subject,
      content: messages.content,
      status: messages.status,
      responseContent: messages.responseContent,
      respondedAt: messages.respondedAt,
      createdAt: messages.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(messages)
    .where(eq(emailKey(messages.email), emailKey(email)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}
