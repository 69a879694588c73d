import 'server-only';
import { getDb } from '@/db/client';
import { getEnv } from '@/env';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { loadMessages } from '@/i18n/messages';
import { LOCALES, toLocale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { insertMessage, listMessageRows, lockMessage, saveMessageReply } from './contact.repository';
import type { ContactMessageRequest, MessageReply } from './contact.schema';
import { renderContactAckEmail, renderMessageReplyEmail, renderStaffNotificationEmail } from './contact-email';
import type { MessageReplyFrame } from './message-reply';

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
    // "Reply" in the office's mailbox answers the visitor.
    await enqueueEmail(tx, {
      kind: 'staff-notification', to: getEnv().STAFF_NOTIFY_EMAIL, replyTo: input.email, locale: 'en',
      ...renderStaffNotificationEmail(input, locale, branch), relatedType: 'message', relatedId: id,
    });
    return { id };
  });
}

/** Staff list (GET /api/messages), newest first. */
export async function listContactMessages(options: { limit?: number } = {}) {
  const rows = await listMessageRows(await getDb(), Math.min(Math.max(options.limit ?? 200, 1), 1000));
  return rows.map((row) => ({ ...row, message: row.content, createdAt: row.createdAt.toISOString() }));
}

/**
 * The office answers a contact message from the dashboard: the reply is queued to the visitor in
 * their language and filed on the message (replied, with its text and time) in one transaction.
 * A message is answered once here; a second answer, from a double click or a colleague at the same
 * moment, is refused (409), and the conversation goes on by email.
 */
export async function replyToMessage(id: number | null, input: MessageReply, now = new Date()) {
  if (id === null) throw new AppError('not_found', 'errors.notFound');
  const branch = await getBranch();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const message = await lockMessage(tx, id);
    if (!message) throw new AppError('not_found', 'errors.notFound');
    if (message.responseContent !== null) throw new AppError('conflict', 'adminDashboard.reply.alreadyReplied');
    const locale = toLocale(message.locale);
    await enqueueEmail(tx, {
      kind: 'message-reply', to: message.email, locale,
      ...renderMessageReplyEmail(message, input.body, locale, branch),
      relatedType: 'message', relatedId: id,
    });
    const saved = await saveMessageReply(tx, id, input.body, now);
    return { ...saved, respondedAt: saved.respondedAt?.toISOString() ?? null };
  });
}

/**
 * The reply dialog's preview (0063) writes the letter with the server's `composeMessageReply`:
 * it gets the branch that signs the email and, for each language, the wording that function uses.
 */
export async function loadMessageReplyFrame(): Promise<MessageReplyFrame> {
  const { displayName, phone, email, address, city, province, postalCode } = await getBranch();
  const wording = (locale: (typeof LOCALES)[number]) => {
    const all = loadMessages(locale) as { contact: { ack: { greeting: string } }; email: { footer: string } };
    return { contact: { ack: { greeting: all.contact.ack.greeting } }, email: { footer: all.email.footer } };
  };
  return {
    branch: { displayName, phone, email, address, city, province, postalCode },
    messages: Object.fromEntries(LOCALES.map((locale) => [locale, wording(locale)])),
  };
}
