/**
 * Server read and write paths on years of a branch's records: what the booking page, the quote
 * calculator and the staff screens ask the database for, timed through the same service functions
 * the route handlers call.
 *
 * Usage: npm run bench:api [-- --customers=N --seasons=N --runs=N --only=PATTERN --keep]
 *   Defaults: 5,000 customers over 5 past seasons (about 16,700 bookings, 50,000 visits and 83,000
 *   outbox emails: some sixteen times what one crew's 24 stops a Friday make in five seasons) and
 *   one upcoming Friday at capacity; 30 timed runs of each case after 3 untimed ones. Runs on a
 *   fresh database it makes and drops: on the PostgreSQL server of DATABASE_URL when set (a new
 *   database beside it), else on embedded PGlite in a temporary folder.
 * Prints, per case, the median, the 95th percentile and the slowest run in milliseconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';

const args = process.argv.slice(2);
const readNumber = (name: string, fallback: number) => {
  const raw = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const volume = { customers: readNumber('customers', 5_000), seasons: readNumber('seasons', 5) };
const runs = readNumber('runs', 30);
const keep = args.includes('--keep');
/** Only the cases whose name matches this pattern (the volume is written all the same). */
const onlyText = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const only = onlyText === undefined ? null : new RegExp(onlyText, 'i');

