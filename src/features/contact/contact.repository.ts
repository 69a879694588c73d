import 'server-only';
import { desc } from 'drizzle-orm';
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
