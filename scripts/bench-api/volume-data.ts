/**
 * A branch's years of records for `npm run bench:api`: customers, their bookings over past seasons
 * (visits done, paid), the quotes, contact messages and outbox emails such a history leaves, and
 * one upcoming Friday filled to its capacity. Written in large batches; nothing here is demo data
 * a person would see.
 */
import { addDays, format } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox, messages } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { quotes } from '@/db/schema/quotes';
import { DEMO_ADDRESSES } from '@/db/seed-data/demo-addresses';

export interface Volume {
  customers: number;
  seasons: number;
}

export interface VolumeSummary {
  customers: number;
  bookings: number;
  visits: number;
  payments: number;
  quotes: number;
  messages: number;
  emails: number;
  /** The upcoming Friday filled to capacity, and its visits' ids. */
  fullFriday: string;
  /** A customer with several seasons of bookings (for the customer page). */
  loyalCustomerId: number;
}

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Chloé', 'Mateo', 'Sofía', 'Lukas', 'Amélie', 'Ethan', 'Priya', 'Wei'];
const LAST_NAMES = ['Smith', 'Tremblay', 'Martin', 'Nguyen', 'García', 'Müller', 'Brown', 'Singh', 'Roy', 'Wilson', 'Côté', 'Kowalski', 'Patel', 'Lee', 'Gagnon'];
const LOCALES = ['en', 'en', 'en', 'fr', 'es', 'de'];
const BATCH = 1000;
/** An outbox email's body is a few kilobytes of HTML; the list must not read it. */
const EMAIL_HTML = `<html><body>${'<p style="margin:0 0 8px">Your visit is booked for Friday. '.repeat(60)}</body></html>`;

/** The first Friday on or after May 1 of `year`, then every week to the end of October. */
function seasonFridays(year: number): string[] {
  let day = new Date(Date.UTC(year, 4, 1, 12));
  while (day.getUTCDay() !== 5) day = addDays(day, 1);
  const fridays: string[] = [];
  for (; day.getUTCMonth() <= 9; day = addDays(day, 7)) fridays.push(format(day, 'yyyy-MM-dd'));
  return fridays;
}

async function insertInBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/**
 * Writes the volume into an empty, migrated and seeded database (branch 1, its plans). Customer i
 * books every season with probability about two in three: odd bookings are seasonal plans (five
 * visits four weeks apart), even ones one-time treatments. `upcomingFriday` gets `capacity` stops.
 */
