import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { emailOutbox } from '@/db/schema/messages';

/** The outbox emails of one kind to one address, oldest first. */
export async function emailsTo(address: string, kind: string) {
  return (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind))).orderBy(emailOutbox.id);
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
