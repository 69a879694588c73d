import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { staffUsers } from '@/db/schema/staff';
import { retreatmentRequests } from '@/db/schema/retreatments';
import { buildManageBookingUrl, readManageToken } from '@/features/manage-booking/manage-link';
import { loadRetreatmentOffer } from '@/features/retreatments/retreatment.service';
import { DEMO_TECHNICIAN, seedDemoCrew } from '@/features/routing/demo-crew.repository';
import { hashPassword } from '@/features/staff-auth/password';
import { signIn } from '@/features/staff-auth/session.service';
import { getTranslator } from '@/i18n/messages';
import { emailsTo } from '../support/outbox';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { PATCH: patchStop } = await import('@/app/api/routes/technician/stops/[id]/route');
const { PATCH: patchAppointment } = await import('@/app/api/admin/appointments/[id]/route');
const { moveAppointment } = await import('@/features/staff-dashboard/reschedule.service');
const { POST: askRetreatment } = await import('@/app/api/manage-booking/[token]/retreatment/route');

const FRIDAY = '2027-06-11';
const LATER_FRIDAY = '2027-07-02';
// Friday 10:00 in Hamilton (UTC-4 in June): the day sheet is used on the visit's day.
const ON_THE_DAY = new Date('2027-06-11T14:00:00Z');
const NBSP = '\u00a0';

let adminToken = '';
let crewAToken = '';
let crewBToken = '';
let crewA = 0;
let crewB = 0;