async function main(): Promise<void> {
  // The database is chosen before any application module reads the environment.
  const serverUrl = process.env.DATABASE_URL;
  const benchDbName = `bench_api_${process.pid}`;
  let pgliteDir: string | null = null;
  if (serverUrl) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${benchDbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${benchDbName}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
    process.env.PGLITE_DATA_DIR = pgliteDir;
  }
  process.env.APP_ENV = 'local';
  process.env.LOG_LEVEL = 'warn';

  const { closeDb, getDb, getDriverName } = await import('@/db/client');
  const { runMigrations } = await import('@/db/migrate');
  const { seedBaseData } = await import('@/server/bootstrap/seed');
  const { seedDemoCrew } = await import('@/features/routing/demo-crew.repository');
  const { getBranch } = await import('@/features/branch/branch.service');
  const { getAvailableDates } = await import('@/features/scheduling/available-dates.service');
  const { calculateQuote } = await import('@/features/quotes/quote.service');
  const { CalculateQuoteSchema } = await import('@/features/quotes/quote.schema');
  const { createBooking } = await import('@/features/booking/booking.service');
  const { AppointmentRequestSchema, normaliseAppointmentPayload } = await import('@/features/booking/booking.schema');
  const dashboard = await import('@/features/staff-dashboard/dashboard.service');
  const { NothingBookedAheadQuerySchema, QuoteListQuerySchema } = await import('@/features/staff-dashboard/dashboard.schema');
  const { getDayRoutes, optimizeDay } = await import('@/features/routing/route.service');
  const { writeVolume } = await import('./bench-api/volume-data');

  type Case = { name: string; runs?: number; run: () => Promise<unknown> };

  function percentile(sorted: number[], p: number): number {
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }

  async function time(c: Case): Promise<{ median: number; p95: number; max: number; runs: number }> {
    const count = c.runs ?? runs;
    for (let i = 0; i < 3; i += 1) await c.run();
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const start = performance.now();
      await c.run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { median: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1]!, runs: count };
  }

  try {
    const now = new Date();
    const started = performance.now();
    await runMigrations();
    const db = await getDb();
    await seedBaseData(db);
    await seedDemoCrew(db);
    const branch = await getBranch(1);
    const fridays = await getAvailableDates({ now, stopsNeeded: 1 });
    if (fridays.length < 2) throw new Error('The season has fewer than two bookable Fridays left; nothing to measure the booking path on.');
    const capacity = branch.settings.fridayCapacity;
    const summary = await writeVolume(db, volume, { now, upcomingFriday: fridays[0]!, capacity });
    const driver = await getDriverName();
    console.log(`bench:api on ${driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${summary.customers.toLocaleString('en')} customers, `
      + `${summary.bookings.toLocaleString('en')} bookings, ${summary.visits.toLocaleString('en')} visits, ${summary.quotes.toLocaleString('en')} quotes, `
      + `${summary.messages.toLocaleString('en')} messages, ${summary.emails.toLocaleString('en')} emails `
      + `(written in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

    const bookable = fridays.slice(1);
    let booking = 0;
    const book = () => {
      booking += 1;
      const request = AppointmentRequestSchema.parse({
        serviceType: 'onetime', propertySize: 0.5, firstName: 'Bench', lastName: `Booker ${booking}`, email: `bench.booker${booking}@example.com`,
        phone: '905-555-0101', address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', date: bookable[booking % bookable.length], locale: 'en',
      });
      return createBooking(normaliseAppointmentPayload(request)!, { now, locale: 'en', source: 'api' });
    };
    // A page deep in "Nothing booked ahead" (0101, 0109): the cursor after the tenth page, as "Load more" asks.
    const nothingBookedAhead = (cursor?: string) => NothingBookedAheadQuerySchema.parse({ filter: 'nothing-booked-ahead', cursor });
    let deepCursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const next = (await dashboard.listNothingBookedAhead(nothingBookedAhead(deepCursor), { now })).nextCursor;
      if (next === null) break;
      deepCursor = next;
    }
    const deepPage = nothingBookedAhead(deepCursor);
    // Last month's payments, as the Payments tab lists a From/To range (0101, 0109).
    const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    const lastMonth = { from: monthAgo, to: now.toISOString().slice(0, 10) };
    const quote = CalculateQuoteSchema.parse({ serviceType: 'seasonal', propertySize: 0.5, includeTick: true, address: '71 Main St W', postalCode: 'L8P 4Y5' });
    const cases: Case[] = [
      { name: 'public: Fridays with room (booking calendar)', run: () => getAvailableDates({ now, stopsNeeded: 1 }) },
      { name: 'public: price a quote', run: () => calculateQuote(quote, { now, locale: 'en' }) },
      { name: 'public: book a one-time visit (write, email queued)', run: book },
      { name: 'staff: dashboard (totals, recent customers)', run: () => dashboard.loadDashboard({ now }) },
      { name: 'staff: upcoming appointments, first page', run: () => dashboard.listAppointments({}, { now }) },
      { name: 'staff: past appointments, first page', run: () => dashboard.listAppointments({ view: 'past' }, { now }) },
      { name: 'staff: payments, first page', run: () => dashboard.listPayments({}) },
      { name: 'staff: payments, a month listed (From/To)', run: () => dashboard.listPayments(lastMonth) },
      { name: 'staff: nothing booked ahead, first page', run: () => dashboard.listNothingBookedAhead({}, { now }) },
      { name: 'staff: nothing booked ahead, eleventh page', run: () => dashboard.listNothingBookedAhead(deepPage, { now }) },
      { name: 'staff: emails, first page', run: () => dashboard.listOutbox({}) },
      { name: 'staff: messages, first page', run: () => dashboard.listMessages({}) },
      { name: 'staff: quotes matching "tremblay"', run: () => dashboard.listQuotesForStaff(QuoteListQuerySchema.parse({ q: 'tremblay' })) },
      { name: 'staff: customers matching "olivia smith"', run: () => dashboard.findCustomers('olivia smith') },
      { name: 'staff: customer by email', run: () => dashboard.findCustomers(`bench.customer${Math.floor(volume.customers / 2)}@example.com`) },
      // A booking reference as read out on the phone (0064): the reference's index, and the word search.
      { name: 'staff: customer by booking reference', run: () => dashboard.findCustomers('bk-bup00001') },
      { name: 'staff: customers matching "hartmann" (also a reference)', run: () => dashboard.findCustomers('hartmann') },
      { name: `staff: customer page (${volume.seasons} seasons of visits)`, run: () => dashboard.loadCustomerDetails(summary.loyalCustomerId) },
      { name: `staff: route manager day (${capacity} stops)`, run: () => getDayRoutes(summary.fullFriday, { now }) },
      { name: `staff: optimize that day (${capacity} stops, solver included)`, runs: Math.min(runs, 5), run: () => optimizeDay({ date: summary.fullFriday, now }) },
    ];

    const chosen = only ? cases.filter((c) => only.test(c.name)) : cases;
    const width = Math.max(...chosen.map((c) => c.name.length));
    console.log(`${'case'.padEnd(width)}  ${'median'.padStart(8)}  ${'p95'.padStart(8)}  ${'max'.padStart(8)}  runs`);
    for (const c of chosen) {
      const t = await time(c);
      const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(8);
      console.log(`${c.name.padEnd(width)}  ${ms(t.median)}  ${ms(t.p95)}  ${ms(t.max)}  ${t.runs}`);
    }
  } finally {
    await closeDb();
    if (serverUrl && !keep) {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${benchDbName} with (force)`);
      await admin.end();
    } else if (serverUrl) {
      console.log(`Kept database ${benchDbName}.`);
    }
    if (pgliteDir && !keep) rmSync(pgliteDir, { recursive: true, force: true });
    else if (pgliteDir) console.log(`Kept PGlite data in ${pgliteDir}.`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
