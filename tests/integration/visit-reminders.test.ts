/**
 * Visit reminder emails (docs/decisions/0031) on the real database: from Wednesday 8:00 AM,
 * Toronto time, each customer with a confirmed visit that Friday gets one reminder in the outbox,
 * in the language they booked in; a second run, or two runs at once, queue nothing more; cancelled
 * and unpaid visits get none; a visit staff move to another Friday is reminded again for its new day.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { queueDueVisitReminders } from '@/features/reminders/reminder.service';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { insertConfirmedVisits, insertCustomer } from '../support/records';

const NBSP = '\u00a0';

/** `day` ('YYYY-MM-DD', in summer) at `clock` ('HH:MM') in Toronto (EDT, UTC-4). */
const toronto = (day: string, clock: string) => new Date(`${day}T${clock}:00-04:00`);

async function remindersTo(address: string) {
  return (await getDb()).select().from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'visit-reminder')))
    .orderBy(emailOutbox.id);
}

async function reminderSentAt(ids: number[]) {
  const rows = await (await getDb()).select({ id: appointments.id, reminderSentAt: appointments.reminderSentAt })
    .from(appointments).where(inArray(appointments.id, ids)).orderBy(appointments.id);
  return rows.map((r) => r.reminderSentAt);
}

describe('visit reminders', () => {
  it('queue one email per customer and Friday from Wednesday 8:00 AM, and nothing on a second run', async () => {
    const friday = '2027-06-11';
    const ann = await insertCustomer({ email: 'ann@example.com', firstName: 'Ann' });
    const bob = await insertCustomer({ email: 'bob@example.com', firstName: 'Bob' });
    const cat = await insertCustomer({ email: 'cat@example.com', firstName: 'Cat' });
    const dan = await insertCustomer({ email: 'dan@example.com', firstName: 'Dan' });
    const eve = await insertCustomer({ email: 'eve@example.com', firstName: 'Eve' });
    // Ann: a treatment and its standing-water visit, plus a second booking, all that Friday.
    const annFirst = await insertConfirmedVisits(ann, friday, [{ serviceType: 'onetime' }, { serviceType: 'standingwater' }]);
    const annSecond = await insertConfirmedVisits(ann, friday, [{ serviceType: 'tick-seasonal' }]);
    const bobVisit = await insertConfirmedVisits(bob, friday);
    await insertConfirmedVisits(cat, friday, [{ status: 'cancelled' }]);
    await insertConfirmedVisits(dan, friday, [{ status: 'pending-payment' }]);
    const eveNextWeek = await insertConfirmedVisits(eve, '2027-06-18');

    expect(await queueDueVisitReminders(toronto('2027-06-09', '07:59'))).toEqual({ emails: 0, visits: 0 });
    expect(await remindersTo('ann@example.com')).toHaveLength(0);

    expect(await queueDueVisitReminders(toronto('2027-06-09', '08:00'))).toEqual({ emails: 2, visits: 4 });
    const [annMail, ...annMore] = await remindersTo('ann@example.com');
    expect(annMore).toHaveLength(0);
    expect(annMail!.subject).toBe('Reminder: your mosquito treatment is this Friday, June 11, 2027');
    expect(annMail!.text).toContain('Service: One-Time Treatment, Standing Water Treatment, Seasonal Tick Protection');
    expect(annMail!.text).toContain(`Booking reference: ${annFirst.bookingRef}, ${annSecond.bookingRef}`);
    expect(annMail).toMatchObject({ status: 'pending', locale: 'en', relatedType: 'appointment', relatedId: annFirst.ids[0] });
    expect(await remindersTo('bob@example.com')).toHaveLength(1);
    // Cancelled and unpaid visits get nothing; next week's Friday is not due yet.
    expect(await remindersTo('cat@example.com')).toHaveLength(0);
    expect(await remindersTo('dan@example.com')).toHaveLength(0);
    expect(await remindersTo('eve@example.com')).toHaveLength(0);
    expect((await reminderSentAt([...annFirst.ids, ...annSecond.ids, ...bobVisit.ids])).every((at) => at !== null)).toBe(true);
    expect(await reminderSentAt(eveNextWeek.ids)).toEqual([null]);

    // The worker runs again every few minutes, and on Thursday: nothing more for this Friday.
    expect(await queueDueVisitReminders(toronto('2027-06-09', '08:05'))).toEqual({ emails: 0, visits: 0 });
    expect(await queueDueVisitReminders(toronto('2027-06-10', '09:00'))).toEqual({ emails: 0, visits: 0 });
    expect(await remindersTo('ann@example.com')).toHaveLength(1);
    expect(await remindersTo('bob@example.com')).toHaveLength(1);
  });

  it('queue one email when two workers run at the same moment', async () => {
    const friday = '2027-06-25';
    const customer = await insertCustomer({ email: 'twice@example.com' });
    await insertConfirmedVisits(customer, friday, [{ serviceType: 'onetime' }, { serviceType: 'standingwater' }]);
    const now = toronto('2027-06-23', '08:00');
    // On a PostgreSQL server, open the pool's connections first, so the runs really overlap:
    // each lists the customer's day before any has claimed it.
    const db = await getDb();
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const runs = await Promise.all([queueDueVisitReminders(now), queueDueVisitReminders(now), queueDueVisitReminders(now)]);
    expect(runs.reduce((sum, r) => sum + r.emails, 0)).toBe(1);
    expect(await remindersTo('twice@example.com')).toHaveLength(1);
  });

  it('catch up on Thursday when Wednesday was missed, and never remind a visit whose day has come', async () => {
    const late = await insertCustomer({ email: 'late@example.com' });
    const past = await insertCustomer({ email: 'past@example.com' });
    await insertConfirmedVisits(late, '2027-07-09');
    const pastVisit = await insertConfirmedVisits(past, '2027-07-02');

    expect(await queueDueVisitReminders(toronto('2027-07-08', '10:00'))).toEqual({ emails: 1, visits: 1 });
    expect(await remindersTo('late@example.com')).toHaveLength(1);
    // Its Friday, and the days after: too late for a reminder.
    await queueDueVisitReminders(toronto('2027-07-02', '08:30'));
    await queueDueVisitReminders(toronto('2027-07-03', '12:00'));
    expect(await remindersTo('past@example.com')).toHaveLength(0);
    expect(await reminderSentAt(pastVisit.ids)).toEqual([null]);
  });

  it('remind a visit moved to another Friday again, for its new date', async () => {
    const customer = await insertCustomer({ email: 'mover@example.com', firstName: 'Maya' });
    const { ids } = await insertConfirmedVisits(customer, '2027-07-16');
    await queueDueVisitReminders(toronto('2027-07-14', '08:00'));
    expect(await remindersTo('mover@example.com')).toHaveLength(1);

    // Wednesday afternoon the customer calls: staff move the visit a week on.
    await moveAppointment(ids[0]!, '2027-07-23', { now: toronto('2027-07-14', '14:00') });
    expect(await reminderSentAt(ids)).toEqual([null]);
    // Nothing for the new Friday yet, nor for the old one, which the visit has left.
    await queueDueVisitReminders(toronto('2027-07-14', '15:00'));
    expect(await remindersTo('mover@example.com')).toHaveLength(1);

    await queueDueVisitReminders(toronto('2027-07-21', '08:00'));
    const mails = await remindersTo('mover@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Reminder: your mosquito treatment is this Friday, July 23, 2027');
    expect(mails[1]!.text).toContain('Date: Friday, July 23, 2027');
  });

  it('write the reminder in the language of the booking, with the planned arrival, the address and the date', async () => {
    // The customer's record says English; the booking was made on the French site.
    const customer = await insertCustomer({ email: 'camille@example.com', firstName: 'Camille', locale: 'en', address: '9 Rue Ailleurs', city: 'Ancaster', postalCode: 'L9G 1A1' });
    await insertConfirmedVisits(customer, '2027-10-01', [{ locale: 'fr', address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', estimatedArrivalTime: '10:37' }]);
    // A booking without an address of its own is served at the customer's address on file.
    const noAddress = await insertCustomer({ email: 'hans@example.com', firstName: 'Hans', address: '40 Bay St S', city: 'Hamilton', postalCode: 'L8P 3H1' });
    await insertConfirmedVisits(noAddress, '2027-10-01', [{ locale: 'de', address: null, city: null, postalCode: null }]);

    await queueDueVisitReminders(toronto('2027-09-29', '08:00'));
    const [fr] = await remindersTo('camille@example.com');
    expect(fr!.locale).toBe('fr');
    expect(fr!.subject).toBe(`Rappel${NBSP}: votre traitement contre les moustiques a lieu ce vendredi 1er octobre 2027`);
    expect(fr!.text).toContain('Bonjour Camille,');
    expect(fr!.text).toContain(`Jour${NBSP}: vendredi 1er octobre 2027`);
    expect(fr!.text).toContain(`Adresse du service${NBSP}: 12 King St W, Hamilton, L8P 1A1`);
    expect(fr!.text).toContain(`Heure d’arrivée${NBSP}: entre 9${NBSP}h${NBSP}30 et 11${NBSP}h${NBSP}45 (estimation selon notre tournée planifiée)`);
    expect(fr!.text).toContain('Gardez les enfants et les animaux à l’intérieur');
    expect(fr!.html).toContain('<html lang="fr">');
    expect(fr!.html).toContain('12 King St W, Hamilton, L8P 1A1');
    expect(fr!.text).not.toContain('Ailleurs');

    const [de] = await remindersTo('hans@example.com');
    expect(de!.locale).toBe('de');
    expect(de!.subject).toBe('Erinnerung: Ihre Mückenbehandlung ist diesen Freitag, 1. Oktober 2027');
    expect(de!.text).toContain('Einsatzadresse: 40 Bay St S, Hamilton, L8P 3H1');
    expect(de!.text).toContain('Ankunftszeit: zwischen 8:00 und 18:00 Uhr');
  });
});
