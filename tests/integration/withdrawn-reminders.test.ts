/**
 * A visit reminder still waiting in the outbox when its visit is cancelled or moved
 * (docs/decisions/0034), on the real database, through the office's cancel and move services (the
 * customer's page and the rain day go through the same two): withdrawn, kept for staff to read and
 * never delivered, when the customer has no visit left that day; rewritten, and still delivered,
 * when another visit of theirs is; untouched once sent or while a worker is sending it. And a
 * visit that arrives on a Friday whose reminder is waiting joins it (0034, 2026-11-24 (b)): one
 * reminder per customer and Friday.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { emailOutbox } from '@/db/schema/messages';
import { cancelBooking } from '@/features/cancellations/cancellation.service';
import type { MailMessage } from '@/features/email/mail-transport';
import { deliverDueEmails } from '@/features/email/outbox.service';
import { queueDueVisitReminders } from '@/features/reminders/reminder.service';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { emailsTo } from '../support/outbox';
import { insertConfirmedVisits, insertCustomer } from '../support/records';

/** `day` ('YYYY-MM-DD', in summer) at `clock` ('HH:MM') in Toronto (EDT, UTC-4). */
const toronto = (day: string, clock: string) => new Date(`${day}T${clock}:00-04:00`);

const reminders = (address: string) => emailsTo(address, 'visit-reminder');

const cancel = (bookingRef: string, now: Date) => cancelBooking(bookingRef, { reason: 'Customer called to cancel' }, { staffUserId: null, by: 'test', now });

/** One run of the outbox worker at `now` with a transport that keeps what it is given: the messages handed over for `address`. */
async function deliverTo(address: string, now: Date): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  await deliverDueEmails({ now, batchSize: 500, transport: { send: async (message) => { sent.push(message); return { messageId: `<${sent.length}@test>` }; } } });
  return sent.filter((m) => m.to === address);
}

