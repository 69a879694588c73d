/**
 * Withdrawing a re-treatment request and the staff bar's count of open ones (docs/decisions/0051),
 * through the route handlers on a real database: the customer withdraws from their link (kept as
 * 'withdrawn', the office told in the same transaction, a new request possible within the window),
 * a request the office answered cannot be withdrawn (translated 409, nothing written), the office's
 * Schedule and the customer's withdrawal at once (exactly one wins), the office's list, and the
 * count the staff layout puts next to "Re-treatments" (admins only, served by the open-list index).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { retreatmentRequests } from '@/db/schema/retreatments';
import { createManageToken } from '@/features/manage-booking/manage-link';
import {
  countOpenRetreatmentRequests, declineRetreatment, loadRetreatmentOffer, scheduleRetreatment, withdrawRetreatment,
} from '@/features/retreatments/retreatment.service';
import { addCalendarDays } from '@/features/scheduling/available-dates';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { isAppError } from '@/lib/errors';
import type { Handler } from '../support/handlers';
import { deliverAllDue } from '../support/outbox';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { explainWithoutSeqScans } from '../support/sql';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));
// The staff layout runs here outside Next's server-components build, where next-intl's server entry refuses to load.
vi.mock('next-intl/server', () => ({ setRequestLocale: () => {} }));

const { POST: requestRoute } = (await import('@/app/api/manage-booking/[token]/retreatment/route')) as unknown as { POST: Handler };
const { POST: withdrawRoute } = (await import('@/app/api/manage-booking/[token]/retreatment/withdraw/route')) as unknown as { POST: Handler };
const { GET: listRoute } = (await import('@/app/api/retreatments/route')) as unknown as { GET: Handler };
const { POST: scheduleRoute } = (await import('@/app/api/retreatments/[id]/schedule/route')) as unknown as { POST: Handler };
const { POST: declineRoute } = (await import('@/app/api/retreatments/[id]/decline/route')) as unknown as { POST: Handler };
const { default: StaffLayout } = await import('@/app/[locale]/(staff)/layout');

let sent = 0;
/** A JSON request to a handler, each from its own client address (the link's limits are per address). */
function call(handler: Handler, path: string, params: Record<string, string>, init: { body?: unknown; locale?: string } = {}) {
  sent += 1;
  return handler(new Request(`http://localhost${path}`, {
    method: init.body !== undefined ? 'POST' : 'GET',
    headers: {
      'x-forwarded-for': `10.63.${Math.floor(sent / 200)}.${sent % 200}`,
      'accept-language': init.locale ?? 'en',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  }), { params: Promise.resolve(params) });
}
const ask = (token: string) => call(requestRoute, `/api/manage-booking/${token}/retreatment`, { token }, { body: { reason: 'pests-back', note: 'Back by the pond.' } });
const withdraw = (token: string, requestId: unknown, locale = 'en') =>
  call(withdrawRoute, `/api/manage-booking/${token}/retreatment/withdraw`, { token }, { body: { requestId }, locale });
const schedule = (id: number, date: string) => call(scheduleRoute, `/api/retreatments/${id}/schedule`, { id: String(id) }, { body: { date } });
const decline = (id: number, reason: string) => call(declineRoute, `/api/retreatments/${id}/decline`, { id: String(id) }, { body: { reason } });
type OfficeRow = { id: number; status: string; handledAt: string | null; handledBy: string | null };
const officeList = async () => {
  const res = await call(listRoute, '/api/retreatments', {});
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { open: OfficeRow[]; handled: OfficeRow[] };
};

let adminToken = '';
let technicianToken = '';
let fridays: string[] = [];
let next = 0;
const takeFriday = () => fridays[next++]!;

/** A one-time treatment done on a coming Friday (so well within its 7 days), with an open request. */
async function openRequest() {
  const date = takeFriday();
  const email = `withdraw-${randomUUID().slice(0, 8)}@example.com`;
  const customerId = await insertCustomer({ email });
  const { bookingRef, ids } = await insertConfirmedVisits(customerId, date, [{ status: 'completed', completedAt: new Date() }]);
  const token = createManageToken({ bookingRef, generation: 0 });
  const res = await ask(token);
  expect(res.status, await res.clone().text()).toBe(200);
  const { id } = (await res.json()) as { id: number };
  return { bookingRef, token, requestId: id, date, email, visitId: ids[0]! };
}

async function requestRow(id: number) {
  const [row] = await (await getDb()).select().from(retreatmentRequests).where(eq(retreatmentRequests.id, id));
  return row!;
}
async function officeNotices(bookingRef: string) {
  const rows = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.kind, 'staff-notification')).orderBy(emailOutbox.id);
  return rows.filter((r) => r.subject.includes(bookingRef));
}
async function freeVisits(bookingRef: string) {
  const rows = await (await getDb()).select().from(appointments).where(eq(appointments.bookingRef, bookingRef));
  return rows.filter((v) => v.kind === 'retreatment');
}
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

