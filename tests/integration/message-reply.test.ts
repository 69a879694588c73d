/**
 * The office answers a contact message from the dashboard (POST /api/admin/messages/{id}/reply):
 * the reply is emailed to the visitor in the language they wrote in, the message is filed as
 * replied with its text, and a message is answered once.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { emailOutbox, messages } from '@/db/schema/messages';
import { type Handler, noParams } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: messagesRoute } = (await import('@/app/api/messages/route')) as unknown as { POST: Handler };
const { POST: replyRoute } = (await import('@/app/api/admin/messages/[id]/reply/route')) as unknown as { POST: Handler };
const { GET: messagePage } = (await import('@/app/api/admin/messages/route')) as unknown as { GET: Handler };

let adminToken = '';
let technicianToken = '';
let sent = 0;

/** A visitor's message through the contact form's API, in their language. */
async function visitorWrites(locale: string, name: string, email: string, message: string): Promise<number> {
  sent += 1;
  const res = await messagesRoute(new Request('http://localhost/api/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}`, 'x-forwarded-for': `10.13.0.${sent}` },
    body: JSON.stringify({ name, email, subject: 'question', message }),
  }), noParams);
  expect(res.status).toBe(200);
  const db = await getDb();
  const [row] = await db.select({ id: messages.id }).from(messages).where(eq(messages.email, email));
  return row!.id;
}

const reply = (id: number | string, body: unknown, staffLocale = 'en') => replyRoute(new Request(`http://localhost/api/admin/messages/${id}/reply`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${staffLocale}` },
  body: JSON.stringify(body),
}), { params: Promise.resolve({ id: String(id) }) });

async function repliesTo(email: string) {
  const db = await getDb();
  return db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'message-reply')));
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

describe('replying to a contact message', () => {
  it('emails the reply in the visitor’s language with their message quoted, and files the message as replied', async () => {
    const id = await visitorWrites('fr', 'Jeanne Roy', 'jeanne.roy@example.com', 'Traitez-vous les bords d’un étang ?\nMerci <b>beaucoup</b>');
    jar.token = adminToken;
    const res = await reply(id, { body: '  Oui, nous traitons les bords d’étang.\nÀ vendredi <script>!  ' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'replied', responseContent: 'Oui, nous traitons les bords d’étang.\nÀ vendredi <script>!' });

    const [mail] = await repliesTo('jeanne.roy@example.com');
    expect(mail).toMatchObject({ locale: 'fr', status: 'pending', relatedType: 'message', relatedId: id });
    expect(mail!.subject).toBe('Re\u00a0: Question générale');
    expect(mail!.html).toContain('<p>Bonjour Jeanne,</p>');
    expect(mail!.html).toContain('Oui, nous traitons les bords d’étang.<br>À vendredi &lt;script&gt;!');
    expect(mail!.html).toContain('Merci &lt;b&gt;beaucoup&lt;/b&gt;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain('Vous nous avez écrit le');
    expect(mail!.text).toContain('> Traitez-vous les bords d’un étang ?\n> Merci <b>beaucoup</b>');

    const db = await getDb();
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'replied', isRead: true, responseContent: 'Oui, nous traitons les bords d’étang.\nÀ vendredi <script>!' });
    expect(row!.respondedAt).toBeInstanceOf(Date);

    // The Messages tab shows the reply under the message.
    const page = await (await messagePage(new Request('http://localhost/api/admin/messages?limit=50'), noParams)).json();
    expect(page.messages.find((m: { id: number }) => m.id === id)).toMatchObject({ status: 'replied', responseContent: row!.responseContent, respondedAt: row!.respondedAt!.toISOString() });
  });

  it('greets the visitor once: the office’s own “Hi Olivia,” stands alone, a reply without one gets the email’s greeting', async () => {
    const greeted = await visitorWrites('en', 'Olivia Tremblay', 'olivia.greeted@example.com', 'Do you treat cedar hedges in June?');
    const plain = await visitorWrites('en', 'Olivia Tremblay', 'olivia.plain@example.com', 'Do you treat cedar hedges in July?');
    jar.token = adminToken;
    expect((await reply(greeted, { body: 'Hi Olivia,\n\nYes, we treat cedar hedges in June.\n\nThanks,\nMaria' })).status).toBe(200);
    expect((await reply(plain, { body: 'Yes, we treat cedar hedges in July.' })).status).toBe(200);

    const [own] = await repliesTo('olivia.greeted@example.com');
    for (const part of [own!.text, own!.html]) {
      expect(part.match(/\bHi\b/g)).toHaveLength(1);
      expect(part).not.toContain('Hi Olivia Tremblay,');
    }
    expect(own!.text).toContain('A reply to your message\n\nHi Olivia,\n\nYes, we treat cedar hedges in June.\n\nThanks,\nMaria\n\nYou wrote on');
    expect(own!.html).toContain('<p>Hi Olivia,<br><br>Yes, we treat cedar hedges in June.<br><br>Thanks,<br>Maria</p>');
    // The office signed it: the email adds its footer, not a second sign-off.
    expect(own!.text.match(/Thanks,/g)).toHaveLength(1);

    const [template] = await repliesTo('olivia.plain@example.com');
    for (const part of [template!.text, template!.html]) expect(part.match(/\bHi\b/g)).toHaveLength(1);
    expect(template!.text).toContain('A reply to your message\n\nHi Olivia,\n\nYes, we treat cedar hedges in July.\n\nYou wrote on');
    expect(template!.html).toContain('<p>Hi Olivia,</p>\n<p>Yes, we treat cedar hedges in July.</p>');
  });

  it('answers once: a second reply is refused in the staff member’s language and sends nothing more', async () => {
    const id = await visitorWrites('de', 'Lena Vogel', 'lena.vogel@example.com', 'Wann kommen Sie in Grimsby vorbei?');
    jar.token = adminToken;
    const [first, second] = await Promise.all([reply(id, { body: 'Jeden Freitag.' }), reply(id, { body: 'Freitags.' })]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = await reply(id, { body: 'Noch einmal.' }, 'es');
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('Este mensaje ya tiene respuesta. Vuelva a cargar la página para verla.');
    const mails = await repliesTo('lena.vogel@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('AW: Allgemeine Frage');
  });

  it('refuses an empty reply with a field message, and an unknown message', async () => {
    const id = await visitorWrites('en', 'Sam Lee', 'sam.lee@example.com', 'Do you treat for ticks in Dundas?');
    jar.token = adminToken;
    const empty = await reply(id, { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fields).toEqual({ body: 'Write a reply of at least 2 characters' });
    const tooLong = await reply(id, { body: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect((await reply(999_999, { body: 'Hello there' })).status).toBe(404);
    expect((await reply('abc', { body: 'Hello there' })).status).toBe(404);
    expect(await repliesTo('sam.lee@example.com')).toHaveLength(0);
    const db = await getDb();
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'new', responseContent: null });
  });

  it('is for the office only: a technician and a visitor without a session are refused', async () => {
    const id = await visitorWrites('en', 'Ava Chen', 'ava.chen@example.com', 'Is the spray safe for bees?');
    jar.token = technicianToken;
    expect((await reply(id, { body: 'Yes, when dry.' })).status).toBe(403);
    jar.token = undefined;
    expect((await reply(id, { body: 'Yes, when dry.' })).status).toBe(401);
    expect(await repliesTo('ava.chen@example.com')).toHaveLength(0);
  });
});