describe('a reminder waiting in the outbox', () => {
  it('is withdrawn when its visit is cancelled: kept as withdrawn, never delivered, not queued again', async () => {
    const nora = await insertCustomer({ email: 'nora@example.com', firstName: 'Nora' });
    const omar = await insertCustomer({ email: 'omar@example.com', firstName: 'Omar' });
    const noraVisit = await insertConfirmedVisits(nora, '2027-06-11');
    const omarVisit = await insertConfirmedVisits(omar, '2027-06-11');
    await queueDueVisitReminders(toronto('2027-06-09', '08:00'));
    const [queued] = await reminders('nora@example.com');
    expect(queued).toMatchObject({ status: 'pending' });
    // A worker has taken Omar's reminder and is handing it to the mail server: it is on its way.
    const [omarReminder] = await reminders('omar@example.com');
    await (await getDb()).update(emailOutbox).set({ status: 'sending' }).where(eq(emailOutbox.id, omarReminder!.id));

    await cancel(noraVisit.bookingRef, toronto('2027-06-09', '10:00'));
    await cancel(omarVisit.bookingRef, toronto('2027-06-09', '10:00'));

    const [withdrawn, ...more] = await reminders('nora@example.com');
    expect(more).toHaveLength(0);
    // Still there for the office, as it was written, marked as never sent.
    expect(withdrawn).toMatchObject({ id: queued!.id, status: 'withdrawn', sentAt: null, subject: queued!.subject, text: queued!.text });
    expect((await reminders('omar@example.com'))[0]).toMatchObject({ status: 'sending' });

    const delivered = await deliverTo('nora@example.com', toronto('2027-06-09', '10:05'));
    expect(delivered.map((m) => m.subject)).not.toContain(queued!.subject);
    expect(delivered.map((m) => m.subject)).toEqual([expect.stringMatching(/cancel/i)]);
    expect((await reminders('nora@example.com'))[0]).toMatchObject({ status: 'withdrawn', sentAt: null });
    // Thursday's run finds nothing to remind either.
    await queueDueVisitReminders(toronto('2027-06-10', '09:00'));
    expect(await reminders('nora@example.com')).toHaveLength(1);
  });

  it('is withdrawn when its visit moves to another Friday, and the new Friday gets its own reminder', async () => {
    const customer = await insertCustomer({ email: 'paul@example.com', firstName: 'Paul' });
    const { ids } = await insertConfirmedVisits(customer, '2027-06-18');
    await queueDueVisitReminders(toronto('2027-06-16', '08:00'));
    const [queued] = await reminders('paul@example.com');
    expect(queued).toMatchObject({ status: 'pending' });

    await moveAppointment(ids[0]!, '2027-06-25', { now: toronto('2027-06-16', '11:00') });
    expect(await reminders('paul@example.com')).toMatchObject([{ id: queued!.id, status: 'withdrawn', sentAt: null }]);
    const delivered = await deliverTo('paul@example.com', toronto('2027-06-16', '11:05'));
    expect(delivered.map((m) => m.subject)).not.toContain(queued!.subject);
    expect(delivered).toHaveLength(1); // the email that tells of the move

    // The next Wednesday, the visit's new Friday is reminded, and that reminder goes.
    await queueDueVisitReminders(toronto('2027-06-23', '08:00'));
    const [, fresh] = await reminders('paul@example.com');
    expect(fresh).toMatchObject({ status: 'pending', subject: 'Reminder: your mosquito treatment is this Friday, June 25, 2027' });
    expect((await deliverTo('paul@example.com', toronto('2027-06-23', '08:05'))).map((m) => m.subject)).toEqual([fresh!.subject]);
  });

  it('leaves one reminder to send when a visit moves away and back to the same Friday', async () => {
    const customer = await insertCustomer({ email: 'rita@example.com', firstName: 'Rita' });
    const { ids } = await insertConfirmedVisits(customer, '2027-07-09');
    await queueDueVisitReminders(toronto('2027-07-07', '08:00'));
    await moveAppointment(ids[0]!, '2027-07-16', { now: toronto('2027-07-07', '09:00') });
    // The customer changes their mind an hour later: back to Friday, which is reminded again.
    await moveAppointment(ids[0]!, '2027-07-09', { now: toronto('2027-07-07', '10:00') });
    await queueDueVisitReminders(toronto('2027-07-07', '10:05'));

    const rows = await reminders('rita@example.com');
    expect(rows.map((r) => r.status)).toEqual(['withdrawn', 'pending']);
    const delivered = (await deliverTo('rita@example.com', toronto('2027-07-07', '10:10'))).filter((m) => m.subject.startsWith('Reminder'));
    expect(delivered.map((m) => m.subject)).toEqual(['Reminder: your mosquito treatment is this Friday, July 9, 2027']);
  });

  it('still goes, naming only what is left, when the customer keeps another visit that day', async () => {
    const customer = await insertCustomer({ email: 'sara@example.com', firstName: 'Sara' });
    const kept = await insertConfirmedVisits(customer, '2027-07-23', [{ serviceType: 'onetime' }]);
    const called = await insertConfirmedVisits(customer, '2027-07-23', [{ serviceType: 'tick-seasonal' }]);
    const moved = await insertConfirmedVisits(customer, '2027-07-23', [{ serviceType: 'standingwater' }]);
    await queueDueVisitReminders(toronto('2027-07-21', '08:00'));
    const [queued] = await reminders('sara@example.com');
    expect(queued!.text).toContain('Service: One-Time Treatment, Seasonal Tick Protection, Standing Water Treatment');

    await cancel(called.bookingRef, toronto('2027-07-21', '09:00'));
    await moveAppointment(moved.ids[0]!, '2027-07-30', { now: toronto('2027-07-21', '09:30') });

    const [reminder, ...more] = await reminders('sara@example.com');
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ id: queued!.id, status: 'pending' });
    expect(reminder!.text).toContain('Service: One-Time Treatment\n');
    expect(reminder!.text).toContain(`Booking reference: ${kept.bookingRef}\n`);
    expect(reminder!.text).not.toContain(called.bookingRef);
    expect(reminder!.html).not.toContain('Seasonal Tick Protection');
    expect(reminder!.html).not.toContain('Standing Water');

    const delivered = await deliverTo('sara@example.com', toronto('2027-07-21', '09:35'));
    expect(delivered.filter((m) => m.subject === reminder!.subject).map((m) => m.text)).toEqual([reminder!.text]);
    expect((await reminders('sara@example.com'))[0]).toMatchObject({ status: 'sent' });
  });

  it('is untouched once sent; a later reminder of the same day still waiting is withdrawn', async () => {
    const customer = await insertCustomer({ email: 'theo@example.com', firstName: 'Theo' });
    const first = await insertConfirmedVisits(customer, '2027-08-06');
    await queueDueVisitReminders(toronto('2027-08-04', '08:00'));
    await deliverTo('theo@example.com', toronto('2027-08-04', '08:05'));
    const [sent] = await reminders('theo@example.com');
    expect(sent).toMatchObject({ status: 'sent' });

    // A second booking is paid for that Friday after the reminder went: a reminder of its own (0031).
    const second = await insertConfirmedVisits(customer, '2027-08-06', [{ serviceType: 'tick-seasonal' }]);
    await queueDueVisitReminders(toronto('2027-08-04', '09:05'));
    // Then both are called off before the worker sends it.
    await cancel(first.bookingRef, toronto('2027-08-04', '09:10'));
    await cancel(second.bookingRef, toronto('2027-08-04', '09:15'));

    const [sentAfter, later] = await reminders('theo@example.com');
    expect(sentAfter).toEqual(sent);
    expect(later).toMatchObject({ status: 'withdrawn', sentAt: null });
    const delivered = await deliverTo('theo@example.com', toronto('2027-08-04', '09:20'));
    expect(delivered.filter((m) => m.subject.startsWith('Reminder'))).toEqual([]);
  });
});