export async function writeVolume(db: Database, volume: Volume, options: { now: Date; upcomingFriday: string; capacity: number }): Promise<VolumeSummary> {
  const { now } = options;
  const thisYear = now.getUTCFullYear();
  const customerRows = Array.from({ length: volume.customers }, (_, i) => {
    const place = DEMO_ADDRESSES[i % DEMO_ADDRESSES.length]!;
    const joined = new Date(now.getTime() - (volume.seasons * 365 - (i % (volume.seasons * 365))) * 86_400_000);
    return {
      firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!,
      email: `bench.customer${i}@example.com`,
      phone: `905-555-${String(i % 10_000).padStart(4, '0')}`,
      address: `${1 + (i % 900)} ${place.address.replace(/^\d+\s+/, '')}`,
      city: place.city,
      postalCode: place.postalCode,
      latitude: place.latitude + ((i % 17) - 8) * 0.001,
      longitude: place.longitude + ((i % 13) - 6) * 0.001,
      propertySize: [0.25, 0.5, 0.75, 1][i % 4]!,
      locale: LOCALES[i % LOCALES.length]!,
      createdAt: joined,
      updatedAt: joined,
    };
  });
  const customerIds: number[] = [];
  await insertInBatches(customerRows, async (batch) => {
    const ids = await db.insert(customers).values(batch).returning({ id: customers.id });
    customerIds.push(...ids.map((r) => r.id));
  });

  type Booking = { ref: string; customer: number; seasonal: boolean; dates: string[]; paidAt: Date; totalCents: number };
  const bookings: Booking[] = [];
  for (let s = 1; s <= volume.seasons; s += 1) {
    const fridays = seasonFridays(thisYear - s);
    customerIds.forEach((customerId, i) => {
      if ((i + s) % 3 === 0) return;
      const seasonal = (i + s) % 2 === 1;
      const first = (i * 7 + s) % (seasonal ? fridays.length - 16 : fridays.length);
      const dates = seasonal ? [0, 4, 8, 12, 16].map((w) => fridays[first + w]!) : [fridays[first]!];
      const paidAt = new Date(`${dates[0]}T12:00:00Z`);
      paidAt.setUTCDate(paidAt.getUTCDate() - 10 - (i % 20));
      bookings.push({ ref: `BK-B${s}${String(i).padStart(6, '0')}`, customer: customerId, seasonal, dates, paidAt, totalCents: seasonal ? 33_335 : 11_300 });
    });
  }

  const customerRow = (id: number) => customerRows[id - customerIds[0]!]!;
  const visitRows = bookings.flatMap((b) => b.dates.map((date, v) => {
    const c = customerRow(b.customer);
    return {
      customerId: b.customer, planId: b.seasonal ? 2 : 1, bookingRef: b.ref, visitNumber: v + 1, serviceType: b.seasonal ? 'seasonal' : 'onetime', date,
      address: c.address, city: c.city, postalCode: c.postalCode, phone: c.phone, latitude: c.latitude, longitude: c.longitude, propertySize: c.propertySize,
      status: 'completed', completedAt: new Date(`${date}T17:00:00Z`), reminderSentAt: new Date(`${date}T12:00:00Z`),
      subtotalCents: v === 0 ? Math.round(b.totalCents / 1.13) : null, totalCents: v === 0 ? b.totalCents : null,
      locale: c.locale, createdAt: b.paidAt, updatedAt: b.paidAt,
    };
  }));
  // The upcoming Friday, full: the first `capacity` customers each have one confirmed visit on it.
  const upcoming = customerIds.slice(0, options.capacity).map((customerId, i) => {
    const c = customerRow(customerId);
    const paidAt = new Date(now.getTime() - (i + 1) * 3_600_000);
    return {
      customerId, planId: 1, bookingRef: `BK-BUP${String(i).padStart(5, '0')}`, visitNumber: 1, serviceType: 'onetime', date: options.upcomingFriday,
      address: c.address, city: c.city, postalCode: c.postalCode, phone: c.phone, latitude: c.latitude, longitude: c.longitude, propertySize: c.propertySize,
      status: 'confirmed', subtotalCents: 10_000, totalCents: 11_300, locale: c.locale, createdAt: paidAt, updatedAt: paidAt,
    };
  });
  const visitIdsByRef = new Map<string, number>();
  await insertInBatches([...visitRows, ...upcoming], async (batch) => {
    const ids = await db.insert(appointments).values(batch).returning({ id: appointments.id, bookingRef: appointments.bookingRef, visitNumber: appointments.visitNumber });
    for (const row of ids) if (row.visitNumber === 1) visitIdsByRef.set(row.bookingRef, row.id);
  });

  const paid = [...bookings, ...upcoming.map((u) => ({ ref: u.bookingRef, customer: u.customerId, totalCents: u.totalCents, paidAt: u.createdAt }))];
  await insertInBatches(paid, (batch) => db.insert(payments).values(batch.map((b) => ({
    appointmentId: visitIdsByRef.get(b.ref) ?? null, customerId: b.customer, bookingRef: b.ref, provider: 'test',
    paymentIntentId: `pi_test_bench_${b.ref}`, idempotencyKey: `bench:${b.ref}`, amount: b.totalCents, status: 'succeeded', paymentMethod: 'card_4242',
    metadata: { purpose: 'booking', subtotalCents: Math.round(b.totalCents / 1.13), taxCents: b.totalCents - Math.round(b.totalCents / 1.13), totalCents: b.totalCents },
    succeededAt: b.paidAt, createdAt: b.paidAt, updatedAt: b.paidAt,
  }))));

  // Two quotes for every three customers a season, a third of them booked.
  const quoteRows = bookings.map((b, i) => {
    const c = customerRow(b.customer);
    const at = new Date(b.paidAt.getTime() - 3 * 86_400_000);
    return {
      token: `bench-quote-${i}`, customerId: b.customer, customerName: `${c.firstName} ${c.lastName}`, customerEmail: c.email, customerPhone: c.phone,
      serviceType: b.seasonal ? 'seasonal' : 'onetime', propertySize: c.propertySize, totalPrice: Math.round(b.totalCents / 113),
      subtotalCents: Math.round(b.totalCents / 1.13), taxCents: b.totalCents - Math.round(b.totalCents / 1.13), totalCents: b.totalCents,
      address: c.address, city: c.city, postalCode: c.postalCode, status: i % 3 === 0 ? 'booked' : 'sent', locale: c.locale, createdAt: at, updatedAt: at,
    };
  });
  await insertInBatches(quoteRows, (batch) => db.insert(quotes).values(batch));

  // One contact message for every eight customers.
  const messageRows = customerIds.filter((_, i) => i % 8 === 0).map((customerId, i) => {
    const c = customerRow(customerId);
    const at = new Date(now.getTime() - (i % (volume.seasons * 365)) * 86_400_000);
    return {
      customerId, content: 'Do you also treat for ticks along the back fence? We have a ravine behind the yard.', email: c.email, name: `${c.firstName} ${c.lastName}`,
      phone: c.phone, status: i % 4 === 0 ? 'new' : 'replied', isRead: i % 4 !== 0, locale: c.locale, createdAt: at, updatedAt: at,
    };
  });
  await insertInBatches(messageRows, (batch) => db.insert(messages).values(batch));

  // What each booking sent: the booking received, the receipt, and one reminder per visit.
  const emailRows = bookings.flatMap((b) => {
    const c = customerRow(b.customer);
    const kinds = ['booking-received', 'receipt', ...b.dates.map(() => 'visit-reminder')];
    return kinds.map((kind, k) => ({
      kind, toAddress: c.email, subject: `${kind} ${b.ref}`, html: EMAIL_HTML, text: EMAIL_HTML.replace(/<[^>]+>/g, ''), locale: c.locale, status: 'sent',
      attempts: 1, sentAt: b.paidAt, relatedType: 'appointment', relatedId: visitIdsByRef.get(b.ref) ?? null,
      createdAt: new Date(b.paidAt.getTime() + k * 60_000), updatedAt: b.paidAt,
    }));
  });
  await insertInBatches(emailRows, (batch) => db.insert(emailOutbox).values(batch));
  await db.execute(sql`analyze`);

  const counts = new Map<number, number>();
  for (const b of bookings) counts.set(b.customer, (counts.get(b.customer) ?? 0) + 1);
  const loyalCustomerId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? customerIds[0]!;
  return {
    customers: customerIds.length,
    bookings: paid.length,
    visits: visitRows.length + upcoming.length,
    payments: paid.length,
    quotes: quoteRows.length,
    messages: messageRows.length,
    emails: emailRows.length,
    fullFriday: options.upcomingFriday,
    loyalCustomerId,
  };
}
