import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { needsStaffAttention } from '@/features/booking/appointment.repository';
import { insertCustomer } from '../support/records';

/** An expired visit of its own booking, paid or not. */
async function addExpiredVisit(customerId: number, paid: boolean) {
  const db = await getDb();
  const bookingRef = randomUUID();
  const [row] = await db.insert(appointments)
    .values({ customerId, bookingRef, serviceType: 'onetime', date: '2027-05-14', status: 'expired', address: '71 Main St W', city: 'Hamilton', visitNumber: 1 })
    .returning({ id: appointments.id });
  if (paid) {
    await db.insert(payments).values({
      customerId, bookingRef, provider: 'test', paymentIntentId: `pi_${randomUUID()}`, idempotencyKey: randomUUID(), amount: 11_187, status: 'succeeded',
    });
  }
  return row!.id;
}

describe('needsStaffAttention', () => {
  it('flags only the expired visit whose own booking was paid, with or without a join in the query', async () => {
    const db = await getDb();
    const customerId = await insertCustomer({ firstName: 'Ada', lastName: 'Byron', email: 'ada.attention@example.com' });
    const paidId = await addExpiredVisit(customerId, true);
    const unpaidId = await addExpiredVisit(customerId, false);

    const flagOf = async (id: number) => {
      const [alone] = await db.select({ flag: needsStaffAttention() }).from(appointments).where(eq(appointments.id, id));
      const [joined] = await db.select({ flag: needsStaffAttention() }).from(appointments)
        .innerJoin(customers, eq(customers.id, appointments.customerId)).where(eq(appointments.id, id));
      return [alone!.flag, joined!.flag];
    };
    expect(await flagOf(paidId)).toEqual([true, true]);
    expect(await flagOf(unpaidId)).toEqual([false, false]);
  });
});