/** The counts the staff layout hands the staff shell, for whoever the cookie names. */
async function layoutCounts(token: string | undefined): Promise<unknown> {
  const before = jar.token;
  jar.token = token;
  try {
    const tree = await StaffLayout({ children: null, params: Promise.resolve({ locale: 'en' }) });
    const find = (node: ReactNode): ReactElement<{ counts?: unknown }> | null => {
      if (!isValidElement<{ counts?: unknown; children?: ReactNode }>(node)) return Array.isArray(node) ? node.map(find).find(Boolean) ?? null : null;
      if ('session' in (node.props as object)) return node;
      return find(node.props.children);
    };
    const shell = find(tree);
    expect(shell).not.toBeNull();
    return shell!.props.counts;
  } finally {
    jar.token = before;
  }
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  jar.token = adminToken;
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(12);
});

describe('the staff bar counts the open requests (0051)', () => {
  it('counts what waits for an answer: up with a request, down when it is withdrawn, scheduled or declined', async () => {
    expect(await countOpenRetreatmentRequests()).toBe(0);
    const a = await openRequest();
    const b = await openRequest();
    const c = await openRequest();
    expect(await countOpenRetreatmentRequests()).toBe(3);
    // Another branch's requests are not this office's.
    expect(await countOpenRetreatmentRequests(999)).toBe(0);

    expect((await withdraw(a.token, a.requestId)).status).toBe(200);
    expect(await countOpenRetreatmentRequests()).toBe(2);
    expect((await schedule(b.requestId, fridays[fridays.length - 1]!)).status).toBe(200);
    expect(await countOpenRetreatmentRequests()).toBe(1);
    expect((await decline(c.requestId, 'Not after three days of sun.')).status).toBe(200);
    expect(await countOpenRetreatmentRequests()).toBe(0);
  });

  it('is what the staff layout gives the shell for an admin; a technician and the login form get none', async () => {
    const { token, requestId } = await openRequest();
    expect(await layoutCounts(adminToken)).toEqual({ retreatments: 1 });
    expect(await layoutCounts(technicianToken)).toEqual({});
    expect(await layoutCounts(undefined)).toEqual({});
    expect((await withdraw(token, requestId)).status).toBe(200);
    expect(await layoutCounts(adminToken)).toEqual({ retreatments: 0 });
  });

  it('is served by the open-list index, not a scan of every request', async () => {
    const { plan } = await explainWithoutSeqScans(() => ({
      plan: { getSQL: () => sql.raw("select count(*) from retreatment_requests where branch_id = 1 and status = 'open'") },
    }));
    expect(plan).toContain('retreatment_requests_open_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('the customer withdraws an open request (0051)', () => {
  it('keeps it as withdrawn, tells the office in the same transaction, and lets the customer ask again within the window', async () => {
    const { bookingRef, token, requestId, date, email } = await openRequest();
    expect(await loadRetreatmentOffer(token)).toMatchObject({ kind: 'requested', requestId });

    const res = await withdraw(token, requestId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ id: requestId, status: 'withdrawn' });
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'withdrawn', handledById: null, appointmentId: null, declineReason: null, note: 'Back by the pond.' });
    expect(row.handledAt).toBeInstanceOf(Date);

    // The office's notice: the request's, then the withdrawal's, with the customer as Reply-To.
    const notices = await officeNotices(bookingRef);
    expect(notices.map((n) => n.subject)).toEqual([
      `Free re-treatment requested online: ${bookingRef} (mosquitoes or ticks are back)`,
      `Re-treatment request withdrawn online: ${bookingRef}`,
    ]);
    expect(notices[1]).toMatchObject({ locale: 'en', replyTo: email });
    expect(notices[1]!.text).toContain('There is nothing to schedule or decline.');
    expect(notices[1]!.text).toContain('/retreatments');

    // The page offers the guarantee again, to the same last day; a new request is accepted.
    expect(await loadRetreatmentOffer(token)).toEqual({ kind: 'eligible', plan: 'onetime', reasons: ['pests-back'], until: addCalendarDays(date, 7) });
    const again = await ask(token);
    expect(again.status, await again.clone().text()).toBe(200);
    const { id: secondId } = (await again.json()) as { id: number };
    expect(secondId).not.toBe(requestId);
    expect(await loadRetreatmentOffer(token)).toMatchObject({ kind: 'requested', requestId: secondId });
    // Withdrawing twice is refused in the customer's language and tells the office nothing more.
    const twice = await withdraw(token, requestId, 'fr');
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe('Cette demande a déjà été retirée. Des questions\u00a0? Appelez-nous au (905) 555-0134.');
    expect(await officeNotices(bookingRef)).toHaveLength(3);
  });

  it('shows the office the withdrawn request among the answered ones, out of the open list, and refuses to answer it', async () => {
    const { token, requestId } = await openRequest();
    expect((await officeList()).open.some((r) => r.id === requestId)).toBe(true);
    expect((await withdraw(token, requestId)).status).toBe(200);

    const list = await officeList();
    expect(list.open.some((r) => r.id === requestId)).toBe(false);
    expect(list.handled.find((r) => r.id === requestId)).toMatchObject({ status: 'withdrawn', handledBy: null, handledAt: expect.any(String) });

    // An office dialog left open: Schedule and Decline are refused, saying the customer withdrew it.
    const late = await schedule(requestId, fridays[fridays.length - 2]!);
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toBe('The customer withdrew this request from their booking page. The list now shows it as withdrawn.');
    const lateDecline = await decline(requestId, 'No.');
    expect(lateDecline.status).toBe(409);
    expect((await requestRow(requestId)).status).toBe('withdrawn');
  });

  it('refuses, with a translated 409 and nothing written, a request the office has already scheduled or declined', async () => {
    const scheduled = await openRequest();
    expect((await schedule(scheduled.requestId, fridays[fridays.length - 3]!)).status).toBe(200);
    const refused = await withdraw(scheduled.token, scheduled.requestId, 'es');
    expect(refused.status).toBe(409);
    const body = (await refused.clone().json()) as { status: string };
    expect(body.status).toBe('scheduled');
    expect(await messageOf(refused)).toBe(
      'Nuestra oficina ya reservó su repetición gratuita, así que la solicitud ya no se puede retirar. Encontrará la visita con sus visitas, más arriba; para anularla, llámenos al (905) 555-0134.',
    );
    expect(await requestRow(scheduled.requestId)).toMatchObject({ status: 'scheduled' });
    expect(await freeVisits(scheduled.bookingRef)).toHaveLength(1);
    expect(await officeNotices(scheduled.bookingRef)).toHaveLength(1);

    const declined = await openRequest();
    expect((await decline(declined.requestId, 'The pond is a neighbour\'s.')).status).toBe(200);
    const refusedDe = await withdraw(declined.token, declined.requestId, 'de');
    expect(refusedDe.status).toBe(409);
    expect(await messageOf(refusedDe)).toBe('Unser Büro hat diese Anfrage bereits per E-Mail beantwortet, daher kann sie nicht mehr zurückgezogen werden. Fragen? Rufen Sie uns unter (905) 555-0134 an.');
    expect(await requestRow(declined.requestId)).toMatchObject({ status: 'declined', declineReason: 'The pond is a neighbour\'s.' });
    expect(await officeNotices(declined.bookingRef)).toHaveLength(1);
  });

  it('answers 404 for a bad link or another booking\'s request, and 400 for no request', async () => {
    const mine = await openRequest();
    const theirs = await openRequest();
    expect((await withdraw('nope', mine.requestId)).status).toBe(404);
    expect((await withdraw(createManageToken({ bookingRef: 'BK-ZZZZZZZZ', generation: 0 }), mine.requestId)).status).toBe(404);
    const other = await withdraw(mine.token, theirs.requestId);
    expect(other.status).toBe(404);
    expect((await withdraw(mine.token, 'x')).status).toBe(400);
    expect((await withdraw(mine.token, 2 ** 40)).status).toBe(400);
    expect(await requestRow(theirs.requestId)).toMatchObject({ status: 'open' });
    expect(await requestRow(mine.requestId)).toMatchObject({ status: 'open' });
  });

  it('answers 404 to a link the office has replaced (0050), leaving the request open for the new one', async () => {
    const mine = await openRequest();
    const db = await getDb();
    await db.update(appointments).set({ manageLinkGeneration: 1 }).where(eq(appointments.bookingRef, mine.bookingRef));
    expect((await withdraw(mine.token, mine.requestId)).status).toBe(404);
    expect(await requestRow(mine.requestId)).toMatchObject({ status: 'open' });
    const fresh = createManageToken({ bookingRef: mine.bookingRef, generation: 1 });
    expect((await withdraw(fresh, mine.requestId)).status).toBe(200);
    expect(await requestRow(mine.requestId)).toMatchObject({ status: 'withdrawn' });
  });
});

