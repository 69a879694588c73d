import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { emailOutbox } from '@/db/schema/messages';
import type { MailMessage } from '@/features/email/mail-transport';
import { deliverDueEmails } from '@/features/email/outbox.service';

/** The outbox emails of one kind to one address, oldest first. */
export async function emailsTo(address: string, kind: string) {
  return (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind))).orderBy(emailOutbox.id);
}

/** Runs the outbox worker until nothing is due, with a mail server that keeps what it was handed; returns that. */
export async function deliverAllDue(): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  const transport = { send: async (message: MailMessage) => { sent.push(message); return { messageId: String(sent.length) }; } };
  while ((await deliverDueEmails({ transport })).sent > 0) { /* the next batch */ }
  return sent;
}

/** The fields of each .ics attachment that the tests read (folded lines unfolded). */
export function calendarEvents(attachments: { content: string }[] | null) {
  return (attachments ?? []).map((a) => {
    const lines = a.content.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
    return {
      uid: field('UID'), sequence: Number(field('SEQUENCE') ?? 0), start: field('DTSTART'), duration: field('DURATION'),
      description: field('DESCRIPTION'), method: field('METHOD'), status: field('STATUS'),
    };
  });
}
