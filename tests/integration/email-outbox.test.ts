import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { emailOutbox, messages } from '@/db/schema/messages';
import { createSmtpTransport } from '@/features/email/mail-transport';
import { deliverDueEmails, enqueueEmail, MAX_ATTEMPTS } from '@/features/email/outbox.service';
import { buildIcsEvent } from '@/features/email/ics';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'staff_session' && jar.token ? { name, value: jar.token } : undefined) }),
}));
const { GET: listMessagesRoute, POST: messagesRoute } = await import('@/app/api/messages/route');
const { POST: resendRoute } = await import('@/app/api/admin/outbox/[id]/resend/route');

const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let ip = 0;
const postMessage = (body: unknown, headers: Record<string, string> = {}) =>
  messagesRoute(new Request('http://localhost/api/messages', {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${++ip}`, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body),
  }), noParams);

/** A real SMTP server on a random port; `refuse` makes it answer RCPT with a temporary error. */
type Received = { from: string; to: string[]; raw: string };
const smtp = { refuse: false, received: [] as Received[], server: undefined as SMTPServer | undefined, port: 0 };

beforeAll(async () => {
  smtp.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (smtp.refuse) {
        const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => { raw += chunk; });
      stream.on('end', () => {
        smtp.received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.server!.listen(0, '127.0.0.1', resolve));
  smtp.port = (smtp.server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.server?.close(() => resolve()));
});

const statusOf = async (id: number) => {
  const db = await getDb();
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
};

describe('contact messages and the outbox', () => {
  it('stores the message, answers ok even while the mail server refuses, and delivers after it recovers', async () => {
    smtp.refuse = true;
    const res = await postMessage({ name: 'Jean Dupuis', email: 'Jean@Example.com', phone: '905 555 0111', subject: 'Devis', message: 'Bonjour, pouvez-vous traiter mon jardin ?' }, { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(res.status).toBe(200);
    const { ok, id } = await res.json();
    expect(ok).toBe(true);

    const db = await getDb();
    const [message] = await db.select().from(messages).where(eq(messages.id, id));
    expect(message).toMatchObject({ name: 'Jean Dupuis', email: 'jean@example.com', subject: 'Devis', locale: 'fr', status: 'new' });
    const queued = await db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, id));
    expect(queued.map((e) => [e.kind, e.toAddress, e.locale]).sort()).toEqual([
      ['contact-ack', 'jean@example.com', 'fr'],
      ['staff-notification', 'hello@escarpmentmosquito.ca', 'en'],
    ]);
    const ack = queued.find((e) => e.kind === 'contact-ack')!;
    expect(ack.subject).toBe('Nous avons bien reçu votre message');

    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    const now = new Date();
    const first = await deliverDueEmails({ now, transport });
    expect(first).toEqual({ sent: 0, retried: 2, failed: 0 });
    expect(await statusOf(ack.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await statusOf(ack.id)).lastError).toMatch(/451|temporarily/i);
    expect(smtp.received).toHaveLength(0);

    // Not due yet: backoff holds it back even though the server is fine again.
    smtp.refuse = false;
    expect(await deliverDueEmails({ now: new Date(now.getTime() + 30_000), transport })).toEqual({ sent: 0, retried: 0, failed: 0 });

    const second = await deliverDueEmails({ now: new Date(now.getTime() + 61_000), transport });
    expect(second).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await statusOf(ack.id)).toMatchObject({ status: 'sent', attempts: 2 });
    const delivered = smtp.received.find((m) => m.to.includes('jean@example.com'))!;
    expect(delivered.raw).toMatch(/multipart\/alternative/);
    expect(delivered.raw).toMatch(/text\/plain/);
    expect(delivered.raw).toMatch(/text\/html/);
    // "Reply" in the office's mailbox answers the visitor; the visitor's own copy has no Reply-To.
    const notice = smtp.received.find((m) => m.to.includes('hello@escarpmentmosquito.ca'))!;
    expect(notice.raw).toMatch(/^Reply-To: jean@example\.com\r?$/im);
    expect(delivered.raw).not.toMatch(/^Reply-To:/im);

    // Sent mail is never sent again.
    expect(await deliverDueEmails({ now: new Date(now.getTime() + 3_600_000), transport })).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('keeps mail queued while no server listens at all, and carries .ics attachments', async () => {
    const db = await getDb();
    const ics = buildIcsEvent({ uid: 'booking-42@escarpment', title: 'Mosquito treatment', date: '2027-06-04', time: '09:00' });
    const { id } = await db.transaction((tx) => enqueueEmail(tx, { kind: 'receipt', to: 'ics@example.com', locale: 'en', subject: 'Receipt', html: '<p>Paid</p>', text: 'Paid', attachments: [ics] }));
    const down = createSmtpTransport('smtp://127.0.0.1:1');
    const now = new Date();
    expect((await deliverDueEmails({ now, transport: down })).retried).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 1 });

    const up = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    await deliverDueEmails({ now: new Date(now.getTime() + 61_000), transport: up });
    expect(await statusOf(id)).toMatchObject({ status: 'sent' });
    const raw = smtp.received.find((m) => m.to.includes('ics@example.com'))!.raw;
    expect(raw).toMatch(/text\/calendar/);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts with growing waits, leaving the email for staff`, async () => {
    const db = await getDb();
    const { id } = await db.transaction((tx) => enqueueEmail(tx, { kind: 'quote', to: 'never@example.com', locale: 'en', subject: 'S', html: 'h', text: 't' }));
    const failing = { send: async () => { throw new Error('550 no such user'); } };
    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueEmails({ now, transport: failing });
      const row = await statusOf(id);
      expect(row.attempts).toBe(attempt);
      waits.push(row.nextAttemptAt.getTime() - now.getTime());
      now = new Date(row.nextAttemptAt.getTime() + 1);
    }
    expect((await statusOf(id)).status).toBe('failed');
    expect(waits.slice(0, 3)).toEqual([60_000, 120_000, 240_000]);
    expect(Math.max(...waits)).toBe(3_600_000);
    // Still trying after two days of refusals; given up only after about three.
    expect(waits.slice(0, -1).reduce((a, b) => a + b, 0)).toBeGreaterThan(72 * 3_600_000);
    expect(await deliverDueEmails({ now: new Date(now.getTime() + 864e5 * 365), transport: failing })).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('never sends one email twice when two workers run at once', async () => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      for (let i = 0; i < 6; i++) await enqueueEmail(tx, { kind: 'quote', to: `par${i}@example.com`, locale: 'en', subject: 'S', html: 'h', text: 't' });
    });
    const sentTo: string[] = [];
    const counting = { send: async (m: { to: string }) => { sentTo.push(m.to); return { messageId: m.to }; } };
    const now = new Date(Date.now() + 864e5 * 400);
    await Promise.all([deliverDueEmails({ now, transport: counting, batchSize: 4 }), deliverDueEmails({ now, transport: counting, batchSize: 4 }), deliverDueEmails({ now, transport: counting, batchSize: 4 })]);
    const parallel = sentTo.filter((to) => to.startsWith('par'));
    expect(new Set(parallel).size).toBe(parallel.length);
    expect(parallel).toHaveLength(6);
  });
});