describe('the office and the customer at once (0051)', () => {
  it('lets exactly one of Schedule and Withdraw win; the other is refused and writes nothing', async () => {
    for (const first of ['schedule', 'withdraw'] as const) {
      const { bookingRef, token, requestId } = await openRequest();
      const date = fridays[fridays.length - 4]!;
      const office = () => scheduleRetreatment(requestId, date, { staffUserId: null, by: 'office' });
      const customer = () => withdrawRetreatment(token, requestId, { clientIp: `10.64.0.${first === 'schedule' ? 1 : 2}` });
      const outcomes = await Promise.allSettled(first === 'schedule' ? [office(), customer()] : [customer(), office()]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = (outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason;
      expect(isAppError(refused) && refused.code).toBe('conflict');

      const row = await requestRow(requestId);
      const visits = await freeVisits(bookingRef);
      const notices = (await officeNotices(bookingRef)).map((n) => n.subject);
      if (row.status === 'scheduled') {
        // The office won: the visit is booked, the customer's withdrawal wrote nothing.
        expect(isAppError(refused) && refused.messageKey).toBe('retreatments.errors.cannotWithdraw.scheduled');
        expect(visits).toHaveLength(1);
        expect(row.appointmentId).toBe(visits[0]!.id);
        expect(notices.some((s) => s.startsWith('Re-treatment request withdrawn'))).toBe(false);
      } else {
        // The customer won: nothing is booked, the office's answer is refused saying why.
        expect(row.status).toBe('withdrawn');
        expect(isAppError(refused) && refused.messageKey).toBe('retreatments.errors.withdrawnByCustomer');
        expect(visits).toHaveLength(0);
        expect(notices.filter((s) => s.startsWith('Re-treatment request withdrawn'))).toHaveLength(1);
      }
    }
  });

  it('lets exactly one of Decline and Withdraw win', async () => {
    const { token, requestId } = await openRequest();
    const outcomes = await Promise.allSettled([
      declineRetreatment(requestId, 'Too late in the season.', { staffUserId: null }),
      withdrawRetreatment(token, requestId, { clientIp: '10.64.0.3' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(['declined', 'withdrawn']).toContain((await requestRow(requestId)).status);
  });
});

/** The customer's acknowledgement of a request ("We have your request"). */
async function acknowledgement(requestId: number) {
  const rows = await (await getDb()).select().from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'retreatment'), eq(emailOutbox.relatedType, 'retreatment-request'), eq(emailOutbox.relatedId, requestId)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('the acknowledgement of a withdrawn request (0056)', () => {
  it('is withdrawn with the request while it waits in the outbox: the customer gets nothing, the office its notice', async () => {
    await deliverAllDue();
    const { bookingRef, token, requestId, email } = await openRequest();
    const waiting = await acknowledgement(requestId);
    expect(waiting.status).toBe('pending');

    expect((await withdraw(token, requestId)).status).toBe(200);
    // Kept for staff to read, never sent.
    expect(await acknowledgement(requestId)).toMatchObject({ status: 'withdrawn', subject: waiting.subject, text: waiting.text, toAddress: email });
    const delivered = await deliverAllDue();
    expect(delivered.filter((m) => m.to === email)).toEqual([]);
    expect(delivered.filter((m) => m.subject.includes(bookingRef)).map((m) => m.subject)).toEqual([
      `Free re-treatment requested online: ${bookingRef} (mosquitoes or ticks are back)`,
      `Re-treatment request withdrawn online: ${bookingRef}`,
    ]);
    expect((await acknowledgement(requestId)).status).toBe('withdrawn');
  });

  it('that failed and waits for staff is withdrawn too; one already sent stays sent', async () => {
    const failed = await openRequest();
    await (await getDb()).update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, (await acknowledgement(failed.requestId)).id));
    expect((await withdraw(failed.token, failed.requestId)).status).toBe(200);
    expect((await acknowledgement(failed.requestId)).status).toBe('withdrawn');

    const sentFirst = await openRequest();
    const [ack] = (await deliverAllDue()).filter((m) => m.to === sentFirst.email);
    expect(ack!.text).toContain(sentFirst.bookingRef);
    const before = await acknowledgement(sentFirst.requestId);
    expect(before.status).toBe('sent');
    expect((await withdraw(sentFirst.token, sentFirst.requestId)).status).toBe(200);
    expect(await acknowledgement(sentFirst.requestId)).toEqual(before);
    expect((await officeNotices(sentFirst.bookingRef)).map((n) => n.subject)).toContain(`Re-treatment request withdrawn online: ${sentFirst.bookingRef}`);
  });

  it('of another request of the same booking is left alone: only the withdrawn request\'s own', async () => {
    const first = await openRequest();
    expect((await withdraw(first.token, first.requestId)).status).toBe(200);
    const again = await ask(first.token);
    expect(again.status, await again.clone().text()).toBe(200);
    const { id: secondId } = (await again.json()) as { id: number };
    expect((await acknowledgement(secondId)).status).toBe('pending');
    expect((await acknowledgement(first.requestId)).status).toBe('withdrawn');
  });
});
