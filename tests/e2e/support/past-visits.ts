import type { Database } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { DEMO_ADDRESSES } from '@/db/seed-data/demo-addresses';
import { addCalendarDays } from '@/features/scheduling/available-dates';

/**
 * Paid visits on Fridays that have passed, for the journeys that mark a visit done: a visit is
 * marked completed only from its day on (docs/decisions/0057), every Friday a booking can take is
 * still to come, and the server runs on the real clock. Nothing books a past Friday, so
 * `global-setup.ts` writes these to the run's fresh database before it starts the server, as a
 * booking paid online leaves them (a confirmed one-time treatment and its payment). Each journey
 * takes its own customers, by first name; `week` picks the Friday: 0 is the last one before
 * today (within the 7 days a one-time treatment's re-treatment may be asked for), 1 to 3 those
 * before it, for journeys that plan or judge a day of their own.
 */
export type PastVisit = {
  firstName: string; lastName: string; week: 0 | 1 | 2 | 3; locale: string; email: string;
  /** Sold with the visit besides the treatment (none unless told): the screens name them (0064, 0077). */
  includeTick?: boolean; extras?: string[];
  /** Marked done already (confirmed unless told), so the Friday's other journeys still find it done. */
  completed?: boolean;
  /** Its payment was started the morning before it was paid (a pay-by-link, 0091): created one day, succeeded the next. */
  paidNextDay?: boolean;
};

const visit = (firstName: string, week: PastVisit['week'], more: Partial<PastVisit> = {}): PastVisit => ({
  firstName, lastName: 'Rainday', week, locale: 'en', email: `${firstName.toLowerCase()}.past@example.com`, ...more,
});

export const PAST_VISITS: readonly PastVisit[] = [
  // The last Friday: the day sheet's journeys (each on its technician's route once the day is planned),
  // the re-treatment requests, and the Appointments tab's.
  visit('Hedge', 0),
  visit('Spray', 0),
  visit('Nosignal', 0),
  visit('Lostanswer', 0),
  visit('Handover', 0),
  visit('Drawer', 0),
  visit('Lucía', 0, { lastName: 'Garantía', locale: 'es', email: 'retreat.es@example.com' }),
  visit('Élodie', 0, { lastName: 'Retrait', locale: 'fr', email: 'retreat.fr@example.com' }),
  // With the tick add-on and an extra: the office's dialogs name them (0077).
  visit('Marked', 0, { includeTick: true, extras: ['natural-barrier'] }),
  visit('Filtered', 0),
  visit('Refreshed', 0),
  visit('Outdated', 0),
  // A Friday not planned yet, with several customers' treatments: the office's "Mark completed".
  visit('Phoned', 1),
  ...[['Amira', 'Haddad'], ['Bruno', 'Costa'], ['Chloé', 'Gagnon'], ['Devon', 'Clarke'], ['Elif', 'Demir'], ['Farah', 'Siddiqui'], ['Gavin', 'Murphy'], ['Hana', 'Sato']]
    .map(([first, last], i) => visit(first!, 1, { lastName: last!, email: `office.${i}.past@example.com` })),
  // Fridays of their own: a day whose visits are all marked done before any route had them.
  visit('Early', 2),
  visit('Later', 2),
  visit('Dora', 3),
  // The last Friday again, last in the list so the others keep their references: a stop whose
  // "Mark done" dialog is opened and left (0083), never marked done.
  visit('Gatelocked', 0),
  // The last Friday, after it: "Couldn't treat" recorded without signal, then rebooked from the dashboard (0086).
  visit('Deadzone', 0),
  // Came a month ago, marked done, and booked nothing since: the Customers tab's "Nothing booked
  // ahead" lists them, and their payment is the Payments tab's From/To's (0101): started the day
  // before it was paid, listed on the day paid as the files and totals date it (0109). Dora's Friday
  // is all done once she is, so this visit is done already.
  visit('Lapsed', 3, { lastName: 'Nothingahead', completed: true, paidNextDay: true }),
  // The last Friday, a French booking: "Mark done" clears a field's message once it is put right,
  // and the done stop and the French report name the product applied and how much (0110).
  visit('Rowan', 0, { locale: 'fr' }),
];

/** `lastFriday` and the three Fridays before it, weeks 0 to 3. */
export function listPastFridays(lastFriday: string): string[] {
  return [0, 1, 2, 3].map((week) => addCalendarDays(lastFriday, -7 * week));
}

/** Writes the past visits on `fridays` (global setup, before the server starts). */
export async function insertPastVisits(db: Database, fridays: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, past] of PAST_VISITS.entries()) {
      const date = fridays[past.week]!;
      const place = pastVisitPlace(i);
      const paidAt = new Date(`${addCalendarDays(date, -12)}T15:00:00Z`);
      const bookingRef = pastBookingRef(i);
      const [customer] = await tx.insert(customers).values({
        firstName: past.firstName, lastName: past.lastName, email: past.email, phone: `905-555-7${String(i).padStart(3, '0')}`, locale: past.locale, propertySize: 0.25,
        address: place.address, city: place.city, postalCode: place.postalCode, latitude: place.latitude, longitude: place.longitude,
        createdAt: paidAt, updatedAt: paidAt,
      }).returning({ id: customers.id });
      const [row] = await tx.insert(appointments).values({
        customerId: customer!.id, bookingRef, visitNumber: 1, serviceType: 'onetime', date, time: '09:00', status: past.completed ? 'completed' : 'confirmed', locale: past.locale,
        completedAt: past.completed ? new Date(`${date}T15:00:00Z`) : null,
        address: place.address, city: place.city, postalCode: place.postalCode, latitude: place.latitude, longitude: place.longitude,
        includeTick: past.includeTick ?? false, extras: past.extras ?? null,
        propertySize: 0.25, subtotalCents: 11_000, taxCents: 1_430, totalCents: 12_430, reminderSentAt: new Date(`${addCalendarDays(date, -2)}T14:00:00Z`),
        createdAt: paidAt, updatedAt: paidAt,
      }).returning({ id: appointments.id });
      await tx.insert(payments).values({
        appointmentId: row!.id, customerId: customer!.id, bookingRef, provider: 'test', paymentIntentId: `pi_past_${i}`, idempotencyKey: `past-visit-${i}`,
        amount: 12_430, status: 'succeeded', paymentMethod: 'card', succeededAt: paidAt, updatedAt: paidAt,
        createdAt: past.paidNextDay ? new Date(paidAt.getTime() - 86_400_000) : paidAt,
      });
    }
  });
}

/** The booking reference `insertPastVisits` gives the past visit at `index` of `PAST_VISITS`. */
export const pastBookingRef = (index: number) => `BK-PAST${String(index).padStart(4, '0')}`;

/** Where the past visit at `index` of `PAST_VISITS` is: a demo address, with its coordinates. */
export const pastVisitPlace = (index: number) => DEMO_ADDRESSES[index % DEMO_ADDRESSES.length]!;