describe('POST /api/messages validation', () => {
  it('answers 400 with SPEC messages, in the visitor language', async () => {
    const res = await postMessage({ name: 'J', email: 'x@', subject: 'a', message: 'short' }, { 'accept-language': 'de' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      name: 'Name ist erforderlich', email: 'Ungültige E-Mail-Adresse', subject: 'Betreff ist erforderlich', message: 'Die Nachricht muss mindestens 10 Zeichen lang sein',
    });
    for (const body of ['{', 'null', '[]', {}, { name: 5, email: [], message: {} }]) expect((await postMessage(body)).status).toBeLessThan(500);
  });

  it('accepts the legacy content field and default subject, drops honeypot posts, and rate-limits a flood', async () => {
    const legacy = await (await postMessage({ name: 'Old Form', email: 'old@example.com', content: 'Using the older field name here.', type: 'contact' })).json();
    const db = await getDb();
    const [row] = await db.select().from(messages).where(eq(messages.id, legacy.id));
    expect(row).toMatchObject({ subject: 'question', content: 'Using the older field name here.' });

    const bot = await (await postMessage({ name: 'Bot', email: 'bot@example.com', message: 'Buy cheap things now!!!', website: 'x' })).json();
    expect(bot).toEqual({ ok: true, id: null });
    expect(await db.select().from(messages).where(eq(messages.email, 'bot@example.com'))).toEqual([]);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await postMessage({ name: 'Flood', email: 'f@example.com', message: 'Hello there, this is long enough.' }, { 'x-forwarded-for': '10.3.3.3' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('lists messages for staff only', async () => {
    jar.token = undefined;
    expect((await listMessagesRoute(new Request('http://localhost/api/messages'), noParams)).status).toBe(401);
  });
});

describe('a slow mail server', () => {
  it('starts no send after half the reclaim window: the rest goes back unsent, with no attempt counted, and leaves on the next run', async () => {
    const db = await getDb();
    // Whatever earlier tests left due goes first, so the batch below holds only these four.
    const later = new Date(Date.now() + 30 * 86_400_000);
    const fine = { send: async () => ({ messageId: 'ok' }) };
    while ((await deliverDueEmails({ now: later, transport: fine })).sent > 0) { /* drain */ }
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await enqueueEmail(db, { kind: 'contact-ack', to: `slow-${i}@example.com`, locale: 'en', subject: `Slow ${i}`, html: '<p>x</p>', text: 'x' })).id);
    }
    // Each send takes four minutes on this server.
    let clock = 0;
    const sentTo: string[] = [];
    const slow = { send: async (m: { to: string }) => { clock += 4 * 60_000; sentTo.push(m.to); return { messageId: 'slow' }; } };
    const report = await deliverDueEmails({ now: later, transport: slow, elapsedMs: () => clock });
    // Starts at 0 and 4 minutes; at 8 minutes the budget (5) is spent.
    expect(report).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(sentTo).toEqual(['slow-0@example.com', 'slow-1@example.com']);
    for (const id of ids.slice(2)) expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });

    expect(await deliverDueEmails({ now: later, transport: fine })).toEqual({ sent: 2, retried: 0, failed: 0 });
    for (const id of ids) expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('sending a failed email again (the Emails tab)', () => {
  it('puts it back in the queue for a new round of attempts, office only; an email not failed is refused', async () => {
    const { adminToken, technicianToken } = await signInAdminAndTechnician();
    const db = await getDb();
    const { id } = await enqueueEmail(db, { kind: 'receipt', to: 'typo@exmaple.com', locale: 'en', subject: 'Your receipt', html: '<p>x</p>', text: 'x' });
    const gaveUp = new Date(Date.now() - 86_400_000);
    await db.update(emailOutbox).set({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: '550 No such user', nextAttemptAt: gaveUp }).where(eq(emailOutbox.id, id));
    const resend = (emailId: number | string) => resendRoute(new Request(`http://localhost/api/admin/outbox/${emailId}/resend`, { method: 'POST' }), { params: Promise.resolve({ id: String(emailId) }) });

    jar.token = technicianToken;
    expect((await resend(id)).status).toBe(403);
    jar.token = undefined;
    expect((await resend(id)).status).toBe(401);
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    jar.token = adminToken;
    const res = await resend(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, status: 'pending' });
    const queued = await statusOf(id);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 });
    expect(queued.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    const sentTo: string[] = [];
    await deliverDueEmails({ transport: { send: async (m) => { sentTo.push(m.to); return { messageId: 'ok' }; } } });
    expect(sentTo).toContain('typo@exmaple.com');
    expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 1 });

    const again = await resend(id);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This email has not failed: it is already queued or sent.');
    expect((await resend(987_654)).status).toBe(404);
    expect((await resend('x')).status).toBe(404);
  });
});
