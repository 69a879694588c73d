/**
 * /quotes-admin's list on a season's quotes (docs/decisions/0073, 0080): the first page, each state
 * filter and one address, timed through the service GET /api/admin/quotes calls. 20,000 quotes, of
 * which 1,000 were booked and paid (half of those bookings cancelled since) and 1,000 booked and
 * never paid (a third still held, a third with their hold run out, a third cancelled before they
 * were paid: "Checkout cancelled, not paid", 0087).
 *
 * Usage: npm run bench:quotes [-- --runs=N]   (default 11 timed runs after 3 untimed; PGlite in a
 * temporary folder, deleted after). Prints the median and the slowest run in milliseconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const runsArg = process.argv.slice(2).find((a) => a.startsWith('--runs='))?.slice('--runs='.length);
const runs = runsArg === undefined ? 11 : Number(runsArg);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-quotes-'));
  process.env.PGLITE_DATA_DIR = dir;
  process.env.APP_ENV = 'local';
  process.env.LOG_LEVEL = 'warn';
  const { closeDb, getDb } = await import('@/db/client');
  const { runMigrations } = await import('@/db/migrate');
  const { seedBaseData } = await import('@/server/bootstrap/seed');
  const { sql } = await import('drizzle-orm');
  const { listQuotesForStaff } = await import('@/features/staff-dashboard/dashboard.service');
  try {
    await runMigrations();
    const db = await getDb();
    await seedBaseData(db);
    // 1,000 customers; 20 quotes to each address, one a minute back from now.
    await db.execute(sql`insert into customers (first_name, last_name, email, phone)
      select 'Bench', 'Customer ' || i, 'bench.quote' || i || '@example.com', '905-555-0100' from generate_series(1, 1000) i`);
    await db.execute(sql`insert into quotes (token, customer_name, customer_email, service_type, property_size, address, city, postal_code,
        total_price, subtotal_cents, tax_cents, total_cents, status, created_at)
      select 'bench-quote-' || q, 'Bench Customer ' || (q % 1000 + 1), 'bench.quote' || (q % 1000 + 1) || '@example.com', 'onetime', 0.25,
        q || ' King St W', 'Hamilton', 'L8P 1A1', 99, 9900, 1287, 11187, case when q % 20 = 0 then 'booked' else 'sent' end,
        now() - make_interval(mins => q)
      from generate_series(1, 20000) q`);
    // Every 20th quote booked and paid (1,000), every other of those cancelled since; every 20th
    // quote off by 10 booked and never paid (1,000): a third still held, a third with its hold run
    // out, a third cancelled unpaid.
    await db.execute(sql`insert into appointments (customer_id, booking_ref, service_type, date, status, quote_id, hold_expires_at, cancelled_at, cancelled_by)
      select c.id, 'BK-Q' || q.id, 'onetime', date '2027-06-11',
        case when q.id % 20 = 0 then (case when q.id % 40 = 0 then 'cancelled' else 'confirmed' end)
             else (case q.id % 60 when 10 then 'pending-payment' when 30 then 'expired' else 'cancelled' end) end,
        q.id, case when q.id % 20 = 10 then now() + (case when q.id % 60 = 10 then interval '20 minutes' else interval '-1 day' end) end,
        case when q.id % 40 = 0 or q.id % 60 = 50 then now() end, case when q.id % 40 = 0 or q.id % 60 = 50 then 'office' end
      from quotes q join customers c on c.email = q.customer_email where q.id % 20 in (0, 10)`);
    await db.execute(sql`insert into payments (customer_id, quote_id, booking_ref, provider, payment_intent_id, idempotency_key, amount, status, succeeded_at)
      select a.customer_id, a.quote_id, a.booking_ref, 'test', 'pi_bench_' || a.id, 'bench-' || a.id, 11187, 'succeeded', now()
      from appointments a where a.quote_id % 20 = 0`);
    await db.execute(sql`analyze`);

    const cases: [string, () => ReturnType<typeof listQuotesForStaff>][] = [
      ['first page', () => listQuotesForStaff({})],
      ...['sent', 'checkout-started', 'hold-expired', 'checkout-cancelled', 'booked', 'booking-cancelled', 'pending'].map((status) =>
        [`state "${status}"`, () => listQuotesForStaff({ status: status as 'sent' })] as [string, () => ReturnType<typeof listQuotesForStaff>]),
      ['one address (20 quotes)', () => listQuotesForStaff({ email: 'bench.quote500@example.com' })],
    ];
    if (process.argv.includes('--explain')) {
      const { selectQuotePage } = await import('@/features/staff-dashboard/dashboard.repository');
      for (const query of [{}, { email: 'bench.quote500@example.com' }, { status: 'booked' as const }, { status: 'sent' as const }, { status: 'checkout-cancelled' as const }]) {
        const explain = async () => {
          const result = await db.execute(sql`explain analyze ${selectQuotePage(db, { limit: 101, now: new Date(), ...query }).getSQL()}`);
          const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Record<string, string>[];
          return rows.map((row) => Object.values(row)[0]).join('\n');
        };
        console.log(JSON.stringify(query), '\n', await explain());
        // Postgres plans each of these queries anew (no prepared statement): planning is part of the cost.
        const phases = await Promise.all(['Planning', 'Execution'].map(async () => [] as number[]));
        for (let i = 0; i < runs; i += 1) {
          const text = await explain();
          ['Planning', 'Execution'].forEach((phase, j) => phases[j]!.push(Number(new RegExp(`${phase} Time: ([\\d.]+)`).exec(text)?.[1])));
        }
        const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!.toFixed(1);
        console.log(`${JSON.stringify(query)}: planning ${median(phases[0]!)} ms, execution ${median(phases[1]!)} ms (medians of ${runs})`);
      }
    }
    console.log(`${'case'.padEnd(28)}  median       max  shown  (20,000 quotes, ${runs} runs; a page shows at most 100)`);
    for (const [name, run] of cases) {
      for (let i = 0; i < 3; i += 1) await run();
      const times: number[] = [];
      let shown = 0;
      for (let i = 0; i < runs; i += 1) {
        const start = performance.now();
        shown = (await run()).quotes.length;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(28)}  ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(6)} ms  ${times.at(-1)!.toFixed(1).padStart(6)} ms  ${String(shown).padStart(4)}`);
    }
  } finally {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