describe('a visit moved onto a Friday whose reminder is waiting', () => {
  it('joins it: one reminder naming both, rewritten back when the visit leaves, and the job queues nothing new', async () => {
    const customer = await insertCustomer({ email: 'uma@example.com', firstName: 'Uma' });
    const stays = await insertConfirmedVisits(customer, '2027-08-20');
    const arrives = await insertConfirmedVisits(customer, '2027-08-27', [{ serviceType: 'tick-seasonal' }]);
    await queueDueVisitReminders(toronto('2027-08-18', '08:00'));
    const [queued] = await reminders('uma@example.com');
    expect(queued!.text).toContain('Service: One-Time Treatment\n');

    // Wednesday morning the customer asks for the tick treatment the same Friday.
    await moveAppointment(arrives.ids[0]!, '2027-08-20', { now: toronto('2027-08-18', '09:00') });
    const [joined, ...more] = await reminders('uma@example.com');
    expect(more).toHaveLength(0);
    expect(joined).toMatchObject({ id: queued!.id, status: 'pending', subject: queued!.subject });
    expect(joined!.text).toContain('Service: One-Time Treatment, Seasonal Tick Protection\n');
    expect(joined!.text).toContain(`Booking reference: ${stays.bookingRef}, ${arrives.bookingRef}\n`);
    // The job finds the arriving visit reminded: nothing more for that Friday.
    expect(await queueDueVisitReminders(toronto('2027-08-18', '09:05'))).toEqual({ emails: 0, visits: 0 });
    expect(await reminders('uma@example.com')).toHaveLength(1);

    // Then back to its own Friday: the reminder names the first visit only, as it did.
    await moveAppointment(arrives.ids[0]!, '2027-08-27', { now: toronto('2027-08-18', '10:00') });
    const [back, ...after] = await reminders('uma@example.com');
    expect(after).toHaveLength(0);
    expect(back).toMatchObject({ id: queued!.id, status: 'pending', subject: queued!.subject, text: queued!.text, html: queued!.html });
    expect(await queueDueVisitReminders(toronto('2027-08-18', '10:05'))).toEqual({ emails: 0, visits: 0 });

    const delivered = (await deliverTo('uma@example.com', toronto('2027-08-18', '10:10'))).filter((m) => m.subject.startsWith('Reminder'));
    expect(delivered.map((m) => m.text)).toEqual([queued!.text]);
    // Its own Friday is reminded the next Wednesday, as any moved visit's is.
    expect(await queueDueVisitReminders(toronto('2027-08-25', '08:00'))).toEqual({ emails: 1, visits: 1 });
  });

  it('a booking paid for that Friday joins the waiting reminder when the job runs', async () => {
    const customer = await insertCustomer({ email: 'vic@example.com', firstName: 'Vic' });
    const first = await insertConfirmedVisits(customer, '2027-09-03');
    await queueDueVisitReminders(toronto('2027-09-01', '08:00'));
    const second = await insertConfirmedVisits(customer, '2027-09-03', [{ serviceType: 'tick-seasonal' }]);

    expect(await queueDueVisitReminders(toronto('2027-09-01', '09:00'))).toEqual({ emails: 0, visits: 1 });
    const [reminder, ...more] = await reminders('vic@example.com');
    expect(more).toHaveLength(0);
    expect(reminder!.status).toBe('pending');
    expect(reminder!.text).toContain(`Booking reference: ${first.bookingRef}, ${second.bookingRef}\n`);
  });

  it('gets no second reminder once the day\'s reminder was sent: the move email is its notice', async () => {
    const customer = await insertCustomer({ email: 'wes@example.com', firstName: 'Wes' });
    await insertConfirmedVisits(customer, '2027-09-10');
    const arrives = await insertConfirmedVisits(customer, '2027-09-17', [{ serviceType: 'tick-seasonal' }]);
    await queueDueVisitReminders(toronto('2027-09-08', '08:00'));
    await deliverTo('wes@example.com', toronto('2027-09-08', '08:05'));
    const [sent] = await reminders('wes@example.com');
    expect(sent).toMatchObject({ status: 'sent' });

    await moveAppointment(arrives.ids[0]!, '2027-09-10', { now: toronto('2027-09-08', '09:00') });
    expect(await queueDueVisitReminders(toronto('2027-09-08', '09:05'))).toEqual({ emails: 0, visits: 0 });
    expect(await queueDueVisitReminders(toronto('2027-09-09', '09:00'))).toEqual({ emails: 0, visits: 0 });
    expect(await reminders('wes@example.com')).toEqual([sent]);
    // What the customer gets: the move email, with the new Friday, the arrival window and the service.
    const delivered = await deliverTo('wes@example.com', toronto('2027-09-09', '09:05'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.subject).toContain('September 10, 2027');
    expect(delivered[0]!.text).toContain('Seasonal Tick Protection');
  });
});
