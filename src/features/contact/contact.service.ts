import 'server-only';
import { getDb } from '@/db/client';
import { getEnv } from '@/env';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { toLocale } from '@/i18n/routing';
import { insertMessage, listMessageRows } from './contact.repository';
import type { ContactMessageRequest } from './contact.schema';
import { renderContactAckEmail, renderStaffNotificationEmail } from './contact-email';

/**
 * Stores a contact message and queues the visitor's acknowledgement and the staff notification,
 * all in one transaction: a mail server that is down never loses the message.
 * A filled honeypot is accepted and dropped silently (`id: null`), so bots learn nothing.
 */
export async function submitContactMessage(input: ContactMessageRequest, options: { locale: string }): Promise<{ id: number | null }> {
  if (input.website.trim() !== '') return { id: null };
  const locale = toLocale(options.locale);
  const branch = await getBranch();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { id } = await insertMessage(tx, {
      type: input.type,
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      content: input.message,
      locale,
    });
    await enqueueEmail(tx, { kind: 'contact-ack', to: input.email, locale, ...renderContactAckEmail(input, locale, branch), relatedType: 'message', relatedId: id });
    await enqueueEmail(tx, { kind: 'staff-notification', to: getEnv().STAFF_NOTIFY_EMAIL, locale: 'en', ...renderStaffNotificationEmail(input, locale, branch), relatedType: 'message', relatedId: id });
    return { id };
  });
}

/** Staff list (GET /api/messages), newest first. */
export async function listContactMessages(options: { limit?: number } = {}) {
  const rows = await listMessageRows(await getDb(), Math.min(Math.max(options.limit ?? 200, 1), 1000));
  return rows.map((row) => ({ ...row, message: row.content, createdAt: row.createdAt.toISOString() }));
}
