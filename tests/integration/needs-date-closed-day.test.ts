/**
 * A paid visit waiting for a date on a Friday closed to bookings (a rain day, 0071/0072) is said as
 * closed, not full (0099): on the office's lists (the move dialog's words), on the customer's own
 * page, and in the email that gives it its new Friday. A visit waiting on a full Friday keeps "full".
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { serviceDays } from '@/db/schema/appointments';
import { payments } from '@/db/schema/payments';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { selectCustomerBookings } from '@/features/cancellations/cancellation.repository';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { loadManagedBooking } from '@/features/manage-booking/manage-booking.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { selectAppointmentPage } from '@/features/staff-dashboard/dashboard.repository';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { emailsTo } from '../support/outbox';
import { insertConfirmedVisits, insertCustomer } from '../support/records';

let fridays: string[] = [];

/** A paid one-time visit on `date` left with no stop ('expired', needing the office), as a late payment leaves it. */
async function waitingVisit(email: string, date: string, locale: string) {
  const customerId = await insertCustomer({ email });
  const { bookingRef, ids } = await insertConfirmedVisits(customerId, date, [{ status: 'expired', locale }]);
  await (await getDb()).insert(payments).values({
    customerId, bookingRef, provider: 'test', paymentIntentId: `pi_${randomUUID()}`, idempotencyKey: randomUUID(), amount: 11_187, status: 'succeeded',
  });
  return { customerId, bookingRef, email, id: ids[0]! };
}

beforeAll(async () => {
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 1 });
  expect(fridays.length).toBeGreaterThan(3);
});

describe('a paid visit waiting for a date (0099)', () => {
  it('is marked closed on the office\'s lists and the customer\'s page when its Friday is closed for rain, and not when it is only full', async () => {
    const closedDay = fridays[0]!;
    const fullDay = fridays[1]!;
    const onClosed = await waitingVisit(`closed-${randomUUID().slice(0, 6)}@example.com`, closedDay, 'fr');
    const onFull = await waitingVisit(`full-${randomUUID().slice(0, 6)}@example.com`, fullDay, 'en');
    const db = await getDb();
    await db.insert(serviceDays).values({ branchId: DEFAULT_BRANCH_ID, date: closedDay, isClosed: true, closedReason: 'rain', closedAt: new Date() });

    // The dashboard's list and the customer page: what the move dialog reads.
    const page = await selectAppointmentPage(db, { branchId: DEFAULT_BRANCH_ID, today: fridays[0]!, view: 'upcoming', limit: 500 });
    const row = (id: number) => page.find((a) => a.id === id) ?? expect.fail(`visit ${id} not listed`);
    expect(row(onClosed.id)).toMatchObject({ needsStaffAttention: true, needsDateDayClosed: true });
    expect(row(onFull.id)).toMatchObject({ needsStaffAttention: true, needsDateDayClosed: false });
    expect((await selectCustomerBookings(db, onClosed.customerId)).visits[0]).toMatchObject({ needsDateDayClosed: true });
    expect((await selectCustomerBookings(db, onFull.customerId)).visits[0]).toMatchObject({ needsDateDayClosed: false });

    // The customer's own page.
    const managed = async (bookingRef: string) => (await loadManagedBooking(createManageToken({ bookingRef, generation: 0 }), 'en')).visits[0];
    expect(await managed(onClosed.bookingRef)).toMatchObject({ status: 'expired', dayClosed: true });
    expect(await managed(onFull.bookingRef)).toMatchObject({ status: 'expired', dayClosed: false });
  });

  it('gets an email that says its first Friday was closed, not full, when the office gives it a new one', async () => {
    const closedDay = fridays[0]!;
    const onClosed = await waitingVisit(`moved-closed-${randomUUID().slice(0, 6)}@example.com`, closedDay, 'fr');
    const onFull = await waitingVisit(`moved-full-${randomUUID().slice(0, 6)}@example.com`, fridays[1]!, 'en');
    await moveAppointment(onClosed.id, fridays[2]!);
    await moveAppointment(onFull.id, fridays[3]!);

    const [closedEmail] = await emailsTo(onClosed.email, 'visit-moved');
    expect(closedEmail!.text).toContain('La date que vous aviez choisie était fermée à la réception de votre paiement.');
    expect(closedEmail!.text).not.toContain('complète');
    const [fullEmail] = await emailsTo(onFull.email, 'visit-moved');
    expect(fullEmail!.text).toContain('The date you first chose was already full when your payment came in');
  });
});