async function call(handler: typeof patchStop, token: string, url: string, id: number, body: unknown) {
  jar.token = token;
  const res = await handler(
    new Request(url, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return { status: res.status, body: (await res.json()) as { status?: string; message?: string } };
}

const markStop = (token: string, id: number, body: { status: string; note?: string }) => call(patchStop, token, `http://localhost/api/routes/technician/stops/${id}`, id, body);
const markOnDashboard = (id: number, status: string) => call(patchAppointment, adminToken, `http://localhost/api/admin/appointments/${id}`, id, { status });

async function planRoute(technicianId: number, appointmentOrder: number[]) {
  await (await getDb()).insert(serviceRoutes).values({ date: FRIDAY, technicianId, technician: `Crew ${technicianId}`, status: 'planned', appointmentOrder });
}

async function visitOf(id: number) {
  const [row] = await (await getDb()).select({ status: appointments.status, visitNote: appointments.visitNote }).from(appointments).where(eq(appointments.id, id));
  return row!;
}

/** A customer of their own (reports are found by address) with one booking's visits on the Friday. */
async function bookCustomer(email: string, locale: string, visits: Partial<typeof appointments.$inferInsert>[] = [{}]) {
  const customerId = await insertCustomer({ email, locale });
  return insertConfirmedVisits(customerId, FRIDAY, visits.map((v) => ({ locale, ...v })));
}

beforeAll(async () => {
  // Only Date is faked: "today" in Hamilton is the visit's Friday, sessions are signed in at that time.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ON_THE_DAY);
  const db = await getDb();
  await seedDemoCrew(db);
  await signInAdminAndTechnician();
  [crewA, crewB] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((row) => row.id) as [number, number];
  await db.insert(staffUsers).values({ username: 'crew-b', passwordHash: await hashPassword('crew b password'), displayName: 'Crew B', role: 'technician', technicianId: crewB });
  await signInStaff();
});

/** Signs the office and both crews in at the test's clock (a sign-in drops the sessions idle by then). */
async function signInStaff() {
  adminToken = (await signIn('office', 'office password 1', { userAgent: null })).token;
  crewAToken = (await signIn(DEMO_TECHNICIAN.username, DEMO_TECHNICIAN.password, { userAgent: null })).token;
  crewBToken = (await signIn('crew-b', 'crew b password', { userAgent: null })).token;
}

afterAll(() => {
  jar.token = undefined;
  vi.useRealTimers();
});

describe('the visit report (docs/decisions/0038)', () => {
  it("goes to the customer when the technician marks their stop done, in the booking's language, with the note", async () => {
    const email = 'chloe.report@example.com';
    const { ids: [stop] } = await bookCustomer(email, 'fr', [{ includeTick: true }]);
    await planRoute(crewA, [stop!]);
    const note = 'Haie du fond traitée & <terrasse> ; eau vidée dans deux jardinières';

    expect(await markStop(crewAToken, stop!, { status: 'completed', note: `  ${note}  ` })).toEqual({ status: 200, body: { id: stop, status: 'completed' } });
    expect(await visitOf(stop!)).toEqual({ status: 'completed', visitNote: note });

    const reports = await emailsTo(email, 'visit-report');
    expect(reports).toHaveLength(1);
    const [report] = reports;
    expect(report!.locale).toBe('fr');
    expect(report!.subject).toBe('Compte rendu de votre visite du 11 juin 2027');
    expect(report!.text).toContain(`Jour${NBSP}: vendredi 11 juin 2027`);
    expect(report!.text).toContain(`Traitements effectués${NBSP}: Traitement unique\nOptions effectuées${NBSP}: Option anti-tiques\n`);
    expect(report!.text).toContain(note);
    expect(report!.html).toContain('Haie du fond traitée &amp; &lt;terrasse&gt;');
    expect(report!.html).not.toContain('<terrasse>');
    // A one-time booking has no next visit: its one link is the re-treatment request's (0065).
    expect(report!.text).not.toContain('Votre prochaine visite');
    expect(report!.text.match(/\/manage-booking\/\S+/g)).toEqual([expect.stringMatching(/#free-retreatment$/)]);
  });

  it('is sent once: a stop taken back and marked done again sends no second report, and keeps the new note', async () => {
    const email = 'undo.report@example.com';
    const { ids: [stop] } = await bookCustomer(email, 'en');
    await planRoute(crewA, [stop!]);

    expect((await markStop(crewAToken, stop!, { status: 'completed', note: 'Front beds' })).status).toBe(200);
    expect((await markStop(crewAToken, stop!, { status: 'confirmed' })).status).toBe(200);
    // Undo keeps the note for the next done mark.
    expect(await visitOf(stop!)).toEqual({ status: 'confirmed', visitNote: 'Front beds' });
    expect((await markStop(crewAToken, stop!, { status: 'completed', note: 'Front beds and the side yard' })).status).toBe(200);

    expect(await visitOf(stop!)).toEqual({ status: 'completed', visitNote: 'Front beds and the side yard' });
    const reports = await emailsTo(email, 'visit-report');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.text).toContain('Front beds');
  });

  it('reports again for a visit taken back and moved to another Friday, once it is done there', async () => {
    const email = 'moved.report@example.com';
    const { ids: [visit] } = await bookCustomer(email, 'en');
    expect((await markOnDashboard(visit!, 'completed')).status).toBe(200);
    expect((await markOnDashboard(visit!, 'confirmed')).status).toBe(200);
    await moveAppointment(visit!, LATER_FRIDAY, { now: ON_THE_DAY, by: 'office' });

    // Done there on its day (a visit is marked completed from its day on, 0057), the office signed in then.
    vi.setSystemTime(new Date('2027-07-02T14:00:00Z'));
    try {
      await signInStaff();
      expect((await markOnDashboard(visit!, 'completed')).status).toBe(200);
    } finally {
      vi.setSystemTime(ON_THE_DAY);
      await signInStaff();
    }
    const reports = await emailsTo(email, 'visit-report');
    expect(reports.map((r) => r.subject)).toEqual(['Your visit report for June 11, 2027', 'Your visit report for July 2, 2027']);
  });

  it("goes out when the office marks the visit completed on the dashboard, with the booking's next visit and its link", async () => {
    const email = 'office.report@example.com';
    const customerId = await insertCustomer({ email, locale: 'de' });
    const { bookingRef, ids: [first] } = await insertConfirmedVisits(customerId, FRIDAY, [{ serviceType: 'seasonal', locale: 'de' }]);
    await (await getDb()).insert(appointments).values({
      customerId, bookingRef, serviceType: 'seasonal', date: LATER_FRIDAY, status: 'confirmed', locale: 'de', visitNumber: 2,
      address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5',
    });

    expect(await markOnDashboard(first!, 'completed')).toEqual({ status: 200, body: { id: first, status: 'completed' } });

    const reports = await emailsTo(email, 'visit-report');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.locale).toBe('de');
    expect(reports[0]!.subject).toBe('Ihr Besuchsbericht vom 11. Juni 2027');
    expect(reports[0]!.text).toContain('Ihr nächster Besuch: Freitag, 2. Juli 2027.');
    expect(reports[0]!.text).toContain(buildManageBookingUrl('de', { bookingRef, generation: 0 }));
    // Taken back and completed again on the dashboard: still one.
    expect((await markOnDashboard(first!, 'confirmed')).status).toBe(200);
    expect((await markOnDashboard(first!, 'completed')).status).toBe(200);
    expect(await emailsTo(email, 'visit-report')).toHaveLength(1);
  });

  it("makes one report of a one-time treatment and its standing-water visit on the same Friday, when the day's last is done", async () => {
    const email = 'two.visits@example.com';
    const { ids: [treatment, standingWater] } = await bookCustomer(email, 'es', [
      { serviceType: 'onetime', includeTargetedInsects: true },
      { serviceType: 'standingwater', includeTargetedInsects: true },
    ]);
    await planRoute(crewA, [treatment!, standingWater!]);

    expect((await markStop(crewAToken, treatment!, { status: 'completed', note: 'Seto del fondo' })).status).toBe(200);
    expect(await emailsTo(email, 'visit-report')).toHaveLength(0);
    expect((await markStop(crewAToken, standingWater!, { status: 'completed', note: 'Dos barriles de lluvia' })).status).toBe(200);

    const reports = await emailsTo(email, 'visit-report');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.text).toContain('Tratamientos realizados: Tratamiento único, Tratamiento de agua estancada');
    expect(reports[0]!.text).toContain('Seto del fondo\n\nDos barriles de lluvia');
    // Either visit taken back and done again: still the one report.
    expect((await markStop(crewAToken, treatment!, { status: 'confirmed' })).status).toBe(200);
    expect((await markStop(crewAToken, treatment!, { status: 'completed' })).status).toBe(200);
    expect(await emailsTo(email, 'visit-report')).toHaveLength(1);
  });

  it("keeps a technician off another technician's stop: refused, no note stored, and the report carries the note of the one who did it", async () => {
    const email = 'other.crew@example.com';
    const { ids: [stop] } = await bookCustomer(email, 'en');
    await planRoute(crewB, [stop!]);

    const refused = await markStop(crewAToken, stop!, { status: 'completed', note: 'Not my stop' });
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ message: getTranslator('en', 'routing')('stopNotOnYourRoute') }) });
    expect(await visitOf(stop!)).toEqual({ status: 'confirmed', visitNote: null });
    expect(await emailsTo(email, 'visit-report')).toHaveLength(0);

    expect((await markStop(crewBToken, stop!, { status: 'completed', note: 'Under the deck' })).status).toBe(200);
    const reports = await emailsTo(email, 'visit-report');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.text).toContain('Under the deck');
    expect(reports[0]!.text).not.toContain('Not my stop');
  });

  it('refuses a note over 500 characters, changing nothing', async () => {
    const email = 'long.note@example.com';
    const { ids: [stop] } = await bookCustomer(email, 'en');
    await planRoute(crewA, [stop!]);

    const refused = await markStop(crewAToken, stop!, { status: 'completed', note: 'x'.repeat(501) });
    expect(refused.status).toBe(400);
    expect(await visitOf(stop!)).toEqual({ status: 'confirmed', visitNote: null });
    expect(await emailsTo(email, 'visit-report')).toHaveLength(0);
    expect((await markStop(crewAToken, stop!, { status: 'completed', note: 'x'.repeat(500) })).status).toBe(200);
    expect(await emailsTo(email, 'visit-report')).toHaveLength(1);
  });

  it("names the extras done and links the customer's own re-treatment request, which the link's token opens (0065)", async () => {
    const email = 'claire.extras@example.com';
    const { bookingRef, ids: [stop] } = await bookCustomer(email, 'fr', [{ includeTick: true, extras: ['natural-barrier', 'breeding-site-inspection'] }]);
    await planRoute(crewA, [stop!]);

    expect((await markStop(crewAToken, stop!, { status: 'completed', note: 'Haie du fond' })).status).toBe(200);

    const [report] = await emailsTo(email, 'visit-report');
    // What the crew did from the booking's own columns, in the receipt's words.
    expect(report!.text).toContain(`Options effectuées${NBSP}: Option anti-tiques, Inspection des sites de reproduction, Barrière naturelle de plantes répulsives`);
    expect(report!.html).toContain('Inspection des sites de reproduction');
    // A one-time treatment done on June 11: the request can be made until June 18, from the customer's page.
    expect(report!.text).toContain('Vous pouvez aussi demander votre retraitement gratuit en ligne jusqu’au vendredi 18 juin 2027.');
    const link = report!.text.match(/https?:\/\/\S+#free-retreatment/)?.[0];
    expect(link).toBeDefined();
    expect(report!.html).toContain(`href="${link}"`);
    const url = new URL(link!);
    expect(url.pathname).toMatch(/^\/fr\/manage-booking\/[A-Za-z0-9_-]+$/);
    const token = url.pathname.split('/').at(-1)!;
    expect(readManageToken(token)).toEqual({ bookingRef, generation: 0 });

    // Followed: the page's offer for that token is the request, until the day the report said.
    expect(await loadRetreatmentOffer(token, ON_THE_DAY)).toEqual({ kind: 'eligible', plan: 'onetime', reasons: ['pests-back'], until: '2027-06-18' });
    jar.token = undefined;
    const res = await askRetreatment(
      new Request(`http://localhost/api/manage-booking/${token}/retreatment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'fr', 'x-forwarded-for': '10.165.0.1' },
        body: JSON.stringify({ reason: 'pests-back', note: 'Encore des moustiques' }),
      }),
      { params: Promise.resolve({ token }) },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'open' });
    const requests = await (await getDb()).select({ bookingRef: retreatmentRequests.bookingRef, status: retreatmentRequests.status, note: retreatmentRequests.note })
      .from(retreatmentRequests).where(eq(retreatmentRequests.bookingRef, bookingRef));
    expect(requests).toEqual([{ bookingRef, status: 'open', note: 'Encore des moustiques' }]);
    expect(await emailsTo(email, 'retreatment')).toHaveLength(1);
  });

  it('links the request only while the guarantee can be claimed: a visit done on its day, yes; one completed after its 7 days, no', async () => {
    const onTime = 'on.time@example.com';
    const late = 'late.mark@example.com';
    const { ids: [onTimeVisit] } = await bookCustomer(onTime, 'en');
    const { ids: [lateVisit] } = await bookCustomer(late, 'en');
    expect((await markOnDashboard(onTimeVisit!, 'completed')).status).toBe(200);
    // Eight days after the Friday, in Hamilton: the window closed on June 18.
    vi.setSystemTime(new Date('2027-06-19T14:00:00Z'));
    try {
      await signInStaff();
      expect((await markOnDashboard(lateVisit!, 'completed')).status).toBe(200);
    } finally {
      vi.setSystemTime(ON_THE_DAY);
      await signInStaff();
    }
    const [onTimeReport] = await emailsTo(onTime, 'visit-report');
    expect(onTimeReport!.text).toContain('You can also ask for your free re-treatment online until Friday, June 18, 2027.\nhttp');
    expect(onTimeReport!.html).toMatch(/href="[^"]+\/manage-booking\/[\w-]+#free-retreatment"/);
    const [lateReport] = await emailsTo(late, 'visit-report');
    expect(lateReport!.text).toContain('What we treated: One-Time Treatment');
    expect(lateReport!.text).not.toContain('online until');
    expect(lateReport!.html).not.toContain('/manage-booking/');
  });

  /** At `iso` in Hamilton, with the office signed in then; the clock goes back to the visit's Friday after. */
  async function atTime<T>(iso: string, work: () => Promise<T>): Promise<T> {
    vi.setSystemTime(new Date(iso));
    try {
      await signInStaff();
      return await work();
    } finally {
      vi.setSystemTime(ON_THE_DAY);
      await signInStaff();
    }
  }

  /** A one-time booking with the tick add-on and standing water: the treatment on the Friday, its standing-water visit on `standingWaterDate`. */
  async function bookOneTimeWithStandingWater(email: string, locale: string, standingWaterDate: string) {
    const customerId = await insertCustomer({ email, locale });
    const options = { includeTick: true, includeTargetedInsects: true, locale };
    const { bookingRef, ids: [treatment] } = await insertConfirmedVisits(customerId, FRIDAY, [{ serviceType: 'onetime', ...options }]);
    const [standingWater] = await (await getDb()).insert(appointments).values({
      customerId, bookingRef, serviceType: 'standingwater', date: standingWaterDate, status: 'confirmed', visitNumber: 2,
      address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', ...options,
    }).returning({ id: appointments.id });
    return { bookingRef, treatment: treatment!, standingWater: standingWater!.id };
  }

  it("says the re-treatment request the customer already made, in the booking's language, instead of inviting another (0077)", async () => {
    const email = 'offene.anfrage@example.com';
    const { bookingRef, treatment, standingWater } = await bookOneTimeWithStandingWater(email, 'de', '2027-06-18');
    expect((await markOnDashboard(treatment, 'completed')).status).toBe(200);
    const [first] = await emailsTo(email, 'visit-report');
    expect(first!.text).toContain('Sie können Ihre kostenlose Nachbehandlung bis zum Freitag, 18. Juni 2027 auch online anfordern.');
    const token = new URL(first!.text.match(/https?:\/\/\S+#free-retreatment/)![0]).pathname.split('/').at(-1)!;

    // On Monday the customer asks from the report's link.
    await atTime('2027-06-14T15:00:00Z', async () => {
      jar.token = undefined;
      const res = await askRetreatment(
        new Request(`http://localhost/api/manage-booking/${token}/retreatment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'de', 'x-forwarded-for': '10.165.0.2' },
          body: JSON.stringify({ reason: 'pests-back', note: '' }),
        }),
        { params: Promise.resolve({ token }) },
      );
      expect(res.status, await res.clone().text()).toBe(200);
    });

    // The standing-water visit is done on Friday while the office has not answered yet.
    await atTime('2027-06-18T14:00:00Z', async () => {
      expect((await markOnDashboard(standingWater, 'completed')).status).toBe(200);
    });
    const reports = await emailsTo(email, 'visit-report');
    expect(reports).toHaveLength(2);
    const second = reports[1]!;
    expect(second.subject).toBe('Ihr Besuchsbericht vom 18. Juni 2027');
    expect(second.text).toContain([
      'Ihre Anfrage für eine Nachbehandlung',
      'Ihre Anfrage für eine kostenlose Nachbehandlung vom Montag, 14. Juni 2027 liegt uns bereits vor. Unser Büro schickt Ihnen per E-Mail einen Termin für den Besuch, Sie müssen also nicht noch einmal anfragen.',
      '',
      'Hat dieser Besuch das Problem behoben, können Sie Ihre Anfrage auf der Seite Ihrer Buchung zurückziehen.',
    ].join('\n'));
    // No invitation to claim another: neither the call within 7 days nor the online request.
    expect(second.text).not.toContain('innerhalb von 7 Tagen');
    expect(second.text).not.toContain('auch online anfordern');
    expect(second.html).not.toContain('>Kostenlose Nachbehandlung anfordern</a>');
    expect(second.html).toContain('>Anfrage ansehen</a>');
    // Its link is the booking's page, which shows the open request (and offers to withdraw it).
    const link = second.text.match(/https?:\/\/\S+#free-retreatment/)![0];
    expect(second.html).toContain(`href="${link}"`);
    const secondToken = new URL(link).pathname.split('/').at(-1)!;
    expect(readManageToken(secondToken)).toEqual({ bookingRef, generation: 0 });
    expect(await loadRetreatmentOffer(secondToken, new Date('2027-06-18T15:00:00Z'))).toMatchObject({ kind: 'requested' });
  });

  it('names ticks in the guarantee only where tick control was done: not on the report of a standing-water visit done on a Friday of its own (0077)', async () => {
    const email = 'standing.alone@example.com';
    const { treatment, standingWater } = await bookOneTimeWithStandingWater(email, 'en', LATER_FRIDAY);
    expect((await markOnDashboard(treatment, 'completed')).status).toBe(200);
    await atTime('2027-07-02T14:00:00Z', async () => {
      expect((await markOnDashboard(standingWater, 'completed')).status).toBe(200);
    });
    const [first, second] = await emailsTo(email, 'visit-report');
    expect(first!.text).toContain('What we treated: One-Time Treatment\nAlso done: Tick control add-on\n');
    expect(first!.text).toContain('If mosquitoes or ticks come back\nIf mosquitoes or ticks come back, or you are not satisfied');
    expect(second!.text).toContain('What we treated: Standing Water Treatment\n');
    expect(second!.text).toContain('If mosquitoes come back\nIf mosquitoes come back, or you are not satisfied');
    expect(second!.text).not.toContain('ticks');
  });
});
