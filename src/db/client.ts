import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { getEnv } from '@/env';
import { schema } from './schema';

/**
 * The one module that knows which driver is in use: embedded PGlite when DATABASE_URL is unset,
 * a PostgreSQL server (postgres-js) when it is set. Everything else sees `Database`.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbExecutor = Database | Transaction;

type Handle = { db: Database; driver: 'pglite' | 'postgres'; close: () => Promise<void> };

const globalForDb = globalThis as unknown as { __dbHandle?: Promise<Handle> };

async function openHandle(): Promise<Handle> {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const client = postgres(env.DATABASE_URL, { max: 10, onnotice: () => {} });
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
    // Drizzle hands timestamps to this driver as they come, and the driver takes only text: a Date
    // inside raw SQL (`sql\`… > ${now}\``) would fail here and work on PGlite, where the tests of
    // a single feature run. Written as ISO text, it means the same on both.
    for (const oid of [1114, 1184]) client.options.serializers[oid] = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
    return { db, driver: 'postgres', close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = env.PGLITE_DATA_DIR;
  if (!dataDir.startsWith('memory://')) {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir);
  return { db: drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database, driver: 'pglite', close: () => client.close() };
}

export async function getDb(): Promise<Database> {
  globalForDb.__dbHandle ??= openHandle();
  return (await globalForDb.__dbHandle).db;
}

export async function getDriverName(): Promise<Handle['driver']> {
  globalForDb.__dbHandle ??= openHandle();
  return (await globalForDb.__dbHandle).driver;
}

export async function closeDb(): Promise<void> {
  const handle = globalForDb.__dbHandle;
  globalForDb.__dbHandle = undefined;
  if (handle) await (await handle).close();
}
